import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiErrorSchema,
  apiPaths,
  CartDiscountsSchema,
  couponApiPaths,
  CouponSchema,
  OrderSchema,
  type CouponCreate,
  type OrderCreate,
  type ShippingRate,
} from '@larder/contract';
import { seedShippingZones } from '../../../seed/shipping-zones.ts';
import {
  createCategory,
  createProduct,
  createWholesaleBuyer,
  uniqueName,
} from '../../../test/factories.ts';
import { aBuyer } from '../../../test/place-order.ts';
import { mailTo } from '../../../test/outbox.ts';
import { payOrder, signedInCustomer, uniqueEmail, type Session } from '../../../test/sessions.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';

let clock = new Date('2026-11-26T12:00:00Z');
const now = () => clock;

let t: TestApp;
let owner: Session;
let oats: number;
let honey: number;
let inTins: { id: number; slug: string };

beforeAll(async () => {
  t = await buildTestApp({ now, seed: false });
  await seedShippingZones(t.database.db);
  owner = await signedInCustomer(t.app, t.database.db, { role: 'administrator' });
  inTins = await createCategory(t);
  oats = (await createProduct(t, { regular_price: '12.00' })).id;
  honey = (await createProduct(t, { regular_price: '7.99', categories: [inTins.slug] })).id;
});
afterAll(() => t.close());

const code = (base = 'CODE') => uniqueName(base).replace(/\W+/g, '').toUpperCase();

async function createCoupon(overrides: Partial<CouponCreate> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: couponApiPaths.coupons,
    headers: owner.bearer,
    payload: { code: code(), discount_type: 'percent', amount: '10', ...overrides },
  });
  if (res.statusCode !== 201) throw new Error(`coupon: ${res.statusCode} ${res.body}`);
  return CouponSchema.parse(res.json());
}

/** Places an order with codes through the real rates and order routes (cheapest rate). */
async function order(
  lines: OrderCreate['line_items'],
  codes: string[],
  options: { session?: Session; email?: string } = {},
) {
  const headers = options.session?.bearer ?? {};
  const rates = await t.app.inject({
    method: 'POST',
    url: apiPaths.shippingRates,
    headers,
    payload: { ...aBuyer, products: lines },
  });
  const [rate] = rates.json<ShippingRate[]>();
  return t.app.inject({
    method: 'POST',
    url: apiPaths.orders,
    headers,
    payload: {
      customer_id: options.session?.id ?? 0,
      payment_method: 'stripe',
      billing: { ...aBuyer, email: options.email ?? options.session?.email ?? uniqueEmail() },
      line_items: lines,
      shipping_lines: [{ method_id: rate!.method_id, instance_id: rate!.instance_id }],
      coupon_lines: codes.map((c) => ({ code: c })),
    },
  });
}

const placed = async (...args: Parameters<typeof order>) => {
  const res = await order(...args);
  expect(res.statusCode, res.body).toBe(201);
  return OrderSchema.parse(res.json());
};

const refusal = async (...args: Parameters<typeof order>) => {
  const res = await order(...args);
  expect(res.statusCode, res.body).toBe(400);
  const error = ApiErrorSchema.parse(res.json());
  expect(error.code).toBe('woocommerce_rest_invalid_coupon');
  return { message: error.message, data: res.json().data };
};

