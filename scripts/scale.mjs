// Fills a migrated and seeded PostgreSQL database up to 10,000 products and 1,000,000 orders with a
// few set-based statements (generate_series), then prints the plans of the main queries.
//   DATABASE_URL=postgres://… node scripts/scale.mjs [--customer <id>] [--products N] [--orders N]
// The shop must have started once on that database (migrations and the demo brand), and one order
// must exist: generated orders copy its addresses. `npm run bench -- --scale` does all of this on a
// throwaway cluster. Orders of `--customer` (every 10,000th) give one account a real order history.
import pg from 'pg';

function option(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
}

/** Adds generated products and orders until the totals are reached; returns what it added. */
export async function generateScale(
  databaseUrl,
  { products = 10_000, orders = 1_000_000, customerId = 0, log = console.log } = {},
) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const timed = async (label, text, values) => {
    const started = performance.now();
    const result = await client.query(text, values);
    log(
      `  ${label}: ${result.rowCount ?? 0} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    return result;
  };
  try {
    const count = async (table) =>
      Number((await client.query(`select count(*) from ${table}`)).rows[0].count);
    const addProducts = Math.max(0, products - (await count('products')));
    const addOrders = Math.max(0, orders - (await count('orders')));
    if ((await count('order_items')) === 0) {
      throw new Error('No order to copy addresses from: place one order first.');
    }
    // A bulk load: no per-row triggers (the read-cache version is bumped once at the end) and
    // no foreign-key checks on rows built from ids just read.
    await client.query(`set session_replication_role = replica`);
    await client.query('begin');
    await timed(
      'products',
      `insert into products (name, slug, type, status, catalog_visibility, description, short_description,
         sku, regular_price_cents, wholesale_price_cents, price_cents, manage_stock, stock_quantity,
         stock_status, menu_order, total_sales, food)
       select 'Scale Granola ' || g, 'scale-granola-' || g, 'simple', 'publish',
         case when g % 50 = 0 then 'hidden' else 'visible' end,
         '<p>Generated for the scale bench, batch ' || g || '.</p>', '<p>Oats, honey and pecans.</p>',
         'SCALE-' || g, 500 + g % 3000, 400 + g % 2500, 500 + g % 3000, g % 3 = 0,
         case when g % 3 = 0 then 1000 end, case when g % 40 = 0 then 'outofstock' else 'instock' end,
         g % 1000, g % 500, (select food from products order by id limit 1)
       from generate_series(1, $1::int) g`,
      [addProducts],
    );
    await timed(
      'product images',
      `insert into product_images (product_id, media_id, position)
       select p.id, m.media_id, 0 from products p,
         (select media_id from product_images order by product_id limit 1) m
       where p.sku like 'SCALE-%' on conflict do nothing`,
    );
    await timed(
      'product categories',
      `insert into product_category_assignments (product_id, category_id)
       select p.id, c.ids[1 + p.id % array_length(c.ids, 1)] from products p,
         (select array_agg(id order by id) ids from product_categories) c
       where p.sku like 'SCALE-%' on conflict do nothing`,
    );
    await timed(
      'orders',
      `insert into orders (order_key, status, customer_id, billing, shipping, payment_method,
         payment_method_title, transaction_id, shipping_method_id, shipping_instance_id, shipping_title,
         shipping_total_cents, subtotal_cents, total_cents, stock_state, date_created, date_modified,
         date_paid, date_completed)
       select 'wc_order_scale_' || g, case when g % 20 = 0 then 'processing' else 'completed' end,
         case when g % 10000 = 0 then $2::int else 100000 + g % 50000 end,
         a.billing, a.shipping, 'stripe', 'Credit Card (Stripe)', 'pi_scale_' || g,
         a.shipping_method_id, a.shipping_instance_id, a.shipping_title, 800, 1250 + g % 5000,
         2050 + g % 5000, 'reduced', now() - g * interval '30 seconds', now() - g * interval '30 seconds',
         now() - g * interval '30 seconds',
         case when g % 20 = 0 then null else now() - g * interval '29 seconds' end
       from generate_series(1, $1::int) g,
         (select billing, shipping, shipping_method_id, shipping_instance_id, shipping_title
            from orders order by id limit 1) a`,
      [addOrders, customerId],
    );
    await timed(
      'order items',
      `insert into order_items (order_id, product_id, variation_id, name, sku, quantity,
         unit_price_cents, total_cents, attributes, image, stock_held)
       select o.id, p.ids[1 + o.id % array_length(p.ids, 1)], 0, 'Scale Granola', 'SCALE',
         1 + o.id % 3, 1250, 1250 * (1 + o.id % 3), '[]', i.image, 0
       from orders o,
         (select array_agg(id) ids from products where sku like 'SCALE-%') p,
         (select image from order_items order by id limit 1) i
       where o.order_key like 'wc_order_scale_%'
         and not exists (select 1 from order_items x where x.order_id = o.id)`,
    );
    await client.query('update read_cache_version set version = version + 1');
    await client.query('commit');
    await client.query(`set session_replication_role = origin`);
    // Vacuum sets the visibility map, so the planner may answer from an index alone.
    await timed('vacuum analyze', 'vacuum analyze');
    return { addedProducts: addProducts, addedOrders: addOrders };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/** The main reads as the API issues them (docs/decisions/0012-caching.md), with their plans. */
export const mainQueries = ({ customerId, slug, productId }) => [
  [
    'products list (storefront query: visible, in stock, by menu order, 100)',
    `select id, count(*) over() from products
     where status in ('publish') and catalog_visibility = 'visible' and catalog_visibility <> 'hidden'
       and stock_status = 'instock'
     order by menu_order desc, id desc limit 100`,
  ],
  [
    'products list in one category, by price',
    `select id, count(*) over() from products
     where status in ('publish') and catalog_visibility <> 'hidden' and stock_status <> 'outofstock'
       and exists (select 1 from product_category_assignments a
                   where a.product_id = products.id and a.category_id in ((select min(id) from product_categories)))
     order by price_cents asc, id asc limit 24`,
  ],
  [
    'the page of products with their variations, images and categories',
    `select p.id, (select count(*) from product_variations v where v.product_id = p.id),
            (select count(*) from product_images i where i.product_id = p.id),
            (select count(*) from product_category_assignments a where a.product_id = p.id)
     from products p where p.id in (select id from products order by menu_order desc, id desc limit 100)`,
  ],
  [
    'product by slug',
    `select id, count(*) over() from products
     where status in ('publish') and slug in ('${slug}') order by id desc limit 10`,
  ],
  [
    "a customer's orders, newest first (count, then the page)",
    `select count(*) from orders where customer_id = ${customerId}`,
  ],
  [
    "a customer's orders page (the storefront asks for 100)",
    `select * from orders where customer_id = ${customerId}
     order by date_created desc, id desc limit 100`,
  ],
  [
    'the lines of a page of orders',
    `select * from order_items where order_id in
       (select id from orders where customer_id = ${customerId} order by date_created desc, id desc limit 100)
     order by id`,
  ],
  [
    'reviews of a product, newest first',
    `select * from product_reviews where product_id in (${productId}) and status = 'approved'
     order by created_at desc, id desc limit 10`,
  ],
  [
    'rating summaries of a page of products',
    `select product_id, sum(rating), count(*) from product_reviews
     where product_id in (select id from products order by menu_order desc, id desc limit 100)
       and status = 'approved' and rating > 0 group by product_id`,
  ],
  [
    "the owner's order list (command line), newest first",
    `select * from orders order by date_created desc, id desc limit 20`,
  ],
  [
    'did this customer buy this product (a verified review)',
    `select 1 from order_items inner join orders on orders.id = order_items.order_id
     where orders.customer_id = ${customerId} and orders.status in ('processing', 'completed')
       and order_items.product_id = ${productId} limit 1`,
  ],
];

export async function explainMainQueries(databaseUrl, ids, log = console.log) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const [label, text] of mainQueries(ids)) {
      const { rows } = await client.query(`explain (analyze, costs off, timing on) ${text}`);
      log(`\n-- ${label}`);
      for (const row of rows) log(`   ${row['QUERY PLAN']}`);
    }
  } finally {
    await client.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl?.startsWith('postgres')) {
    console.error('Set DATABASE_URL to the PostgreSQL database to fill.');
    process.exit(2);
  }
  const customerId = option('customer', 0);
  await generateScale(databaseUrl, {
    products: option('products', 10_000),
    orders: option('orders', 1_000_000),
    customerId,
  });
  await explainMainQueries(databaseUrl, {
    customerId,
    slug: 'honey-oat-classic',
    productId: 1,
  });
}
