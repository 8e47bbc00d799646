import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ApiErrorSchema, OrderSchema, type OrderCreate, type ShippingRate } from '@larder/contract';
import { orderItems, orderPayments, orders, products, productVariations } from '../../db/schema.ts';
import { loadConfig } from '../../config.ts';
import type { Viewer } from '../../http/viewer.ts';
import { seedShippingZones } from '../../../seed/shipping-zones.ts';
import {
  createProduct,
  createVariableProduct,
  totalSalesOf,
  uniqueName,
} from '../../../test/factories.ts';
import { payOrder, signedInCustomer } from '../../../test/sessions.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { shippingQuoteHooks } from '../../services.ts';
import { createReadCacheVersion } from '../../http/read-cache.ts';
import { createActivityRepo } from '../activity/activity.repo.ts';
import { createActivityService } from '../activity/activity.service.ts';
import { createCouponsService } from '../coupons/coupons.service.ts';
import { createShippingRepo } from '../shipping/shipping.repo.ts';
import { createShippingService } from '../shipping/shipping.service.ts';
import { createTaxService } from '../tax/tax.service.ts';
import { createOrdersService } from './orders.service.ts';

const ORDERS = '/wp-json/wc/v3/orders';
const RATES = '/wp-json/wc/v3/shipping-rates/';

let t: TestApp;
/** The app's clock: tests move it forward instead of waiting for holds to expire. */
let clock = new Date('2026-03-02T15:00:00Z');
const now = () => clock;
const advanceMinutes = (minutes: number) => {
  clock = new Date(clock.getTime() + minutes * 60_000);
};

/** Simple products: $12.50 and $39.00, and a variable one whose 12 oz bag is $12.00. */
let peanutButter: number;
let peanutButterName: string;
let giftTin: number;
let giftTinName: string;
let honeyOat: number;
let honeyOatName: string;
let honeyOatSmall: number;

/** A service on the same database and clock, for viewers the HTTP layer cannot produce yet (sign-in). */
const service = () => {
  const activity = createActivityService(createActivityRepo(t.database.db));
  const versions = createReadCacheVersion(t.database.db);
  const tax = createTaxService(t.database.db, { activity, versions });
  const coupons = createCouponsService(t.database.db, { activity, now });
  const orders = createOrdersService(t.database.db, {
    holdMinutes: 60,
    maxHeldUnits: 999,
    shipping: createShippingService(t.database.db, createShippingRepo(t.database.db), {
      ...shippingQuoteHooks(tax, coupons, () => orders),
      versions,
    }),
    tax,
    coupons,
    now,
  });
  return orders;
};

beforeAll(async () => {
  // Orders need only the shop's shipping zones; the products are the test's own.
  t = await buildTestApp({ now, seed: false });
  await seedShippingZones(t.database.db);
  ({ id: peanutButter, name: peanutButterName } = await createProduct(t, {
    name: uniqueName('Peanut Butter Banana'),
    regular_price: '12.50',
  }));
  ({ id: giftTin, name: giftTinName } = await createProduct(t, {
    name: uniqueName('Holiday Gift Tin'),
    regular_price: '39.00',
  }));
  const honey = await createVariableProduct(t, { name: uniqueName('Honey Oat Classic') });
  honeyOat = honey.id;
  honeyOatName = honey.name;
  honeyOatSmall = honey.variations.find((variation) => variation.size === '12 oz')!.id;
});
afterAll(() => t.close());

const billing = {
  first_name: 'Ada',
  last_name: 'Baker',
  address_1: '200 Broadway',
  city: 'New York',
  state: 'NY',
  postcode: '10007',
  country: 'US',
  email: 'ada@example.com',
  phone: '+1 212 555 0100',
};

