import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiErrorSchema, ProductCategorySchema, ProductSchema } from '@larder/contract';
import { products, productVariations } from '../../db/schema.ts';
import { seedShippingZones } from '../../../seed/shipping-zones.ts';
import {
  createCategory,
  createProduct,
  createVariableProduct,
  uniqueName,
  type CreatedProduct,
} from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';

const storefrontQuery =
  'per_page=100&catalog_visibility=visible&status=publish&orderby=menu_order&order=desc&stock_status=instock';

let t: TestApp;
/** The test's own catalogue: what the lists below must show, and must not. */
let crumble: CreatedProduct;
let peanutButter: CreatedProduct;
let maplePecan: CreatedProduct;
let honeyOat: CreatedProduct;
let bites: CreatedProduct;
let giftTin: CreatedProduct;
let soldOut: CreatedProduct;
let draft: CreatedProduct;
let vegan: { id: number; slug: string };
/** Published, visible and in stock: 12 products, 3 of them variable. */
const PUBLIC_PRODUCTS = 12;

beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  // The not-purchasable test quotes shipping: the shop's zones, no demo catalogue.
  await seedShippingZones(t.database.db);
  vegan = await createCategory(t, { name: uniqueName('Vegan') });
  crumble = await createProduct(t, {
    name: uniqueName('Apple Cinnamon Crumble'),
    regular_price: '12.50',
    sale_price: '10.50',
    categories: [vegan.slug],
  });
  peanutButter = await createProduct(t, { regular_price: '12.50', wholesale_price: '7.50' });
  maplePecan = await createVariableProduct(t, {
    name: uniqueName('Maple Pecan Crunch'),
    variations: [
      { size: '12 oz', regular_price: '13.00', sale_price: '11.00' },
      { size: '2 lb', regular_price: '30.00' },
    ],
  });
  // Options and prices given out of order: the list sorts them.
  honeyOat = await createVariableProduct(t, {
    variations: [
      { size: '5 lb bulk', regular_price: '60.00', wholesale_price: '36.00' },
      { size: '12 oz', regular_price: '12.00', wholesale_price: '7.20' },
      { size: '2 lb', regular_price: '29.00', wholesale_price: '17.40' },
    ],
  });
  bites = await createVariableProduct(t, {
    categories: [vegan.slug],
    variations: [
      { attributes: { Flavour: 'Cocoa', Size: 'Family' }, regular_price: '26.00' },
      { attributes: { Flavour: 'Cocoa', Size: 'Snack' }, regular_price: '11.50' },
      { attributes: { Flavour: 'Honey', Size: 'Snack' }, regular_price: '11.00' },
      { attributes: { Flavour: 'Honey', Size: 'Family' }, regular_price: '25.00' },
      { attributes: { Flavour: 'Nutty', Size: 'Snack' }, regular_price: '11.50' },
      { attributes: { Flavour: 'Nutty', Size: 'Family' }, regular_price: '26.00' },
    ],
  });
  for (let filler = 0; filler < PUBLIC_PRODUCTS - 5; filler++) {
    await createProduct(t, { regular_price: '14.00' });
  }
  giftTin = await createProduct(t, { regular_price: '39.00', catalog_visibility: 'hidden' });
  soldOut = await createProduct(t, { stock_status: 'outofstock' });
  draft = await createProduct(t, { status: 'draft' });
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
    expect(list.length).toBe(PUBLIC_PRODUCTS);
    const menuOrders = list.map((product) => product.menu_order);
    expect(menuOrders).toEqual([...menuOrders].sort((a, b) => b - a));
  });

  it('leaves hidden and out-of-stock products out of the public list', async () => {
    const slugs = (await productList('per_page=100')).map((product) => product.slug);
    expect(slugs).toContain(peanutButter.slug);
    expect(slugs).not.toContain(giftTin.slug);
    expect(slugs).not.toContain(soldOut.slug);
    expect(slugs).not.toContain(draft.slug);
    const storefrontSlugs = (await productList(storefrontQuery)).map((product) => product.slug);
    expect(storefrontSlugs).not.toContain(giftTin.slug);
    expect(storefrontSlugs).not.toContain(soldOut.slug);
  });

  it('includes out-of-stock products when stock_status asks for them, but never hidden ones', async () => {
    const outOfStock = await productList('stock_status=outofstock&per_page=100');
    expect(outOfStock.map((product) => product.slug)).toEqual([soldOut.slug]);
    const hidden = await productList('catalog_visibility=hidden');
    expect(hidden).toEqual([]);
  });

  it('sorts variations by ascending display_price and attribute options by length', async () => {
    const list = await productList(storefrontQuery);
    const variable = list.filter((product) => product.type === 'variable');
    expect(variable.length).toBe(3);
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
    const honey = list.find((product) => product.slug === honeyOat.slug);
    expect(honey?.attributes[0]?.options).toEqual(['2 lb', '12 oz', '5 lb bulk']);
    const listedBites = list.find((product) => product.slug === bites.slug);
    expect(listedBites?.variations.map((v) => v.display_price)).toEqual([
      11, 11.5, 11.5, 25, 26, 26,
    ]);
    expect(listedBites?.attributes.map((a) => a.name)).toEqual(['Flavour', 'Size']);
  });

  it('never shows a wholesale price to a guest', async () => {
    const [row] = await t.database.db
      .select({ count: productVariations.id })
      .from(productVariations)
      .where(eq(productVariations.wholesalePriceCents, 720));
    expect(row).toBeDefined(); // the catalogue does store wholesale prices
    const res = await get(`/wp-json/wc/v3/products?${storefrontQuery}`);
    expect(res.body).not.toContain('wholesale_price');
    const single = await get(`/wp-json/wc/v3/products/${peanutButter.id}`);
    expect(single.body).not.toContain('wholesale_price');
  });

  it('serves money as two-decimal strings', async () => {
    const [listed] = await productList(`slug=${crumble.slug}`);
    expect(listed).toMatchObject({
      price: '10.50',
      regular_price: '12.50',
      sale_price: '10.50',
      on_sale: true,
    });
  });

  it('sets X-WP-Total, X-WP-TotalPages and a Link header', async () => {
    const res = await get('/wp-json/wc/v3/products?per_page=5&page=2');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-wp-total']).toBe(String(PUBLIC_PRODUCTS));
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
    expect(any.map((product) => product.slug)).not.toContain(draft.slug);
  });

  it('finds a hidden product by slug but never a draft', async () => {
    const [tin] = await productList(`slug=${giftTin.slug}`);
    expect(tin?.catalog_visibility).toBe('hidden');
    const byDraftSlug = await get(`/wp-json/wc/v3/products?slug=${draft.slug}`);
    expect(byDraftSlug.statusCode).toBe(404);
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
    const veganRes = await get(`/wp-json/wc/v3/products/categories?slug=${vegan.slug}`);
    const veganId = z.array(ProductCategorySchema).parse(veganRes.json())[0]?.id;
    const inVegan = await productList(`category=${veganId}&per_page=100`);
    expect(inVegan.length).toBeGreaterThan(0);
    expect(
      inVegan.every((product) =>
        product.categories.some((category) => category.slug === vegan.slug),
      ),
    ).toBe(true);
    const search = await productList('search=pecan');
    expect(search.map((product) => product.slug)).toEqual([maplePecan.slug]);
    const onSale = await productList('on_sale=true&per_page=100');
    expect(onSale.map((product) => product.slug).sort()).toEqual(
      [crumble.slug, maplePecan.slug].sort(),
    );
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
      .where(eq(products.id, peanutButter.id));
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
    const res = await get(`/wp-json/wc/v3/products/${crumble.id}`);
    expect(res.statusCode).toBe(200);
    expect(ProductSchema.parse(res.json()).id).toBe(crumble.id);
  });

  it('returns 404 woocommerce_rest_product_invalid_id for an unknown or draft id', async () => {
    for (const id of [9999, draft.id]) {
      const res = await get(`/wp-json/wc/v3/products/${id}`);
      expect(res.statusCode).toBe(404);
      expect(ApiErrorSchema.parse(res.json())).toMatchObject({
        code: 'woocommerce_rest_product_invalid_id',
      });
    }
  });
});

