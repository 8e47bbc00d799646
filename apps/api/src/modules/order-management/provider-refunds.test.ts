import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiErrorSchema,
  apiPaths,
  OrderRefundSchema,
  OwnerOrderSchema,
  type Order,
} from '@larder/contract';
import { activityLog, orderNotes, orderRefunds } from '../../db/schema.ts';
import { startFakePayPal, type FakePayPal } from '../../../test/fakes/fake-paypal.ts';
import {
  startFakeStripe,
  STRIPE_TEST_CARDS,
  type FakeStripe,
} from '../../../test/fakes/fake-stripe.ts';
import { seedShippingZones } from '../../../seed/shipping-zones.ts';
import { createProduct } from '../../../test/factories.ts';
import { mailTo } from '../../../test/outbox.ts';
import { placeOrder } from '../../../test/place-order.ts';
import { signedInCustomer, type Session } from '../../../test/sessions.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';

const STRIPE_SECRET = 'sk_test_51FakeSecretForRefunds';
const PAYPAL_ID = 'AfakePayPalClientIdRefunds';
const PAYPAL_SECRET = 'EfakePayPalSecretRefunds';

let t: TestApp;
let stripe: FakeStripe;
let paypal: FakePayPal;
let owner: Session;
let granola: number;

beforeAll(async () => {
  stripe = await startFakeStripe(STRIPE_SECRET);
  paypal = await startFakePayPal(PAYPAL_ID, PAYPAL_SECRET);
  t = await buildTestApp({
    seed: false,
    config: {
      stripe: { secretKey: STRIPE_SECRET, publishableKey: 'pk_test_refunds', apiBase: stripe.url },
      paypal: { clientId: PAYPAL_ID, clientSecret: PAYPAL_SECRET, apiBase: paypal.url },
    },
  });
  await seedShippingZones(t.database.db);
  granola = (await createProduct(t, { regular_price: '18.00' })).id;
  owner = await signedInCustomer(t.app, t.database.db, { name: 'owner', role: 'administrator' });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
  await paypal.close();
});

const anOrder = () => placeOrder(t.app, [{ product_id: granola, quantity: 2 }]);
const refund = (order: Order, amount: string, reason = '') =>
  t.app.inject({
    method: 'POST',
    url: `${apiPaths.orders}/${order.id}/refunds`,
    headers: owner.bearer,
    payload: { amount, reason },
  });
const ownerOrder = async (order: Order) =>
  OwnerOrderSchema.parse(
    (await t.app.inject({ url: `${apiPaths.orders}/${order.id}`, headers: owner.bearer })).json(),
  );
/** What a refused refund must not have left behind: no refund, note, log entry or email. */
const traces = async (order: Order) => ({
  refunds: await t.database.db
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, order.id)),
  notes: (
    await t.database.db.select().from(orderNotes).where(eq(orderNotes.orderId, order.id))
  ).filter((note) => note.note.startsWith('Refunded')),
  entries: (
    await t.database.db.select().from(activityLog).where(eq(activityLog.subjectId, order.id))
  ).filter((entry) => entry.action === 'order.refund'),
  mails: mailTo(t.config.dataDir, order.billing.email).filter(
    (mail) => mail.text.includes("We've refunded") && mail.text.includes(`Order #${order.id} `),
  ),
});

async function payByStripe(order: Order) {
  const res = await t.app.inject({
    method: 'POST',
    url: apiPaths.cardPayment,
    payload: {
      order_id: order.id,
      order_key: order.order_key,
      payment_token: STRIPE_TEST_CARDS.visa,
      payment_method: 'stripe',
      payment_method_title: 'Credit Card (Stripe)',
      create_account: false,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ transaction_id: string }>().transaction_id;
}

async function payByPayPal(order: Order) {
  const created = await t.app.inject({
    method: 'POST',
    url: apiPaths.paypalOrder,
    payload: { order_id: order.id, order_key: order.order_key },
  });
  const paypalOrderId = created.json<{ id: string }>().id;
  paypal.approve(paypalOrderId);
  const res = await t.app.inject({
    method: 'POST',
    url: apiPaths.paypalPayment,
    payload: {
      order_id: order.id,
      order_key: order.order_key,
      payer_id: 'FAKEPAYER123',
      ppec_token: paypalOrderId,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ transaction_id: string }>().transaction_id;
}

describe('refunds through Stripe (a local fake Stripe)', () => {
  it('refunds the PaymentIntent for the amount in cents with an idempotency key', async () => {
    const order = await anOrder();
    const intent = await payByStripe(order);
    const res = await refund(order, '7.50', 'Crushed box');
    expect(res.statusCode, res.body).toBe(201);
    expect(OrderRefundSchema.parse(res.json())).toMatchObject({
      amount: '7.50',
      refunded_payment: true,
    });
    const made = stripe.refunds.filter((entry) => entry.paymentIntent === intent);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ amount: 750 });
    expect(made[0]!.key).toMatch(new RegExp(`^larder-refund-${order.id}-`));
    const [stored] = (await traces(order)).refunds;
    expect(stored).toMatchObject({ providerRef: made[0]!.id, amountCents: 750 });
    expect((await ownerOrder(order)).status).toBe('processing');
  });

  it('a refusal by Stripe answers 502 and records nothing', async () => {
    const order = await anOrder();
    await payByStripe(order);
    stripe.refuseRefunds = true;
    try {
      const res = await refund(order, order.total);
      expect(res.statusCode).toBe(502);
      expect(ApiErrorSchema.parse(res.json())).toMatchObject({
        code: 'larder_refund_failed',
        message: expect.stringContaining('disputed'),
      });
    } finally {
      stripe.refuseRefunds = false;
    }
    expect(await traces(order)).toEqual({ refunds: [], notes: [], entries: [], mails: [] });
    expect((await ownerOrder(order)).status).toBe('processing');
  });
});

describe('refunds through PayPal (a local fake PayPal)', () => {
  it('refunds the capture in full with a PayPal-Request-Id, and the order is refunded', async () => {
    const order = await anOrder();
    const captureId = await payByPayPal(order);
    const res = await refund(order, order.total, 'Never arrived');
    expect(res.statusCode, res.body).toBe(201);
    const made = paypal.refunds.filter((entry) => entry.captureId === captureId);
    expect(made).toEqual([
      expect.objectContaining({
        value: order.total,
        requestId: expect.stringMatching(/^larder-refund-/),
      }),
    ]);
    const request = paypal.requests.findLast((entry) => entry.path.endsWith('/refund'))!;
    expect(request.path).toBe(`/v2/payments/captures/${captureId}/refund`);
    expect(JSON.parse(request.body)).toMatchObject({
      amount: { currency_code: 'USD', value: order.total },
      note_to_payer: 'Never arrived',
    });
    expect((await ownerOrder(order)).status).toBe('refunded');
    expect((await traces(order)).mails).toHaveLength(1);
  });

  it('a refusal by PayPal answers 502 and records nothing', async () => {
    const order = await anOrder();
    await payByPayPal(order);
    paypal.refuseRefunds = true;
    try {
      const res = await refund(order, '1.00');
      expect(res.statusCode).toBe(502);
      expect(ApiErrorSchema.parse(res.json()).message).toContain('REFUND_NOT_ALLOWED');
    } finally {
      paypal.refuseRefunds = false;
    }
    expect(await traces(order)).toEqual({ refunds: [], notes: [], entries: [], mails: [] });
  });
});
