import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema, apiPaths, ProductSchema, WooProductSchema } from '@larder/contract';
import { and, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import { products, productVariations } from '../src/db/schema.ts';
import { createProduct, uniqueName } from './factories.ts';
import { signedInCustomer, type Session } from './sessions.ts';
import { buildTestApp, type TestApp } from './test-app.ts';

// Where Larder answered differently from WooCommerce 10 on the same requests (issue 17).
let t: TestApp;
let owner: Session;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await signedInCustomer(t.app, t.database.db, { role: 'administrator' });
});
afterAll(() => t.close());

const productIds = (body: unknown) =>
  z
    .array(ProductSchema)
    .parse(body)
    .map((p) => p.id);

describe('query parameters as WordPress reads them', () => {
  it('takes the last value of a repeated parameter (the official client sends per_page twice)', async () => {
    const res = await t.app.inject({ url: `${apiPaths.products}?per_page=1&per_page=3` });
    expect(res.statusCode).toBe(200);
    expect(productIds(res.json())).toHaveLength(3);
    expect(res.headers['x-wp-totalpages']).toBe(
      String(Math.ceil(Number(res.headers['x-wp-total']) / 3)),
    );
  });

  it('reads include[]=… as the list include=…', async () => {
    const all = productIds((await t.app.inject({ url: `${apiPaths.products}?per_page=3` })).json());
    const [first, second] = all as [number, number];
    const res = await t.app.inject({
      url: `${apiPaths.products}?include[]=${first}&include[]=${second}&orderby=include`,
    });
    expect(res.statusCode).toBe(200);
    expect(new Set(productIds(res.json()))).toEqual(new Set([first, second]));
  });

  it('ignores parameters it does not know', async () => {
    const plain = await t.app.inject({ url: `${apiPaths.products}?per_page=2` });
    const extra = await t.app.inject({
      url: `${apiPaths.products}?per_page=2&made_up=1&filter[x]=y`,
    });
    expect(extra.statusCode).toBe(200);
    expect(productIds(extra.json())).toEqual(productIds(plain.json()));
  });
});

describe("WooCommerce's product fields", () => {
  it('relates products by shared categories and dietary tags, and adds price_html, _links and the rest', async () => {
    const res = await t.app.inject({ url: `${apiPaths.products}?per_page=100` });
    const listed = z.array(WooProductSchema).parse(res.json());
    const byId = new Map(listed.map((product) => [product.id, product]));
    const withRelated = listed.filter((product) => product.related_ids.length > 0);
    expect(withRelated.length).toBeGreaterThan(0);
    for (const product of withRelated) {
      expect(product.related_ids.length).toBeLessThanOrEqual(5);
      expect(product.related_ids).not.toContain(product.id);
      for (const relatedId of product.related_ids) {
        const related = byId.get(relatedId);
        if (!related) continue; // sold out: not in the shop's default list, still related
        const sharesCategory = related.categories.some((c) =>
          product.categories.some((mine) => mine.id === c.id),
        );
        const sharesTag = related.food.dietary_tags.some((tag) =>
          product.food.dietary_tags.includes(tag),
        );
        expect(sharesCategory || sharesTag).toBe(true);
      }
    }

    const product = listed[0]!;
    const one = WooProductSchema.parse(
      (await t.app.inject({ url: `${apiPaths.products}/${product.id}` })).json(),
    );
    expect(one.related_ids).toEqual(product.related_ids);
    expect(one._links.self[0]!.href).toBe(`http://shop.test${apiPaths.products}/${product.id}`);
    expect(one).toMatchObject({
      upsell_ids: [],
      cross_sell_ids: [],
      sold_individually: false,
      backorders_allowed: false,
    });
    expect(one.price_html).toContain(`&#36;</span>${one.price}</bdi>`);
    const sale = listed.find((p) => p.type === 'simple' && p.on_sale);
    if (sale) {
      expect(sale.price_html).toMatch(/^<del aria-hidden="true">.*<\/del> <ins>.*<\/ins>$/);
    }
  });
});

