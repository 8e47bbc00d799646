import type { CartLineRequest, FoodInfo } from '@larder/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media, productImages, products, productVariations } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { guestViewer, type Viewer } from '../../http/viewer.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { priceCart, stockKey, type LinesField } from './cart-pricing.ts';

// Products made here with known prices, so each case of the price rule is visible in the test.
let t: TestApp;
const wholesaleBuyer: Viewer = {
  isGuest: false,
  customerId: 7,
  role: 'wholesale_customer',
  canSeeWholesale: true,
  isOwner: false,
};
const retailCustomer: Viewer = {
  isGuest: false,
  customerId: 8,
  role: 'customer',
  canSeeWholesale: false,
  isOwner: false,
};

const food: FoodInfo = {
  ingredients: 'Oats.',
  allergens: [],
  may_contain: [],
  dietary_tags: [],
  nutrition: {
    serving_size: '50 g',
    servings_per_container: '7',
    calories: 200,
    total_fat_g: 8,
    saturated_fat_g: 1,
    trans_fat_g: 0,
    cholesterol_mg: 0,
    sodium_mg: 50,
    total_carbohydrate_g: 30,
    dietary_fiber_g: 4,
    total_sugars_g: 9,
    added_sugars_g: 6,
    protein_g: 5,
  },
};

const ids = {
  /** $12.50, wholesale $7.50, unmanaged stock, one image. */
  wholesaleSimple: 0,
  /** $12.50 on sale at $10.50, no wholesale price. */
  onSale: 0,
  /** Published but with no price. */
  noPrice: 0,
  draft: 0,
  soldOut: 0,
  /** $5.00, 3 counted. */
  counted: 0,
  /** Counted stock gone below zero. */
  oversold: 0,
  variable: 0,
  /** $20.00 (sale $18.00), wholesale $12.00, own stock 4, own image, own SKU. */
  bigBag: 0,
  /** $9.00, no wholesale price, no own stock or SKU: the parent's 5 and SKU. */
  smallBag: 0,
  soldOutBag: 0,
  /** A variable product without managed stock, whose variation counts nothing either. */
  uncounted: 0,
  uncountedBag: 0,
};

const productRow = (slug: string, fields: Partial<typeof products.$inferInsert> = {}) => ({
  name: slug.replace(/-/g, ' '),
  slug,
  type: 'simple' as const,
  sku: slug.toUpperCase(),
  food,
  ...fields,
});

beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  const { db } = t.database;
  const [photo, bagPhoto] = await db
    .insert(media)
    .values([
      {
        slug: 'oats',
        title: 'Oats',
        file: 'oats.jpg',
        mimeType: 'image/jpeg',
        width: 8,
        height: 8,
      },
      { slug: 'bag', title: 'Bag', file: 'bag.jpg', mimeType: 'image/jpeg', width: 8, height: 8 },
    ])
    .returning();
  const rows = await db
    .insert(products)
    .values([
      productRow('wholesale-simple', { regularPriceCents: 1250, wholesalePriceCents: 750 }),
      productRow('on-sale', { regularPriceCents: 1250, salePriceCents: 1050 }),
      productRow('no-price'),
      productRow('draft', { status: 'draft', regularPriceCents: 1000 }),
      productRow('sold-out', { regularPriceCents: 1000, stockStatus: 'outofstock' }),
      productRow('counted', { regularPriceCents: 500, manageStock: true, stockQuantity: 3 }),
      productRow('oversold', { regularPriceCents: 500, manageStock: true, stockQuantity: -2 }),
      productRow('variable', {
        type: 'variable',
        manageStock: true,
        stockQuantity: 5,
        attributes: [
          { name: 'Size', options: ['2 lb', '12 oz'], visible: true, variation: true },
          { name: 'Grind', options: ['Fine'], visible: true, variation: true },
        ],
      }),
      productRow('uncounted', { type: 'variable' }),
    ])
    .returning({ id: products.id, slug: products.slug });
  const idOf = (slug: string) => rows.find((row) => row.slug === slug)!.id;
  ids.wholesaleSimple = idOf('wholesale-simple');
  ids.onSale = idOf('on-sale');
  ids.noPrice = idOf('no-price');
  ids.draft = idOf('draft');
  ids.soldOut = idOf('sold-out');
  ids.counted = idOf('counted');
  ids.oversold = idOf('oversold');
  ids.variable = idOf('variable');
  ids.uncounted = idOf('uncounted');
  await db.insert(productImages).values({ productId: ids.wholesaleSimple, mediaId: photo!.id });
  await db.insert(productImages).values({ productId: ids.variable, mediaId: photo!.id });
  const bags = await db
    .insert(productVariations)
    .values([
      {
        productId: ids.variable,
        sku: 'BAG-2LB',
        // Stored in another order than the product's attributes: lines follow the product's.
        attributes: { Grind: 'Fine', Size: '2 lb' },
        regularPriceCents: 2000,
        salePriceCents: 1800,
        wholesalePriceCents: 1200,
        stockQuantity: 4,
        imageMediaId: bagPhoto!.id,
      },
      { productId: ids.variable, attributes: { Size: '12 oz' }, regularPriceCents: 900 },
      {
        productId: ids.variable,
        sku: 'BAG-GONE',
        attributes: { Size: '5 lb' },
        regularPriceCents: 4000,
        stockStatus: 'outofstock',
      },
      { productId: ids.uncounted, attributes: { Size: '12 oz' }, regularPriceCents: 700 },
    ])
    .returning({ id: productVariations.id });
  [ids.bigBag, ids.smallBag, ids.soldOutBag, ids.uncountedBag] = bags.map((bag) => bag.id) as [
    number,
    number,
    number,
    number,
  ];
});
afterAll(() => t.close());