describe('POST /orders with coupon_lines', () => {
  it('a percent code takes its share off each line and the total', async () => {
    const { code: percent } = await createCoupon({ amount: '10' });
    const result = await placed(
      [
        { product_id: oats, quantity: 2 },
        { product_id: honey, quantity: 1 },
      ],
      [percent.toLowerCase()],
    );
    // $24.00 and $7.99: 10 % is 2.40 and 0.80 (79.9 rounds up).
    expect(result.line_items.map((line) => [line.subtotal, line.total])).toEqual([
      ['24.00', '21.60'],
      ['7.99', '7.19'],
    ]);
    expect(result.discount_total).toBe('3.20');
    expect(result.coupon_lines).toEqual([
      expect.objectContaining({ code: percent, discount: '3.20', discount_tax: '0.00' }),
    ]);
    expect(result.shipping_total).toBe('6.95');
    expect(result.total).toBe('35.74'); // 31.99 − 3.20 + 6.95
  });

  it('a fixed-cart code is spread over the lines in proportion and sums exactly', async () => {
    const { code: fixed } = await createCoupon({ discount_type: 'fixed_cart', amount: '5' });
    const result = await placed(
      [
        { product_id: oats, quantity: 1 },
        { product_id: honey, quantity: 1 },
      ],
      [fixed],
    );
    // 500 × 1200/1999 = 300.15 → 300, 500 × 799/1999 = 199.85 → 199, one cent to the $12 line.
    expect(result.line_items.map((line) => line.total)).toEqual(['8.99', '6.00']);
    expect(result.discount_total).toBe('5.00');
    expect(result.total).toBe('21.94'); // 19.99 − 5.00 + 6.95
  });

  it('a fixed-per-product code limited to a category discounts only that category', async () => {
    const { code: perTin } = await createCoupon({
      discount_type: 'fixed_product',
      amount: '1.50',
      product_categories: [inTins.id],
    });
    const result = await placed(
      [
        { product_id: oats, quantity: 1 },
        { product_id: honey, quantity: 2 },
      ],
      [perTin],
    );
    expect(result.line_items.map((line) => line.total)).toEqual(['12.00', '12.98']);
    expect(result.discount_total).toBe('3.00');
  });

  it('a free-shipping code makes the chosen rate free', async () => {
    const { code: free } = await createCoupon({
      discount_type: 'fixed_cart',
      amount: '0',
      free_shipping: true,
      minimum_amount: '20',
    });
    const result = await placed([{ product_id: oats, quantity: 2 }], [free]);
    expect(result.shipping_total).toBe('0.00');
    expect(result.shipping_lines[0]!.total).toBe('0.00');
    expect(result.discount_total).toBe('0.00');
    expect(result.coupon_lines[0]).toMatchObject({ code: free, free_shipping: true });
    expect(result.total).toBe('24.00');
  });

  it('the confirmation email shows each line before the code and a Discount row naming it', async () => {
    const { code: percent } = await createCoupon({ amount: '10' });
    const email = uniqueEmail('receipt');
    const result = await placed([{ product_id: oats, quantity: 2 }], [percent], { email });
    await payOrder(t.app, null, result);
    const [mail] = mailTo(t.config.dataDir, email);
    expect(mail?.text).toMatch(/2 × .*\$24\.00/);
    expect(mail?.text).toContain(`Discount: −$2.40 (${percent})`);
    expect(mail?.text).toContain('$28.55'); // 24.00 − 2.40 + 6.95
    expect(mail?.html).toContain(percent);
  });

  it('an order without codes has no code lines and no discount', async () => {
    const result = await placed([{ product_id: oats, quantity: 1 }], []);
    expect(result.coupon_lines).toEqual([]);
    expect(result.discount_total).toBe('0.00');
    expect(result.line_items[0]!.total).toBe(result.line_items[0]!.subtotal);
  });
});

