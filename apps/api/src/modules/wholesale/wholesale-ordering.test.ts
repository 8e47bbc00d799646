import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ApiErrorSchema,
  apiPaths,
  OrderSchema,
  wholesaleOrderingPaths,
  type ProductVariation,
  type ShippingRate,
  type WooProduct,
} from '@larder/contract';
import { activityLog, orders, products } from '../../db/schema.ts';
import {
  createCustomer,
  createProduct,
  createVariableProduct,
  createWholesaleBuyer,
  uniqueName,
} from '../../../test/factories.ts';
import { aBuyer } from '../../../test/place-order.ts';
import { payOrder, signedInCustomer, type Session } from '../../../test/sessions.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';

// Decision 0037: the wholesale ordering rules through the real routes: the owner writes them, a
// wholesale buyer is shown them and charged by them, and a refusal writes nothing.

let t: TestApp;
let owner: Session;

type Lines = { product_id: number; variation_id?: number; quantity: number }[];

const as = (session: Session | null) => session?.bearer ?? {};

const ownerRequest = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: owner.bearer, ...(payload ? { payload } : {}) });

const setMinimums = async (opening: string, reorder: string) => {
  const res = await ownerRequest('PUT', wholesaleOrderingPaths.settings, {
    opening_order_minimum: opening,
    reorder_minimum: reorder,
  });
  expect(res.statusCode, res.body).toBe(200);
};

const quote = (session: Session | null, lines: Lines) =>
  t.app.inject({
    method: 'POST',
    url: apiPaths.shippingRates,
    headers: as(session),
    payload: { ...aBuyer, products: lines },
  });

/** Places an order with the first rate the quote offers; answers the raw response. */
async function order(session: Session | null, lines: Lines) {
  const rates = await quote(session, lines);
  // A refused cart is refused at the quote too; the order is then sent with the usual rate.
  const rate = rates.statusCode === 200 ? rates.json<ShippingRate[]>()[0]! : undefined;
  return t.app.inject({
    method: 'POST',
    url: apiPaths.orders,
    headers: as(session),
    payload: {
      customer_id: session?.id ?? 0,
      payment_method: 'stripe',
      billing: { ...aBuyer, email: session?.email ?? aBuyer.email },
      line_items: lines,
      shipping_lines: [
        { method_id: rate?.method_id ?? 'flat_rate', instance_id: rate?.instance_id ?? 1 },
      ],
    },
  });
}

const ordersOf = async (customerId: number) =>
  (
    await t.database.db.select({ n: count() }).from(orders).where(eq(orders.customerId, customerId))
  )[0]!.n;