describe('_fields', () => {
  it('answers only the fields asked for, of every record, and the same again from the cache', async () => {
    for (let round = 0; round < 2; round++) {
      const res = await t.app.inject({
        url: `${apiPaths.products}?per_page=2&_fields=id,name,prices.price`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-cache']).toBe(round === 0 ? 'miss' : 'hit');
      const records = res.json() as Array<Record<string, unknown>>;
      expect(records).toHaveLength(2);
      for (const record of records) {
        expect(Object.keys(record).sort()).toEqual(['id', 'name']);
      }
    }
    const order = await t.app.inject({
      url: `${apiPaths.customers}?_fields=id,billing.email&per_page=1`,
      headers: owner.bearer,
    });
    expect(order.json()).toEqual([
      { id: expect.any(Number), billing: { email: expect.any(String) } },
    ]);
  });
});

describe('sku=', () => {
  it("finds a product by one of its variations' SKUs, as well as by its own", async () => {
    // Published ones, in id order: without an order the database's row order decides, and it
    // changes when a seed updates rows.
    const [variation] = await t.database.db
      .select({ sku: productVariations.sku, productId: productVariations.productId })
      .from(productVariations)
      .innerJoin(products, eq(products.id, productVariations.productId))
      .where(and(ne(productVariations.sku, ''), eq(products.status, 'publish')))
      .orderBy(productVariations.id)
      .limit(1);
    const [product] = await t.database.db
      .select({ sku: products.sku, id: products.id })
      .from(products)
      .where(
        and(
          ne(products.sku, ''),
          ne(products.id, variation!.productId),
          eq(products.status, 'publish'),
        ),
      )
      .orderBy(products.id)
      .limit(1);
    const res = await t.app.inject({
      url: `${apiPaths.products}?sku=${encodeURIComponent(`${variation!.sku},${product!.sku}`)}`,
    });
    expect(res.statusCode).toBe(200);
    expect(new Set(productIds(res.json()))).toEqual(new Set([variation!.productId, product!.id]));
  });
});

describe('search=', () => {
  it('finds a product by a word of its short description or of its description, as WooCommerce does', async () => {
    const word = () =>
      uniqueName('quince')
        .replace(/[^a-z]/gi, '')
        .toLowerCase();
    const [shortWord, longWord] = [word(), word()];
    const inShort = await createProduct(t, {
      short_description: `<p>Baked with ${shortWord}.</p>`,
    });
    const inLong = await createProduct(t, {
      description: `<p>Slow-baked ${longWord} clusters.</p>`,
    });
    const found = async (search: string) =>
      productIds((await t.app.inject({ url: `${apiPaths.products}?search=${search}` })).json());
    expect(await found(shortWord)).toEqual([inShort.id]);
    expect(await found(longWord)).toEqual([inLong.id]);
  });
});

describe('authorisation before validation', () => {
  it('answers a guest listing orders with a bad query 401, not 400', async () => {
    const res = await t.app.inject({ url: `${apiPaths.orders}?per_page=abc&status=nonsense` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'woocommerce_rest_cannot_view' });
  });

  it('answers a guest listing customers with a bad query 401, and a customer 403', async () => {
    const guest = await t.app.inject({ url: `${apiPaths.customers}?per_page=0` });
    expect(guest.statusCode).toBe(401);
    const customer = await signedInCustomer(t.app, t.database.db);
    const res = await t.app.inject({
      url: `${apiPaths.customers}?per_page=0`,
      headers: customer.bearer,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("WooCommerce's error codes", () => {
  it('names missing required parameters with rest_missing_callback_param', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: apiPaths.customers,
      payload: { email: 'someone@example.com', first_name: 'Sam' },
    });
    expect(res.statusCode).toBe(400);
    const error = ApiErrorSchema.parse(res.json());
    expect(error.code).toBe('rest_missing_callback_param');
    expect(error.message).toBe('Missing parameter(s): password, last_name');
    expect(Object.keys(error.data.params ?? {})).toEqual(['password', 'last_name']);
  });

  it('answers a present but invalid parameter with rest_invalid_param', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: apiPaths.customers,
      payload: { email: 'not an email', password: 'x', first_name: 'Sam', last_name: 'Oats' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'rest_invalid_param', data: { status: 400 } });
    expect(Object.keys(res.json().data.params)).toContain('email');
  });

  it('answers a malformed JSON body with rest_invalid_json', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: apiPaths.products,
      headers: { ...owner.bearer, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'rest_invalid_json', data: { status: 400 } });
  });

  it('answers an order or customer that does not exist with 404', async () => {
    const order = await t.app.inject({ url: `${apiPaths.orders}/987654`, headers: owner.bearer });
    expect(order.statusCode).toBe(404);
    expect(order.json()).toMatchObject({ code: 'woocommerce_rest_shop_order_invalid_id' });
    const customer = await t.app.inject({
      url: `${apiPaths.customers}/987654`,
      headers: owner.bearer,
    });
    expect(customer.statusCode).toBe(404);
    expect(customer.json()).toMatchObject({ code: 'woocommerce_rest_invalid_id' });
  });
});