describe('POST /orders refuses a code with a message naming it', () => {
  const cart = () => [{ product_id: oats, quantity: 1 }];

  it('an unknown code, with the code in data and nothing written', async () => {
    const { message, data } = await refusal(cart(), ['NOSUCHCODE']);
    expect(message).toBe('The code NOSUCHCODE does not exist. Check its spelling.');
    expect(data).toMatchObject({ status: 400, coupon: 'NOSUCHCODE' });
    expect(data.params.coupon_lines).toBe(message);
  });

  it('an expired code and one not valid yet', async () => {
    const { code: old } = await createCoupon({ date_expires: '2026-11-01' });
    expect((await refusal(cart(), [old])).message).toBe(
      `The code ${old} expired on November 1, 2026.`,
    );
    const { code: soon } = await createCoupon({ date_starts: '2026-12-24' });
    expect((await refusal(cart(), [soon])).message).toBe(
      `The code ${soon} is not valid yet: it starts on December 24, 2026.`,
    );
  });

  it('a code under its minimum spend', async () => {
    const { code: big } = await createCoupon({ minimum_amount: '50' });
    expect((await refusal(cart(), [big])).message).toBe(
      `The code ${big} needs an order of at least $50.00 before discounts; your cart comes to $12.00.`,
    );
  });

  it('a code for products not in the cart', async () => {
    const { code: other } = await createCoupon({ product_ids: [honey] });
    expect((await refusal(cart(), [other])).message).toBe(
      `The code ${other} does not apply to anything in your cart.`,
    );
  });

  it('a code that cannot be combined', async () => {
    const { code: solo } = await createCoupon({ individual_use: true });
    const { code: other } = await createCoupon();
    expect((await refusal(cart(), [other, solo])).message).toBe(
      `The code ${solo} cannot be used with other codes. Remove one of them.`,
    );
  });

  it('a retail-only code for a wholesale account', async () => {
    const { code: retail } = await createCoupon({ price_list: 'retail' });
    const trade = await createWholesaleBuyer(t);
    expect((await refusal(cart(), [retail], { session: trade })).message).toBe(
      `The code ${retail} is for retail orders, not wholesale accounts.`,
    );
  });

  it('a first-order code for a guest email that has ordered before', async () => {
    const { code: first } = await createCoupon({ first_order_only: true });
    const email = uniqueEmail('returning');
    await placed(cart(), [], { email });
    expect((await refusal(cart(), [first], { email: email.toUpperCase() })).message).toBe(
      `The code ${first} is for a first order only.`,
    );
    await placed(cart(), [first], { email: uniqueEmail('new') });
  });
});

