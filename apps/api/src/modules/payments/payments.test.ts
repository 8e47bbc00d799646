import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiErrorSchema,
  OrderSchema,
  PaymentGatewaySchema,
  PaymentResultSchema,
  testPaymentToken,
  type Order,
} from '@larder/contract';
import { orderPayments, orders, products } from '../../db/schema.ts';
import { seedShippingZones } from '../../../seed/shipping-zones.ts';
import {
  createProduct,
  createVariableProduct,
  uniqueName,
  type CreatedProduct,
} from '../../../test/factories.ts';
import { decodeQuotedPrintable } from '../../../test/outbox.ts';
import { placeOrder } from '../../../test/place-order.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';

const GATEWAYS = '/wp-json/wc/v3/payment_gateways';
const CARD = '/wp-json/wc/v3/stripe-payment';
const PAYPAL_ORDER = '/wp-json/wc/v3/paypal-order';
const PAYPAL_PAYMENT = '/wp-json/wc/v3/paypal-payment';

const GOOD_CARD = testPaymentToken('4242 4242 4242 4242');
const DECLINED_CARD = testPaymentToken('4000 0000 0000 0002');

let t: TestApp;
/** Simple products: $12.50 with its stock counted, and $39.00. */
let peanutButter: CreatedProduct;
let giftTin: CreatedProduct;

beforeAll(async () => {
  // Orders need only the shop's shipping zones; the products are the test's own.
  t = await buildTestApp({ seed: false });
  await seedShippingZones(t.database.db);
  peanutButter = await createProduct(t, {
    name: uniqueName('Peanut Butter Banana'),
    regular_price: '12.50',
    stock_quantity: 1000,
  });
  giftTin = await createProduct(t, { regular_price: '39.00' });
});
afterAll(() => t.close());

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
/** `key: null` sends no order key, as a stranger would. */
const payByCard = (order: Order, token = GOOD_CARD, key: string | null = order.order_key) =>
  post(CARD, {
    order_id: order.id,
    ...(key === null ? {} : { order_key: key }),
    payment_token: token,
    payment_method: 'stripe',
    payment_method_title: 'Credit Card (Stripe)',
    create_account: false,
  });
const errorOf = (res: { json(): unknown }) => ApiErrorSchema.parse(res.json());

const anOrder = () =>
  placeOrder(t.app, [
    { product_id: peanutButter.id, quantity: 2 },
    { product_id: giftTin.id, quantity: 1 },
  ]);
const orderRow = async (id: number) =>
  (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const attemptsOf = (id: number) =>
  t.database.db.select().from(orderPayments).where(eq(orderPayments.orderId, id));
const totalSalesOf = async (id: number) =>
  (await t.database.db.select().from(products).where(eq(products.id, id)))[0]!.totalSales;
const stockOf = async (id: number) =>
  (await t.database.db.select().from(products).where(eq(products.id, id)))[0]!.stockQuantity;
const readOrder = async (order: Order) =>
  OrderSchema.parse(
    (
      await t.app.inject({ url: `/wp-json/wc/v3/orders/${order.id}?key=${order.order_key}` })
    ).json(),
  );

const outbox = () => join(t.config.dataDir, 'outbox');
/** The order's emails, once those the shop sends after answering have been sent. */
const mailsAbout = async (orderId: number) => {
  await t.app.afterAnswer.settled();
  return mailsInOutbox(orderId);
};
const mailsInOutbox = (orderId: number) =>
  (existsSync(outbox()) ? readdirSync(outbox()) : [])
    .map((name) => readFileSync(join(outbox(), name), 'utf8'))
    .filter((mail) => mail.includes(`order #${orderId}`) || mail.includes(`order-#${orderId}`))
    // Mail bodies with non-ASCII text (×, —) are quoted-printable: its soft breaks split lines.
    .map(decodeQuotedPrintable);

describe('GET /wp-json/wc/v3/payment_gateways', () => {
  it('lists cards and PayPal through the offline test provider when no keys are configured', async () => {
    const res = await t.app.inject({ url: GATEWAYS });
    expect(res.statusCode).toBe(200);
    const gateways = PaymentGatewaySchema.array().parse(res.json());
    expect(gateways.map((gateway) => [gateway.id, gateway.title, gateway.client])).toEqual([
      ['stripe', 'Credit Card (Stripe)', { provider: 'test' }],
      ['paypal', 'PayPal', { provider: 'test' }],
    ]);
    expect(gateways.every((gateway) => gateway.enabled)).toBe(true);
  });

  it('adds no third-party origins to the Content-Security-Policy while the test provider serves', async () => {
    const res = await t.app.inject({ url: GATEWAYS });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/stripe|paypal|frame-src|connect-src/);
  });
});

