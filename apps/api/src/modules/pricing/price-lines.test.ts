import type { CartLineRequest } from '@larder/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../http/errors.ts';
import { guestViewer, type Viewer } from '../../http/viewer.ts';
import { priceLines, type CartProductRow, type LinesField } from './cart-pricing.ts';

// priceLines on rows built here: the same rule pricing.test.ts checks on a database, fast enough for
// mutation testing (npm run mutate).
const wholesaleBuyer: Viewer = {
  isGuest: false,
  customerId: 7,
  role: 'wholesale_customer',
  canSeeWholesale: true,
  isOwner: false,
};

type MediaRow = NonNullable<CartProductRow['variations'][number]['image']>;
type VariationRow = CartProductRow['variations'][number];

const created = new Date('2026-03-02T15:00:00Z');
const aMedia = (id: number, file: string): MediaRow => ({
  id,
  slug: file,
  title: file,
  altText: '',
  file,
  mimeType: 'image/jpeg',
  width: 8,
  height: 8,
  sizes: {},
  createdAt: created,
  modifiedAt: created,
});

function aProduct(id: number, fields: Partial<CartProductRow> = {}): CartProductRow {
  return {
    id,
    name: `Product ${id}`,
    slug: `product-${id}`,
    type: 'simple',
    status: 'publish',
    featured: false,
    catalogVisibility: 'visible',
    sku: `P${id}`,
    regularPriceCents: 1250,
    salePriceCents: null,
    wholesalePriceCents: null,
    wholesaleCaseSize: 1,
    wholesaleMinQuantity: 1,
    wholesaleTiers: [],
    priceCents: 1250,
    manageStock: false,
    stockQuantity: null,
    stockStatus: 'instock',
    weight: '',
    length: '',
    width: '',
    height: '',
    reviewsAllowed: true,
    totalSales: 0,
    menuOrder: 0,
    attributes: [],
    taxStatus: 'taxable' as const,
    taxClass: '' as const,
    createdAt: created,
    modifiedAt: created,
    variations: [],
    images: [],
    ...fields,
  };
}

const aVariation = (id: number, productId: number, fields: Partial<VariationRow> = {}) => ({
  id,
  productId,
  sku: '',
  attributes: { Size: '12 oz' },
  regularPriceCents: 900,
  salePriceCents: null,
  wholesalePriceCents: null,
  wholesaleCaseSize: null,
  wholesaleMinQuantity: null,
  wholesaleTiers: null,
  stockStatus: 'instock' as const,
  stockQuantity: null,
  weight: '',
  imageMediaId: null,
  menuOrder: 0,
  taxClass: 'parent' as const,
  image: null,
  ...fields,
});

const withImage = (productId: number, media: MediaRow) => [
  { productId, mediaId: media.id, position: 0, media },
];

const oats = aMedia(1, 'oats.jpg');
const bag = aMedia(2, 'bag.jpg');

const bags = aProduct(20, {
  name: 'Bags',
  sku: 'BAGS',
  type: 'variable',
  regularPriceCents: null,
  manageStock: true,
  stockQuantity: 5,
  attributes: [
    { name: 'Size', options: ['2 lb', '12 oz'], visible: true, variation: true },
    { name: 'Grind', options: ['Fine'], visible: true, variation: true },
  ],
  images: withImage(20, oats),
  variations: [
    aVariation(21, 20, {
      sku: 'BAG-2LB',
      attributes: { Grind: 'Fine', Size: '2 lb' },
      regularPriceCents: 2000,
      salePriceCents: 1800,
      wholesalePriceCents: 1200,
      stockQuantity: 4,
      imageMediaId: bag.id,
      image: bag,
    }),
    aVariation(22, 20),
    aVariation(23, 20, { stockStatus: 'outofstock', attributes: { Size: '5 lb' } }),
  ],
});

const price = (
  rows: CartProductRow[],
  lines: CartLineRequest[],
  viewer: Viewer = guestViewer,
  field: LinesField = 'line_items',
) => priceLines(rows, lines, viewer, field);

function refusal(
  rows: CartProductRow[],
  lines: CartLineRequest[],
  viewer: Viewer = guestViewer,
  field: LinesField = 'line_items',
) {
  try {
    price(rows, lines, viewer, field);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    const { status, code, message, params } = error as ApiError;
    return { status, code, message, params };
  }
  throw new Error('priceLines accepted the lines');
}