describe('usage limits', () => {
  const cart = () => [{ product_id: oats, quantity: 1 }];

  it('two buyers racing for the last use: one gets it, the other is told it is used up', async () => {
    const { code: last, id } = await createCoupon({ usage_limit: 1 });
    const results = await Promise.all([order(cart(), [last]), order(cart(), [last])]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([201, 400]);
    const refused = results.find((res) => res.statusCode === 400)!;
    expect(refused.json().message).toBe(`The code ${last} has been used up.`);
    const coupon = await t.app.inject({
      method: 'GET',
      url: `${couponApiPaths.coupons}/${id}`,
      headers: owner.bearer,
    });
    expect(coupon.json().usage_count).toBe(1);
  });

  it('a cancelled unpaid order gives its use back', async () => {
    const { code: once, id } = await createCoupon({ usage_limit: 1 });
    await placed(cart(), [once]);
    expect((await refusal(cart(), [once])).message).toBe(`The code ${once} has been used up.`);
    // The hold lapses: the next order with the code cancels the unpaid order and takes its use.
    clock = new Date(clock.getTime() + 61 * 60_000);
    await placed(cart(), [once]);
    const coupon = await t.app.inject({
      method: 'GET',
      url: `${couponApiPaths.coupons}/${id}`,
      headers: owner.bearer,
    });
    expect(coupon.json().usage_count).toBe(1);
  });

  it('per customer: by account, and by billing email for guests', async () => {
    const { code: once } = await createCoupon({ usage_limit_per_user: 1 });
    const shopper = await signedInCustomer(t.app, t.database.db);
    await placed(cart(), [once], { session: shopper });
    expect((await refusal(cart(), [once], { session: shopper })).message).toBe(
      `You have already used the code ${once}.`,
    );
    const email = uniqueEmail('guest');
    await placed(cart(), [once], { email });
    expect((await refusal(cart(), [once], { email })).message).toBe(
      `You have already used the code ${once}.`,
    );
    await placed(cart(), [once], { email: uniqueEmail('someone-else') });
  });
});

describe(`POST ${couponApiPaths.cartDiscounts}`, () => {
  const quote = (payload: object) =>
    t.app.inject({ method: 'POST', url: couponApiPaths.cartDiscounts, payload });

  it('quotes what the codes take off each line, as the order will', async () => {
    const { code: percent } = await createCoupon({ amount: '25' });
    const res = await quote({
      products: [
        { product_id: oats, quantity: 1 },
        { product_id: honey, quantity: 1 },
      ],
      coupon_lines: [{ code: percent }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = CartDiscountsSchema.parse(res.json());
    expect(body).toMatchObject({
      subtotal: '19.99',
      discount_total: '5.00',
      free_shipping: false,
      line_items: [
        { subtotal: '12.00', total: '9.00' },
        { subtotal: '7.99', total: '5.99' },
      ],
    });
    expect(body.coupon_lines[0]).toMatchObject({ code: percent, discount: '5.00' });
  });

  it('refuses an unknown code as the order would', async () => {
    const res = await quote({
      products: [{ product_id: oats, quantity: 1 }],
      coupon_lines: [{ code: 'NOPE' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'woocommerce_rest_invalid_coupon',
      data: { coupon: 'NOPE' },
    });
  });

  it('400 with params for an empty cart', async () => {
    const res = await quote({ products: [], coupon_lines: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.params).toHaveProperty('products');
  });
});

describe(couponApiPaths.coupons, () => {
  it('an owner creates, reads, lists, changes and deletes a code in WooCommerce’s shape', async () => {
    const name = code('SPRING');
    const created = await createCoupon({
      code: name,
      discount_type: 'fixed_product',
      amount: '2.5',
      minimum_amount: '20',
      usage_limit: 100,
      product_ids: [oats],
      excluded_product_categories: [inTins.id],
      date_expires: '2027-01-01',
      price_list: 'wholesale',
    });
    expect(created).toMatchObject({
      code: name,
      discount_type: 'fixed_product',
      amount: '2.50',
      minimum_amount: '20.00',
      usage_limit: 100,
      usage_count: 0,
      product_ids: [oats],
      excluded_product_categories: [inTins.id],
      date_expires_gmt: '2027-01-01T00:00:00',
      price_list: 'wholesale',
      first_order_only: false,
    });

    const list = await t.app.inject({
      method: 'GET',
      url: `${couponApiPaths.coupons}?search=${name.slice(0, 8).toLowerCase()}&per_page=1`,
      headers: owner.bearer,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()[0].code).toBe(name);
    expect(list.headers['x-wp-total']).toBe('1');

    const changed = await t.app.inject({
      method: 'PUT',
      url: `${couponApiPaths.coupons}/${created.id}`,
      headers: owner.bearer,
      payload: { amount: 3, date_expires: null },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ amount: '3.00', date_expires: null, code: name });

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${couponApiPaths.coupons}/${created.id}?force=true`,
      headers: owner.bearer,
    });
    expect(removed.statusCode).toBe(200);
    const gone = await t.app.inject({
      method: 'GET',
      url: `${couponApiPaths.coupons}/${created.id}`,
      headers: owner.bearer,
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('woocommerce_rest_shop_coupon_invalid_id');
  });

  it('400 naming the field for a bad amount, a percentage over 100 and a date that does not exist', async () => {
    for (const [payload, field] of [
      [{ code: code(), amount: 'ten' }, 'amount'],
      [{ code: code(), discount_type: 'percent', amount: '120' }, 'amount'],
      [{ code: code(), date_expires: '2027-02-30' }, 'date_expires'],
      [{ code: '' }, 'code'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: couponApiPaths.coupons,
        headers: owner.bearer,
        payload,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().data.params).toHaveProperty(field);
    }
  });

  it('409 for a code another coupon has, whatever its case', async () => {
    const { code: taken } = await createCoupon();
    const res = await t.app.inject({
      method: 'POST',
      url: couponApiPaths.coupons,
      headers: owner.bearer,
      payload: { code: taken.toLowerCase() },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('woocommerce_rest_coupon_code_already_exists');
  });

  it('401 for a guest and 403 for a customer, before the body is read', async () => {
    const shopper = await signedInCustomer(t.app, t.database.db);
    const asGuest = await t.app.inject({
      method: 'POST',
      url: couponApiPaths.coupons,
      payload: { code: 'FREE100', amount: 'bad' },
    });
    expect(asGuest.statusCode).toBe(401);
    const asShopper = await t.app.inject({
      method: 'GET',
      url: couponApiPaths.coupons,
      headers: shopper.bearer,
    });
    expect(asShopper.statusCode).toBe(403);
    expect(asShopper.json().code).toBe('woocommerce_rest_cannot_view');
  });

  it('404 for an unknown id on change and delete', async () => {
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: `${couponApiPaths.coupons}/999999`,
        headers: owner.bearer,
        ...(method === 'PUT' ? { payload: { amount: '1' } } : {}),
      });
      expect(res.statusCode).toBe(404);
    }
  });
});