// The category list is about the demo's categories (their images, the hidden tin left uncounted).
describe('GET /wp-json/wc/v3/products/categories', () => {
  let seeded: TestApp;
  beforeAll(async () => {
    seeded = await buildTestApp();
  });
  afterAll(() => seeded.close());
  const get = (url: string) => seeded.app.inject({ method: 'GET', url });

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

describe('the demo catalogue', () => {
  let seeded: TestApp;
  beforeAll(async () => {
    seeded = await buildTestApp();
  });
  afterAll(() => seeded.close());

  it("gives each size its own bag, the smallest size the product's own image (decision 0043)", async () => {
    const res = await seeded.app.inject({
      method: 'GET',
      url: '/wp-json/wc/v3/products?slug=maple-pecan-crunch',
    });
    const [product] = z.array(ProductSchema).parse(res.json());
    const bySize = Object.fromEntries(
      product!.variations.map((variation) => [variation.attributes.Size, variation.image]),
    );
    expect(bySize['12 oz']?.src).toBe(product!.images[0]?.src);
    expect(bySize['2 lb']).toMatchObject({
      src: '/wp-content/uploads/product-maple-pecan-crunch-2-lb.svg',
      alt: 'A 2 lb bag of Larder & Oat Maple Pecan Crunch granola',
    });
    expect(bySize['5 lb bulk']?.src).toBe(
      '/wp-content/uploads/product-maple-pecan-crunch-5-lb-bulk.svg',
    );
  });
});
