import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql, type SQL } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiPaths, ProductReviewSchema, ProductSchema } from '@larder/contract';
import { runAdmin } from '../admin/cli.ts';
import { createAdminContext } from '../admin/context.ts';
import { createDatabase, type Database } from '../db/client.ts';
import { products, shippingZones, taxRates } from '../db/schema.ts';
import { createProduct, createVariableProduct } from '../../test/factories.ts';
import { placeOrder } from '../../test/place-order.ts';
import { signedInCustomer, type Session } from '../../test/sessions.ts';
import { buildTestApp, onPglite, type TestApp } from '../../test/test-app.ts';
import { createInProcessFetch } from '../web/in-process-fetch.ts';
import {
  createReadCacheVersion,
  createVersionedStore,
  createVersionedValue,
  normalizedUrl,
  PRIVATE_CACHE_CONTROL,
  PUBLIC_READ_CACHE_CONTROL,
  registerReadCache,
} from './read-cache.ts';

const storefrontList = `${apiPaths.products}?per_page=100&catalog_visibility=visible&status=publish&orderby=menu_order&order=desc&stock_status=instock`;

let t: TestApp;
let wholesaleBuyer: Session;
let customer: Session;
let owner: Session;
beforeAll(async () => {
  t = await buildTestApp();
  wholesaleBuyer = await signedInCustomer(t.app, t.database.db, { role: 'wholesale_customer' });
  customer = await signedInCustomer(t.app, t.database.db);
  owner = await signedInCustomer(t.app, t.database.db, { role: 'administrator' });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

/** The owner's command line on a database handle, as `npm run admin -- …` runs it. */
async function admin(db: Database, ...argv: string[]) {
  const errors: string[] = [];
  const code = await runAdmin(argv, {
    io: { out: () => undefined, err: (text) => errors.push(text) },
    open: async () => ({ context: createAdminContext(t.config, db), close: async () => {} }),
  });
  expect(errors.join('\n')).toBe('');
  expect(code).toBe(0);
}

describe('catalogue and content reads', () => {
  it('answer with a strong ETag, and 304 with no body when If-None-Match matches', async () => {
    for (const url of [
      storefrontList,
      apiPaths.productCategories,
      apiPaths.productReviews,
      `${apiPaths.pages}?slug=home`,
      apiPaths.posts,
      apiPaths.team,
      apiPaths.locations,
      apiPaths.postCategories,
      apiPaths.index,
    ]) {
      const first = await get(url);
      expect(first.statusCode, url).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^"[\w-]+"$/);
      expect(first.headers['cache-control'], url).toBe(PUBLIC_READ_CACHE_CONTROL);
      expect(first.headers.vary, url).toContain('Cookie');

      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
      expect(again.headers.etag, url).toBe(etag);

      const stale = await get(url, { 'if-none-match': '"something-else"' });
      expect(stale.statusCode, url).toBe(200);
      expect(stale.body, url).toBe(first.body);
      expect(stale.headers['x-wp-total'], url).toBe(first.headers['x-wp-total']);
    }
  });

  it('send a kept answer compressed as the client accepts, the same JSON and ETag each time', async () => {
    const plain = await get(storefrontList);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const inflate = { br: brotliDecompressSync, gzip: gunzipSync };
    for (const [accepted, coding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0.5', 'gzip'],
    ] as const) {
      for (let time = 0; time < 2; time++) {
        const answer = await get(storefrontList, { 'accept-encoding': accepted });
        expect(answer.headers['x-cache'], accepted).toBe('hit');
        expect(answer.headers['content-encoding'], accepted).toBe(coding);
        expect(answer.headers.vary, accepted).toMatch(/accept-encoding/i);
        expect(answer.headers.etag, accepted).toBe(plain.headers.etag);
        expect(answer.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
        expect(inflate[coding](answer.rawPayload).toString(), accepted).toBe(plain.body);
      }
    }
    const declined = await get(storefrontList, { 'accept-encoding': 'identity' });
    expect(declined.headers['content-encoding']).toBeUndefined();
    expect(declined.body).toBe(plain.body);
    // A small answer is sent as it is.
    const team = `${apiPaths.team}?per_page=1`;
    await get(team);
    const small = await get(team, { 'accept-encoding': 'br' });
    expect(small.headers['x-cache']).toBe('hit');
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('serve the second guest from memory with the same body and headers', async () => {
    const url = `${apiPaths.products}?per_page=3&page=2`;
    const first = await get(url);
    const second = await get(url);
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    for (const header of ['content-type', 'x-wp-total', 'x-wp-totalpages', 'link', 'etag']) {
      expect(second.headers[header], header).toBe(first.headers[header]);
    }
    // The same query in another order is the same entry.
    const reordered = await get(`${apiPaths.products}?page=2&per_page=3`);
    expect(reordered.headers['x-cache']).toBe('hit');
    expect(reordered.headers.etag).toBe(first.headers.etag);
  });

  it('get a new ETag after a price changes outside the API (the command line, another process)', async () => {
    const { id } = await createProduct(t);
    const before = await get(`${apiPaths.products}/${id}`);
    expect((await get(`${apiPaths.products}/${id}`)).headers['x-cache']).toBe('hit');
    await t.database.db
      .update(products)
      .set({ regularPriceCents: 1377, priceCents: 1377 })
      .where(eq(products.id, id));
    const after = await get(`${apiPaths.products}/${id}`, {
      'if-none-match': before.headers.etag as string,
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(ProductSchema.parse(after.json()).regular_price).toBe('13.77');
  });

  it('drop a product from the in-stock list once an order sells its last unit', async () => {
    const { id } = await createProduct(t);
    await admin(t.database.db, 'stock', 'set', await skuOf(id), '1');
    const listed = await get(storefrontList);
    expect(
      z
        .array(ProductSchema)
        .parse(listed.json())
        .map((p) => p.id),
    ).toContain(id);
    expect((await get(storefrontList)).headers['x-cache']).toBe('hit');

    await placeOrder(t.app, [{ product_id: id, quantity: 1 }]);

    const after = await get(storefrontList, { 'if-none-match': listed.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(
      z
        .array(ProductSchema)
        .parse(after.json())
        .map((p) => p.id),
    ).not.toContain(id);
    const single = ProductSchema.parse((await get(`${apiPaths.products}/${id}`)).json());
    expect(single.stock_status).toBe('outofstock');
  });

  it('show a review once the owner approves it from the command line', async () => {
    const { id } = await createProduct(t);
    const url = `${apiPaths.productReviews}?product=${id}`;
    const before = await get(url);
    const posted = await t.app.inject({
      method: 'POST',
      url: `${apiPaths.productReviews}/`,
      payload: {
        product_id: id,
        reviewer: 'Casey Cache',
        reviewer_email: 'casey@example.com',
        review: 'Held for a moment, then shown to everyone.',
        rating: 5,
      },
    });
    expect(posted.statusCode).toBe(201);
    // Held: the list a guest sees is unchanged (and still served from memory).
    const held = await get(url, { 'if-none-match': before.headers.etag as string });
    expect(held.statusCode).toBe(304);

    await admin(
      t.database.db,
      'reviews',
      'approve',
      String(ProductReviewSchema.parse(posted.json()).id),
    );
    const after = await get(url, { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(
      z
        .array(ProductReviewSchema)
        .parse(after.json())
        .map((r) => r.reviewer),
    ).toContain('Casey Cache');
  });
});

describe('a write evicts what it changes (scoped invalidation)', () => {
  /** Reads each URL twice, so the second answer is kept; then the cache state of a third read. */
  async function warm(urls: string[]) {
    for (const url of urls) await get(url);
    return Promise.all(urls.map(async (url) => (await get(url)).headers['x-cache']));
  }
  async function states(urls: string[]) {
    const answers = await Promise.all(urls.map((url) => get(url)));
    return Object.fromEntries(urls.map((url, i) => [url, answers[i]!.headers['x-cache']]));
  }

  it("an order evicts the sold product's entry and the lists, not other products, categories, reviews or content", async () => {
    const sold = await createProduct(t, { stock_quantity: 5 });
    const other = await createProduct(t);
    const urls = [
      `${apiPaths.products}/${sold.id}`,
      `${apiPaths.products}/${other.id}`,
      storefrontList,
      apiPaths.productCategories,
      `${apiPaths.productReviews}?product=${other.id}`,
      apiPaths.posts,
      `${apiPaths.pages}?slug=home`,
      apiPaths.team,
    ];
    expect(await warm(urls)).toEqual(urls.map(() => 'hit'));

    await placeOrder(t.app, [{ product_id: sold.id, quantity: 2 }]);

    expect(await states(urls)).toEqual({
      [`${apiPaths.products}/${sold.id}`]: 'miss',
      [`${apiPaths.products}/${other.id}`]: 'hit',
      [storefrontList]: 'miss',
      [apiPaths.productCategories]: 'hit',
      [`${apiPaths.productReviews}?product=${other.id}`]: 'hit',
      [apiPaths.posts]: 'hit',
      [`${apiPaths.pages}?slug=home`]: 'hit',
      [apiPaths.team]: 'hit',
    });
    expect(
      ProductSchema.parse((await get(`${apiPaths.products}/${sold.id}`)).json()),
    ).toMatchObject({ stock_quantity: 3 });
  });

  it('a price change evicts every catalogue entry but no content; a post evicts content only', async () => {
    const changed = await createProduct(t);
    const other = await createProduct(t);
    const catalogue = [`${apiPaths.products}/${other.id}`, apiPaths.productCategories];
    const content = [apiPaths.posts, apiPaths.locations];
    await warm([...catalogue, ...content]);

    await t.database.db
      .update(products)
      .set({ regularPriceCents: 1490, priceCents: 1490 })
      .where(eq(products.id, changed.id));
    expect(await states([...catalogue, ...content])).toEqual({
      [catalogue[0]!]: 'miss',
      [catalogue[1]!]: 'miss',
      [content[0]!]: 'hit',
      [content[1]!]: 'hit',
    });

    await warm(catalogue);
    await t.database.db.execute(
      sql`update posts set title = title || ' (updated)' where id = (select min(id) from posts)`,
    );
    expect(await states([...catalogue, ...content])).toEqual({
      [catalogue[0]!]: 'hit',
      [catalogue[1]!]: 'hit',
      [content[0]!]: 'miss',
      [content[1]!]: 'miss',
    });
  });

  it('a burst of guests missing one entry builds it once; the rest wait for that answer', async () => {
    const url = `${apiPaths.products}?per_page=7&search=granola&cachebuster=${Date.now()}`;
    const answers = await Promise.all(Array.from({ length: 8 }, () => get(url)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    expect(answers.filter((answer) => answer.headers['x-cache'] === 'miss')).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
  });
});

describe('a value kept under the version (shipping zones, tax rates)', () => {
  it('is loaded once while nothing it shows changes, and again after a change to it in any process', async () => {
    const versions = createReadCacheVersion(t.database.db);
    let loads = 0;
    const zones = createVersionedValue(versions, 'shipping', async () => {
      loads += 1;
      return t.database.db.select().from(shippingZones);
    });
    const named = async () => (await zones()).map((zone) => zone.name);
    const before = await named();
    expect(await named()).toEqual(before);
    // A sale and a tax rate are other scopes: the zones stay.
    const product = await createProduct(t, { stock_quantity: 5 });
    await placeOrder(t.app, [{ product_id: product.id, quantity: 1 }]);
    const [rate] = await t.database.db
      .insert(taxRates)
      .values({ country: 'US', state: 'VT', rateMicros: 60_000, name: 'VT tax' })
      .returning();
    await t.database.db.delete(taxRates).where(eq(taxRates.id, rate!.id));
    expect(await named()).toEqual(before);
    expect(loads).toBe(1);

    // Written straight to the database, as another process would.
    const [zone] = await t.database.db
      .insert(shippingZones)
      .values({ name: 'Kept-value zone', zoneOrder: 99 })
      .returning();
    try {
      expect(await named()).toEqual([...before, 'Kept-value zone']);
      expect(loads).toBe(2);
    } finally {
      await t.database.db.delete(shippingZones).where(eq(shippingZones.id, zone!.id));
    }
    expect(await named()).toEqual(before);
    expect(loads).toBe(3);
  });

  it('is loaded again after a failed load, and after changes the process cannot tell', async () => {
    let failNext = true;
    let loads = 0;
    const value = createVersionedValue(fixedVersion, 'tax', async () => {
      loads += 1;
      if (failNext) {
        failNext = false;
        throw new Error('the database went away');
      }
      return loads;
    });
    await expect(value()).rejects.toThrow('the database went away');
    expect(await value()).toBe(2);
    expect(await value()).toBe(2);
    const forgetful = { current: async () => '1', changedBetween: () => null };
    const unknown = createVersionedValue(forgetful, 'tax', async () => (loads += 1));
    expect(await unknown()).toBe(3);
    expect(await unknown()).toBe(4);
  });
});

describe('while an answer is rebuilt', () => {
  /** A shop whose version the test moves, with a products list that waits until it is let go. */
  function shopWithHeldList() {
    let version = 1;
    const changes: Record<number, string> = {};
    const app = Fastify();
    registerReadCache(
      app,
      {
        current: async () => String(version),
        changedBetween(from: string, to: string) {
          const changed = new Set<string>();
          for (let at = Number(from) + 1; at <= Number(to); at++) changed.add(changes[at]!);
          return changed;
        },
      },
      { showCacheState: true },
    );
    let stock = 10;
    let held: Promise<void> | null = null;
    let entered = () => {};
    app.get(apiPaths.products, async () => {
      const shown = stock;
      entered();
      await held;
      return [{ id: 7, stock_quantity: shown }];
    });
    return {
      app,
      get: async () => {
        const answer = await app.inject({ method: 'GET', url: apiPaths.products });
        return { state: answer.headers['x-cache'], stock: answer.json()[0].stock_quantity };
      },
      /** A committed write: `scope` changed, the list now shows `newStock`. */
      write(scope: string, newStock: number) {
        changes[++version] = scope;
        stock = newStock;
      },
      /** Holds the next build; resolves `started` once it is under way, `release` lets it go. */
      hold() {
        let release = () => {};
        held = new Promise((resolve) => (release = resolve));
        const started = new Promise<void>((resolve) => (entered = resolve));
        return { started, release };
      },
    };
  }
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it("sends the last answer, marked stale, while another request rebuilds it after a sale; the rebuilder's answer follows", async () => {
    const shop = shopWithHeldList();
    expect(await shop.get()).toEqual({ state: 'miss', stock: 10 });
    expect(await shop.get()).toEqual({ state: 'hit', stock: 10 });

    shop.write('product:7', 9);
    const { started, release } = shop.hold();
    const rebuilt = shop.get();
    await started;
    expect(await shop.get()).toEqual({ state: 'stale', stock: 10 });
    // A page being rendered (or any client sending Cache-Control: no-cache) waits instead.
    const rendering = createInProcessFetch(shop.app, {}, '127.0.0.1')(apiPaths.products);
    await settle();
    release();
    expect(await rebuilt).toEqual({ state: 'miss', stock: 9 });
    const forPage = await rendering;
    expect(forPage.headers.get('x-cache')).toBe('hit');
    const [shown] = (await forPage.json()) as { stock_quantity: number }[];
    expect(shown!.stock_quantity).toBe(9);
    expect(await shop.get()).toEqual({ state: 'hit', stock: 9 });
    await shop.app.close();
  });

  it('rebuilds itself rather than send a stale answer when nobody else is rebuilding it, so a shopper sees their own order', async () => {
    const shop = shopWithHeldList();
    await shop.get();
    shop.write('product:7', 4);
    expect(await shop.get()).toEqual({ state: 'miss', stock: 4 });
    await shop.app.close();
  });

  it('waits for the rebuild after any change beyond stock, sales or a rating (a price, a name)', async () => {
    const shop = shopWithHeldList();
    await shop.get();
    shop.write('catalog', 8);
    const { started, release } = shop.hold();
    const rebuilt = shop.get();
    await started;
    const waiting = shop.get();
    await settle();
    release();
    expect(await rebuilt).toEqual({ state: 'miss', stock: 8 });
    expect(await waiting).toEqual({ state: 'hit', stock: 8 });
    await shop.app.close();
  });
});

describe('signed-in reads', () => {
  const wholesalePrices = (body: string) =>
    z
      .array(ProductSchema)
      .parse(JSON.parse(body))
      .flatMap((product) => product.variations)
      .filter((variation) => variation.wholesale_price !== undefined);

  it("never hand a wholesale buyer's prices to a guest, nor a guest's copy to the buyer", async () => {
    const url = `${apiPaths.products}?per_page=100&orderby=title`;
    const buyer = await get(url, wholesaleBuyer.bearer);
    expect(wholesalePrices(buyer.body).length).toBeGreaterThan(0);
    const guest = await get(url);
    expect(wholesalePrices(guest.body)).toEqual([]);
    expect(guest.headers.etag).not.toBe(buyer.headers.etag);
    // Both copies are now in memory: each still goes to its own kind of viewer.
    expect(wholesalePrices((await get(url)).body)).toEqual([]);
    expect(wholesalePrices((await get(url, wholesaleBuyer.browser())).body).length).toBeGreaterThan(
      0,
    );
    expect(wholesalePrices((await get(url, customer.bearer)).body)).toEqual([]);
    // A guest holding the buyer's ETag gets the guest's list, not a 304 onto the buyer's.
    const revalidated = await get(url, { 'if-none-match': buyer.headers.etag as string });
    expect(revalidated.statusCode).toBe(200);
    expect(wholesalePrices(revalidated.body)).toEqual([]);
  });

  it('are marked private and never stored by the browser or a shared cache', async () => {
    for (const headers of [wholesaleBuyer.bearer, customer.browser(false), owner.bearer]) {
      const res = await get(storefrontList, headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
      expect(res.headers.vary).toBe('Authorization, Cookie');
    }
  });

  it("answer the owner afresh, since the owner's lists include held reviews", async () => {
    const url = `${apiPaths.productReviews}?status=all&per_page=100`;
    await get(url, owner.bearer);
    const again = await get(url, owner.bearer);
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-cache']).toBeUndefined();
    expect(again.headers.etag).toMatch(/^"/);
  });
});

describe('reads a route refuses to some viewers', () => {
  it('refuse drafts to a guest (401) and a customer (403) however often asked, while `any` is answered from memory as published', async () => {
    const url = `${apiPaths.products}?status=draft`;
    for (let ask = 0; ask < 2; ask++) {
      const forCustomer = await get(url, customer.bearer);
      expect(forCustomer.statusCode).toBe(403);
      expect(forCustomer.json()).toMatchObject({ code: 'woocommerce_rest_cannot_view' });
      const forGuest = await get(url);
      expect(forGuest.statusCode).toBe(401);
      expect(forGuest.json()).toMatchObject({ code: 'woocommerce_rest_cannot_view' });
    }
    const any = `${apiPaths.products}?status=any&per_page=100`;
    expect((await get(any, customer.bearer)).statusCode).toBe(200);
    const again = await get(any, customer.browser(false));
    expect(again.headers['x-cache']).toBe('hit');
    expect(again.json<{ status: string }[]>().every((p) => p.status === 'publish')).toBe(true);
  });

  it("answer from memory only after the route's own preHandlers let the viewer in", async () => {
    const app = Fastify();
    registerReadCache(app, fixedVersion, { showCacheState: true });
    let open = true;
    app.get(
      apiPaths.team,
      {
        preHandler: async (_request, reply) => {
          if (!open) return reply.code(401).send({ code: 'closed' });
        },
      },
      async () => [{ id: 1 }],
    );
    const first = await app.inject({ method: 'GET', url: apiPaths.team });
    expect(first.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: apiPaths.team })).headers['x-cache']).toBe(
      'hit',
    );

    open = false;
    expect((await app.inject({ method: 'GET', url: apiPaths.team })).statusCode).toBe(401);
    await app.close();
  });

  it('compress a kept answer once for each coding however many hits ask, and send it plain when compressing fails', async () => {
    const compressed: string[] = [];
    const app = Fastify();
    registerReadCache(app, fixedVersion, {
      compress: async (body, coding) => {
        compressed.push(coding);
        return Buffer.from(`${coding}:${body.length}`);
      },
    });
    app.get(apiPaths.team, async () =>
      Array.from({ length: 40 }, (_, id) => ({
        id,
        bio: 'Rolled oats and wildflower honey, toasted slowly.',
      })),
    );
    const ask = (encoding: string) =>
      app.inject({ method: 'GET', url: apiPaths.team, headers: { 'accept-encoding': encoding } });
    const built = await ask('identity');
    for (const encoding of ['br', 'gzip, br', 'gzip', 'gzip', 'identity']) await ask(encoding);
    expect(compressed).toEqual(['br', 'gzip']);
    // A compression that fails sends the bytes as they are, and the next hit tries again.
    const failing = Fastify();
    let fails = true;
    registerReadCache(failing, fixedVersion, {
      compress: async (body) => {
        if (fails) throw new Error('out of memory');
        return body.subarray(0, 10);
      },
    });
    failing.get(apiPaths.team, async () =>
      Array.from({ length: 40 }, (_, id) => ({ id, bio: 'Rolled oats, toasted slowly.' })),
    );
    const askFailing = () =>
      failing.inject({ method: 'GET', url: apiPaths.team, headers: { 'accept-encoding': 'br' } });
    const first = await askFailing();
    const plainly = await askFailing();
    expect(plainly.statusCode).toBe(200);
    expect(plainly.headers['content-encoding']).toBeUndefined();
    expect(plainly.body).toBe(first.body);
    fails = false;
    expect((await askFailing()).headers['content-encoding']).toBe('br');
    await failing.close();
    const kept = await ask('br');
    expect(kept.body).toBe(`br:${built.rawPayload.length}`);
    expect(kept.headers['content-encoding']).toBe('br');
    await app.close();
  });

  it('say nothing about the cache outside tests', async () => {
    const app = Fastify();
    registerReadCache(app, fixedVersion);
    app.get(apiPaths.team, async () => [{ id: 1 }]);
    await app.inject({ method: 'GET', url: apiPaths.team });
    const again = await app.inject({ method: 'GET', url: apiPaths.team });
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-cache']).toBeUndefined();
    await app.close();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)(
  'on PostgreSQL, with the command line in another process',
  () => {
    it('sees a stock change committed through a different connection pool at once', async () => {
      const rows = (await t.database.db.execute(
        sql`select current_database() as name`,
      )) as unknown as { rows: { name: string }[] };
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${rows.rows[0]!.name}`;
      const other = createDatabase({ databaseUrl: url.toString() });
      try {
        const { id } = await createVariableProduct(t);
        const before = await get(`${apiPaths.products}/${id}`);
        expect((await get(`${apiPaths.products}/${id}`)).headers['x-cache']).toBe('hit');
        const sku = ProductSchema.parse(before.json()).variations[0]!.sku;
        await admin(other.db, 'stock', 'set', sku, '0');
        const after = await get(`${apiPaths.products}/${id}`);
        expect(after.headers.etag).not.toBe(before.headers.etag);
        const variation = ProductSchema.parse(after.json()).variations.find((v) => v.sku === sku)!;
        expect(variation.is_in_stock).toBe(false);
      } finally {
        await other.close();
      }
    });

    it('answers a kept list while checkouts hold every pooled connection', async () => {
      await get(storefrontList);
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let started = 0;
      let allStarted = () => {};
      const holding = new Promise<void>((resolve) => (allStarted = resolve));
      // The pool's ten connections, each inside a transaction that waits for the test.
      const transactions = Array.from({ length: 10 }, () =>
        t.database.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          if (++started === 10) allStarted();
          await held;
        }),
      );
      await holding;
      try {
        const answer = await get(storefrontList);
        expect(answer.statusCode).toBe(200);
        expect(answer.headers['x-cache']).toBe('hit');
      } finally {
        release();
        await Promise.all(transactions);
      }
    }, 15_000);
  },
);

describe('the version behind the cache', () => {
  it('is read after each caller asks: a write committed before the call is never missed', async () => {
    const tin = await createProduct(t);
    const versions = createReadCacheVersion(t.database.db);
    const first = await versions.current();
    // Many callers at once share reads, yet all see the same committed value.
    const together = await Promise.all(Array.from({ length: 20 }, () => versions.current()));
    expect(new Set(together)).toEqual(new Set([first]));
    const pending = versions.current();
    await t.database.db.update(products).set({ menuOrder: 7 }).where(eq(products.id, tin.id));
    // Asked after the commit while an earlier read may still be in flight.
    const afterWrite = versions.current();
    await pending;
    expect(BigInt(await afterWrite)).toBeGreaterThan(BigInt(first));
  });

  it('is read once for callers asking in the same turn, and again for one asking after I/O', async () => {
    let reads = 0;
    const counted = {
      execute: (query: SQL) => {
        reads += 1;
        return t.database.db.execute(query);
      },
    } as unknown as Database;
    const versions = createReadCacheVersion(counted);
    await versions.current();
    // An order asks for its shipping zones and tax rates at once: one read serves both.
    const [zones, rates] = await Promise.all([versions.current(), versions.current()]);
    expect(zones).toBe(rates);
    expect(reads).toBe(2);
    // Once the turn is over a request may have arrived since: it waits for a read of its own.
    const earlier = versions.current();
    await new Promise((resolve) => setImmediate(resolve));
    const later = versions.current();
    await Promise.all([earlier, later]);
    expect(reads).toBe(4);
  });

  it.runIf(onPglite)(
    'on PGlite, is not read again until another statement has finished, then is',
    async () => {
      const tin = await createProduct(t);
      const finished = t.database.statementsFinished!;
      const versions = createReadCacheVersion(t.database.db, finished);
      const first = await versions.current();
      const statements = finished();
      expect(await versions.current()).toBe(first);
      expect(finished()).toBe(statements);
      await t.database.db.update(products).set({ menuOrder: 3 }).where(eq(products.id, tin.id));
      expect(BigInt(await versions.current())).toBeGreaterThan(BigInt(first));
    },
  );

  it('evicts on a newer version only what its changes touch, and everything when they are unknown', () => {
    const changes: Record<string, string[]> = { '6': ['product:7'], '7': ['content'] };
    const log = {
      changedBetween(from: string, to: string) {
        if (BigInt(from) < 5n) return null;
        const changed = new Set<string>();
        for (let at = BigInt(from) + 1n; at <= BigInt(to); at += 1n)
          for (const scope of changes[at.toString()] ?? []) changed.add(scope);
        return changed;
      },
    };
    const store = createVersionedStore<{ bytes: number; value: string }>(log, 10, 1000);
    store.set('list', '5', { bytes: 1, value: 'list' }, ['catalog', 'product-lists']);
    store.set('p7', '5', { bytes: 1, value: 'p7' }, ['catalog', 'product:7']);
    store.set('p8', '5', { bytes: 1, value: 'p8' }, ['catalog', 'product:8']);
    store.set('post', '5', { bytes: 1, value: 'post' }, ['content']);
    store.set('page', '5', { bytes: 1, value: 'page' }, ['*']);
    // Product 7's stock: its entry, the lists and whole pages go; product 8 and posts stay.
    expect(store.get('p8', '6')?.value).toBe('p8');
    expect(['list', 'p7', 'page'].map((key) => store.get(key, '6'))).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(store.get('post', '6')?.value).toBe('post');
    // Built under 5, finished under 6: kept only if version 6 changed nothing it shows.
    store.set('p7', '5', { bytes: 1, value: 'p7 old' }, ['catalog', 'product:7']);
    expect(store.get('p7', '6')).toBeUndefined();
    store.set('cats', '5', { bytes: 1, value: 'cats' }, ['catalog']);
    expect(store.get('cats', '6')?.value).toBe('cats');
    expect(store.get('post', '7')).toBeUndefined();
    expect(store.get('p8', '7')?.value).toBe('p8');
    // An older version than the store's is never served.
    expect(store.get('p8', '4')).toBeUndefined();
    // Changes the log cannot tell (pruned, or from before this process) empty the store.
    const unknown = createVersionedStore<{ bytes: number; value: string }>(log, 10, 1000);
    unknown.set('p8', '3', { bytes: 1, value: 'p8' }, ['catalog', 'product:8']);
    expect(unknown.get('p8', '4')).toBeUndefined();
  });

  it("keeps an entry out of date only in a product's figures for recent(), for at most its window", () => {
    const changes: Record<string, string[]> = {
      '6': ['product:7'],
      '7': ['product:8'],
      '8': ['catalog'],
    };
    const log = {
      changedBetween(from: string, to: string) {
        const changed = new Set<string>();
        for (let at = BigInt(from) + 1n; at <= BigInt(to); at += 1n)
          for (const scope of changes[at.toString()] ?? []) changed.add(scope);
        return changed;
      },
    };
    let clock = 0;
    const store = createVersionedStore<{ bytes: number; value: string }>(log, 10, 1000, {
      staleFiguresMs: 1000,
      now: () => clock,
    });
    store.set('list', '5', { bytes: 1, value: 'list@5' }, ['catalog', 'product-lists']);
    store.set('p8', '5', { bytes: 1, value: 'p8@5' }, ['catalog', 'product:8']);
    expect(store.recent('list')).toBeUndefined();
    // Product 7's stock changes: the list is no longer served, but recent() still has it.
    clock = 100;
    expect(store.get('list', '6')).toBeUndefined();
    expect(store.recent('list')?.value).toBe('list@5');
    expect(store.get('p8', '6')?.value).toBe('p8@5');
    expect(store.recent('p8')).toBeUndefined();
    // A build finished under 5 when 6 is known is out of date too: kept for recent() only.
    store.set('p7', '5', { bytes: 1, value: 'p7@5' }, ['catalog', 'product:7']);
    expect(store.get('p7', '6')).toBeUndefined();
    expect(store.recent('p7')?.value).toBe('p7@5');
    // ...and never replaces a newer build of the same entry.
    store.set('p7', '6', { bytes: 1, value: 'p7@6' }, ['catalog', 'product:7']);
    store.set('p7', '5', { bytes: 1, value: 'p7@5 late' }, ['catalog', 'product:7']);
    expect(store.get('p7', '6')?.value).toBe('p7@6');
    // The window counts from when the first newer version (6, at 100) was seen.
    clock = 1100;
    expect(store.get('list', '7')).toBeUndefined();
    expect(store.recent('list')?.value).toBe('list@5');
    clock = 1101;
    expect(store.recent('list')).toBeUndefined();
    // Anything else that changes what it shows (a price, version 8) evicts it at once.
    store.set('list', '7', { bytes: 1, value: 'list@7' }, ['catalog', 'product-lists']);
    expect(store.get('list', '7')?.value).toBe('list@7');
    expect(store.get('list', '8')).toBeUndefined();
    expect(store.recent('list')).toBeUndefined();
    // Without a window (the product texts the lists are assembled from), nothing stale is kept.
    const strict = createVersionedStore<{ bytes: number; value: string }>(log, 10, 1000);
    strict.set('list', '5', { bytes: 1, value: 'list@5' }, ['catalog', 'product-lists']);
    expect(strict.get('list', '6')).toBeUndefined();
    expect(strict.recent('list')).toBeUndefined();
  });

  it('drops the least recently used entries beyond its limits', () => {
    const store = createVersionedStore<{ bytes: number; value: string }>(fixedVersion, 2, 1000);
    store.set('x', '6', { bytes: 1, value: 'x' }, ['content']);
    store.set('y', '6', { bytes: 1, value: 'y' }, ['content']);
    expect(store.get('x', '6')?.value).toBe('x');
    store.set('z', '6', { bytes: 1, value: 'z' }, ['content']);
    expect(store.size).toBe(2);
    expect(store.get('y', '6')).toBeUndefined();
    expect(store.get('x', '6')?.value).toBe('x');
  });

  it('normalizes a query by sorting its parameters', () => {
    expect(normalizedUrl('/p?b=2&a=1&a=0')).toBe('/p?a=1&a=0&b=2');
    expect(normalizedUrl('/p')).toBe('/p');
  });
});

/** A version that never changes, for a cache in front of routes with no database. */
const fixedVersion = { current: async () => '1', changedBetween: () => new Set<string>() };

async function skuOf(productId: number) {
  const [row] = await t.database.db
    .select({ sku: products.sku })
    .from(products)
    .where(eq(products.id, productId));
  return row!.sku!;
}