/** A 12 oz bag in cases of 12 at $6.00 wholesale, $5.50 from 5 cases, $5.00 from 10. */
async function caseProduct(name = uniqueName('Honey Oat Classic')) {
  const product = await createProduct(t, {
    name,
    regular_price: '12.00',
    wholesale_price: '6.00',
    stock_quantity: 1000,
  });
  const res = await ownerRequest('PUT', `${apiPaths.products}/${product.id}`, {
    wholesale: {
      case_size: 12,
      min_quantity: 12,
      tiers: [
        { min_quantity: 120, price: '5.00' },
        { min_quantity: 60, price: '5.50' },
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return product;
}

const readProduct = async (id: number, session: Session | null) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `${apiPaths.products}/${id}`,
    headers: as(session),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<WooProduct>();
};

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signedInCustomer(t.app, t.database.db, { role: 'administrator' });
});

afterAll(() => t.close());

beforeEach(() => setMinimums('0', '0'));

describe('PUT /products/{id}: the owner writes the rules', () => {
  it('stores the breaks sorted and shows them to a wholesale buyer and the owner only', async () => {
    const product = await caseProduct();
    const rules = {
      case_size: 12,
      min_quantity: 12,
      tiers: [
        { min_quantity: 60, price: '5.50' },
        { min_quantity: 120, price: '5.00' },
      ],
    };
    const buyer = await createWholesaleBuyer(t);
    expect(await readProduct(product.id, buyer)).toMatchObject({
      wholesale_price: '6.00',
      wholesale: rules,
    });
    const edit = await ownerRequest('GET', `${apiPaths.products}/${product.id}?context=edit`);
    expect(edit.json<WooProduct>().wholesale).toEqual(rules);
    for (const viewer of [null, await createCustomer(t)]) {
      const shown = await readProduct(product.id, viewer);
      expect(shown.wholesale).toBeUndefined();
      expect(JSON.stringify(shown)).not.toContain('case_size');
    }
  });

  it('refuses a break not below the wholesale price with a 400 naming it, and changes nothing', async () => {
    const product = await caseProduct();
    const res = await ownerRequest('PUT', `${apiPaths.products}/${product.id}`, {
      wholesale: { case_size: 6, min_quantity: 6, tiers: [{ min_quantity: 24, price: '6.00' }] },
    });
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json())).toMatchObject({
      code: 'rest_invalid_param',
      data: { status: 400 },
    });
    expect(res.body).toContain('A break must cost less than the wholesale price ($6.00).');
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row!.wholesaleCaseSize).toBe(12);
  });

  it('refuses a wholesale price lowered under an existing break', async () => {
    const product = await caseProduct();
    const res = await ownerRequest('PUT', `${apiPaths.products}/${product.id}`, {
      wholesale_price: '5.25',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('must cost less than the wholesale price ($5.25)');
  });

  it('refuses a zero case size, and breaks on a variable product', async () => {
    const product = await caseProduct();
    const zero = await ownerRequest('PUT', `${apiPaths.products}/${product.id}`, {
      wholesale: { case_size: 0 },
    });
    expect(zero.statusCode).toBe(400);
    const variable = await createVariableProduct(t);
    const res = await ownerRequest('PUT', `${apiPaths.products}/${variable.id}`, {
      wholesale: { case_size: 6, tiers: [{ min_quantity: 24, price: '5.00' }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('keeps its quantity breaks on its variations');
  });

  it('records the change in the activity log', async () => {
    const product = await caseProduct();
    const [entry] = await t.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.subjectId, product.id));
    expect(entry!.summary).toContain('wholesale');
  });
});

describe('PUT /products/{id}/variations/{id}: a variation’s own rules', () => {
  it("falls back to its product's case and minimum, and has its own once set", async () => {
    const product = await createVariableProduct(t, {
      variations: [
        { size: '12 oz', regular_price: '12.00', wholesale_price: '6.00' },
        { size: '5 lb', regular_price: '60.00', wholesale_price: '36.00' },
      ],
    });
    const [bag, bulk] = product.variations;
    const parent = await ownerRequest('PUT', `${apiPaths.products}/${product.id}`, {
      wholesale: { case_size: 12, min_quantity: 12 },
    });
    expect(parent.statusCode, parent.body).toBe(200);
    const own = await ownerRequest(
      'PUT',
      `${apiPaths.products}/${product.id}/variations/${bulk!.id}`,
      {
        wholesale: { case_size: 1, min_quantity: 2, tiers: [{ min_quantity: 10, price: '33.00' }] },
      },
    );
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<ProductVariation>().wholesale).toEqual({
      case_size: 1,
      min_quantity: 2,
      tiers: [{ min_quantity: 10, price: '33.00' }],
    });

    const buyer = await createWholesaleBuyer(t);
    const shown = await readProduct(product.id, buyer);
    const byId = new Map(shown.variations.map((v) => [v.variation_id, v.wholesale]));
    expect(byId.get(bag!.id)).toEqual({ case_size: 12, min_quantity: 12, tiers: [] });

    const refused = await quote(buyer, [
      { product_id: product.id, variation_id: bag!.id, quantity: 6 },
    ]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'larder_wholesale_case_size',
      data: { status: 409, line: 0, product_id: product.id, variation_id: bag!.id },
    });
    const placed = await order(buyer, [
      { product_id: product.id, variation_id: bag!.id, quantity: 12 },
      { product_id: product.id, variation_id: bulk!.id, quantity: 10 },
    ]);
    expect(placed.statusCode, placed.body).toBe(201);
    const lines = OrderSchema.parse(placed.json()).line_items;
    expect(lines.map((line) => [line.quantity, line.price])).toEqual([
      [12, 6],
      [10, 33],
    ]);

    const back = await ownerRequest(
      'PUT',
      `${apiPaths.products}/${product.id}/variations/${bulk!.id}`,
      { wholesale: null },
    );
    expect(back.json<ProductVariation>().wholesale).toEqual({
      case_size: 12,
      min_quantity: 12,
      tiers: [],
    });
  });

  it('refuses a variation’s break above its own wholesale price', async () => {
    const product = await createVariableProduct(t, {
      variations: [{ size: '12 oz', regular_price: '12.00', wholesale_price: '6.00' }],
    });
    const res = await ownerRequest(
      'PUT',
      `${apiPaths.products}/${product.id}/variations/${product.variations[0]!.id}`,
      { wholesale: { case_size: 12, tiers: [{ min_quantity: 60, price: '7.00' }] } },
    );
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('A break must cost less than the wholesale price ($6.00).');
  });
});