const price = (lines: CartLineRequest[], viewer: Viewer = guestViewer, field?: LinesField) =>
  priceCart(t.database.db, lines, viewer, field ?? 'line_items');

/** The ApiError priceCart refused with. */
async function refusal(lines: CartLineRequest[], viewer: Viewer = guestViewer, field?: LinesField) {
  const error = await price(lines, viewer, field).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ApiError);
  const { status, code, message, params } = error as ApiError;
  return { status, code, message, params };
}

describe('priceCart: the price rule', () => {
  it('charges a wholesale buyer the wholesale price of a simple product, anyone else retail', async () => {
    const line = { product_id: ids.wholesaleSimple, quantity: 2 };
    const wholesale = await price([line], wholesaleBuyer);
    expect(wholesale.lines[0]).toMatchObject({ unitPriceCents: 750, totalCents: 1500 });
    expect(wholesale.subtotalCents).toBe(1500);
    for (const viewer of [guestViewer, retailCustomer]) {
      const retail = await price([line], viewer);
      expect(retail.lines[0]).toMatchObject({ unitPriceCents: 1250, totalCents: 2500 });
    }
  });

  it('charges the sale price while there is one, also to a wholesale buyer without a wholesale price', async () => {
    for (const viewer of [guestViewer, wholesaleBuyer]) {
      const cart = await price([{ product_id: ids.onSale, quantity: 3 }], viewer);
      expect(cart.lines[0]).toMatchObject({ unitPriceCents: 1050, totalCents: 3150 });
    }
  });

  it("charges a wholesale buyer a variation's wholesale price, and retail for a variation without one", async () => {
    const lines = [
      { product_id: ids.variable, variation_id: ids.bigBag, quantity: 1 },
      { product_id: ids.variable, variation_id: ids.smallBag, quantity: 2 },
    ];
    const wholesale = await price(lines, wholesaleBuyer);
    expect(wholesale.lines.map((line) => [line.unitPriceCents, line.totalCents])).toEqual([
      [1200, 1200],
      [900, 1800],
    ]);
    expect(wholesale.subtotalCents).toBe(3000);
    const retail = await price(lines, retailCustomer);
    expect(retail.lines.map((line) => line.unitPriceCents)).toEqual([1800, 900]);
    expect(retail.subtotalCents).toBe(3600);
    expect(retail.itemCount).toBe(3);
  });

  it('refuses a published product with no price as not purchasable, whoever asks', async () => {
    for (const viewer of [guestViewer, wholesaleBuyer]) {
      expect(await refusal([{ product_id: ids.noPrice, quantity: 1 }], viewer)).toMatchObject({
        status: 409,
        code: 'larder_not_purchasable',
      });
    }
  });

  it('answers for a draft as for a product that does not exist', async () => {
    expect(await refusal([{ product_id: ids.draft, quantity: 1 }])).toMatchObject({
      status: 400,
      code: 'rest_invalid_param',
    });
  });
});

