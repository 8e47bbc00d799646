import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ApiErrorSchema,
  apiPaths,
  OrderSchema,
  ProductSchema,
  wholesaleOrderingPaths,
  WholesaleTermsSchema,
  type OrderCreate,
  type ShippingRate,
} from '@larder/contract';
import { activityLog, orders } from '../../db/schema.ts';
import {
  createCustomer,
  createProduct,
  createWholesaleApplication,
  createWholesaleBuyer,
  uniqueName,
} from '../../../test/factories.ts';
import { mailTo } from '../../../test/outbox.ts';
import { aBuyer } from '../../../test/place-order.ts';
import { signedInCustomer, type Session } from '../../../test/sessions.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';

// Decision 0041: the owner enters a phone or email order for a customer through the real routes;
// the order is priced, checked and taxed as that customer, and a refusal writes nothing.

let t: TestApp;
let owner: Session;

type Lines = { product_id: number; variation_id?: number; quantity: number }[];

const ownerRequest = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: owner.bearer, ...(payload ? { payload } : {}) });

const errorOf = (res: { json(): unknown }) => ApiErrorSchema.parse(res.json());

const setMinimums = async (opening: string, reorder: string) => {
  const res = await ownerRequest('PUT', wholesaleOrderingPaths.settings, {
    opening_order_minimum: opening,
    reorder_minimum: reorder,
  });
  expect(res.statusCode, res.body).toBe(200);
};