describe('POST /orders: a wholesale buyer is charged and refused by the rules', () => {
  it('charges the break reached at its first unit, as the quote priced it', async () => {
    const product = await caseProduct();
    const buyer = await createWholesaleBuyer(t);
    const cases = async (quantity: number) => {
      const res = await order(buyer, [{ product_id: product.id, quantity }]);
      expect(res.statusCode, res.body).toBe(201);
      return OrderSchema.parse(res.json());
    };
    expect((await cases(48)).line_items[0]).toMatchObject({ price: 6, subtotal: '288.00' });
    expect((await cases(60)).line_items[0]).toMatchObject({ price: 5.5, subtotal: '330.00' });
    expect((await cases(120)).line_items[0]).toMatchObject({ price: 5, subtotal: '600.00' });
  });

  it('refuses a part case on its line, naming it, and writes nothing', async () => {
    const product = await caseProduct('Honey Oat Classic – 12 oz');
    const other = await createProduct(t, { wholesale_price: '7.00' });
    const buyer = await createWholesaleBuyer(t);
    const res = await order(buyer, [
      { product_id: other.id, quantity: 1 },
      { product_id: product.id, quantity: 13 },
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'larder_wholesale_case_size',
      message: `${product.name} comes in cases of 12: order 12, 24, 36…`,
      data: {
        status: 409,
        line: 1,
        product_id: product.id,
        variation_id: 0,
        name: product.name,
        case_size: 12,
        min_quantity: 12,
      },
    });
    expect(await ordersOf(buyer.id)).toBe(0);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row!.stockQuantity).toBe(1000);
  });

  it('refuses whole cases under the minimum quantity', async () => {
    const product = await caseProduct();
    await ownerRequest('PUT', `${apiPaths.products}/${product.id}`, {
      wholesale: { case_size: 12, min_quantity: 24, tiers: [] },
    });
    const buyer = await createWholesaleBuyer(t);
    const res = await order(buyer, [{ product_id: product.id, quantity: 12 }]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'larder_wholesale_min_quantity',
      message: `${product.name} has a wholesale minimum of 24: order at least 24.`,
    });
  });

  it('leaves a retail shopper and a guest to buy one at the retail price, with no minimum', async () => {
    const product = await caseProduct();
    await setMinimums('150', '75');
    for (const session of [null, await createCustomer(t)]) {
      const res = await order(session, [{ product_id: product.id, quantity: 1 }]);
      expect(res.statusCode, res.body).toBe(201);
      expect(OrderSchema.parse(res.json()).line_items[0]).toMatchObject({ price: 12 });
    }
  });
});