describe('priceLines: the price rule', () => {
  it('charges a wholesale buyer the wholesale price of a simple product, anyone else retail', () => {
    const simple = aProduct(1, { wholesalePriceCents: 750 });
    const line = { product_id: 1, quantity: 2 };
    expect(price([simple], [line], wholesaleBuyer).lines[0]).toMatchObject({
      unitPriceCents: 750,
      totalCents: 1500,
    });
    expect(price([simple], [line]).lines[0]).toMatchObject({
      unitPriceCents: 1250,
      totalCents: 2500,
    });
  });

  it('charges the sale price, also to a wholesale buyer of an item without a wholesale price', () => {
    const onSale = aProduct(1, { salePriceCents: 1050 });
    for (const viewer of [guestViewer, wholesaleBuyer]) {
      expect(price([onSale], [{ product_id: 1, quantity: 3 }], viewer).lines[0]).toMatchObject({
        unitPriceCents: 1050,
        totalCents: 3150,
      });
    }
  });

  it("charges a wholesale buyer a variation's wholesale price, and retail for a variation without one", () => {
    const lines = [
      { product_id: 20, variation_id: 21, quantity: 1 },
      { product_id: 20, variation_id: 22, quantity: 2 },
    ];
    const wholesale = price([bags], lines, wholesaleBuyer);
    expect(wholesale.lines.map((line) => [line.unitPriceCents, line.totalCents])).toEqual([
      [1200, 1200],
      [900, 1800],
    ]);
    expect(wholesale).toMatchObject({ subtotalCents: 3000, itemCount: 3 });
    const retail = price([bags], lines);
    expect(retail.lines.map((line) => line.unitPriceCents)).toEqual([1800, 900]);
    expect(retail.subtotalCents).toBe(3600);
  });

  it('refuses a published product with no price as not purchasable', () => {
    const noPrice = aProduct(1, { regularPriceCents: null, wholesalePriceCents: 750 });
    for (const viewer of [guestViewer, wholesaleBuyer]) {
      const refused = refusal([noPrice], [{ product_id: noPrice.id, quantity: 1 }], viewer);
      expect(refused).toMatchObject({ status: 409, code: 'larder_not_purchasable' });
      expect(refused.message).not.toBe('');
    }
  });

  it('answers for a product not published as for one that does not exist, without its name', () => {
    const draft = aProduct(2, { status: 'draft', name: 'Secret draft' });
    const privateOne = aProduct(3, { status: 'private', name: 'Secret private' });
    for (const [row, viewer] of [
      [draft, guestViewer],
      [privateOne, wholesaleBuyer],
    ] as const) {
      const refused = refusal([row], [{ product_id: row.id, quantity: 1 }], viewer);
      expect(refused).toMatchObject({ status: 400, code: 'rest_invalid_param' });
      expect(JSON.stringify(refused)).not.toContain('Secret');
    }
  });
});

describe('priceLines: lines', () => {
  it("names a variation line after the product and its values in the product's attribute order", () => {
    expect(price([bags], [{ product_id: 20, variation_id: 21, quantity: 1 }]).lines[0]).toEqual({
      productId: 20,
      variationId: 21,
      quantity: 1,
      name: 'Bags – 2 lb – Fine',
      parentName: 'Bags',
      sku: 'BAG-2LB',
      unitPriceCents: 1800,
      totalCents: 1800,
      attributes: [
        { key: 'Size', value: '2 lb' },
        { key: 'Grind', value: 'Fine' },
      ],
      image: { id: 2, src: '/wp-content/uploads/bag.jpg' },
      stockQuantity: 4,
      taxStatus: 'taxable',
      taxClass: '',
    });
  });

  it("gives a variation without its own SKU, image or stock the product's", () => {
    expect(
      price([bags], [{ product_id: 20, variation_id: 22, quantity: 1 }]).lines[0],
    ).toMatchObject({
      name: 'Bags – 12 oz',
      sku: 'BAGS',
      attributes: [{ key: 'Size', value: '12 oz' }],
      image: { id: 1, src: '/wp-content/uploads/oats.jpg' },
      stockQuantity: 5,
    });
  });

  it("counts a variation's stock only where it or its product counts it", () => {
    const uncounted = { ...bags, manageStock: false, stockQuantity: 40, images: [] };
    const line = price([uncounted], [{ product_id: 20, variation_id: 22, quantity: 50 }]).lines[0];
    expect(line).toMatchObject({ stockQuantity: null, image: { id: 0, src: '' } });
    // Counted without a quantity set: nothing left, as WooCommerce reads it.
    const countedWithoutQuantity = { ...bags, stockQuantity: null };
    const line22 = { product_id: 20, variation_id: 22, quantity: 1 };
    expect(refusal([countedWithoutQuantity], [line22]).code).toBe('larder_out_of_stock');
    const simple = aProduct(1, { manageStock: true, stockQuantity: null });
    expect(refusal([simple], [{ product_id: 1, quantity: 1 }]).code).toBe('larder_out_of_stock');
  });

  it('describes a simple line with its own name, SKU, image and stock', () => {
    const simple = aProduct(1, { images: withImage(1, oats) });
    expect(price([simple], [{ product_id: 1, quantity: 1 }]).lines[0]).toEqual({
      productId: 1,
      variationId: 0,
      quantity: 1,
      name: 'Product 1',
      parentName: null,
      sku: 'P1',
      unitPriceCents: 1250,
      totalCents: 1250,
      attributes: [],
      image: { id: 1, src: '/wp-content/uploads/oats.jpg' },
      stockQuantity: null,
      taxStatus: 'taxable',
      taxClass: '',
    });
    const counted = aProduct(2, { manageStock: true, stockQuantity: 3 });
    expect(price([counted], [{ product_id: 2, quantity: 1 }]).lines[0]).toMatchObject({
      stockQuantity: 3,
      image: { id: 0, src: '' },
    });
  });

  it('answers an empty cart with no lines and nothing to pay', () => {
    expect(price([], [])).toEqual({ lines: [], subtotalCents: 0, itemCount: 0 });
  });
});