/** A 12 oz bag in cases of 12 at $6.00 wholesale, $5.50 from 5 cases, $5.00 from 10; $12 retail. */
async function caseProduct() {
  const product = await createProduct(t, {
    name: uniqueName('Honey Oat Classic'),
    regular_price: '12.00',
    wholesale_price: '6.00',
    stock_quantity: 1000,
  });
  const res = await ownerRequest('PUT', `${apiPaths.products}/${product.id}`, {
    wholesale: {
      case_size: 12,
      min_quantity: 12,
      tiers: [
        { min_quantity: 60, price: '5.50' },
        { min_quantity: 120, price: '5.00' },
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return product;
}

/** A wholesale buyer with terms set by the owner through the real route. */
async function buyerWithTerms(creditLimit = '1000.00') {
  const buyer = await createWholesaleBuyer(t);
  const res = await ownerRequest('PUT', `${apiPaths.customers}/${buyer.id}`, {
    wholesale: { terms: 'net30', credit_limit: creditLimit },
  });
  expect(res.statusCode, res.body).toBe(200);
  return buyer;
}

/** The owner quotes as the customer, then places the order for them with the first rate. */
async function ownerOrder(
  customerId: number,
  lines: Lines,
  extra: Partial<OrderCreate> = {},
  as: Session = owner,
) {
  const quote = await t.app.inject({
    method: 'POST',
    url: apiPaths.shippingRates,
    headers: as.bearer,
    payload: { ...aBuyer, products: lines, customer_id: customerId },
  });
  const rate = quote.statusCode === 200 ? quote.json<ShippingRate[]>()[0]! : undefined;
  return t.app.inject({
    method: 'POST',
    url: apiPaths.orders,
    headers: as.bearer,
    payload: {
      customer_id: customerId,
      payment_method: 'bacs',
      payment_method_title: 'Bank transfer',
      billing: aBuyer,
      line_items: lines,
      shipping_lines: [
        { method_id: rate?.method_id ?? 'flat_rate', instance_id: rate?.instance_id ?? 1 },
      ],
      ...extra,
    },
  });
}

const orderCount = async () => (await t.database.db.select({ n: count() }).from(orders))[0]!.n;

const stockOf = async (productId: number) =>
  ProductSchema.parse((await t.app.inject({ url: `${apiPaths.products}/${productId}` })).json())
    .stock_quantity;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signedInCustomer(t.app, t.database.db, { name: 'owner', role: 'administrator' });
});
afterAll(() => t.close());
beforeEach(() => setMinimums('0', '0'));

describe('POST /wc/v3/orders: an owner enters an order for a customer', () => {
  it("prices a wholesale customer's order at their break prices and records who entered it", async () => {
    const product = await caseProduct();
    const buyer = await createWholesaleBuyer(t);
    const res = await ownerOrder(buyer.id, [{ product_id: product.id, quantity: 60 }]);
    expect(res.statusCode, res.body).toBe(201);
    const order = OrderSchema.parse(res.json());
    expect(order).toMatchObject({
      customer_id: buyer.id,
      created_via: 'admin',
      status: 'pending',
      line_items: [{ quantity: 60, price: 5.5, subtotal: '330.00' }],
    });
    const [stored] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored).toMatchObject({ priceList: 'wholesale', createdVia: 'admin' });
    const logged = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectType, 'order'), eq(activityLog.subjectId, order.id)));
    expect(logged).toEqual([
      expect.objectContaining({
        actorId: owner.id,
        action: 'order.created',
        subjectType: 'order',
        summary: `Entered order #${order.id} for Ada Baker (customer #${buyer.id}): ${'$' + order.total}, awaiting payment`,
      }),
    ]);
  });

  it('refuses a part case with 409 naming the line, and writes nothing', async () => {
    const product = await caseProduct();
    const buyer = await createWholesaleBuyer(t);
    const before = await orderCount();
    const res = await ownerOrder(buyer.id, [{ product_id: product.id, quantity: 18 }]);
    expect(res.statusCode, res.body).toBe(409);
    expect(errorOf(res)).toMatchObject({
      code: 'larder_wholesale_case_size',
      message: `${product.name} comes in cases of 12: order 12, 24, 36…`,
      data: { status: 409, line: 0, product_id: product.id },
    });
    expect(await orderCount()).toBe(before);
  });

  it("holds a new wholesale customer to the opening minimum, not the owner's", async () => {
    await setMinimums('150.00', '100.00');
    const product = await caseProduct();
    const buyer = await createWholesaleBuyer(t);
    const before = await orderCount();
    const res = await ownerOrder(buyer.id, [{ product_id: product.id, quantity: 24 }]);
    expect(res.statusCode, res.body).toBe(409);
    expect(errorOf(res)).toMatchObject({
      code: 'larder_wholesale_order_minimum',
      data: { status: 409, minimum_kind: 'opening', minimum: '150.00', remaining: '6.00' },
    });
    expect(await orderCount()).toBe(before);
    const terms = await ownerRequest('GET', `${wholesaleOrderingPaths.terms}?customer=${buyer.id}`);
    expect(terms.statusCode, terms.body).toBe(200);
    expect(WholesaleTermsSchema.parse(terms.json())).toMatchObject({
      minimum_kind: 'opening',
      minimum: '150.00',
    });
  });

  it('puts an invoice order with a PO number on hold, due in the terms, and emails the invoice', async () => {
    const product = await caseProduct();
    const buyer = await buyerWithTerms();
    const res = await ownerOrder(buyer.id, [{ product_id: product.id, quantity: 24 }], {
      payment_method: 'invoice',
      payment_method_title: undefined,
      purchase_order_number: 'PO-4471',
      billing: { ...aBuyer, email: buyer.email },
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = OrderSchema.parse(res.json());
    expect(order).toMatchObject({
      status: 'on-hold',
      payment_method: 'invoice',
      payment_method_title: 'Pay by invoice (Net 30)',
      invoice: { terms: 'net30', purchase_order_number: 'PO-4471', overdue: false },
      line_items: [{ price: 6, subtotal: '144.00' }],
    });
    const due = new Date(`${order.invoice!.date_due_gmt}Z`).getTime();
    const created = new Date(`${order.date_created_gmt}Z`).getTime();
    expect(Math.round((due - created) / 86_400_000)).toBe(30);
    // Queued with the order and sent once the answer has gone.
    await t.app.afterAnswer.settled();
    const mail = mailTo(t.config.dataDir, buyer.email).find((m) => m.text.includes(`#${order.id}`));
    expect(mail?.attachments.map((file) => file.contentType)).toEqual(['application/pdf']);
  });

  it("refuses an invoice over the customer's credit limit with the reason, and writes nothing", async () => {
    const product = await caseProduct();
    const buyer = await buyerWithTerms('100.00');
    const before = await orderCount();
    const res = await ownerOrder(buyer.id, [{ product_id: product.id, quantity: 24 }], {
      payment_method: 'invoice',
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(errorOf(res).code).toBe('larder_credit_limit_exceeded');
    expect(await orderCount()).toBe(before);
  });

  it('refuses an invoice for a wholesale customer without terms', async () => {
    const product = await caseProduct();
    const buyer = await createWholesaleBuyer(t);
    const res = await ownerOrder(buyer.id, [{ product_id: product.id, quantity: 24 }], {
      payment_method: 'invoice',
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(errorOf(res).code).toBe('larder_invoice_unavailable');
  });

  it('marks a set_paid order processing at once, takes the stock for good and emails the customer', async () => {
    const product = await caseProduct();
    const buyer = await createWholesaleBuyer(t);
    const stockBefore = await stockOf(product.id);
    const res = await ownerOrder(buyer.id, [{ product_id: product.id, quantity: 36 }], {
      set_paid: true,
      payment_method: 'cheque',
      payment_method_title: 'Cheque',
      transaction_id: 'Cheque 1042',
      billing: { ...aBuyer, email: buyer.email },
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = OrderSchema.parse(res.json());
    expect(order).toMatchObject({
      status: 'processing',
      payment_method: 'cheque',
      payment_method_title: 'Cheque',
      transaction_id: 'Cheque 1042',
      needs_payment: false,
      date_hold_expires_gmt: null,
    });
    expect(order.date_paid_gmt).not.toBeNull();
    expect(await stockOf(product.id)).toBe(stockBefore! - 36);
    const [stored] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored!.stockState).toBe('reduced');
    await t.app.afterAnswer.settled();
    expect(mailTo(t.config.dataDir, buyer.email).some((m) => m.text.includes(`#${order.id}`))).toBe(
      true,
    );
  });

  it('refuses set_paid with the invoice method', async () => {
    const product = await caseProduct();
    const buyer = await buyerWithTerms();
    const res = await ownerOrder(buyer.id, [{ product_id: product.id, quantity: 12 }], {
      set_paid: true,
      payment_method: 'invoice',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).data).toMatchObject({ params: { set_paid: expect.any(String) } });
  });

  it('gives a retail customer retail prices, with no case or minimum', async () => {
    await setMinimums('150.00', '100.00');
    const product = await caseProduct();
    const customer = await createCustomer(t);
    const res = await ownerOrder(customer.id, [{ product_id: product.id, quantity: 5 }]);
    expect(res.statusCode, res.body).toBe(201);
    const order = OrderSchema.parse(res.json());
    expect(order.line_items[0]).toMatchObject({ price: 12, subtotal: '60.00' });
    const [stored] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored!.priceList).toBe('retail');
  });

  it("makes a tax-exempt customer's order tax-free", async () => {
    const buyer = await signedInCustomer(t.app, t.database.db);
    const businessName = uniqueName('Corner Pantry');
    const applicationId = await createWholesaleApplication(t.app, buyer, {
      business_name: businessName,
    });
    const approved = await ownerRequest(
      'PUT',
      `/wp-json/wc/v3/wholesale-applications/${applicationId}`,
      { status: 'approved' },
    );
    expect(approved.statusCode, approved.body).toBe(200);
    const product = await createProduct(t, { regular_price: '20.00', wholesale_price: '12.00' });
    const lines = [{ product_id: product.id, quantity: 3 }];
    const res = await ownerOrder(buyer.id, lines);
    expect(res.statusCode, res.body).toBe(201);
    expect(OrderSchema.parse(res.json())).toMatchObject({
      total_tax: '0.00',
      tax_exempt_reason: `Tax exempt: resale certificate on file for ${businessName}.`,
    });
    // The same lines for the owner themself are taxed: the exemption is the customer's.
    const own = await ownerOrder(owner.id, lines);
    expect(own.statusCode, own.body).toBe(201);
    expect(OrderSchema.parse(own.json()).total_tax).not.toBe('0.00');
  });

  it("keeps a shopper to their own orders: another customer's id is 403 and writes nothing", async () => {
    const product = await createProduct(t, { regular_price: '10.00' });
    const shopper = await createCustomer(t);
    const other = await createCustomer(t);
    const before = await orderCount();
    const res = await ownerOrder(other.id, [{ product_id: product.id, quantity: 1 }], {}, shopper);
    expect(res.statusCode, res.body).toBe(403);
    expect(errorOf(res).code).toBe('woocommerce_rest_cannot_create');
    expect(await orderCount()).toBe(before);
    const quote = await t.app.inject({
      method: 'POST',
      url: apiPaths.shippingRates,
      headers: shopper.bearer,
      payload: {
        ...aBuyer,
        products: [{ product_id: product.id, quantity: 1 }],
        customer_id: other.id,
      },
    });
    expect(quote.statusCode, quote.body).toBe(403);
    const terms = await t.app.inject({
      url: `${wholesaleOrderingPaths.terms}?customer=${other.id}`,
      headers: (await createWholesaleBuyer(t)).bearer,
    });
    expect(terms.statusCode, terms.body).toBe(403);
  });

  it('ignores set_paid from a shopper: their order waits for payment', async () => {
    const product = await createProduct(t, { regular_price: '10.00' });
    const shopper = await createCustomer(t);
    const res = await ownerOrder(
      shopper.id,
      [{ product_id: product.id, quantity: 1 }],
      {
        set_paid: true,
      },
      shopper,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(OrderSchema.parse(res.json())).toMatchObject({
      status: 'pending',
      created_via: 'rest-api',
    });
  });

  it('answers an unknown customer 400 woocommerce_rest_invalid_customer_id and writes nothing', async () => {
    const product = await createProduct(t, { regular_price: '10.00' });
    const before = await orderCount();
    const res = await ownerOrder(987_654, [{ product_id: product.id, quantity: 1 }]);
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res)).toMatchObject({
      code: 'woocommerce_rest_invalid_customer_id',
      message: 'Customer ID is invalid.',
      data: { status: 400 },
    });
    expect(await orderCount()).toBe(before);
  });
});

describe('POST /wc/v3/shipping-rates/ with customer_id', () => {
  it("quotes an owner the customer's rules: a part case is refused naming the line", async () => {
    const product = await caseProduct();
    const buyer = await createWholesaleBuyer(t);
    const quote = (customerId: number) =>
      ownerRequest('POST', apiPaths.shippingRates, {
        ...aBuyer,
        products: [{ product_id: product.id, quantity: 5 }],
        customer_id: customerId,
      });
    const asBuyer = await quote(buyer.id);
    expect(asBuyer.statusCode, asBuyer.body).toBe(409);
    expect(errorOf(asBuyer)).toMatchObject({
      code: 'larder_wholesale_case_size',
      data: { line: 0 },
    });
    // As the owner themself, 5 bags are a retail order.
    expect((await quote(0)).statusCode).toBe(200);
  });
});
