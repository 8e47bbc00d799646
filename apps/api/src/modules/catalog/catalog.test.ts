import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiErrorSchema, ProductCategorySchema, ProductSchema } from '@larder/contract';
import { products, productVariations } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';

const storefrontQuery =
  'per_page=100&catalog_visibility=visible&status=publish&orderby=menu_order&order=desc&stock_status=instock';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const productList = async (query: string) => {
  const res = await get(`/wp-json/wc/v3/products?${query}`);
  expect(res.statusCode).toBe(200);
  return z.array(ProductSchema).parse(res.json());
};

describe('GET /wp-json/wc/v3/products', () => {
  it('answers the storefront query with contract-shaped products', async () => {
    const list = await productList(storefrontQuery);
    expect(list.length).toBeGreaterThanOrEqual(12);
    const menuOrders = list.map((product) => product.menu_order);
    expect(menuOrders).toEqual([...menuOrders].sort((a, b) => b - a));
  });

  it('leaves hidden and out-of-stock products out of the public list', async () => {
    const slugs = (await productList('per_page=100')).map((product) => product.slug);
    expect(slugs).not.toContain('holiday-gift-tin');
    expect(slugs).not.toContain('pumpkin-spice-harvest');
    expect(slugs).not.toContain('matcha-sesame-test-batch');
    const storefrontSlugs = (await productList(storefrontQuery)).map((product) => product.slug);
    expect(storefrontSlugs).not.toContain('holiday-gift-tin');
    expect(storefrontSlugs).not.toContain('pumpkin-spice-harvest');
  });

  it('includes out-of-stock products when stock_status asks for them, but never hidden ones', async () => {
    const soldOut = await productList('stock_status=outofstock&per_page=100');
    expect(soldOut.map((product) => product.slug)).toEqual(['pumpkin-spice-harvest']);
    const hidden = await productList('catalog_visibility=hidden');
    expect(hidden).toEqual([]);
  });

  it('sorts variations by ascending display_price and attribute options by length', async () => {
    const list = await productList(storefrontQuery);
    const variable = list.filter((product) => product.type === 'variable');
    expect(variable.length).toBeGreaterThanOrEqual(5);
    for (const product of variable) {
      const prices = product.variations.map((variation) => variation.display_price);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      for (const attribute of product.attributes) {
        const lengths = attribute.options.map((option) => option.length);
        expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
      }
      // WooCommerce: a variable product's price is its lowest variation price.
      expect(Number(product.price)).toBe(Math.min(...prices));
      expect(product.regular_price).toBe('');
    }
    const honey = list.find((product) => product.slug === 'honey-oat-classic');
    expect(honey?.attributes[0]?.options).toEqual(['2 lb', '12 oz', '5 lb bulk']);
    const bites = list.find((product) => product.slug === 'granola-bites');
    expect(bites?.variations.map((v) => v.display_price)).toEqual([11, 11.5, 11.5, 25, 26, 26]);
    expect(bites?.attributes.map((a) => a.name)).toEqual(['Flavour', 'Size']);
  });

  it('never shows a wholesale price to a guest', async () => {
    const [row] = await t.database.db
      .select({ count: productVariations.id })
      .from(productVariations)
      .where(eq(productVariations.wholesalePriceCents, 720));
    expect(row).toBeDefined(); // the seed does store wholesale prices
    const res = await get(`/wp-json/wc/v3/products?${storefrontQuery}`);
    expect(res.body).not.toContain('wholesale_price');
    const single = await get('/wp-json/wc/v3/products/1');
    expect(single.body).not.toContain('wholesale_price');
  });

  it('serves money as two-decimal strings', async () => {
    const [crumble] = await productList('slug=apple-cinnamon-crumble');
    expect(crumble).toMatchObject({
      price: '10.50',
      regular_price: '12.50',
      sale_price: '10.50',
      on_sale: true,
    });
  });

  it('sets X-WP-Total, X-WP-TotalPages and a Link header', async () => {
    const res = await get('/wp-json/wc/v3/products?per_page=5&page=2');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-wp-total']).toBe('12');
    expect(res.headers['x-wp-totalpages']).toBe('3');
    const link = String(res.headers.link);
    expect(link).toContain('page=1>; rel="prev"');
    expect(link).toContain('page=3>; rel="next"');
    expect(link).toContain('http://shop.test/wp-json/wc/v3/products?per_page=5&page=3');
  });

  it('answers a page past the end with an empty list, as WooCommerce does', async () => {
    const res = await get('/wp-json/wc/v3/products?per_page=100&page=5');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('rejects per_page=500 with 400 rest_invalid_param', async () => {
    const res = await get('/wp-json/wc/v3/products?per_page=500');
    expect(res.statusCode).toBe(400);
    const body = ApiErrorSchema.parse(res.json());
    expect(body).toMatchObject({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): per_page',
    });
    expect(body.data).toMatchObject({ status: 400 });
    expect(Object.keys(body.data.params ?? {})).toEqual(['per_page']);
  });

  it('rejects an unknown orderby with 400 rest_invalid_param', async () => {
    const res = await get('/wp-json/wc/v3/products?orderby=nonsense');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'rest_invalid_param',
      data: { status: 400, params: { orderby: expect.any(String) } },
    });
  });

  it('refuses non-public statuses to a guest with 401', async () => {
    const res = await get('/wp-json/wc/v3/products?status=draft');
    expect(res.statusCode).toBe(401);
    expect(ApiErrorSchema.parse(res.json())).toMatchObject({
      code: 'woocommerce_rest_cannot_view',
      data: { status: 401 },
    });
    const any = await productList('status=any&per_page=100');
    expect(any.map((product) => product.slug)).not.toContain('matcha-sesame-test-batch');
  });

  it('finds a hidden product by slug but never a draft', async () => {
    const [tin] = await productList('slug=holiday-gift-tin');
    expect(tin?.catalog_visibility).toBe('hidden');
    const draft = await get('/wp-json/wc/v3/products?slug=matcha-sesame-test-batch');
    expect(draft.statusCode).toBe(404);
  });

  it('answers an unknown slug with 404 woocommerce_rest_product_invalid_slug', async () => {
    const res = await get('/wp-json/wc/v3/products?slug=no-such-granola');
    expect(res.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(res.json())).toMatchObject({
      code: 'woocommerce_rest_product_invalid_slug',
      data: { status: 404 },
    });
  });

  it('filters by category, search and price', async () => {
    const vegan = await get('/wp-json/wc/v3/products/categories?slug=vegan');
    const veganId = z.array(ProductCategorySchema).parse(vegan.json())[0]?.id;
    const inVegan = await productList(`category=${veganId}&per_page=100`);
    expect(inVegan.length).toBeGreaterThan(0);
    expect(
      inVegan.every((product) => product.categories.some((category) => category.slug === 'vegan')),
    ).toBe(true);
    const search = await productList('search=pecan');
    expect(search.map((product) => product.slug)).toContain('maple-pecan-crunch');
    const onSale = await productList('on_sale=true&per_page=100');
    expect(onSale.map((product) => product.slug).sort()).toEqual([
      'apple-cinnamon-crumble',
      'maple-pecan-crunch',
    ]);
    const cheap = await productList('max_price=12&per_page=100');
    expect(cheap.every((product) => Number(product.price) <= 12)).toBe(true);
  });

  it('serves food information for every product', async () => {
    const list = await productList(storefrontQuery);
    for (const product of list) {
      expect(product.food.ingredients.length).toBeGreaterThan(10);
      expect(product.food.nutrition.calories).toBeGreaterThan(0);
    }
  });
});

