import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ApiErrorSchema,
  apiPaths,
  CartDiscountsSchema,
  couponApiPaths,
  ProductSchema,
  ShippingRateSchema,
  type Product,
  type StoredCartItem,
} from '@larder/contract';
import { aBuyer } from './place-order.ts';
import { buildTestApp, type TestApp } from './test-app.ts';

/**
 * Spec §7 sends shipping-rates "products (cart items)" as the browser stores them (§3: id,
 * quantity, the full product, price, optional notes; a variation's line also carries
 * variation_id and variation). Issue 17: accepted beside WooCommerce's lines, and priced by the
 * server whatever product and price they carry.
 */
let t: TestApp;
let simple: Product;
let variable: Product;
beforeAll(async () => {
  t = await buildTestApp();
  // The storefront's own read (spec §7), so the items carry the product exactly as it stores it.
  const res = await t.app.inject({
    url: `${apiPaths.products}?per_page=100&catalog_visibility=visible&status=publish&orderby=menu_order&order=desc&stock_status=instock`,
  });
  const listed = z.array(ProductSchema).parse(res.json());
  simple = listed.find((product) => product.type === 'simple')!;
  variable = listed.find((product) => product.type === 'variable' && product.variations.length)!;
});
afterAll(() => t.close());

// North Carolina taxes food, so the rates' taxes also show the lines were priced by the server.
const address = {
  address_1: '1 Main St',
  city: 'Durham',
  country: 'US',
  state: 'NC',
  postcode: '27701',
};

/** Spec §3's cart items, as the storefront's cart keeps them. */
function storedItems(): StoredCartItem[] {
  const variation = variable.variations[0]!;
  return [
    { id: simple.id, quantity: 2, product: simple, price: Number(simple.price), notes: 'A gift' },
    {
      id: variation.variation_id,
      quantity: 1,
      product: variable,
      price: variation.display_price,
      variation_id: variation.variation_id,
      variation: variation.attributes,
    },
  ];
}

const wooLines = () => [
  { product_id: simple.id, quantity: 2 },
  { product_id: variable.id, variation_id: variable.variations[0]!.variation_id, quantity: 1 },
];

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