describe('priceLines: refusals', () => {
  it('names the line and the request field of an unknown product', () => {
    const lines = [
      { product_id: 1, quantity: 1 },
      { product_id: 99, quantity: 1 },
    ];
    expect(refusal([aProduct(1)], lines, guestViewer, 'products')).toEqual({
      status: 400,
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): products',
      params: { products: 'Line 2: there is no product 99.' },
    });
    expect(refusal([aProduct(1)], lines).params).toEqual({
      line_items: 'Line 2: there is no product 99.',
    });
  });

  it('refuses a variation id on a simple product, and a variable product without a known variation', () => {
    expect(
      refusal([aProduct(1)], [{ product_id: 1, variation_id: 21, quantity: 1 }]).params,
    ).toEqual({ line_items: 'Line 1: Product 1 has no variation 21.' });
    expect(refusal([bags], [{ product_id: 20, quantity: 1 }]).params).toEqual({
      line_items: 'Line 1: choose an option of Bags (variation_id).',
    });
    expect(refusal([bags], [{ product_id: 20, variation_id: 0, quantity: 1 }]).params).toEqual({
      line_items: 'Line 1: choose an option of Bags (variation_id).',
    });
    expect(refusal([bags], [{ product_id: 20, variation_id: 99, quantity: 1 }]).params).toEqual({
      line_items: 'Line 1: Bags has no variation 99.',
    });
  });

  it('refuses a sold-out product or variation as out of stock', () => {
    const soldOut = aProduct(1, { stockStatus: 'outofstock' });
    expect(refusal([soldOut], [{ product_id: 1, quantity: 1 }])).toMatchObject({
      status: 409,
      code: 'larder_out_of_stock',
    });
    expect(refusal([bags], [{ product_id: 20, variation_id: 23, quantity: 1 }])).toMatchObject({
      status: 409,
      code: 'larder_out_of_stock',
      message: expect.stringContaining('Bags – 5 lb'),
    });
  });

  it('checks the lines of one item against its stock together, and lets exactly the stock through', () => {
    const counted = aProduct(1, { manageStock: true, stockQuantity: 3 });
    const line = { product_id: 1, quantity: 2 };
    // A signed-in buyer is told the count left (a guest only that there is not enough).
    const tooMany = refusal([counted], [line, line], wholesaleBuyer);
    expect(tooMany).toMatchObject({ status: 409, code: 'larder_out_of_stock' });
    // The wording is the error helper's; the count left is this check's.
    expect(tooMany.message).toMatch(/\b3\b/);
    expect(price([counted], [line, { ...line, quantity: 1 }]).itemCount).toBe(3);
  });

  it("checks a variation's own stock apart from its parent's", () => {
    const big = { product_id: 20, variation_id: 21, quantity: 4 };
    const small = { product_id: 20, variation_id: 22, quantity: 5 };
    expect(price([bags], [big, small]).itemCount).toBe(9);
    const tooMany = refusal([bags], [{ ...big, quantity: 5 }], wholesaleBuyer);
    expect(tooMany.message).toMatch(/\b4\b/);
    expect(tooMany.message).toContain('Bags – 2 lb – Fine');
  });

  it('says an item whose counted stock went below zero is out of stock', () => {
    const oversold = aProduct(1, { manageStock: true, stockQuantity: -2 });
    const refused = refusal([oversold], [{ product_id: 1, quantity: 1 }]);
    expect(refused).toMatchObject({ status: 409, code: 'larder_out_of_stock' });
    expect(refused.message).toMatch(/out of stock/);
    expect(refused.message).not.toMatch(/-2/);
  });
});