describe('GET /wp-json/wc/v3/products/{id}', () => {
  it('shows a published product with no price as not purchasable, as the cart refuses it', async () => {
    const [row] = await t.database.db
      .select({ id: products.id, regular: products.regularPriceCents })
      .from(products)
      .where(eq(products.slug, 'peanut-butter-banana'));
    const setRegular = (cents: number | null) =>
      t.database.db
        .update(products)
        .set({ regularPriceCents: cents })
        .where(eq(products.id, row!.id));
    await setRegular(null);
    try {
      const product = ProductSchema.parse((await get(`/wp-json/wc/v3/products/${row!.id}`)).json());
      expect(product).toMatchObject({ purchasable: false, price: '0.00', regular_price: '' });
      const rates = await t.app.inject({
        method: 'POST',
        url: '/wp-json/wc/v3/shipping-rates/',
        payload: {
          address_1: '1 Main St',
          city: 'Durham',
          country: 'US',
          state: 'NC',
          postcode: '27701',
          products: [{ product_id: row!.id, quantity: 1 }],
        },
      });
      expect(ApiErrorSchema.parse(rates.json()).code).toBe('larder_not_purchasable');
    } finally {
      await setRegular(row!.regular);
    }
  });

  it('returns one product', async () => {
    const res = await get('/wp-json/wc/v3/products/2');
    expect(res.statusCode).toBe(200);
    expect(ProductSchema.parse(res.json()).id).toBe(2);
  });

  it('returns 404 woocommerce_rest_product_invalid_id for an unknown or draft id', async () => {
    const [draft] = await t.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.status, 'draft'));
    for (const id of [9999, draft!.id]) {
      const res = await get(`/wp-json/wc/v3/products/${id}`);
      expect(res.statusCode).toBe(404);
      expect(ApiErrorSchema.parse(res.json())).toMatchObject({
        code: 'woocommerce_rest_product_invalid_id',
      });
    }
  });
});

describe('GET /wp-json/wc/v3/products/categories', () => {
  it('lists categories with images and visible product counts', async () => {
    const res = await get('/wp-json/wc/v3/products/categories');
    expect(res.statusCode).toBe(200);
    const categories = z.array(ProductCategorySchema).parse(res.json());
    expect(categories.map((category) => category.name)).toEqual(
      [...categories.map((category) => category.name)].sort((a, b) => a.localeCompare(b)),
    );
    expect(
      categories.every((category) => category.image?.src.startsWith('/wp-content/uploads/')),
    ).toBe(true);
    expect(res.headers['x-wp-total']).toBe(String(categories.length));
    // The hidden gift tin is not counted.
    expect(categories.find((category) => category.slug === 'snacks-and-gifts')?.count).toBe(1);
  });

  it('returns one category by id and 404 for an unknown one', async () => {
    const ok = await get('/wp-json/wc/v3/products/categories/1');
    expect(ProductCategorySchema.parse(ok.json()).id).toBe(1);
    const missing = await get('/wp-json/wc/v3/products/categories/999');
    expect(missing.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(missing.json()).data.status).toBe(404);
  });
});
