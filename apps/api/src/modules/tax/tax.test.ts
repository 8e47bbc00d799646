import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiErrorSchema,
  apiPaths,
  couponApiPaths,
  OrderSchema,
  ownerApiPaths,
  TaxRateSchema,
  type Order,
  type ShippingRate,
  type TaxRate,
} from '@larder/contract';
import {
  createProduct,
  createVariableProduct,
  createWholesaleApplication,
  uniqueName,
} from '../../../test/factories.ts';
import { productIdOf } from '../../../test/place-order.ts';
import { mailTo } from '../../../test/outbox.ts';
import { payOrder, signedInCustomer, type Session } from '../../../test/sessions.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let owner: Session;

const durham = {
  first_name: 'Maya',
  last_name: 'Lin',
  address_1: '410 W Main St',
  city: 'Durham',
  state: 'NC',
  postcode: '27701',
  country: 'US',
};
const portland = {
  ...durham,
  address_1: '1420 SE Alder St',
  city: 'Portland',
  state: 'OR',
  postcode: '97214',
};
const losAngeles = {
  ...durham,
  address_1: '200 N Spring St',
  city: 'Los Angeles',
  state: 'CA',
  postcode: '90012',
};

type Address = typeof durham;
type Lines = { product_id: number; variation_id?: number; quantity: number }[];