async function quote(
  lines: OrderCreate['line_items'],
  address = billing,
  app = t.app,
): Promise<ShippingRate[]> {
  const res = await app.inject({
    method: 'POST',
    url: RATES,
    payload: {
      address_1: address.address_1,
      city: address.city,
      country: address.country,
      state: address.state,
      postcode: address.postcode,
      products: lines,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A valid order for the lines with the cheapest rate the app (the shared one by default) quotes. */
async function anOrder(
  lines: OrderCreate['line_items'],
  overrides: Partial<OrderCreate> = {},
  app = t.app,
): Promise<OrderCreate> {
  const [rate] = await quote(lines, billing, app);
  return {
    customer_id: 0,
    payment_method: 'stripe',
    payment_method_title: 'Credit Card (Stripe)',
    billing,
    line_items: lines,
    shipping_lines: [{ method_id: rate!.method_id, instance_id: rate!.instance_id }],
    customer_note: 'Happy birthday, Sam!',
    // The service is also called directly (signed-in viewers): it takes the parsed body.
    coupon_lines: [],
    ...overrides,
  };
}

const postOrder = (body: unknown) =>
  t.app.inject({ method: 'POST', url: ORDERS, payload: body as object });

const orderCount = async () => (await t.database.db.select({ n: count() }).from(orders))[0]!.n;

const stockOf = async (id: number) =>
  (
    await t.database.db
      .select({ quantity: products.stockQuantity, status: products.stockStatus })
      .from(products)
      .where(eq(products.id, id))
  )[0]!;

async function setStock(id: number, quantity: number | null) {
  await t.database.db
    .update(products)
    .set({
      manageStock: quantity !== null,
      stockQuantity: quantity,
      stockStatus: quantity === null || quantity > 0 ? 'instock' : 'outofstock',
    })
    .where(eq(products.id, id));
}

beforeEach(async () => {
  // Earlier tests' pending orders would give their held units back to stock set afresh below.
  await t.database.db
    .update(orders)
    .set({ status: 'cancelled', stockState: 'released' })
    .where(eq(orders.status, 'pending'));
  await setStock(peanutButter, null);
  await setStock(giftTin, null);
});

describe('POST /orders', () => {
  it('prices every line from the database and ignores prices, totals and status in the body', async () => {
    const body = await anOrder([
      { product_id: peanutButter, quantity: 2 },
      { product_id: honeyOat, variation_id: honeyOatSmall, quantity: 1 },
    ]);
    const tampered = {
      ...body,
      status: 'processing',
      set_paid: true,
      total: '0.01',
      line_items: body.line_items.map((line) => ({
        ...line,
        price: 0.01,
        total: '0.01',
        subtotal: '0.01',
      })),
    };
    const res = await postOrder(tampered);
    expect(res.statusCode, res.body).toBe(201);
    const order = OrderSchema.parse(res.json());
    const [smallBag] = await t.database.db
      .select()
      .from(productVariations)
      .where(eq(productVariations.id, honeyOatSmall));
    const smallCents = smallBag!.salePriceCents ?? smallBag!.regularPriceCents;
    expect(order.status).toBe('pending');
    expect(order.needs_payment).toBe(true);
    expect(order.order_key).toMatch(/^wc_order_[A-Za-z0-9_-]{16}$/);
    expect(
      order.line_items.map((line) => [line.name, line.quantity, line.total, line.price]),
    ).toEqual([
      [peanutButterName, 2, '25.00', 12.5],
      [`${honeyOatName} – 12 oz`, 1, (smallCents / 100).toFixed(2), smallCents / 100],
    ]);
    expect(order.line_items[1]!.meta_data).toEqual([
      { id: 1, key: 'Size', value: '12 oz', display_key: 'Size', display_value: '12 oz' },
    ]);
    // Standard shipping, $6.95 a parcel: the subtotal is under the $50.00 free-shipping threshold.
    expect(2500 + smallCents).toBeLessThan(5000);
    expect(order.shipping_lines[0]).toMatchObject({ method_id: 'flat_rate', total: '6.95' });
    expect(order.shipping_total).toBe('6.95');
    expect(order.total).toBe(((2500 + smallCents + 695) / 100).toFixed(2));
    expect(order.customer_note).toBe('Happy birthday, Sam!');
    expect(order.billing.email).toBe('ada@example.com');
    expect(order.shipping).toMatchObject({ address_1: '200 Broadway', state: 'NY', phone: '' });
    expect(order.date_created_gmt).toBe(clock.toISOString().slice(0, 19));
    expect(order.date_hold_expires_gmt).toBe(
      new Date(clock.getTime() + 60 * 60_000).toISOString().slice(0, 19),
    );
  });

  it('ships to the shipping address when one is given, and quotes for it', async () => {
    const lines = [{ product_id: peanutButter, quantity: 1 }];
    const durham = {
      first_name: 'Sam',
      last_name: 'Baker',
      address_1: '1 Main St',
      city: 'Durham',
      state: 'nc',
      postcode: '27701',
      country: 'US',
    };
    const [pickup] = await quote(lines, { ...billing, ...durham, state: 'NC' });
    expect(pickup!.method_id).toBe('local_pickup');
    const res = await postOrder(
      await anOrder(lines, {
        shipping: durham,
        shipping_lines: [{ method_id: 'local_pickup', instance_id: pickup!.instance_id }],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const order = OrderSchema.parse(res.json());
    expect(order.shipping).toMatchObject({ city: 'Durham', state: 'NC' });
    expect(order.shipping_lines[0]).toMatchObject({
      method_id: 'local_pickup',
      method_title: 'Pick up at the bakery (Durham)',
      total: '0.00',
    });
    expect(order.total).toBe('12.50');
  });

  it('returns 400 larder_invalid_shipping_rate for a rate not offered to the address, and writes nothing', async () => {
    const lines = [{ product_id: peanutButter, quantity: 1 }];
    const durhamRates = await quote(lines, {
      ...billing,
      city: 'Durham',
      state: 'NC',
      postcode: '27701',
    });
    const pickup = durhamRates.find((rate) => rate.method_id === 'local_pickup')!;
    const before = await orderCount();
    const res = await postOrder(
      await anOrder(lines, {
        shipping_lines: [{ method_id: 'local_pickup', instance_id: pickup.instance_id }],
      }),
    );
    expect(res.statusCode).toBe(400);
    const error = ApiErrorSchema.parse(res.json());
    expect(error.code).toBe('larder_invalid_shipping_rate');
    expect(error.message).toBe(
      'That shipping method is not available for this address and cart. Choose one of: Standard shipping, Expedited shipping.',
    );
    expect(await orderCount()).toBe(before);
  });

  it('refuses to ship abroad with 400 naming the shipping country, yet takes a billing address abroad', async () => {
    const lines = [{ product_id: peanutButter, quantity: 1 }];
    const toronto = {
      first_name: 'Ada',
      last_name: 'Baker',
      address_1: '1 King St W',
      city: 'Toronto',
      state: 'ON',
      postcode: 'M5H 1A1',
      country: 'CA',
    };
    const before = await orderCount();
    const abroad = await postOrder(await anOrder(lines, { shipping: toronto }));
    expect(abroad.statusCode).toBe(400);
    expect(abroad.json()).toMatchObject({
      code: 'rest_invalid_param',
      data: {
        status: 400,
        params: {
          'shipping.country':
            'We ship to United States addresses only, so we cannot ship to this address.',
        },
      },
    });
    expect(await orderCount()).toBe(before);

    const billedAbroad = await postOrder(
      await anOrder(lines, {
        billing: { ...billing, ...toronto },
        shipping: { ...billing, first_name: 'Ada', last_name: 'Baker' },
      }),
    );
    expect(billedAbroad.statusCode, billedAbroad.body).toBe(201);
    expect(OrderSchema.parse(billedAbroad.json()).shipping_lines[0]!.total).toBe('6.95');
  });

  it('returns 400 with a field message for a state that is not in the country', async () => {
    const res = await postOrder(
      await anOrder([{ product_id: peanutButter, quantity: 1 }], {
        billing: { ...billing, state: 'ON' },
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'rest_invalid_param',
      data: {
        status: 400,
        params: {
          'billing.state': 'ON is not a state of United States. Choose one from the list.',
        },
      },
    });
  });

  it('returns 400 per field for a bad billing address and an empty cart', async () => {
    const body = await anOrder([{ product_id: peanutButter, quantity: 1 }]);
    const res = await postOrder({
      ...body,
      billing: { ...billing, email: 'not-an-email' },
      line_items: [],
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().data.params)).toEqual(
      expect.arrayContaining(['billing', 'line_items']),
    );
  });

  it('returns 403 when a guest names a customer_id', async () => {
    const res = await postOrder(
      await anOrder([{ product_id: peanutButter, quantity: 1 }], { customer_id: 5 }),
    );
    expect(res.statusCode).toBe(403);
    expect(ApiErrorSchema.parse(res.json()).code).toBe('woocommerce_rest_cannot_create');
  });

  it('refuses more than the stock with 409 naming the product, without the count to a guest, and writes nothing', async () => {
    await setStock(giftTin, 3);
    const lines = [
      { product_id: peanutButter, quantity: 1 },
      { product_id: giftTin, quantity: 4 },
    ];
    const body = await anOrder([{ product_id: giftTin, quantity: 1 }], { line_items: lines });
    const before = await orderCount();
    const res = await postOrder(body);
    expect(res.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(res.json())).toMatchObject({
      code: 'larder_out_of_stock',
      message: `Not enough of ${giftTinName} in stock. Lower the quantity in your cart to continue.`,
    });
    expect(res.body).not.toMatch(/\b3\b/);
    expect(await orderCount()).toBe(before);
    expect(await stockOf(giftTin)).toEqual({ quantity: 3, status: 'instock' });

    // This app's clock is fixed in the past, so sessions cannot sign in: the service takes a customer.
    await expect(
      service().create({ ...body, customer_id: 7 } as never, customer(7), {
        ip: '127.0.0.1',
        userAgent: 'test',
      }),
    ).rejects.toMatchObject({
      status: 409,
      message: `Only 3 left of ${giftTinName}. Lower the quantity in your cart to continue.`,
    });
    expect(await orderCount()).toBe(before);
  });

  it('answers for a draft or private product as for one that does not exist, without its name', async () => {
    const body = await anOrder([{ product_id: giftTin, quantity: 1 }]);
    for (const status of ['draft', 'private'] as const) {
      await t.database.db
        .update(products)
        .set({ status, name: 'Secret Winter Blend' })
        .where(eq(products.id, giftTin));
      try {
        const before = await orderCount();
        const res = await postOrder(body);
        expect(res.statusCode).toBe(400);
        expect(ApiErrorSchema.parse(res.json())).toMatchObject({
          code: 'rest_invalid_param',
          data: { params: { line_items: `Line 1: there is no product ${giftTin}.` } },
        });
        const missing = await postOrder({
          ...body,
          line_items: [{ product_id: 999_999, quantity: 1 }],
        });
        expect(missing.json().data.params.line_items).toBe('Line 1: there is no product 999999.');
        const rates = await t.app.inject({
          method: 'POST',
          url: RATES,
          payload: { ...billing, products: [{ product_id: giftTin, quantity: 1 }] },
        });
        expect(rates.statusCode).toBe(400);
        for (const answer of [res, rates]) expect(answer.body).not.toContain('Secret');
        expect(await orderCount()).toBe(before);
      } finally {
        await t.database.db
          .update(products)
          .set({ status: 'publish', name: giftTinName })
          .where(eq(products.id, giftTin));
      }
    }
  });

  it('names the short line in the 409 (index, product, variation, name) for the quote and the order', async () => {
    await setStock(giftTin, 2);
    const lines = [
      { product_id: honeyOat, variation_id: honeyOatSmall, quantity: 1 },
      { product_id: giftTin, quantity: 5 },
    ];
    const quoteRes = await t.app.inject({
      method: 'POST',
      url: RATES,
      payload: { ...billing, products: lines },
    });
    const orderRes = await postOrder(
      await anOrder([{ product_id: peanutButter, quantity: 1 }], {
        line_items: lines,
      }),
    );
    for (const res of [quoteRes, orderRes]) {
      expect(res.statusCode).toBe(409);
      expect(ApiErrorSchema.parse(res.json())).toMatchObject({
        code: 'larder_out_of_stock',
        data: { status: 409, line: 1, product_id: giftTin, variation_id: 0, name: giftTinName },
      });
    }
    // A sold-out variation names its variation and its options.
    await t.database.db
      .update(productVariations)
      .set({ stockStatus: 'outofstock', stockQuantity: 0 })
      .where(eq(productVariations.id, honeyOatSmall));
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: RATES,
        payload: { ...billing, products: [lines[0]] },
      });
      expect(res.json()).toMatchObject({
        code: 'larder_out_of_stock',
        data: {
          line: 0,
          product_id: honeyOat,
          variation_id: honeyOatSmall,
          name: `${honeyOatName} – 12 oz`,
        },
      });
    } finally {
      await t.database.db
        .update(productVariations)
        .set({ stockStatus: 'instock', stockQuantity: null })
        .where(eq(productVariations.id, honeyOatSmall));
    }
  });

  it('holds stock for a pending order, so the catalogue shows what is left', async () => {
    await setStock(giftTin, 5);
    const res = await postOrder(await anOrder([{ product_id: giftTin, quantity: 2 }]));
    expect(res.statusCode, res.body).toBe(201);
    expect(await stockOf(giftTin)).toEqual({ quantity: 3, status: 'instock' });
    const product = await t.app.inject({ url: `/wp-json/wc/v3/products/${giftTin}` });
    expect(product.json().stock_quantity).toBe(3);
  });

  it('two concurrent orders for the last unit: exactly one succeeds', async () => {
    await setStock(giftTin, 1);
    const body = await anOrder([{ product_id: giftTin, quantity: 1 }]);
    const before = await orderCount();
    const results = await Promise.all([postOrder(body), postOrder(body), postOrder(body)]);
    const statuses = results.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409]);
    const refused = results.find((res) => res.statusCode === 409)!;
    expect(refused.json().code).toBe('larder_out_of_stock');
    expect(refused.json().message).toContain(`${giftTinName} is out of stock`);
    expect(await orderCount()).toBe(before + 1);
    expect(await stockOf(giftTin)).toEqual({ quantity: 0, status: 'outofstock' });
  });

  it('holds a variation with its own stock', async () => {
    await t.database.db
      .update(productVariations)
      .set({ stockQuantity: 2 })
      .where(eq(productVariations.id, honeyOatSmall));
    try {
      const line = { product_id: honeyOat, variation_id: honeyOatSmall, quantity: 2 };
      const body = await anOrder([line]);
      expect((await postOrder(body)).statusCode).toBe(201);
      const again = await postOrder({ ...body, line_items: [{ ...line, quantity: 1 }] });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toContain(`${honeyOatName} – 12 oz is out of stock`);
    } finally {
      await t.database.db
        .update(productVariations)
        .set({ stockQuantity: null, stockStatus: 'instock' })
        .where(eq(productVariations.id, honeyOatSmall));
    }
  });
});

describe('stock holds', () => {
  it('an unpaid order past ORDER_HOLD_MINUTES is cancelled and its stock released', async () => {
    await setStock(giftTin, 2);
    const res = await postOrder(await anOrder([{ product_id: giftTin, quantity: 2 }]));
    const order = OrderSchema.parse(res.json());
    expect(await stockOf(giftTin)).toEqual({ quantity: 0, status: 'outofstock' });

    advanceMinutes(59);
    const stillHeld = await t.app.inject({ url: `${ORDERS}/${order.id}?key=${order.order_key}` });
    expect(stillHeld.json().status).toBe('pending');
    expect(await stockOf(giftTin)).toEqual({ quantity: 0, status: 'outofstock' });

    advanceMinutes(2);
    const expired = await t.app.inject({ url: `${ORDERS}/${order.id}?key=${order.order_key}` });
    expect(expired.json()).toMatchObject({
      status: 'cancelled',
      needs_payment: false,
      date_hold_expires_gmt: null,
    });
    expect(await stockOf(giftTin)).toEqual({ quantity: 2, status: 'instock' });
    // Released once: a second sweep gives nothing back twice.
    expect(await service().releaseExpiredHolds()).toBe(0);
    expect(await stockOf(giftTin)).toEqual({ quantity: 2, status: 'instock' });
  });

  it('a new order takes the units a lapsed order held before the sweep came: that order is cancelled', async () => {
    await setStock(giftTin, 2);
    const body = await anOrder([{ product_id: giftTin, quantity: 2 }]);
    const lapsed = OrderSchema.parse((await postOrder(body)).json());
    advanceMinutes(61);
    const next = await postOrder(body);
    expect(next.statusCode, next.body).toBe(201);
    expect(await stockOf(giftTin)).toEqual({ quantity: 0, status: 'outofstock' });
    const read = await t.app.inject({ url: `${ORDERS}/${lapsed.id}?key=${lapsed.order_key}` });
    expect(read.json()).toMatchObject({ status: 'cancelled' });
    // Short of stock with nothing lapsed: refused, and nothing written.
    const before = await orderCount();
    expect((await postOrder(body)).json()).toMatchObject({ code: 'larder_out_of_stock' });
    expect(await orderCount()).toBe(before);
  });

  it('a shipping quote for units a lapsed order held gets them too', async () => {
    await setStock(giftTin, 2);
    const lapsed = OrderSchema.parse(
      (await postOrder(await anOrder([{ product_id: giftTin, quantity: 2 }]))).json(),
    );
    advanceMinutes(61);
    expect(await quote([{ product_id: giftTin, quantity: 2 }])).not.toHaveLength(0);
    expect(await stockOf(giftTin)).toEqual({ quantity: 2, status: 'instock' });
    const read = await t.app.inject({ url: `${ORDERS}/${lapsed.id}?key=${lapsed.order_key}` });
    expect(read.json()).toMatchObject({ status: 'cancelled' });
  });

  it("a lapsed hold no longer counts against the client's cap, swept or not", async () => {
    await setStock(giftTin, 2000);
    const order = async (quantity: number) =>
      postOrder(await anOrder([{ product_id: giftTin, quantity }]));
    expect((await order(600)).statusCode).toBe(201);
    // The test app caps a guest's unpaid units at 999.
    expect((await order(600)).json()).toMatchObject({ code: 'larder_hold_limit' });
    advanceMinutes(61);
    const after = await order(600);
    expect(after.statusCode, after.body).toBe(201);
  });

  it('a lapsed order is cancelled when read with its key, and left to the sweep when read without', async () => {
    await setStock(giftTin, 1);
    const order = OrderSchema.parse(
      (await postOrder(await anOrder([{ product_id: giftTin, quantity: 1 }]))).json(),
    );
    advanceMinutes(61);
    const guessed = await t.app.inject({ url: `${ORDERS}/${order.id}?key=wc_order_guess` });
    expect(guessed.statusCode).toBe(401);
    expect(await stockOf(giftTin)).toEqual({ quantity: 0, status: 'outofstock' });
    const read = await t.app.inject({ url: `${ORDERS}/${order.id}?key=${order.order_key}` });
    expect(read.json()).toMatchObject({ status: 'cancelled' });
    expect(await stockOf(giftTin)).toEqual({ quantity: 1, status: 'instock' });
  });

  it('paying an order whose hold lapsed is refused as cancelled, and its stock is back', async () => {
    await setStock(giftTin, 3);
    const order = OrderSchema.parse(
      (await postOrder(await anOrder([{ product_id: giftTin, quantity: 3 }]))).json(),
    );
    advanceMinutes(61);
    await expect(service().findForPayment(order.id, order.order_key, guest)).rejects.toMatchObject({
      status: 409,
      code: 'larder_order_not_payable',
      message:
        "This order was canceled because it wasn't paid in time. Please place your order again.",
    });
    expect(await stockOf(giftTin)).toEqual({ quantity: 3, status: 'instock' });
  });

  it('keeps the hold of an order whose payment is in flight, until that attempt is abandoned', async () => {
    await setStock(giftTin, 1);
    const order = OrderSchema.parse(
      (await postOrder(await anOrder([{ product_id: giftTin, quantity: 1 }]))).json(),
    );
    advanceMinutes(58);
    // The provider is charging the card as the hold runs out.
    await t.database.db.insert(orderPayments).values({
      orderId: order.id,
      provider: 'test',
      idempotencyKey: `in-flight-${order.id}`,
      status: 'pending',
      amountCents: 3900,
      createdAt: clock,
    });
    advanceMinutes(3);
    expect(await service().releaseExpiredHolds()).toBe(0);
    expect(await stockOf(giftTin)).toEqual({ quantity: 0, status: 'outofstock' });

    // Five minutes on, the attempt counts as abandoned and the hold is released.
    advanceMinutes(5);
    expect(await service().releaseExpiredHolds()).toBe(1);
    expect(await stockOf(giftTin)).toEqual({ quantity: 1, status: 'instock' });
  });

  it('markPaid makes the held stock the sale without reducing it again, once', async () => {
    await setStock(giftTin, 4);
    const order = OrderSchema.parse(
      (await postOrder(await anOrder([{ product_id: giftTin, quantity: 1 }]))).json(),
    );
    const svc = service();
    const salesBefore = await totalSalesOf(t, giftTin);
    const payment = {
      transactionId: 'ch_123',
      paymentMethod: 'stripe',
      paymentMethodTitle: 'Credit Card (Stripe)',
    };
    const paid = await svc.markPaid(order.id, payment);
    expect(paid).toMatchObject({
      status: 'processing',
      transaction_id: 'ch_123',
      needs_payment: false,
    });
    expect(paid.date_paid_gmt).toBe(clock.toISOString().slice(0, 19));
    expect(await stockOf(giftTin)).toEqual({ quantity: 3, status: 'instock' });

    // The same payment again is a no-op; another one is refused; cancelling and expiry do nothing.
    expect((await svc.markPaid(order.id, payment)).status).toBe('processing');
    await expect(
      svc.markPaid(order.id, { ...payment, transactionId: 'ch_456' }),
    ).rejects.toMatchObject({
      status: 409,
      code: 'larder_order_not_payable',
    });
    expect(await svc.cancel(order.id)).toBe(false);
    advanceMinutes(120);
    await svc.releaseExpiredHolds();
    expect(await stockOf(giftTin)).toEqual({ quantity: 3, status: 'instock' });
    const salesAfter = await totalSalesOf(t, giftTin);
    expect(salesAfter).toBe(salesBefore + 1);
    await expect(svc.findForPayment(order.id, order.order_key, guest)).rejects.toMatchObject({
      status: 409,
      message: 'This order has already been paid.',
    });
  });

  it('cancel releases the stock of a pending order; a cancelled order cannot be paid', async () => {
    await setStock(giftTin, 4);
    const order = OrderSchema.parse(
      (await postOrder(await anOrder([{ product_id: giftTin, quantity: 3 }]))).json(),
    );
    expect(await stockOf(giftTin)).toEqual({ quantity: 1, status: 'instock' });
    const svc = service();
    expect(await svc.cancel(order.id)).toBe(true);
    expect(await svc.cancel(order.id)).toBe(false);
    expect(await stockOf(giftTin)).toEqual({ quantity: 4, status: 'instock' });
    await expect(
      svc.markPaid(order.id, {
        transactionId: 'ch_1',
        paymentMethod: 'stripe',
        paymentMethodTitle: 'Card',
      }),
    ).rejects.toMatchObject({ status: 409, code: 'larder_order_not_payable' });
    const items = await t.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id));
    expect(items.map((item) => item.stockHeld)).toEqual([3]);
  });
});

const guest: Viewer = {
  isGuest: true,
  customerId: 0,
  role: 'guest',
  canSeeWholesale: false,
  isOwner: false,
};
const customer = (id: number): Viewer => ({
  isGuest: false,
  customerId: id,
  role: 'customer',
  canSeeWholesale: false,
  isOwner: false,
});

describe('GET /orders/{id}', () => {
  let order: z.infer<typeof OrderSchema>;
  // After the file's beforeEach, which cancels earlier tests' pending orders.
  beforeEach(async () => {
    order = OrderSchema.parse(
      (await postOrder(await anOrder([{ product_id: peanutButter, quantity: 1 }]))).json(),
    );
  });

  it('shows the order to anyone with the right key', async () => {
    const res = await t.app.inject({ url: `${ORDERS}/${order.id}?key=${order.order_key}` });
    expect(res.statusCode).toBe(200);
    expect(OrderSchema.parse(res.json())).toEqual(order);
  });

  it('answers a guest 401 without a key, with a wrong key, and for an id that does not exist, alike', async () => {
    const answers = await Promise.all([
      t.app.inject({ url: `${ORDERS}/${order.id}` }),
      t.app.inject({ url: `${ORDERS}/${order.id}?key=wc_order_wrong` }),
      t.app.inject({ url: `${ORDERS}/${order.id}?key=${order.order_key.slice(0, -1)}` }),
      t.app.inject({ url: `${ORDERS}/987654?key=${order.order_key}` }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(answers[0]!.json());
    }
    expect(ApiErrorSchema.parse(answers[0]!.json())).toMatchObject({
      code: 'woocommerce_rest_cannot_view',
      data: { status: 401 },
    });
  });

  it('shows a customer their own order; another signed-in customer gets 403', async () => {
    const svc = service();
    const own = await svc.create(
      { ...(await anOrder([{ product_id: peanutButter, quantity: 1 }])), customer_id: 7 } as never,
      customer(7),
      { ip: '127.0.0.1', userAgent: 'test' },
    );
    expect(own.customer_id).toBe(7);
    expect((await svc.get(own.id, undefined, customer(7))).id).toBe(own.id);
    await expect(svc.get(own.id, undefined, customer(8))).rejects.toMatchObject({ status: 403 });
    await expect(svc.get(own.id, undefined, guest)).rejects.toMatchObject({ status: 401 });
    // A guest order (customer 0) is nobody's own: a signed-in shopper needs its key.
    await expect(svc.get(order.id, undefined, customer(7))).rejects.toMatchObject({ status: 403 });
    await expect(
      svc.create(
        {
          ...(await anOrder([{ product_id: peanutButter, quantity: 1 }])),
          customer_id: 8,
        } as never,
        customer(7),
        { ip: '', userAgent: '' },
      ),
    ).rejects.toMatchObject({ status: 403 });
  });
});

describe('GET /orders?customer=', () => {
  it('is 401 for a guest', async () => {
    const res = await t.app.inject({ url: `${ORDERS}?customer=7` });
    expect(res.statusCode).toBe(401);
    expect(ApiErrorSchema.parse(res.json()).code).toBe('woocommerce_rest_cannot_view');
  });

  it("lists a customer's own orders newest first; anyone else gets 403", async () => {
    const svc = service();
    const place = async () => {
      advanceMinutes(1);
      return svc.create(
        {
          ...(await anOrder([{ product_id: peanutButter, quantity: 1 }])),
          customer_id: 31,
        } as never,
        customer(31),
        { ip: '', userAgent: '' },
      );
    };
    const first = await place();
    const second = await place();
    const third = await place();
    const query = { status: 'any', price_list: 'any' } as const;
    const page = await svc.list({ ...query, customer: 31, page: 1, per_page: 2 }, customer(31));
    expect(page.total).toBe(3);
    expect(page.orders.map((order) => order.id)).toEqual([third.id, second.id]);
    const rest = await svc.list({ ...query, customer: 31, page: 2, per_page: 2 }, customer(31));
    expect(rest.orders.map((order) => order.id)).toEqual([first.id]);
    await expect(
      svc.list({ ...query, customer: 31, page: 1, per_page: 10 }, customer(32)),
    ).rejects.toMatchObject({ status: 403 });
    // Past the last page: no order, and still the count.
    const beyond = await svc.list({ ...query, customer: 31, page: 3, per_page: 2 }, customer(31));
    expect(beyond).toMatchObject({ orders: [], total: 3 });
    const processing = await svc.list(
      { ...query, status: 'processing', customer: 31, page: 1, per_page: 2 },
      customer(31),
    );
    expect(processing).toMatchObject({ orders: [], total: 0 });
  });

  it('over HTTP: each listed order is what reading it gives, pages counted, and writes shown at once', async () => {
    const session = await signedInCustomer(t.app, t.database.db);
    // A product of its own: another test's lapsed hold would give units back to a shared one.
    const { id: tin } = await createProduct(t, {
      name: uniqueName('Holiday Gift Tin'),
      regular_price: '39.00',
      stock_quantity: 3,
    });
    const place = async (lines: OrderCreate['line_items']) => {
      advanceMinutes(1);
      const res = await t.app.inject({
        method: 'POST',
        url: ORDERS,
        headers: session.bearer,
        payload: await anOrder(lines, { customer_id: session.id }),
      });
      expect(res.statusCode, res.body).toBe(201);
      return OrderSchema.parse(res.json());
    };
    const list = async (query = '') => {
      const res = await t.app.inject({
        url: `${ORDERS}?customer=${session.id}${query}`,
        headers: session.bearer,
      });
      expect(res.statusCode, res.body).toBe(200);
      return {
        orders: res.json<z.infer<typeof OrderSchema>[]>(),
        total: res.headers['x-wp-total'],
      };
    };
    const read = async (id: number) =>
      (await t.app.inject({ url: `${ORDERS}/${id}`, headers: session.bearer })).json();

    const lapsed = await place([{ product_id: tin, quantity: 2 }]);
    const mixed = await place([
      { product_id: tin, quantity: 1 },
      { product_id: peanutButter, quantity: 2 },
    ]);
    const first = await list();
    expect(first.total).toBe('2');
    expect(first.orders).toEqual([await read(mixed.id), await read(lapsed.id)]);
    expect(first.orders.map((order) => order.status)).toEqual(['pending', 'pending']);

    // The first hold has run out, the second has not; the sweep has not come.
    advanceMinutes(59);
    const pending = await t.app.inject({
      url: `${ORDERS}?customer=${session.id}&status=pending`,
      headers: session.bearer,
    });
    expect(pending.json<{ id: number }[]>().map((order) => order.id)).toEqual([mixed.id]);
    expect(await stockOf(tin)).toEqual({ quantity: 2, status: 'instock' });

    await setStock(tin, 3);
    const later = await place([{ product_id: tin, quantity: 3 }]);
    advanceMinutes(61);
    // Kept as pending a moment ago: listed cancelled now, their stock back, lines as placed.
    const history = await list();
    expect(history.total).toBe('3');
    expect(
      history.orders.map((order) => ({
        id: order.id,
        status: order.status,
        lines: order.line_items.map((line) => [line.product_id, line.quantity]),
      })),
    ).toEqual([
      { id: later.id, status: 'cancelled', lines: [[tin, 3]] },
      {
        id: mixed.id,
        status: 'cancelled',
        lines: [
          [tin, 1],
          [peanutButter, 2],
        ],
      },
      { id: lapsed.id, status: 'cancelled', lines: [[tin, 2]] },
    ]);
    expect(await stockOf(tin)).toEqual({ quantity: 4, status: 'instock' });
    expect(history.orders).toEqual(
      await Promise.all([later.id, mixed.id, lapsed.id].map((id) => read(id))),
    );

    const second = await list('&per_page=2&page=2');
    expect(second).toEqual({ orders: [await read(lapsed.id)], total: '3' });
    expect(await list('&per_page=2&page=3')).toEqual({ orders: [], total: '3' });
  });

  it('over HTTP: an unpaid invoice is listed overdue once its due date passes, with no write', async () => {
    const session = await signedInCustomer(t.app, t.database.db);
    const placed = await t.app.inject({
      method: 'POST',
      url: ORDERS,
      headers: session.bearer,
      payload: await anOrder([{ product_id: peanutButter, quantity: 1 }], {
        customer_id: session.id,
      }),
    });
    const { id } = OrderSchema.parse(placed.json());
    // As an invoice order on Net 30 terms, shipped and still owed, due within the hour.
    await t.database.db
      .update(orders)
      .set({
        paymentMethod: 'invoice',
        paymentTerms: 'net30',
        status: 'completed',
        datePaid: null,
        dateDue: new Date(clock.getTime() + 60 * 60_000),
      })
      .where(eq(orders.id, id));
    const overdue = async () => {
      const res = await t.app.inject({
        url: `${ORDERS}?customer=${session.id}`,
        headers: session.bearer,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<z.infer<typeof OrderSchema>[]>().map((order) => order.invoice?.overdue);
    };
    expect(await overdue()).toEqual([false]);
    advanceMinutes(50);
    expect(await overdue()).toEqual([false]);
    advanceMinutes(20);
    expect(await overdue()).toEqual([true]);
  });
});

describe('findForPayment', () => {
  it('gives the payable order and its total to a holder of the key, and refuses others', async () => {
    const order = OrderSchema.parse(
      (await postOrder(await anOrder([{ product_id: peanutButter, quantity: 2 }]))).json(),
    );
    const svc = service();
    const payable = await svc.findForPayment(order.id, order.order_key, guest);
    expect(payable).toMatchObject({
      id: order.id,
      totalCents: Math.round(Number(order.total) * 100),
    });
    expect(payable.billing.email).toBe('ada@example.com');
    await expect(svc.findForPayment(order.id, 'wc_order_nope', guest)).rejects.toMatchObject({
      status: 401,
    });
    advanceMinutes(61);
    await expect(svc.findForPayment(order.id, order.order_key, guest)).rejects.toMatchObject({
      status: 409,
      code: 'larder_order_not_payable',
    });
  });
});

describe('POST /orders hold limit (ORDER_HOLD_MAX_UNITS)', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ seed: false, config: { orderHoldMaxUnits: 6 } });
    await seedShippingZones(limited.database.db);
  });
  afterAll(() => limited.close());
  const limitedOrder = (lines: OrderCreate['line_items'], overrides: Partial<OrderCreate> = {}) =>
    anOrder(lines, overrides, limited.app);

  const GUEST_IP = '198.51.100.7';
  const send = (body: unknown, options: { ip?: string; headers?: Record<string, string> } = {}) =>
    limited.app.inject({
      method: 'POST',
      url: ORDERS,
      payload: body as object,
      remoteAddress: options.ip ?? GUEST_IP,
      headers: options.headers,
    });
  /** A $39.00 product of the test's own with a counted stock. */
  const limitedStock = (quantity: number) =>
    createProduct(limited, {
      name: uniqueName('Holiday Gift Tin'),
      regular_price: '39.00',
      stock_quantity: quantity,
    });
  const stockNow = async (id: number) =>
    (
      await limited.database.db
        .select({ quantity: products.stockQuantity })
        .from(products)
        .where(eq(products.id, id))
    )[0]!.quantity;
  const ordersIn = async () =>
    (await limited.database.db.select({ n: count() }).from(orders))[0]!.n;

  it('refuses an order asking for more units of a counted product than the limit with 400, and writes nothing', async () => {
    const { id: tin, name: tinName } = await limitedStock(500);
    const before = await ordersIn();
    // The finding: 100 lines of 999 units each held stock for an hour.
    const hoard = await send(
      await limitedOrder([{ product_id: tin, quantity: 1 }], {
        line_items: [
          { product_id: tin, quantity: 4 },
          { product_id: tin, quantity: 3 },
        ],
      }),
    );
    expect(hoard.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(hoard.json())).toMatchObject({
      code: 'rest_invalid_param',
      data: {
        status: 400,
        params: {
          line_items: expect.stringMatching(
            new RegExp(`^Line 1: at most 6 of ${tinName} per order`),
          ),
        },
      },
    });
    expect(await ordersIn()).toBe(before);
    expect(await stockNow(tin)).toBe(500);
  });

  it("caps the units one guest's unpaid orders hold together, per IP, until they are paid", async () => {
    const { id: tin, name: tinName } = await limitedStock(500);
    const body = (quantity: number) => limitedOrder([{ product_id: tin, quantity }]);
    const first = await send(await body(4));
    expect(first.statusCode, first.body).toBe(201);
    const before = await ordersIn();
    const second = await send(await body(3));
    expect(second.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(second.json())).toMatchObject({
      code: 'larder_hold_limit',
      message: expect.stringContaining(`Your unpaid orders already hold 4 of ${tinName}`),
    });
    expect(await ordersIn()).toBe(before);
    expect(await stockNow(tin)).toBe(496);

    expect((await send(await body(2))).statusCode).toBe(201);
    // Another client is not held back by this one.
    expect((await send(await body(6), { ip: '203.0.113.20' })).statusCode).toBe(201);
    // Paid orders hold nothing any more: the guest may order again.
    await payOrder(limited.app, null, OrderSchema.parse(first.json()));
    expect((await send(await body(4))).statusCode).toBe(201);
  });

  it("counts a signed-in customer's unpaid orders by account, and leaves products without counted stock alone", async () => {
    const { id: tin } = await limitedStock(500);
    const session = await signedInCustomer(limited.app, limited.database.db);
    const asCustomer = async (lines: OrderCreate['line_items'], ip: string) =>
      send(await limitedOrder(lines, { customer_id: session.id }), { ip, headers: session.bearer });
    expect((await asCustomer([{ product_id: tin, quantity: 5 }], '192.0.2.1')).statusCode).toBe(
      201,
    );
    // From another network, the same account.
    const again = await asCustomer([{ product_id: tin, quantity: 2 }], '192.0.2.99');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('larder_hold_limit');

    const uncounted = await createProduct(limited);
    expect(
      (await asCustomer([{ product_id: uncounted.id, quantity: 40 }], '192.0.2.1')).statusCode,
    ).toBe(201);
  });

  it('does not limit a wholesale customer the owner approved', async () => {
    const { id: tin } = await limitedStock(500);
    const session = await signedInCustomer(limited.app, limited.database.db, {
      role: 'wholesale_customer',
    });
    const res = await send(
      await limitedOrder([{ product_id: tin, quantity: 48 }], { customer_id: session.id }),
      { headers: session.bearer },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(await stockNow(tin)).toBe(452);
  });
});

describe('POST /orders rate limit', () => {
  it('answers 429 rest_rate_limited after the configured number of orders, across both paths', async () => {
    const limited = await buildTestApp({
      seed: false,
      config: { rateLimits: { order: { max: 2, windowMs: 60_000 } } },
    });
    try {
      const body = await anOrder([{ product_id: peanutButter, quantity: 1 }]);
      const send = (url: string) => limited.app.inject({ method: 'POST', url, payload: body });
      // No products in this database: 400 for the line, but each request counts.
      expect((await send(ORDERS)).statusCode).toBe(400);
      expect((await send(`${ORDERS}/`)).statusCode).toBe(400);
      const third = await send(ORDERS);
      expect(third.statusCode).toBe(429);
      expect(ApiErrorSchema.parse(third.json()).code).toBe('rest_rate_limited');
    } finally {
      await limited.close();
    }
  });
});

describe('order config', () => {
  it('reads ORDER_HOLD_MINUTES, ORDER_HOLD_MAX_UNITS and the order and rates limits: holds of 15 minutes and 24 units by default', () => {
    expect(loadConfig({})).toMatchObject({
      orderHoldMinutes: 15,
      orderHoldMaxUnits: 24,
      rateLimits: {
        shippingRates: { max: 120, windowMs: 60_000 },
        order: { max: 30, windowMs: 600_000 },
      },
    });
    expect(
      loadConfig({
        ORDER_HOLD_MINUTES: '30',
        ORDER_HOLD_MAX_UNITS: '12',
        ORDER_RATE_LIMIT: '5/1m',
        SHIPPING_RATES_RATE_LIMIT: '10/10s',
      }),
    ).toMatchObject({
      orderHoldMinutes: 30,
      orderHoldMaxUnits: 12,
      rateLimits: {
        order: { max: 5, windowMs: 60_000 },
        shippingRates: { max: 10, windowMs: 10_000 },
      },
    });
    expect(() => loadConfig({ ORDER_HOLD_MINUTES: '0' })).toThrow(/ORDER_HOLD_MINUTES/);
    expect(() => loadConfig({ ORDER_HOLD_MAX_UNITS: '0' })).toThrow(/ORDER_HOLD_MAX_UNITS/);
  });
});
