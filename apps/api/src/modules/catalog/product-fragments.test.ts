import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  apiPaths,
  ProductListQuerySchema,
  ProductOrderBySchema,
  type WooProduct,
} from '@larder/contract';
import { buildApp } from '../../app.ts';
import { products, productVariations } from '../../db/schema.ts';
import { createReadCacheVersion } from '../../http/read-cache.ts';
import { guestViewer, type Viewer } from '../../http/viewer.ts';
import {
  createCategory,
  createProduct,
  createVariableProduct,
  type CreatedProduct,
} from '../../../test/factories.ts';
import { placeOrder } from '../../../test/place-order.ts';
import { signedInCustomer } from '../../../test/sessions.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCatalogRepo } from './catalog.repo.ts';
import { createCatalogService } from './catalog.service.ts';
import { createProductFragments } from './product-fragments.ts';

let t: TestApp;
/** The same shop on the same database, building every list whole as before decision 0050. */
let whole: FastifyInstance;
const viewers: Record<string, Record<string, string>> = { guest: {} };
let made: {
  counted: CreatedProduct;
  wholesale: CreatedProduct;
  variable: CreatedProduct;
  hidden: CreatedProduct;
  soldOut: CreatedProduct;
  draft: CreatedProduct;
  lastTwo: CreatedProduct;
  categoryId: number;
};

beforeAll(async () => {
  t = await buildTestApp();
  whole = await buildApp(t.config, { database: t.database, productFragments: false });
  await whole.ready();
  for (const role of ['customer', 'wholesale_customer', 'administrator'] as const) {
    viewers[role] = (await signedInCustomer(t.app, t.database.db, { role })).bearer;
  }
  const category = await createCategory(t);
  made = {
    categoryId: category.id,
    counted: await createProduct(t, {
      stock_quantity: 40,
      sale_price: '9.50',
      wholesale_price: '7.25',
      categories: [category.slug],
      featured: true,
    }),
    wholesale: await createProduct(t, { wholesale_price: '8.00', categories: [category.slug] }),
    variable: await createVariableProduct(t, {
      categories: [category.slug],
      variations: [
        { size: '12 oz', regular_price: '12.00', sale_price: '10.00', wholesale_price: '6.00' },
        { size: '24 oz', regular_price: '20.00', wholesale_price: '11.00', stock_quantity: 9 },
      ],
    }),
    hidden: await createProduct(t, { catalog_visibility: 'hidden' }),
    soldOut: await createProduct(t, { stock_quantity: 0, stock_status: 'outofstock' }),
    draft: await createProduct(t, { status: 'draft' }),
    lastTwo: await createProduct(t, { stock_quantity: 2, categories: [category.slug] }),
  };
});
afterAll(async () => {
  await whole.close();
  await t.close();
});

let unique = 0;
/** Every assembled list's body by its ETag, and the other way round: one only ever with the other. */
const bodyOfEtag = new Map<string, string>();
const etagOfBody = new Map<string, string>();

/**
 * The same request to both shops: status, every byte of the body and the list's headers agree.
 * The ETag of an assembled list is a hash of its parts, not of its bytes (read-cache.ts,
 * rememberEtag): it must be the same for the same body and differ for any other.
 */
async function expectSameAnswer(query: string, viewer: string) {
  // A parameter no route reads: a new URL each time, so neither read cache answers from memory.
  const url = `${apiPaths.products}?${query}${query ? '&' : ''}fresh=${++unique}`;
  const headers = viewers[viewer]!;
  const assembled = await t.app.inject({ method: 'GET', url, headers });
  const built = await whole.inject({ method: 'GET', url, headers });
  const label = `${viewer} ${url}`;
  expect(assembled.statusCode, label).toBe(built.statusCode);
  expect(assembled.body, label).toBe(built.body);
  for (const name of ['content-type', 'x-wp-total', 'x-wp-totalpages', 'link']) {
    expect(assembled.headers[name], `${label} ${name}`).toBe(built.headers[name]);
  }
  const etag = assembled.headers.etag as string | undefined;
  if (assembled.statusCode !== 200 || viewer === 'administrator' || query.includes('_fields')) {
    // Built whole (the owner's reads, errors) or cut down by `_fields`: hashed as sent.
    expect(etag, label).toBe(built.headers.etag);
  } else {
    expect(etag, label).toMatch(/^"[\w-]{27}"$/);
    expect(etag, `${label}: hashed from its parts`).not.toBe(built.headers.etag);
    expect(bodyOfEtag.get(etag!) ?? assembled.body, `${label}: another body has this ETag`).toBe(
      assembled.body,
    );
    expect(etagOfBody.get(assembled.body) ?? etag, `${label}: this body had another ETag`).toBe(
      etag,
    );
    bodyOfEtag.set(etag!, assembled.body);
    etagOfBody.set(assembled.body, etag!);
  }
  return assembled;
}

