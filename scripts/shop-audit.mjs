// Reads a stopped shop's database directly (the embedded PGlite in DATA_DIR/db, or PostgreSQL) and
// checks what the load and crash scripts promise: paid orders present once and processing, payments
// matching order statuses, stock never below zero and accounted for, no half-written orders.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { root, startBuiltServer } from './lib.mjs';
import { purchasableProducts } from './shopper.mjs';

/**
 * The owner's command line (`npm run admin -- stock set`) on a stopped shop's data: the runs give a
 * few products counted stock, which the demo catalogue's simple products do not have.
 */
export function setStockAsOwner(env, sku, quantity) {
  const result = spawnSync(
    process.execPath,
    ['scripts/admin.mjs', 'stock', 'set', sku, String(quantity)],
    { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`stock set ${sku}: ${result.stderr || result.stdout}`);
}

/**
 * Starts the built server (a first start migrates and seeds), gives the first `count` simple
 * products `quantity` units of counted stock through the owner's command line, and starts it again.
 * Resolves with the running server and each stock-counted product's stock.
 */
export async function startShopWithCountedStock({ port, env, count = 2, quantity }) {
  let server = await startBuiltServer({ port, env });
  const chosen = (await purchasableProducts(server.url)).slice(0, count);
  await server.stop();
  for (const product of chosen) setStockAsOwner(env, product.sku, quantity);
  server = await startBuiltServer({ port, env });
  const initialStock = new Map(chosen.map((product) => [product.id, quantity]));
  return { server, initialStock };
}

async function openDatabase({ dataDir, databaseUrl }) {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return {
      query: (sql, params) => client.query(sql, params).then((r) => r.rows),
      close: () => client.end(),
    };
  }
  // The server is stopped (or killed): its lock file names a dead process, PGlite recovers the rest.
  const client = new PGlite(path.join(dataDir, 'db'));
  return {
    query: (sql, params) => client.query(sql, params).then((r) => r.rows),
    close: () => client.close(),
  };
}

/**
 * @param paidOrderIds orders the clients were told were paid (2xx, status processing)
 * @param initialStock product id → stock before the run, for the stock-counted products
 * @returns lines to print and `problems` (empty when every check holds)
 */