describe('POST /shipping-rates/ with the cart items as the browser stores them', () => {
  it('answers the same rates and taxes as for the same lines in WooCommerce’s shape', async () => {
    const asWoo = await post(apiPaths.shippingRates, { ...address, products: wooLines() });
    const asStored = await post(apiPaths.shippingRates, { ...address, products: storedItems() });
    expect(asStored.statusCode, asStored.body).toBe(200);
    const rates = z.array(ShippingRateSchema).parse(asStored.json());
    expect(rates.length).toBeGreaterThan(0);
    expect(rates).toEqual(asWoo.json());
  });

  it('never reads the price or product sent: a cheap price and another product change nothing', async () => {
    const honest = await post(apiPaths.shippingRates, { ...address, products: storedItems() });
    const doctored = storedItems().map((item) => ({
      ...item,
      price: 0.01,
      product: { ...item.product, price: '0.01', regular_price: '0.01', name: 'Free granola' },
      variation: item.variation ? { Size: '50 lb' } : undefined,
    }));
    const res = await post(apiPaths.shippingRates, { ...address, products: doctored });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(honest.json());
    expect(honest.json()[0].tax.cart_tax).toBeGreaterThan(0);
  });

  it('takes a cart that mixes both shapes', async () => {
    const [storedSimple] = storedItems();
    const [, wooVariation] = wooLines();
    const mixed = await post(apiPaths.shippingRates, {
      ...address,
      products: [storedSimple, wooVariation],
    });
    const asWoo = await post(apiPaths.shippingRates, { ...address, products: wooLines() });
    expect(mixed.statusCode, mixed.body).toBe(200);
    expect(mixed.json()).toEqual(asWoo.json());
  });

  it.each([
    [
      'a quantity of 0',
      (item: StoredCartItem) => ({ ...item, quantity: 0 }),
      'Quantities start at 1.',
    ],
    [
      'a product without its id',
      (item: StoredCartItem) => ({ ...item, product: { name: 'Granola' } }),
      'Each line needs a product_id.',
    ],
    [
      'an id that is neither the variation’s nor the product’s',
      (item: StoredCartItem) => ({ ...item, id: item.id + 1000 }),
      'A cart item’s id is its variation_id for a variation, else its product’s id.',
    ],
    [
      'a price that is not a number',
      (item: StoredCartItem) => ({ ...item, price: '12.00' }),
      'A cart item’s price is a number.',
    ],
    [
      'neither a product_id nor a product',
      (item: StoredCartItem) => ({ id: item.id, quantity: 1 }),
      'Send each line as {product_id, variation_id, quantity}, or as the cart stores it ({id, quantity, product}).',
    ],
  ])('refuses %s with 400 rest_invalid_param naming the line', async (_label, spoil, message) => {
    const [first, second] = storedItems();
    const res = await post(apiPaths.shippingRates, {
      ...address,
      products: [first, spoil(second!)],
    });
    expect(res.statusCode, res.body).toBe(400);
    const error = ApiErrorSchema.parse(res.json());
    expect(error.code).toBe('rest_invalid_param');
    expect(error.data.params).toEqual({ products: `Line 2: ${message}` });
  });

  it('refuses an item of a product that does not exist as it refuses a line, naming it', async () => {
    const [first, second] = storedItems();
    const missing = { ...first!, id: 987_654, product: { ...first!.product, id: 987_654 } };
    const res = await post(apiPaths.shippingRates, { ...address, products: [second, missing] });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.params).toEqual({ products: 'Line 2: there is no product 987654.' });
  });

  it('takes a cart of full products larger than the 64 KB of a form', async () => {
    const [item] = storedItems();
    const products = Array.from({ length: 40 }, () => ({ ...item!, quantity: 1 }));
    expect(JSON.stringify(products).length).toBeGreaterThan(64 * 1024);
    const res = await post(apiPaths.shippingRates, { ...address, products });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('describes both shapes of a line in the OpenAPI document', () => {
    const doc = t.app.swagger() as {
      paths: Record<
        string,
        { post: { requestBody: { content: Record<string, { schema: unknown }> } } }
      >;
    };
    const content = doc.paths[apiPaths.shippingRates]!.post.requestBody.content;
    const body = z
      .object({
        properties: z.object({
          products: z.object({
            items: z.object({ anyOf: z.array(z.object({ required: z.array(z.string()) })) }),
          }),
        }),
      })
      .parse(content['application/json']!.schema);
    expect(body.properties.products.items.anyOf.map((shape) => shape.required.sort())).toEqual([
      ['product_id', 'quantity'],
      ['id', 'product', 'quantity'],
    ]);
  });
});

describe('POST /larder/v1/cart/discounts with the stored cart items', () => {
  it('quotes the codes on the server’s prices, whatever price the items carry', async () => {
    const cheap = storedItems().map((item) => ({ ...item, price: 0.01 }));
    const coupon_lines = [{ code: 'WELCOME10' }];
    const asWoo = await post(couponApiPaths.cartDiscounts, { products: wooLines(), coupon_lines });
    const asStored = await post(couponApiPaths.cartDiscounts, { products: cheap, coupon_lines });
    expect(asStored.statusCode, asStored.body).toBe(200);
    const quote = CartDiscountsSchema.parse(asStored.json());
    expect(quote).toEqual(asWoo.json());
    const variationCents = Math.round(variable.variations[0]!.display_price * 100);
    expect(quote.subtotal).toBe(
      ((2 * Math.round(Number(simple.price) * 100) + variationCents) / 100).toFixed(2),
    );
    expect(Number(quote.discount_total)).toBeGreaterThan(0);
  });
});

describe('POST /orders keeps WooCommerce’s line_items', () => {
  it('refuses a stored cart item as a line item, naming the line (spec §7: the order’s own shape)', async () => {
    const [first] = storedItems();
    const res = await post(apiPaths.orders, {
      payment_method: 'stripe',
      billing: aBuyer,
      line_items: [first],
      shipping_lines: [{ method_id: 'flat_rate', instance_id: 1 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.params).toEqual({ line_items: 'Line 1: Each line needs a product_id.' });
  });
});