const storefrontList =
  'per_page=100&catalog_visibility=visible&status=publish&orderby=menu_order&order=desc&stock_status=instock';

function queries(): string[] {
  const { counted, wholesale, variable, hidden, soldOut, draft, categoryId } = made;
  const include = [variable.id, counted.id, wholesale.id, hidden.id].join(',');
  return [
    storefrontList,
    '',
    'per_page=3',
    'per_page=3&page=2',
    'per_page=4&offset=5',
    'per_page=5&page=99',
    // Every ordering; `include` and `relevance` need their own parameters and have cases below.
    ...ProductOrderBySchema.options
      .filter((orderby) => orderby !== 'include' && orderby !== 'relevance')
      .map(
        (orderby, index) => `per_page=50&orderby=${orderby}&order=${index % 2 ? 'asc' : 'desc'}`,
      ),
    'per_page=50&orderby=price&order=asc',
    `include=${include}&orderby=include`,
    `exclude=${counted.id},${variable.id}`,
    `category=${categoryId}`,
    'on_sale=true',
    'on_sale=false',
    'featured=true',
    'type=variable',
    'type=simple&per_page=4',
    'min_price=9&max_price=15',
    'search=granola',
    'search=granola&orderby=relevance',
    `sku=${variable.slug.toUpperCase()}`,
    `slug=${hidden.slug}`,
    `slug=${soldOut.slug}`,
    'slug=no-such-product',
    'stock_status=outofstock',
    `status=any&include=${draft.id},${counted.id}`,
    'status=draft',
    'context=edit',
    '_fields=id,name,price',
    '_fields=id,related_ids,wholesale_price,variations.wholesale_price,variations.display_price',
    `_fields=images.src,categories,wholesale&include=${include}`,
    'per_page=2&_fields=id,stock_quantity',
  ];
}

async function expectEveryListAlike(only?: string[]) {
  for (const query of only ?? queries()) {
    for (const viewer of Object.keys(viewers)) await expectSameAnswer(query, viewer);
  }
}

describe('GET /products assembled from kept products', () => {
  // Bounds for a loaded machine: each compares about 120 answers from each shop.
  it('is byte for byte the list built whole, for every viewer, filter, page, order and _fields', async () => {
    await expectEveryListAlike();
  }, 120_000);

  it('still is when every product comes from what the lists before kept', async () => {
    await expectEveryListAlike();
  }, 120_000);

  it('still is after a sale, a sell-out, a price change, a wholesale-rule change and a review', async () => {
    const lists = [
      storefrontList,
      '',
      `category=${made.categoryId}`,
      `category=${made.categoryId}&per_page=2&page=2`,
      'orderby=popularity',
    ];
    await expectEveryListAlike(lists);

    await placeOrder(t.app, [{ product_id: made.counted.id, quantity: 3 }]);
    await expectEveryListAlike(lists);

    // The lists' totals drop by one.
    const before = await expectSameAnswer(`category=${made.categoryId}`, 'guest');
    await placeOrder(t.app, [{ product_id: made.lastTwo.id, quantity: 2 }]);
    await expectEveryListAlike(lists);
    const after = await expectSameAnswer(`category=${made.categoryId}`, 'guest');
    expect(Number(after.headers['x-wp-total'])).toBe(Number(before.headers['x-wp-total']) - 1);

    await t.database.db
      .update(products)
      .set({ salePriceCents: 899, priceCents: 899 })
      .where(eq(products.id, made.counted.id));
    await expectEveryListAlike(lists);

    await t.database.db
      .update(productVariations)
      .set({ wholesaleCaseSize: 6, wholesaleMinQuantity: 12 })
      .where(eq(productVariations.productId, made.variable.id));
    await expectEveryListAlike(lists);

    await t.database.db.execute(
      sql`insert into product_reviews (product_id, reviewer, reviewer_email, review, rating, status)
          values (${made.wholesale.id}, 'Ada', 'ada@example.com', 'Crunchy.', 4, 'approved')`,
    );
    await expectEveryListAlike(lists);
  }, 120_000);

  it("answers the wholesale buyer's prices only to wholesale buyers", async () => {
    const url = `${apiPaths.products}?include=${made.counted.id}&fresh=${++unique}`;
    const [guest, buyer] = await Promise.all([
      t.app.inject({ method: 'GET', url }),
      t.app.inject({ method: 'GET', url, headers: viewers.wholesale_customer }),
    ]);
    expect(guest.json()[0]).not.toHaveProperty('wholesale_price');
    expect(buyer.json()[0]).toMatchObject({ wholesale_price: '7.25' });
  });
});

