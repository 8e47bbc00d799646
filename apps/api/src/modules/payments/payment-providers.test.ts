import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiErrorSchema,
  OrderSchema,
  PaymentGatewaySchema,
  PaymentResultSchema,
  type Order,
} from '@larder/contract';
import { orderPayments, orders, queuedEmails } from '../../db/schema.ts';
import { startFakePayPal, type FakePayPal } from '../../../test/fakes/fake-paypal.ts';
import {
  startFakeStripe,
  STRIPE_TEST_CARDS,
  type FakeStripe,
} from '../../../test/fakes/fake-stripe.ts';
import { seedShippingZones } from '../../../seed/shipping-zones.ts';
import { createProduct, totalSalesOf } from '../../../test/factories.ts';
import { placeOrder } from '../../../test/place-order.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';

const STRIPE_SECRET = 'sk_test_51FakeSecretKeyNeverInAResponse';
const STRIPE_PUBLISHABLE = 'pk_test_51FakePublishableKey';
const PAYPAL_ID = 'AfakePayPalClientId';
const PAYPAL_SECRET = 'EfakePayPalSecretNeverInAResponse';

let t: TestApp;
let stripe: FakeStripe;
let paypal: FakePayPal;
let granola: number;
/** Every response this file's app sent: none may carry a secret. */
const responses: string[] = [];

beforeAll(async () => {
  stripe = await startFakeStripe(STRIPE_SECRET);
  paypal = await startFakePayPal(PAYPAL_ID, PAYPAL_SECRET);
  // Orders need only the shop's shipping zones; the product is the test's own.
  t = await buildTestApp({
    seed: false,
    config: {
      stripe: { secretKey: STRIPE_SECRET, publishableKey: STRIPE_PUBLISHABLE, apiBase: stripe.url },
      paypal: { clientId: PAYPAL_ID, clientSecret: PAYPAL_SECRET, apiBase: paypal.url },
    },
  });
  await seedShippingZones(t.database.db);
  granola = (await createProduct(t)).id;
});
afterAll(async () => {
  await t.close();
  await stripe.close();
  await paypal.close();
});

async function send(method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await t.app.inject({ method, url, payload });
  responses.push(JSON.stringify(res.headers) + res.body);
  return res;
}
const errorOf = (res: { json(): unknown }) => ApiErrorSchema.parse(res.json());
const anOrder = () => placeOrder(t.app, [{ product_id: granola, quantity: 3 }]);
const cents = (order: Order) => Math.round(Number(order.total) * 100);
const readOrder = async (order: Order) =>
  OrderSchema.parse(
    (await send('GET', `/wp-json/wc/v3/orders/${order.id}?key=${order.order_key}`)).json(),
  );
const attemptsOf = (id: number) =>
  t.database.db.select().from(orderPayments).where(eq(orderPayments.orderId, id));

const payByCard = (order: Order, paymentToken: string) =>
  send('POST', '/wp-json/wc/v3/stripe-payment', {
    order_id: order.id,
    order_key: order.order_key,
    payment_token: paymentToken,
    payment_method: 'stripe',
    payment_method_title: 'Credit Card (Stripe)',
    create_account: false,
  });
const chargesFor = (order: Order) =>
  stripe.charges.filter((charge) => charge.params.get('metadata[order_id]') === String(order.id));

describe('GET /wp-json/wc/v3/payment_gateways with keys configured', () => {
  it('lists Stripe with its publishable key and PayPal with its client id, nothing else', async () => {
    const res = await send('GET', '/wp-json/wc/v3/payment_gateways');
    expect(res.statusCode).toBe(200);
    const gateways = PaymentGatewaySchema.array().parse(res.json());
    expect(gateways.map((gateway) => [gateway.id, gateway.client])).toEqual([
      ['stripe', { provider: 'stripe', publishable_key: STRIPE_PUBLISHABLE }],
      ['paypal', { provider: 'paypal', client_id: PAYPAL_ID, currency: 'USD' }],
    ]);
  });
});