describe('priceCart: lines', () => {
  it("names a variation line after the product and its values in the product's attribute order", async () => {
    const cart = await price([{ product_id: ids.variable, variation_id: ids.bigBag, quantity: 1 }]);
    expect(cart.lines[0]).toEqual({
      productId: ids.variable,
      variationId: ids.bigBag,
      quantity: 1,
      name: 'variable – 2 lb – Fine',
      parentName: 'variable',
      sku: 'BAG-2LB',
      unitPriceCents: 1800,
      totalCents: 1800,
      attributes: [
        { key: 'Size', value: '2 lb' },
        { key: 'Grind', value: 'Fine' },
      ],
      image: { id: expect.any(Number), src: '/wp-content/uploads/bag.jpg' },
      stockQuantity: 4,
      taxStatus: 'taxable',
      taxClass: '',
    });
  });

  it("gives a variation without its own SKU, image or stock the product's", async () => {
    const cart = await price([
      { product_id: ids.variable, variation_id: ids.smallBag, quantity: 1 },
    ]);
    expect(cart.lines[0]).toMatchObject({
      name: 'variable – 12 oz',
      sku: 'VARIABLE',
      attributes: [{ key: 'Size', value: '12 oz' }],
      image: { src: '/wp-content/uploads/oats.jpg' },
      stockQuantity: 5,
    });
  });

  it('counts no stock for items whose stock is not managed', async () => {
    const cart = await price([
      { product_id: ids.uncounted, variation_id: ids.uncountedBag, quantity: 50 },
      { product_id: ids.wholesaleSimple, quantity: 50 },
    ]);
    expect(cart.lines.map((line) => line.stockQuantity)).toEqual([null, null]);
    expect(cart.lines[0]!.image).toEqual({ id: 0, src: '' });
  });

  it('describes a simple line with its own name, SKU, image and counted stock', async () => {
    const simple = await price([{ product_id: ids.wholesaleSimple, quantity: 1 }]);
    expect(simple.lines[0]).toEqual({
      productId: ids.wholesaleSimple,
      variationId: 0,
      quantity: 1,
      name: 'wholesale simple',
      parentName: null,
      sku: 'WHOLESALE-SIMPLE',
      unitPriceCents: 1250,
      totalCents: 1250,
      attributes: [],
      image: { id: expect.any(Number), src: '/wp-content/uploads/oats.jpg' },
      stockQuantity: null,
      taxStatus: 'taxable',
      taxClass: '',
    });
    const counted = await price([{ product_id: ids.counted, quantity: 1 }]);
    expect(counted.lines[0]).toMatchObject({ stockQuantity: 3, image: { id: 0, src: '' } });
  });

  it('answers an empty cart with no lines and nothing to pay', async () => {
    expect(await price([])).toEqual({ lines: [], subtotalCents: 0, itemCount: 0 });
  });
});

describe('priceCart: refusals', () => {
  it('names the line and the request field of an unknown product', async () => {
    const lines = [
      { product_id: ids.onSale, quantity: 1 },
      { product_id: 999_999, quantity: 1 },
    ];
    expect(await refusal(lines, guestViewer, 'products')).toEqual({
      status: 400,
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): products',
      params: { products: 'Line 2: there is no product 999999.' },
    });
    expect((await refusal(lines, guestViewer, 'line_items')).params).toEqual({
      line_items: 'Line 2: there is no product 999999.',
    });
  });

  it('refuses a variation id on a simple product, and a variable product without a known variation', async () => {
    expect(
      (await refusal([{ product_id: ids.onSale, variation_id: ids.bigBag, quantity: 1 }])).params,
    ).toEqual({ line_items: `Line 1: on sale has no variation ${ids.bigBag}.` });
    expect((await refusal([{ product_id: ids.variable, quantity: 1 }])).params).toEqual({
      line_items: 'Line 1: choose an option of variable (variation_id).',
    });
    expect(
      (await refusal([{ product_id: ids.variable, variation_id: ids.uncountedBag, quantity: 1 }]))
        .params,
    ).toEqual({ line_items: `Line 1: variable has no variation ${ids.uncountedBag}.` });
  });

  it('refuses a sold-out product or variation as out of stock', async () => {
    for (const line of [
      { product_id: ids.soldOut, quantity: 1 },
      { product_id: ids.variable, variation_id: ids.soldOutBag, quantity: 1 },
    ]) {
      expect(await refusal([line])).toMatchObject({ status: 409, code: 'larder_out_of_stock' });
    }
  });

  it('checks the lines of one item against its stock together, and lets exactly the stock through', async () => {
    const line = { product_id: ids.counted, quantity: 2 };
    // A signed-in customer is told the count left (a guest only that there is not enough).
    expect(await refusal([line, line], retailCustomer)).toMatchObject({
      status: 409,
      code: 'larder_out_of_stock',
      // The wording is the error helper's; the count left is this check's.
      message: expect.stringMatching(/\b3\b/),
    });
    const exactly = await price([line, { ...line, quantity: 1 }]);
    expect(exactly.itemCount).toBe(3);
  });

  it("checks a variation's own stock apart from its parent's", async () => {
    const big = { product_id: ids.variable, variation_id: ids.bigBag, quantity: 4 };
    const small = { product_id: ids.variable, variation_id: ids.smallBag, quantity: 5 };
    expect((await price([big, small])).itemCount).toBe(9);
    expect(await refusal([{ ...big, quantity: 5 }], retailCustomer)).toMatchObject({
      message: expect.stringMatching(/\b4\b.*variable – 2 lb – Fine|variable – 2 lb – Fine.*\b4\b/),
    });
  });

  it('says an item whose counted stock went below zero is out of stock', async () => {
    const oversold = await refusal([{ product_id: ids.oversold, quantity: 1 }]);
    expect(oversold).toMatchObject({ status: 409, code: 'larder_out_of_stock' });
    expect(oversold.message).toMatch(/out of stock/);
    expect(oversold.message).not.toMatch(/-2/);
  });
});

describe('stockKey', () => {
  it('tells items apart by product and variation', () => {
    expect(stockKey({ productId: 3, variationId: 0 })).toBe('3:0');
    expect(stockKey({ productId: 3, variationId: 9 })).toBe('3:9');
  });
});