describe('what a write evicts from the kept products', () => {
  /** Each product read again, as "<price class> <id>", and the ids whose related ids were. */
  let reread: string[];
  let relatedReread: number[];
  let fragments: ReturnType<typeof createProductFragments>;
  const retail: Viewer = guestViewer;
  const wholesaleBuyer: Viewer = {
    ...guestViewer,
    isGuest: false,
    customerId: 1,
    role: 'wholesale_customer',
    canSeeWholesale: true,
  };
  let ids: number[];

  beforeEach(async () => {
    reread = [];
    relatedReread = [];
    const catalog = createCatalogService(createCatalogRepo(t.database.db), {
      publicUrl: t.config.publicUrl,
    });
    fragments = createProductFragments({
      catalog: {
        ...catalog,
        async productsByIds(productIds: number[], reader: Viewer) {
          const kind = reader.canSeeWholesale ? 'wholesale' : 'retail';
          reread.push(...productIds.map((id) => `${kind} ${id}`));
          return catalog.productsByIds(productIds, reader);
        },
        async relatedIds(productIds: number[]) {
          relatedReread.push(...productIds);
          return catalog.relatedIds(productIds);
        },
      },
      versions: createReadCacheVersion(t.database.db, t.database.statementsFinished),
      serialize: (product: WooProduct) => JSON.stringify(product),
    });
    ids = [made.counted.id, made.wholesale.id, made.variable.id];
    await listBoth();
    reread = [];
    relatedReread = [];
  });

  const list = (viewer: Viewer, order: 'asc' | 'desc' = 'asc') =>
    fragments.listProducts(
      ProductListQuerySchema.parse({ include: ids.join(','), orderby: 'id', order }),
      viewer,
    );
  const listBoth = async () => {
    await list(retail);
    await list(wholesaleBuyer);
  };
  const everyFragment = () => ids.flatMap((id) => [`retail ${id}`, `wholesale ${id}`]).sort();

  it('a second list of the same products reads none of them again', async () => {
    const first = JSON.parse((await list(retail, 'asc')).body.toString()) as WooProduct[];
    const second = JSON.parse((await list(retail, 'desc')).body.toString()) as WooProduct[];
    expect(second.map((product) => product.id)).toEqual(
      first.map((product) => product.id).reverse(),
    );
    expect(reread).toEqual([]);
    expect(relatedReread).toEqual([]);
  });

  it("a sale evicts the sold product in each price class and every product's related ids", async () => {
    await placeOrder(t.app, [{ product_id: made.counted.id, quantity: 1 }]);
    await listBoth();
    expect(reread.sort()).toEqual([`retail ${made.counted.id}`, `wholesale ${made.counted.id}`]);
    expect(relatedReread.sort()).toEqual([...ids].sort());
  });

  it('a restock of one variation evicts that product only', async () => {
    await t.database.db
      .update(productVariations)
      .set({ stockQuantity: 30 })
      .where(eq(productVariations.productId, made.variable.id));
    await listBoth();
    expect(reread.sort()).toEqual([`retail ${made.variable.id}`, `wholesale ${made.variable.id}`]);
  });

  it('a price change evicts every product (a catalogue change: the scopes cannot tell which)', async () => {
    await t.database.db
      .update(products)
      .set({ regularPriceCents: 1350, priceCents: 1350 })
      .where(eq(products.id, made.wholesale.id));
    await listBoth();
    expect(reread.sort()).toEqual(everyFragment());
  });

  it('a wholesale-rule change evicts every product, both price classes', async () => {
    await t.database.db
      .update(products)
      .set({ wholesaleCaseSize: 12 })
      .where(eq(products.id, made.counted.id));
    await listBoth();
    expect(reread.sort()).toEqual(everyFragment());
  });

  it('a review evicts the reviewed product (its rating), not the others', async () => {
    await t.database.db.execute(
      sql`insert into product_reviews (product_id, reviewer, reviewer_email, review, rating, status)
          values (${made.variable.id}, 'Bo', 'bo@example.com', 'Good.', 5, 'approved')`,
    );
    await listBoth();
    expect(reread.sort()).toEqual([`retail ${made.variable.id}`, `wholesale ${made.variable.id}`]);
  });

  it('a change to content evicts nothing', async () => {
    await t.database.db.execute(
      sql`update posts set title = title || ' (updated)' where id = (select min(id) from posts)`,
    );
    await listBoth();
    expect(reread).toEqual([]);
    expect(relatedReread).toEqual([]);
  });
});