describe('POST /wp-json/wc/v3/stripe-payment (test provider)', () => {
  it('pays with the 4242 card: the order is processing with its transaction id, the stock sale is final, and buyer and owner are emailed', async () => {
    const order = await anOrder();
    const stockAfterOrder = await stockOf(peanutButter.id);

    const res = await payByCard(order);
    expect(res.statusCode, res.body).toBe(200);
    const result = PaymentResultSchema.parse(res.json());
    expect(result).toMatchObject({ code: 200, order_id: order.id, status: 'processing' });
    expect(result.transaction_id).toMatch(/^test_ch_/);

    const paid = await readOrder(order);
    expect(paid).toMatchObject({
      status: 'processing',
      transaction_id: result.transaction_id,
      payment_method: 'stripe',
      payment_method_title: 'Credit Card (Stripe)',
      needs_payment: false,
    });
    expect(paid.date_paid).not.toBeNull();
    expect((await orderRow(order.id)).stockState).toBe('reduced');
    expect(await stockOf(peanutButter.id)).toBe(stockAfterOrder);

    const attempts = await attemptsOf(order.id);
    expect(attempts).toEqual([
      expect.objectContaining({
        provider: 'test',
        status: 'succeeded',
        providerRef: result.transaction_id,
        amountCents: Math.round(Number(order.total) * 100),
      }),
    ]);

    const mails = await mailsAbout(order.id);
    const buyerMail = mails.find((mail) => mail.includes('\r\nTo: Ada Baker <ada@example.com>'));
    const ownerMail = mails.find((mail) => mail.includes('To: owner@larderandoat.test'));
    expect(buyerMail).toContain(`Subject: Your Larder & Oat order #${order.id} is confirmed`);
    expect(buyerMail).toContain(
      `http://shop.test/order-received/${order.id}?key=${order.order_key}`,
    );
    expect(buyerMail).toContain(`Total:    $${order.total}`);
    expect(buyerMail).toContain(`Shipping: $${order.shipping_total}`);
    expect(buyerMail).toContain(`2 × ${peanutButter.name}`);
    expect(buyerMail).toContain('200 Broadway');
    expect(ownerMail).toContain(`Subject: New order #${order.id}: $${order.total} from Ada Baker`);
    expect(ownerMail).toContain('Reply-To: Ada Baker <ada@example.com>');
  });

  it("counts every paid unit in its product's total sales, both sizes of one product too", async () => {
    const muesli = await createVariableProduct(t);
    const [small, large] = muesli.variations;
    const order = await placeOrder(t.app, [
      { product_id: muesli.id, variation_id: small!.id, quantity: 2 },
      { product_id: giftTin.id, quantity: 1 },
      { product_id: muesli.id, variation_id: large!.id, quantity: 3 },
    ]);
    const giftTinSales = await totalSalesOf(giftTin.id);
    expect(await totalSalesOf(muesli.id)).toBe(0);

    expect((await payByCard(order)).statusCode).toBe(200);
    expect(await totalSalesOf(muesli.id)).toBe(5);
    expect(await totalSalesOf(giftTin.id)).toBe(giftTinSales + 1);
  });

  it('charges the total the server computed, whatever amount the client sends', async () => {
    const order = await anOrder();
    const res = await post(CARD, {
      order_id: order.id,
      order_key: order.order_key,
      payment_token: GOOD_CARD,
      payment_method: 'stripe',
      amount: '0.01',
      total: '0.01',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [attempt] = await attemptsOf(order.id);
    expect(attempt!.amountCents).toBe((await orderRow(order.id)).totalCents);
    expect(attempt!.amountCents).toBe(Math.round(Number(order.total) * 100));
  });

  it('answers a declined card with 402 and the reason, leaves the order payable, and a retry with 4242 succeeds', async () => {
    const order = await anOrder();
    const declined = await payByCard(order, DECLINED_CARD);
    expect(declined.statusCode).toBe(402);
    expect(errorOf(declined)).toEqual({
      code: 'larder_card_declined',
      message: 'Your card was declined',
      data: { status: 402 },
    });
    expect((await readOrder(order)).status).toBe('pending');
    expect((await orderRow(order.id)).stockState).toBe('held');
    expect(await mailsAbout(order.id)).toEqual([]);

    const retry = await payByCard(order, GOOD_CARD);
    expect(retry.statusCode, retry.body).toBe(200);
    expect((await readOrder(order)).status).toBe('processing');
    const attempts = await attemptsOf(order.id);
    expect(attempts.map((attempt) => attempt.status)).toEqual(['declined', 'succeeded']);
    // A new attempt has a new idempotency key, or the provider would replay the decline.
    expect(new Set(attempts.map((attempt) => attempt.idempotencyKey)).size).toBe(2);
  });

  it('never charges twice: paying a paid order again is 409 and reaches no provider', async () => {
    const order = await anOrder();
    expect((await payByCard(order)).statusCode).toBe(200);
    const again = await payByCard(order);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({
      code: 'larder_order_not_payable',
      message: 'This order has already been paid.',
    });
    expect(await attemptsOf(order.id)).toHaveLength(1);
  });

  it('charges once when two payments of one order arrive together', async () => {
    const order = await anOrder();
    const answers = await Promise.all([payByCard(order), payByCard(order)]);
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const refused = answers.find((res) => res.statusCode === 409)!;
    expect(['larder_payment_in_progress', 'larder_order_not_payable']).toContain(
      errorOf(refused).code,
    );
    expect(await attemptsOf(order.id)).toHaveLength(1);
    expect((await readOrder(order)).status).toBe('processing');
  });

  it('answers 409 while another payment of the order is under way, and takes over one abandoned long ago', async () => {
    const order = await anOrder();
    const totalCents = (await orderRow(order.id)).totalCents;
    const [running] = await t.database.db
      .insert(orderPayments)
      .values({
        orderId: order.id,
        provider: 'test',
        idempotencyKey: `running-${order.id}`,
        status: 'pending',
        amountCents: totalCents,
      })
      .returning();
    const busy = await payByCard(order);
    expect(busy.statusCode).toBe(409);
    expect(errorOf(busy).code).toBe('larder_payment_in_progress');

    // The process stopped mid-charge an hour ago: the attempt is closed and a new one runs.
    await t.database.db
      .update(orderPayments)
      .set({ createdAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(orderPayments.id, running!.id));
    const res = await payByCard(order);
    expect(res.statusCode, res.body).toBe(200);
    const attempts = await attemptsOf(order.id);
    expect(attempts.map((attempt) => attempt.status)).toEqual(['failed', 'succeeded']);
  });

  it('refuses a guest without the order key (401) or with a wrong one, and charges nothing', async () => {
    const order = await anOrder();
    const withoutKey = await payByCard(order, GOOD_CARD, null);
    expect(withoutKey.statusCode).toBe(401);
    expect(errorOf(withoutKey).data.status).toBe(401);
    const wrongKey = await payByCard(order, GOOD_CARD, 'wc_order_guessed');
    expect(wrongKey.statusCode).toBe(401);
    expect(await attemptsOf(order.id)).toEqual([]);
    expect((await readOrder(order)).status).toBe('pending');
  });

  it('lets a signed-in customer pay their own order without the key, and no other customer', async () => {
    const signIn = async (email: string) => {
      const password = 'oats and honey at dawn';
      const signUp = await post('/wp-json/wc/v3/customers', {
        email,
        password,
        first_name: 'Robin',
        last_name: 'Oats',
      });
      expect(signUp.statusCode, signUp.body).toBe(201);
      const res = await post('/wp-json/jwt-auth/v1/token', { username: email, password });
      const body = res.json<{ data: { token: string; id: number } }>();
      return { id: body.data.id, headers: { authorization: `Bearer ${body.data.token}` } };
    };
    const owner = await signIn(`owner-${Date.now()}@example.com`);
    const stranger = await signIn(`stranger-${Date.now()}@example.com`);
    const order = await placeOrder(
      t.app,
      [{ product_id: giftTin.id, quantity: 1 }],
      { customer_id: owner.id },
      owner.headers,
    );
    const pay = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: CARD,
        headers,
        payload: { order_id: order.id, payment_token: GOOD_CARD, payment_method: 'stripe' },
      });
    const refused = await pay(stranger.headers);
    expect(refused.statusCode).toBe(403);
    expect(await attemptsOf(order.id)).toEqual([]);
    const paid = await pay(owner.headers);
    expect(paid.statusCode, paid.body).toBe(200);
  });

  it('refuses a token that is not a test card token with 402, order still payable', async () => {
    const order = await anOrder();
    const res = await payByCard(order, '4242424242424242');
    expect(res.statusCode).toBe(402);
    expect(errorOf(res).code).toBe('larder_card_declined');
    expect((await readOrder(order)).status).toBe('pending');
  });

  it('keeps the order paid when the confirmation email cannot be written', async () => {
    const order = await anOrder();
    rmSync(outbox(), { recursive: true, force: true });
    writeFileSync(outbox(), 'not a folder');
    try {
      const res = await payByCard(order);
      expect(res.statusCode, res.body).toBe(200);
      await t.app.afterAnswer.settled();
      expect((await readOrder(order)).status).toBe('processing');
    } finally {
      rmSync(outbox(), { force: true });
    }
  });

  it('answers 400 for a request without a payment token', async () => {
    const order = await anOrder();
    const res = await post(CARD, {
      order_id: order.id,
      order_key: order.order_key,
      payment_method: 'stripe',
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).data.params).toHaveProperty('payment_token');
  });
});

describe('PayPal through the test provider', () => {
  it('creates a TEST- PayPal order for the order and captures it', async () => {
    const order = await anOrder();
    const created = await post(PAYPAL_ORDER, { order_id: order.id, order_key: order.order_key });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json<{ id: string }>();
    expect(id).toMatch(/^TEST-/);

    const res = await post(PAYPAL_PAYMENT, {
      order_id: order.id,
      order_key: order.order_key,
      payer_id: 'TESTPAYER',
      ppec_token: id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(PaymentResultSchema.parse(res.json()).transaction_id).toMatch(/^TEST-CAPTURE-/);
    expect(await readOrder(order)).toMatchObject({
      status: 'processing',
      payment_method: 'paypal',
      payment_method_title: 'PayPal',
    });
  });

  it('refuses a PayPal order created for another order, without capturing it', async () => {
    const order = await anOrder();
    const other = await anOrder();
    const created = await post(PAYPAL_ORDER, { order_id: other.id, order_key: other.order_key });
    const res = await post(PAYPAL_PAYMENT, {
      order_id: order.id,
      order_key: order.order_key,
      payer_id: 'TESTPAYER',
      ppec_token: created.json<{ id: string }>().id,
    });
    expect(res.statusCode).toBe(402);
    expect(errorOf(res).code).toBe('larder_payment_mismatch');
    expect(await attemptsOf(order.id)).toEqual([]);
    expect((await readOrder(order)).status).toBe('pending');
  });
});

describe('payment rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({
      seed: false,
      config: { rateLimits: { payment: { max: 2, windowMs: 60_000 } } },
    });
  });
  afterAll(() => limited.close());

  it('answers 429 once a client has sent too many payment requests', async () => {
    const send = (url: string) =>
      limited.app.inject({ method: 'POST', url, payload: {}, remoteAddress: '203.0.113.9' });
    expect((await send(CARD)).statusCode).toBe(400);
    expect((await send(PAYPAL_PAYMENT)).statusCode).toBe(400);
    const third = await send(PAYPAL_ORDER);
    expect(third.statusCode).toBe(429);
    expect(errorOf(third).code).toBe('rest_rate_limited');
    const otherClient = await limited.app.inject({
      method: 'POST',
      url: CARD,
      payload: {},
      remoteAddress: '203.0.113.10',
    });
    expect(otherClient.statusCode).toBe(400);
  });
});