describe('Content-Security-Policy with keys configured', () => {
  it("lets Stripe.js and PayPal's SDK load, frame their fields and call their APIs", async () => {
    const res = await send('GET', '/wp-json/wc/v3/payment_gateways');
    const csp = Object.fromEntries(
      String(res.headers['content-security-policy'])
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name, ...sources]) => [name, sources]),
    ) as Record<string, string[]>;
    expect(csp['script-src']).toEqual(
      expect.arrayContaining(["'self'", 'https://js.stripe.com', 'https://*.paypal.com']),
    );
    expect(csp['frame-src']).toEqual(
      expect.arrayContaining([
        'https://js.stripe.com',
        'https://hooks.stripe.com',
        'https://*.paypal.com',
      ]),
    );
    expect(csp['connect-src']).toEqual(
      expect.arrayContaining(["'self'", 'https://api.stripe.com', 'https://*.paypal.com']),
    );
    expect(csp['default-src']).toEqual(["'self'"]);
  });
});

describe('Stripe adapter (against a local fake Stripe)', () => {
  it('confirms a PaymentIntent for the order total in usd with the idempotency key, and the order is paid', async () => {
    const order = await anOrder();
    const res = await payByCard(order, STRIPE_TEST_CARDS.visa);
    expect(res.statusCode, res.body).toBe(200);
    const result = PaymentResultSchema.parse(res.json());
    expect(result.transaction_id).toMatch(/^pi_/);

    const [charge] = chargesFor(order);
    expect(chargesFor(order)).toHaveLength(1);
    expect(charge!.params.get('amount')).toBe(String(cents(order)));
    expect(charge!.params.get('currency')).toBe('usd');
    expect(charge!.params.get('payment_method')).toBe(STRIPE_TEST_CARDS.visa);
    const [attempt] = await attemptsOf(order.id);
    expect(charge!.key).toBe(attempt!.idempotencyKey);
    expect(attempt).toMatchObject({ provider: 'stripe', status: 'succeeded' });

    expect(await readOrder(order)).toMatchObject({
      status: 'processing',
      transaction_id: result.transaction_id,
    });
  });

  it("maps Stripe's card_declined to 402 with Stripe's message; a retry with a good card is a new attempt", async () => {
    const order = await anOrder();
    const declined = await payByCard(order, STRIPE_TEST_CARDS.declined);
    expect(declined.statusCode).toBe(402);
    expect(errorOf(declined)).toEqual({
      code: 'larder_card_declined',
      message: 'Your card was declined.',
      data: { status: 402 },
    });
    expect((await readOrder(order)).status).toBe('pending');

    const retry = await payByCard(order, STRIPE_TEST_CARDS.visa);
    expect(retry.statusCode, retry.body).toBe(200);
    const keys = chargesFor(order).map((charge) => charge.key);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('records a charge whose order was cancelled while Stripe charged it, for a refund: 409, nothing of the sale written', async () => {
    const order = await anOrder();
    const salesBefore = await totalSalesOf(t, granola);
    stripe.whileCharging = async () => {
      // As the owner cancelling it in the back office while the card is being charged.
      await t.database.db
        .update(orders)
        .set({ status: 'cancelled', stockState: 'released' })
        .where(eq(orders.id, order.id));
    };
    try {
      const res = await payByCard(order, STRIPE_TEST_CARDS.visa);
      expect(res.statusCode, res.body).toBe(409);
      expect(errorOf(res)).toMatchObject({ code: 'larder_order_not_payable' });
    } finally {
      stripe.whileCharging = null;
    }
    expect(chargesFor(order)).toHaveLength(1);
    expect(await attemptsOf(order.id)).toEqual([
      expect.objectContaining({
        status: 'succeeded',
        providerRef: expect.stringMatching(/^pi_/),
        message: 'Charged, but the order could no longer be marked paid: refund it.',
      }),
    ]);
    expect((await readOrder(order)).status).toBe('cancelled');
    expect(await totalSalesOf(t, granola)).toBe(salesBefore);
    const queued = await t.database.db
      .select()
      .from(queuedEmails)
      .where(eq(queuedEmails.about, `order ${order.id}`));
    expect(queued).toEqual([]);
  });

  it('sends Stripe one charge when two payments of one order arrive together', async () => {
    const order = await anOrder();
    const answers = await Promise.all([
      payByCard(order, STRIPE_TEST_CARDS.visa),
      payByCard(order, STRIPE_TEST_CARDS.visa),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(chargesFor(order)).toHaveLength(1);
    const again = await payByCard(order, STRIPE_TEST_CARDS.visa);
    expect(again.statusCode).toBe(409);
    expect(chargesFor(order)).toHaveLength(1);
  });

  it('refuses a payment method Stripe does not know with 402, order still payable', async () => {
    const order = await anOrder();
    const res = await payByCard(order, 'pm_made_up');
    expect(res.statusCode).toBe(402);
    expect(errorOf(res).message).toContain('No such PaymentMethod');
    expect((await readOrder(order)).status).toBe('pending');
  });
});

describe('PayPal adapter (against a local fake PayPal)', () => {
  const createPayPalOrder = async (order: Order) => {
    const res = await send('POST', '/wp-json/wc/v3/paypal-order', {
      order_id: order.id,
      order_key: order.order_key,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: string }>().id;
  };
  const payByPayPal = (order: Order, paypalOrderId: string) =>
    send('POST', '/wp-json/wc/v3/paypal-payment', {
      order_id: order.id,
      order_key: order.order_key,
      payer_id: 'FAKEPAYER123',
      ppec_token: paypalOrderId,
    });

  it('creates the PayPal order for the order total and captures it once approved', async () => {
    const order = await anOrder();
    const paypalOrderId = await createPayPalOrder(order);
    const creation = paypal.requests.findLast(
      (request) => request.method === 'POST' && request.path === '/v2/checkout/orders',
    )!;
    expect(JSON.parse(creation.body)).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [
        { custom_id: String(order.id), amount: { currency_code: 'USD', value: order.total } },
      ],
    });
    expect(creation.headers['paypal-request-id']).toBeTruthy();

    paypal.approve(paypalOrderId);
    const res = await payByPayPal(order, paypalOrderId);
    expect(res.statusCode, res.body).toBe(200);
    const result = PaymentResultSchema.parse(res.json());

    const captures = paypal.captures.filter((capture) => capture.orderId === paypalOrderId);
    expect(captures).toHaveLength(1);
    const [attempt] = await attemptsOf(order.id);
    expect(captures[0]!.requestId).toBe(attempt!.idempotencyKey);
    expect(await readOrder(order)).toMatchObject({
      status: 'processing',
      payment_method: 'paypal',
      transaction_id: result.transaction_id,
    });

    const again = await payByPayPal(order, paypalOrderId);
    expect(again.statusCode).toBe(409);
    expect(paypal.captures.filter((capture) => capture.orderId === paypalOrderId)).toHaveLength(1);
  });

  it('refuses, without capturing, a PayPal order whose amount is not the order total', async () => {
    const order = await anOrder();
    const cheap = paypal.addOrder('0.01', String(order.id));
    paypal.approve(cheap);
    const res = await payByPayPal(order, cheap);
    expect(res.statusCode).toBe(402);
    expect(errorOf(res).code).toBe('larder_payment_mismatch');
    expect(paypal.captures.filter((capture) => capture.orderId === cheap)).toEqual([]);
    expect((await readOrder(order)).status).toBe('pending');
  });

  it('answers a PayPal decline with 402 and keeps the order payable', async () => {
    const order = await anOrder();
    const paypalOrderId = await createPayPalOrder(order);
    paypal.approve(paypalOrderId, { declineOnCapture: true });
    const res = await payByPayPal(order, paypalOrderId);
    expect(res.statusCode).toBe(402);
    expect(errorOf(res).message).toContain('PayPal declined');
    expect((await readOrder(order)).status).toBe('pending');
    expect((await attemptsOf(order.id)).map((attempt) => attempt.status)).toEqual(['declined']);
  });
});

describe('secrets', () => {
  it('never appear in any response, including the API document', async () => {
    await send('GET', '/wp-json/docs/json');
    expect(responses.length).toBeGreaterThan(10);
    for (const body of responses) {
      expect(body).not.toContain(STRIPE_SECRET);
      expect(body).not.toContain(PAYPAL_SECRET);
    }
  });
});

describe('provider failures', () => {
  it('answers 502 when Stripe cannot be reached, and the order stays payable', async () => {
    const order = await anOrder();
    await stripe.close();
    const res = await payByCard(order, STRIPE_TEST_CARDS.visa);
    expect(res.statusCode).toBe(502);
    expect(errorOf(res)).toMatchObject({
      code: 'larder_payment_failed',
      message:
        'The card payment service could not complete the payment (Stripe could not be reached). Please try again in a moment.',
    });
    expect((await readOrder(order)).status).toBe('pending');
    expect((await attemptsOf(order.id)).map((attempt) => attempt.status)).toEqual(['failed']);
  });
});