async function quote(
  address: Address,
  lines: Lines,
  headers: Record<string, string> = {},
  codes: string[] = [],
) {
  const res = await t.app.inject({
    method: 'POST',
    url: apiPaths.shippingRates,
    headers,
    payload: { ...address, products: lines, coupon_lines: codes.map((code) => ({ code })) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ShippingRate[]>();
}

/** Quotes, then orders with the standard (flat rate) shipping the quote offered. */
async function order(
  address: Address,
  lines: Lines,
  session: Session | null = null,
  codes: string[] = [],
): Promise<{ rate: ShippingRate; order: Order }> {
  const headers = session?.bearer ?? {};
  const rates = await quote(address, lines, headers, codes);
  const rate = rates.find((candidate) => candidate.label === 'Standard shipping')!;
  expect(rate, JSON.stringify(rates)).toBeDefined();
  const res = await t.app.inject({
    method: 'POST',
    url: apiPaths.orders,
    headers,
    payload: {
      customer_id: session?.id ?? 0,
      payment_method: 'stripe',
      billing: { ...address, email: session?.email ?? 'maya@example.com', phone: '919 555 0100' },
      line_items: lines,
      shipping_lines: [{ method_id: rate.method_id, instance_id: rate.instance_id }],
      coupon_lines: codes.map((code) => ({ code })),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { rate, order: OrderSchema.parse(res.json()) };
}

/** A discount code made by the owner, as the cart would send it. */
async function createCoupon(fields: Record<string, unknown>): Promise<string> {
  const code = uniqueName('TAXCODE').replace(/\W+/g, '').toUpperCase();
  const res = await ownerRequest('POST', couponApiPaths.coupons, { code, ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return code;
}

const ownerRequest = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: owner.bearer, ...(payload ? { payload } : {}) });

async function ratesNamed(name: string): Promise<TaxRate> {
  const res = await ownerRequest('GET', `${ownerApiPaths.taxes}?per_page=100`);
  const found = res.json<TaxRate[]>().find((rate) => rate.name === name);
  expect(found, name).toBeDefined();
  return found!;
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signedInCustomer(t.app, t.database.db, { role: 'administrator' });
});

afterAll(() => t.close());

describe('POST /orders: sales tax', () => {
  it('charges a Durham order 7.5 % on goods and shipping, as its quote said, and lists each rate', async () => {
    const tote = await createProduct(t, {
      name: uniqueName('Canvas Tote'),
      regular_price: '20.00',
    });
    const { rate, order: placed } = await order(durham, [{ product_id: tote.id, quantity: 2 }]);

    // 4.75 % + 2.25 % + 0.5 % of $40.00 is $3.00; of $6.95 shipping 33 + 16 + 3 cents.
    expect(rate.cost).toBe(6.95);
    expect(rate.tax).toEqual({
      cart_tax: 3,
      shipping_tax: 0.52,
      total_tax: 3.52,
      exempt_reason: null,
    });
    expect(placed).toMatchObject({
      cart_tax: '3.00',
      shipping_tax: '0.52',
      total_tax: '3.52',
      total: '50.47',
      prices_include_tax: false,
      tax_exempt_reason: null,
    });
    expect(placed.tax_lines).toEqual([
      expect.objectContaining({
        rate_code: 'US-NC-NC STATE TAX-1',
        label: 'NC State Tax',
        tax_total: '1.90',
        shipping_tax_total: '0.33',
        rate_percent: 4.75,
      }),
      expect.objectContaining({
        rate_code: 'US-NC-DURHAM COUNTY TAX-2',
        tax_total: '0.90',
        shipping_tax_total: '0.16',
      }),
      expect.objectContaining({
        rate_code: 'US-NC-DURHAM TRANSIT TAX-3',
        tax_total: '0.20',
        shipping_tax_total: '0.03',
      }),
    ]);
    expect(placed.line_items[0]).toMatchObject({
      total: '40.00',
      total_tax: '3.00',
      tax_class: '',
    });
    expect(placed.line_items[0]!.taxes.map((tax) => tax.total)).toEqual(['1.90', '0.90', '0.20']);
    expect(placed.shipping_lines[0]).toMatchObject({ total: '6.95', total_tax: '0.52' });
  });

  it('taxes the lines after a discount code, and the quote said so before the order', async () => {
    const tote = await createProduct(t, {
      name: uniqueName('Canvas Tote'),
      regular_price: '20.00',
    });
    const tenOff = await createCoupon({ discount_type: 'percent', amount: '10' });
    const lines = [{ product_id: tote.id, quantity: 2 }];
    const { rate, order: placed } = await order(durham, lines, null, [tenOff]);

    // 7.5 % of the $36.00 left after 10 % off, plus the $6.95 shipping's $0.52.
    expect(rate.tax).toEqual({
      cart_tax: 2.7,
      shipping_tax: 0.52,
      total_tax: 3.22,
      exempt_reason: null,
    });
    expect(placed).toMatchObject({
      discount_total: '4.00',
      cart_tax: '2.70',
      total_tax: '3.22',
      total: '46.17',
    });
    expect(placed.line_items[0]).toMatchObject({
      subtotal: '40.00',
      total: '36.00',
      total_tax: '2.70',
    });
  });

  it('charges no tax on shipping a code made free, in the quote and the order', async () => {
    const tote = await createProduct(t, {
      name: uniqueName('Canvas Tote'),
      regular_price: '20.00',
    });
    const freeShipping = await createCoupon({
      discount_type: 'fixed_cart',
      amount: '0',
      free_shipping: true,
    });
    const { rate, order: placed } = await order(
      durham,
      [{ product_id: tote.id, quantity: 2 }],
      null,
      [freeShipping],
    );
    expect(rate.tax).toMatchObject({ cart_tax: 3, shipping_tax: 0, total_tax: 3 });
    expect(placed).toMatchObject({ shipping_total: '0.00', shipping_tax: '0.00', total: '43.00' });
  });

  it('quotes tax without the codes when the order would refuse one, as the cart then shows no discount', async () => {
    const tote = await createProduct(t, {
      name: uniqueName('Canvas Tote'),
      regular_price: '20.00',
    });
    const rates = await quote(durham, [{ product_id: tote.id, quantity: 2 }], {}, ['NO-SUCH-CODE']);
    const standard = rates.find((candidate) => candidate.label === 'Standard shipping')!;
    expect(standard.tax.total_tax).toBe(3.52);
  });

  it('taxes granola at the reduced food rate, its shipping too', async () => {
    const granola = await productIdOf(t.database.db, 'peanut-butter-banana');
    const { rate, order: placed } = await order(durham, [{ product_id: granola, quantity: 2 }]);
    // 2 % of $25.00 and of $6.95 (13.9 cents, rounded to 14).
    expect(rate.tax.total_tax).toBe(0.64);
    expect(placed).toMatchObject({ cart_tax: '0.50', shipping_tax: '0.14', total: '32.59' });
    expect(placed.line_items[0]).toMatchObject({ tax_class: 'reduced-rate', total_tax: '0.50' });
    expect(placed.tax_lines.map((line) => line.label)).toEqual(['NC Food Tax']);
  });

  it('charges an Oregon order no tax: there is no sales tax there', async () => {
    const tote = await createProduct(t, { regular_price: '20.00' });
    const { rate, order: placed } = await order(portland, [{ product_id: tote.id, quantity: 2 }]);
    expect(rate.tax.total_tax).toBe(0);
    expect(placed).toMatchObject({
      total_tax: '0.00',
      cart_tax: '0.00',
      total: '46.95',
      tax_lines: [],
    });
  });

  it('leaves shipping untaxed in California, where it is not taxed', async () => {
    const tote = await createProduct(t, { regular_price: '20.00' });
    const { order: placed } = await order(losAngeles, [{ product_id: tote.id, quantity: 1 }]);
    expect(placed).toMatchObject({ cart_tax: '1.45', shipping_tax: '0.00', total: '28.40' });
  });

  it('exempts a wholesale buyer whose approved application carries a resale certificate, and says why', async () => {
    const buyer = await signedInCustomer(t.app, t.database.db);
    const businessName = uniqueName('Corner Pantry');
    const applicationId = await createWholesaleApplication(t.app, buyer, {
      business_name: businessName,
    });
    const approved = await ownerRequest(
      'PUT',
      `/wp-json/wc/v3/wholesale-applications/${applicationId}`,
      {
        status: 'approved',
      },
    );
    expect(approved.statusCode, approved.body).toBe(200);
    const tote = await createProduct(t, { regular_price: '20.00', wholesale_price: '12.00' });

    const { rate, order: placed } = await order(
      durham,
      [{ product_id: tote.id, quantity: 3 }],
      buyer,
    );
    const reason = `Tax exempt: resale certificate on file for ${businessName}.`;
    expect(rate.tax).toEqual({ cart_tax: 0, shipping_tax: 0, total_tax: 0, exempt_reason: reason });
    expect(placed).toMatchObject({ total_tax: '0.00', tax_lines: [], tax_exempt_reason: reason });
  });

  it('taxes a wholesale account without an approved certificate', async () => {
    const buyer = await signedInCustomer(t.app, t.database.db, { role: 'wholesale_customer' });
    const tote = await createProduct(t, { regular_price: '20.00', wholesale_price: '10.00' });
    const { order: placed } = await order(durham, [{ product_id: tote.id, quantity: 1 }], buyer);
    expect(placed).toMatchObject({ cart_tax: '0.76', tax_exempt_reason: null });
  });

  it('keeps a placed order’s tax when the owner changes a rate later; new quotes use the new rate', async () => {
    const tote = await createProduct(t, { regular_price: '20.00' });
    const lines = [{ product_id: tote.id, quantity: 1 }];
    const { order: placed } = await order(durham, lines);
    expect(placed.total_tax).toBe('2.02'); // 1.50 on the tote, 0.52 on shipping

    const state = await ratesNamed('NC State Tax');
    const changed = await ownerRequest('PUT', `${ownerApiPaths.taxes}/${state.id}`, {
      rate: '5.75',
    });
    try {
      expect(changed.statusCode, changed.body).toBe(200);
      const again = await t.app.inject({
        method: 'GET',
        url: `${apiPaths.orders}/${placed.id}?key=${placed.order_key}`,
      });
      expect(again.json<Order>()).toMatchObject({
        total_tax: '2.02',
        total: placed.total,
        tax_lines: placed.tax_lines,
      });
      const requoted = (await quote(durham, lines)).find(
        (rate) => rate.label === 'Standard shipping',
      )!;
      // 5.75 % + 2.25 % + 0.5 % of $20.00 = $1.70; of $6.95: 40 + 16 + 3 cents.
      expect(requoted.tax.total_tax).toBe(2.29);
    } finally {
      await ownerRequest('PUT', `${ownerApiPaths.taxes}/${state.id}`, { rate: state.rate });
    }
  });
});

describe('order emails: sales tax', () => {
  it('lists each rate charged in the order confirmation', async () => {
    const buyer = await signedInCustomer(t.app, t.database.db);
    const tote = await createProduct(t, { regular_price: '20.00' });
    const { order: placed } = await order(durham, [{ product_id: tote.id, quantity: 2 }], buyer);
    await payOrder(t.app, buyer, placed);
    const confirmation = mailTo(t.config.dataDir, buyer.email).find((mail) =>
      /order/i.test(mail.headers.subject ?? ''),
    );
    expect(confirmation, 'the order confirmation').toBeDefined();
    // The text part's total rows, e.g. "NC State Tax: $2.23 (4.75 %)".
    const text = confirmation!.text.replace(/\s+/g, ' ');
    expect(text).toContain('NC State Tax: $2.23 (4.75 %)');
    expect(text).toContain('Durham County Tax: $1.06 (2.25 %)');
    expect(text).toContain('Total: $50.47');
  });
});

describe('PUT /products/{id}: tax status and class', () => {
  it('lets the owner file a product under a class, and the next order is taxed by it', async () => {
    const tote = await createProduct(t, { regular_price: '20.00' });
    const changed = await ownerRequest('PUT', `${apiPaths.products}/${tote.id}`, {
      tax_class: 'zero-rate',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ tax_status: 'taxable', tax_class: 'zero-rate' });
    const zeroRated = await order(durham, [{ product_id: tote.id, quantity: 1 }]);
    expect(zeroRated.order).toMatchObject({ total_tax: '0.00', tax_lines: [] });

    await ownerRequest('PUT', `${apiPaths.products}/${tote.id}`, {
      tax_class: '',
      tax_status: 'shipping',
    });
    const shippingOnly = await order(durham, [{ product_id: tote.id, quantity: 1 }]);
    expect(shippingOnly.order).toMatchObject({ cart_tax: '0.00', shipping_tax: '0.52' });

    const refused = await ownerRequest('PUT', `${apiPaths.products}/${tote.id}`, {
      tax_class: 'luxury',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ data: { params: { tax_class: expect.any(String) } } });
  });
});

describe('PUT /products/{id}/variations/{id}: tax class', () => {
  it("taxes a variation at its own class, or its product's when it says parent", async () => {
    const product = await createVariableProduct(t);
    const [small, large] = product.variations;
    const changed = await ownerRequest(
      'PUT',
      `${apiPaths.products}/${product.id}/variations/${small!.id}`,
      { tax_class: 'reduced-rate' },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const lines = [
      { product_id: product.id, variation_id: small!.id, quantity: 1 },
      { product_id: product.id, variation_id: large!.id, quantity: 1 },
    ];
    const { order: placed } = await order(durham, lines);
    // $12.00 at 2 %; $20.00 at the standard 7.5 % (the product's class).
    expect(placed.line_items.map((line) => [line.tax_class, line.total_tax])).toEqual([
      ['reduced-rate', '0.24'],
      ['', '1.50'],
    ]);
  });
});

describe('/wc/v3/taxes (owner)', () => {
  it('lists the seeded rates in WooCommerce’s shape, filtered by class, with WordPress’s totals', async () => {
    const res = await ownerRequest('GET', `${ownerApiPaths.taxes}?class=reduced-rate`);
    expect(res.statusCode).toBe(200);
    const list = res.json<TaxRate[]>();
    expect(list.every((rate) => TaxRateSchema.safeParse(rate).success)).toBe(true);
    expect(list.every((rate) => rate.class === 'reduced-rate')).toBe(true);
    expect(list).toContainEqual(
      expect.objectContaining({
        country: 'US',
        state: 'NC',
        rate: '2.0000',
        name: 'NC Food Tax',
        shipping: true,
      }),
    );
    expect(res.headers['x-wp-total']).toBe(String(list.length));

    const paged = await ownerRequest('GET', `${ownerApiPaths.taxes}?per_page=2&page=1`);
    expect(paged.json<TaxRate[]>()).toHaveLength(2);
    expect(Number(paged.headers['x-wp-totalpages'])).toBeGreaterThanOrEqual(3);
  });

  it('lists the three tax classes', async () => {
    const res = await ownerRequest('GET', ownerApiPaths.taxClasses);
    expect(res.json()).toEqual([
      { slug: 'standard', name: 'Standard rate' },
      { slug: 'reduced-rate', name: 'Reduced rate' },
      { slug: 'zero-rate', name: 'Zero rate' },
    ]);
  });

  it('creates, reads, updates and deletes a rate, each write in the activity log', async () => {
    const created = await ownerRequest('POST', ownerApiPaths.taxes, {
      country: 'us',
      state: 'wa',
      postcode: '98101; 98102',
      rate: '10.25',
      name: 'Seattle Tax',
      shipping: false,
    });
    expect(created.statusCode, created.body).toBe(201);
    const rate = created.json<TaxRate>();
    expect(rate).toMatchObject({
      country: 'US',
      state: 'WA',
      postcodes: ['98101', '98102'],
      postcode: '98101',
      rate: '10.2500',
      priority: 1,
      compound: false,
      shipping: false,
      class: 'standard',
    });
    expect(created.headers.location).toBe(`${ownerApiPaths.taxes}/${rate.id}`);

    const read = await ownerRequest('GET', `${ownerApiPaths.taxes}/${rate.id}`);
    expect(read.json()).toEqual(rate);

    const updated = await ownerRequest('PUT', `${ownerApiPaths.taxes}/${rate.id}`, {
      rate: 10.1,
      class: 'reduced-rate',
    });
    expect(updated.json()).toMatchObject({
      id: rate.id,
      rate: '10.1000',
      class: 'reduced-rate',
      name: 'Seattle Tax',
    });

    const deleted = await ownerRequest('DELETE', `${ownerApiPaths.taxes}/${rate.id}?force=true`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ id: rate.id });
    const gone = await ownerRequest('GET', `${ownerApiPaths.taxes}/${rate.id}`);
    expect(gone.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(gone.json())).toMatchObject({
      code: 'woocommerce_rest_invalid_id',
      data: { status: 404 },
    });

    const log = await ownerRequest(
      'GET',
      `/wp-json/wc/v3/activity-log?subject_type=tax_rate&subject_id=${rate.id}`,
    );
    expect(
      log
        .json<{ action: string }[]>()
        .map((entry) => entry.action)
        .sort(),
    ).toEqual(['tax_rate.created', 'tax_rate.deleted', 'tax_rate.updated']);
  });

  it('creates, updates and deletes rates in one batch, answering a refused item in its place', async () => {
    const keep = await ownerRequest('POST', ownerApiPaths.taxes, {
      country: 'AQ',
      rate: '1',
      name: uniqueName('Keep'),
    });
    const gone = await ownerRequest('POST', ownerApiPaths.taxes, {
      country: 'AQ',
      rate: '2',
      name: uniqueName('Gone'),
    });
    const [keepId, goneId] = [keep.json<TaxRate>().id, gone.json<TaxRate>().id];
    const name = uniqueName('Batch rate');

    const res = await ownerRequest('POST', `${ownerApiPaths.taxes}/batch`, {
      create: [
        { country: 'AQ', rate: '3.5', name },
        { country: 'AQ', rate: 'lots' },
      ],
      update: [
        { id: keepId, rate: '1.25' },
        { id: 999999, rate: '1' },
      ],
      delete: [goneId, 999999],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Record<'create' | 'update' | 'delete', Record<string, unknown>[]>>();
    expect(body.create[0]).toMatchObject({ name, rate: '3.5000', country: 'AQ' });
    expect(body.create[1]).toMatchObject({
      id: 0,
      error: {
        code: 'rest_invalid_param',
        data: { status: 400, params: { rate: expect.any(String) } },
      },
    });
    expect(body.update[0]).toMatchObject({ id: keepId, rate: '1.2500' });
    expect(body.update[1]).toMatchObject({
      id: 999999,
      error: { code: 'woocommerce_rest_invalid_id', data: { status: 404 } },
    });
    expect(body.delete[0]).toMatchObject({ id: goneId });
    expect(body.delete[1]).toMatchObject({ id: 999999, error: { data: { status: 404 } } });

    // What the answer says is what is stored.
    expect((await ownerRequest('GET', `${ownerApiPaths.taxes}/${keepId}`)).json()).toMatchObject({
      rate: '1.2500',
    });
    expect((await ownerRequest('GET', `${ownerApiPaths.taxes}/${goneId}`)).statusCode).toBe(404);
    const created = (body.create[0] as { id: number }).id;
    expect((await ownerRequest('GET', `${ownerApiPaths.taxes}/${created}`)).statusCode).toBe(200);
  });

  it('refuses a batch of more than 100 items with 413 and writes none of it', async () => {
    const before = (await ownerRequest('GET', ownerApiPaths.taxes)).headers['x-wp-total'];
    const create = Array.from({ length: 101 }, (_, index) => ({
      country: 'AQ',
      rate: '1',
      name: `Too many ${index}`,
    }));
    const res = await ownerRequest('POST', `${ownerApiPaths.taxes}/batch`, { create });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'rest_request_entity_too_large',
      data: { status: 413 },
    });
    expect((await ownerRequest('GET', ownerApiPaths.taxes)).headers['x-wp-total']).toBe(before);
  });

  it('refuses a rate that is not a percentage, or a state the country does not have, with 400 naming the field', async () => {
    const badRate = await ownerRequest('POST', ownerApiPaths.taxes, {
      country: 'US',
      state: 'NC',
      rate: '101',
    });
    expect(badRate.statusCode).toBe(400);
    expect(badRate.json()).toMatchObject({
      code: 'rest_invalid_param',
      data: { status: 400, params: { rate: expect.any(String) } },
    });

    const badState = await ownerRequest('POST', ownerApiPaths.taxes, {
      country: 'US',
      state: 'ZZ',
      rate: '5',
    });
    expect(badState.statusCode).toBe(400);
    expect(badState.json()).toMatchObject({
      data: { params: { state: 'ZZ is not a state of United States.' } },
    });
  });

  it('answers 404 for an unknown rate on read, update and delete', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await ownerRequest(
        method,
        `${ownerApiPaths.taxes}/999999`,
        method === 'PUT' ? { rate: '1' } : undefined,
      );
      expect(res.statusCode, method).toBe(404);
      expect(res.json()).toMatchObject({
        code: 'woocommerce_rest_invalid_id',
        data: { status: 404 },
      });
    }
  });

  it('lets only owners in: 401 for a guest, 403 for a customer, and nothing is written', async () => {
    const customer = await signedInCustomer(t.app, t.database.db);
    const before = (await ownerRequest('GET', ownerApiPaths.taxes)).headers['x-wp-total'];
    const guest = await t.app.inject({
      method: 'POST',
      url: ownerApiPaths.taxes,
      payload: { rate: '5' },
    });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toMatchObject({
      code: 'woocommerce_rest_cannot_create',
      data: { status: 401 },
    });
    const shopper = await t.app.inject({
      method: 'POST',
      url: ownerApiPaths.taxes,
      headers: customer.bearer,
      payload: { rate: '5' },
    });
    expect(shopper.statusCode).toBe(403);
    const read = await t.app.inject({
      method: 'GET',
      url: ownerApiPaths.taxes,
      headers: customer.bearer,
    });
    expect(read.statusCode).toBe(403);
    expect((await ownerRequest('GET', ownerApiPaths.taxes)).headers['x-wp-total']).toBe(before);
  });
});