export async function auditShop(database, { paidOrderIds, initialStock }) {
  const db = await openDatabase(database);
  const problems = [];
  const lines = [];
  try {
    const paidRows = await db.query(
      'select id, status, (select count(*)::int from order_payments p where p.order_id = o.id and p.status = $2) as charges from orders o where id = any($1::int[])',
      [paidOrderIds, 'succeeded'],
    );
    const byId = new Map();
    for (const row of paidRows) byId.set(row.id, [...(byId.get(row.id) ?? []), row]);
    const missing = paidOrderIds.filter((id) => !byId.has(id));
    const notOnce = [...byId].filter(([, rows]) => rows.length !== 1).map(([id]) => id);
    const notProcessing = paidRows
      .filter((row) => row.status !== 'processing')
      .map((row) => row.id);
    const chargedTwice = paidRows.filter((row) => row.charges !== 1).map((row) => row.id);
    const duplicateIds = paidOrderIds.length - new Set(paidOrderIds).size;
    lines.push(
      `paid orders the clients were told of: ${paidOrderIds.length}; found ${byId.size}, missing ${missing.length}, ` +
        `not exactly once ${notOnce.length + duplicateIds}, not processing ${notProcessing.length}, ` +
        `not charged exactly once ${chargedTwice.length}`,
    );
    if (missing.length) problems.push(`paid orders missing: ${missing.slice(0, 20).join(', ')}`);
    if (notOnce.length || duplicateIds) problems.push('a paid order is present more than once');
    if (notProcessing.length)
      problems.push(`paid orders not processing: ${notProcessing.slice(0, 20).join(', ')}`);
    if (chargedTwice.length)
      problems.push(
        `paid orders without exactly one charge: ${chargedTwice.slice(0, 20).join(', ')}`,
      );

    const [counts] = await db.query(
      `select count(*)::int as orders,
        count(*) filter (where status = 'processing')::int as processing,
        count(*) filter (where status = 'pending')::int as pending,
        count(*) filter (where status = 'cancelled')::int as cancelled
       from orders`,
    );
    lines.push(
      `orders in the database: ${counts.orders} (processing ${counts.processing}, pending ${counts.pending}, cancelled ${counts.cancelled})`,
    );

    const paidWrongStatus = await db.query(
      `select o.id, o.status from orders o
       where exists (select 1 from order_payments p where p.order_id = o.id and p.status = 'succeeded')
         and o.status not in ('processing', 'completed', 'refunded')`,
    );
    const processingUnpaid = await db.query(
      `select o.id from orders o where o.status = 'processing' and o.payment_method <> ''
         and not exists (select 1 from order_payments p where p.order_id = o.id and p.status = 'succeeded')`,
    );
    lines.push(
      `payment recorded but order not paid: ${paidWrongStatus.length}; order paid without a payment: ${processingUnpaid.length}`,
    );
    if (paidWrongStatus.length)
      problems.push(
        `orders with a succeeded payment but status ${paidWrongStatus
          .map((r) => `${r.id}:${r.status}`)
          .slice(0, 10)
          .join(', ')}`,
      );
    if (processingUnpaid.length)
      problems.push(
        `processing orders without a payment: ${processingUnpaid
          .map((r) => r.id)
          .slice(0, 10)
          .join(', ')}`,
      );

    const [halfWritten] = await db.query(
      `select
        (select count(*)::int from orders o where not exists (select 1 from order_items i where i.order_id = o.id)) as without_lines,
        (select count(*)::int from orders o where o.total_cents <> o.shipping_total_cents +
           (select coalesce(sum(i.total_cents), 0) from order_items i where i.order_id = o.id)) as wrong_totals,
        (select count(*)::int from order_payments p where p.status = 'pending') as payments_in_flight`,
    );
    lines.push(
      `orders without lines: ${halfWritten.without_lines}; totals not matching their lines: ${halfWritten.wrong_totals}; payment attempts left in flight: ${halfWritten.payments_in_flight}`,
    );
    if (halfWritten.without_lines)
      problems.push(`${halfWritten.without_lines} orders without lines`);
    if (halfWritten.wrong_totals)
      problems.push(`${halfWritten.wrong_totals} orders whose total differs from their lines`);

    const ids = [...initialStock.keys()];
    const stockRows = await db.query(
      `select p.id, p.slug, p.stock_quantity as now,
        coalesce((select sum(i.stock_held) from order_items i join orders o on o.id = i.order_id
                  where i.product_id = p.id and i.variation_id = 0 and o.stock_state = 'held'), 0)::int as held,
        coalesce((select sum(i.stock_held) from order_items i join orders o on o.id = i.order_id
                  where i.product_id = p.id and i.variation_id = 0 and o.stock_state = 'reduced'), 0)::int as sold
       from products p where p.id = any($1::int[]) order by p.id`,
      [ids],
    );
    lines.push('stock (stock-counted products): product  before  now  held  sold  consistent');
    for (const row of stockRows) {
      const before = initialStock.get(row.id);
      const consistent =
        row.now >= 0 && row.held + row.sold <= before && row.now + row.held + row.sold === before;
      lines.push(
        `  ${row.slug.padEnd(34)} ${String(before).padStart(6)} ${String(row.now).padStart(4)} ${String(row.held).padStart(5)} ${String(row.sold).padStart(5)}  ${consistent ? 'yes' : 'NO'}`,
      );
      if (row.now < 0) problems.push(`${row.slug}: stock below zero (${row.now})`);
      if (!consistent)
        problems.push(
          `${row.slug}: stock ${before} before ≠ ${row.now} now + ${row.held} held + ${row.sold} sold`,
        );
    }
  } finally {
    await db.close();
  }
  return { lines, problems };
}