describe('order minimums', () => {
  it('holds a first order to the opening minimum and writes nothing below it', async () => {
    const product = await caseProduct();
    await setMinimums('150', '75');
    const buyer = await createWholesaleBuyer(t);
    // 24 × $6.00 = $144.00: $6.00 short.
    const res = await order(buyer, [{ product_id: product.id, quantity: 24 }]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'larder_wholesale_order_minimum',
      message:
        'A first wholesale order has a $150.00 minimum before shipping and tax: add $6.00 more.',
      data: { status: 409, minimum_kind: 'opening', minimum: '150.00', remaining: '6.00' },
    });
    expect(await ordersOf(buyer.id)).toBe(0);
    const met = await order(buyer, [{ product_id: product.id, quantity: 36 }]);
    expect(met.statusCode, met.body).toBe(201);
  });

  it('holds a buyer with a paid order to the reorder minimum, and tells them which applies', async () => {
    const product = await caseProduct();
    await setMinimums('150', '75');
    const buyer = await createWholesaleBuyer(t);
    const terms = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: wholesaleOrderingPaths.terms,
        headers: buyer.bearer,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    expect(await terms()).toEqual({
      minimum_kind: 'opening',
      minimum: '150.00',
      opening_order_minimum: '150.00',
      reorder_minimum: '75.00',
    });
    const first = await order(buyer, [{ product_id: product.id, quantity: 36 }]);
    expect(first.statusCode, first.body).toBe(201);
    // An unpaid order is no earlier order yet.
    expect((await terms()).minimum_kind).toBe('opening');
    await payOrder(t.app, buyer, OrderSchema.parse(first.json()));
    expect(await terms()).toMatchObject({ minimum_kind: 'reorder', minimum: '75.00' });

    // 12 × $6.00 = $72.00 is under $75; 24 is over.
    const small = await order(buyer, [{ product_id: product.id, quantity: 12 }]);
    expect(small.statusCode).toBe(409);
    expect(small.json().message).toBe(
      'A wholesale reorder has a $75.00 minimum before shipping and tax: add $3.00 more.',
    );
    const reorder = await order(buyer, [{ product_id: product.id, quantity: 24 }]);
    expect(reorder.statusCode, reorder.body).toBe(201);
  });
});

describe('GET/PUT /larder/v1/wholesale/settings', () => {
  it('lets the owner set the minimums, records it, and refuses an amount that is not one', async () => {
    await setMinimums('150', '75.5');
    const res = await ownerRequest('GET', wholesaleOrderingPaths.settings);
    expect(res.json()).toEqual({ opening_order_minimum: '150.00', reorder_minimum: '75.50' });
    const partial = await ownerRequest('PUT', wholesaleOrderingPaths.settings, {
      reorder_minimum: '100',
    });
    expect(partial.json()).toEqual({ opening_order_minimum: '150.00', reorder_minimum: '100.00' });
    const bad = await ownerRequest('PUT', wholesaleOrderingPaths.settings, {
      opening_order_minimum: '-5',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'rest_invalid_param', data: { status: 400 } });
    const entries = await t.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, 'wholesale.minimums'));
    expect(entries.map((entry) => entry.summary)).toContainEqual(
      'Set the wholesale minimums: opening order $0.00 → $150.00, reorder $0.00 → $75.50',
    );
  });

  it('answers a guest 401, a shopper 403 and a wholesale buyer the terms', async () => {
    const terms = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: wholesaleOrderingPaths.terms, headers });
    expect((await terms({})).statusCode).toBe(401);
    expect((await terms((await createCustomer(t)).bearer)).statusCode).toBe(403);
    expect((await terms((await createWholesaleBuyer(t)).bearer)).statusCode).toBe(200);
  });
});