describe('priceLines: wholesale ordering rules (decision 0037)', () => {
  const tiers = [
    { minQuantity: 60, priceCents: 550 },
    { minQuantity: 120, priceCents: 500 },
  ];
  const honeyOat = aProduct(5, {
    name: 'Honey Oat Classic',
    wholesalePriceCents: 600,
    wholesaleCaseSize: 12,
    wholesaleMinQuantity: 12,
    wholesaleTiers: tiers,
  });
  const units = (quantity: number, viewer: Viewer = wholesaleBuyer) =>
    price([honeyOat], [{ product_id: 5, quantity }], viewer).lines[0]!.unitPriceCents;
  const details = (rows: CartProductRow[], lines: CartLineRequest[]) => {
    try {
      price(rows, lines, wholesaleBuyer);
    } catch (error) {
      const { status, code, message, details } = error as ApiError;
      return { status, code, message, details };
    }
    throw new Error('priceLines accepted the lines');
  };

  it('charges each break from its first unit, and the wholesale price below the first', () => {
    expect([12, 48, 60, 108, 120, 240].map((quantity) => units(quantity))).toEqual([
      600, 600, 550, 550, 500, 500,
    ]);
    expect(
      price([honeyOat], [{ product_id: 5, quantity: 120 }], wholesaleBuyer).subtotalCents,
    ).toBe(60000);
  });

  it('refuses a part case on its line, naming the line and the quantities to order', () => {
    expect(
      details(
        [aProduct(1), honeyOat],
        [
          { product_id: 1, quantity: 1 },
          { product_id: 5, quantity: 13 },
        ],
      ),
    ).toEqual({
      status: 409,
      code: 'larder_wholesale_case_size',
      message: 'Honey Oat Classic comes in cases of 12: order 12, 24, 36…',
      details: {
        line: 1,
        product_id: 5,
        variation_id: 0,
        name: 'Honey Oat Classic',
        case_size: 12,
        min_quantity: 12,
      },
    });
  });

  it('refuses whole cases below the minimum', () => {
    const twoCases = { ...honeyOat, wholesaleMinQuantity: 24 };
    expect(details([twoCases], [{ product_id: 5, quantity: 12 }])).toMatchObject({
      status: 409,
      code: 'larder_wholesale_min_quantity',
      message: 'Honey Oat Classic has a wholesale minimum of 24: order at least 24.',
    });
  });

  it('leaves a retail shopper and a guest without cases, minimums or breaks', () => {
    const shopper: Viewer = { ...wholesaleBuyer, role: 'customer', canSeeWholesale: false };
    for (const viewer of [guestViewer, shopper]) {
      expect(units(1, viewer)).toBe(1250);
      expect(units(120, viewer)).toBe(1250);
    }
  });

  it('applies no rule to a wholesale buyer’s line without a wholesale price (charged retail)', () => {
    const retailOnly = { ...honeyOat, wholesalePriceCents: null, wholesaleTiers: [] };
    expect(
      price([retailOnly], [{ product_id: 5, quantity: 1 }], wholesaleBuyer).lines[0],
    ).toMatchObject({
      unitPriceCents: 1250,
    });
  });

  it("sells a variation without rules of its own by its product's, and one with its own by those", () => {
    const cased = {
      ...bags,
      wholesaleCaseSize: 6,
      wholesaleMinQuantity: 6,
      wholesaleTiers: [{ minQuantity: 12, priceCents: 1100 }],
      manageStock: false,
      variations: [
        aVariation(21, 20, { attributes: { Size: '2 lb' }, wholesalePriceCents: 1200 }),
        aVariation(22, 20, {
          wholesalePriceCents: 700,
          wholesaleCaseSize: 1,
          wholesaleMinQuantity: 2,
          wholesaleTiers: [],
        }),
      ],
    };
    const inherited = (quantity: number) => ({ product_id: 20, variation_id: 21, quantity });
    expect(price([cased], [inherited(12)], wholesaleBuyer).lines[0]!.unitPriceCents).toBe(1100);
    expect(price([cased], [inherited(6)], wholesaleBuyer).lines[0]!.unitPriceCents).toBe(1200);
    expect(details([cased], [inherited(7)])).toMatchObject({
      code: 'larder_wholesale_case_size',
      message: 'Bags – 2 lb comes in cases of 6: order 6, 12, 18…',
      details: { line: 0, product_id: 20, variation_id: 21 },
    });
    const own = (quantity: number) => ({ product_id: 20, variation_id: 22, quantity });
    expect(price([cased], [own(3)], wholesaleBuyer).lines[0]!.unitPriceCents).toBe(700);
    expect(details([cased], [own(1)])).toMatchObject({ code: 'larder_wholesale_min_quantity' });
  });
});
