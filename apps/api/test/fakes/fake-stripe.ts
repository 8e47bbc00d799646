import { randomBytes } from 'node:crypto';
import { startFakeServer, type FakeRequest, type FakeServer } from './fake-server.ts';

/** Stripe's own test payment methods: the first is charged, the second declined. */
export const STRIPE_TEST_CARDS = { visa: 'pm_card_visa', declined: 'pm_card_chargeDeclined' };

export interface FakeStripe extends FakeServer {
  /** PaymentIntent creations that reached the fake (replays of an idempotency key excluded). */
  charges: { key: string; params: URLSearchParams }[];
}

const stripeError = (status: number, error: Record<string, unknown>) => ({
  status,
  body: { error },
});

/**
 * A stand-in for api.stripe.com's `POST /v1/payment_intents`, strict about what the shop must
 * send: the secret key, a whole amount in cents, usd, confirm=true, no redirects, the order id in
 * metadata and an idempotency key. Like Stripe, it answers a repeated key with the first answer.
 */
export async function startFakeStripe(secretKey: string): Promise<FakeStripe> {
  const charges: FakeStripe['charges'] = [];
  const byKey = new Map<string, { status: number; body: unknown }>();

  const create = (request: FakeRequest, key: string) => {
    const params = new URLSearchParams(request.body);
    const problems = [
      /^\d+$/.test(params.get('amount') ?? '') ? null : 'amount must be whole cents',
      params.get('currency') === 'usd' ? null : 'currency must be usd',
      params.get('confirm') === 'true' ? null : 'confirm must be true',
      params.get('automatic_payment_methods[enabled]') === 'true' ? null : 'automatic methods',
      params.get('automatic_payment_methods[allow_redirects]') === 'never' ? null : 'redirects',
      /^\d+$/.test(params.get('metadata[order_id]') ?? '') ? null : 'metadata[order_id]',
    ].filter(Boolean);
    if (problems.length > 0) {
      return stripeError(400, { type: 'invalid_request_error', message: problems.join('; ') });
    }
    charges.push({ key, params });
    const id = `pi_${randomBytes(12).toString('hex')}`;
    const intent = {
      id,
      object: 'payment_intent',
      amount: Number(params.get('amount')),
      currency: 'usd',
      metadata: { order_id: params.get('metadata[order_id]') },
    };
    const method = params.get('payment_method');
    if (method === STRIPE_TEST_CARDS.declined) {
      return stripeError(402, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
        payment_intent: { ...intent, status: 'requires_payment_method' },
      });
    }
    if (method !== STRIPE_TEST_CARDS.visa) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'payment_method',
        message: `No such PaymentMethod: '${method}'`,
      });
    }
    return { status: 200, body: { ...intent, status: 'succeeded' } };
  };

  const server = await startFakeServer((request) => {
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return stripeError(401, {
        type: 'invalid_request_error',
        message: 'Invalid API Key provided',
      });
    }
    if (request.method !== 'POST' || request.path !== '/v1/payment_intents') {
      return stripeError(404, {
        type: 'invalid_request_error',
        message: 'Unrecognized request URL',
      });
    }
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || key === '') {
      return stripeError(400, {
        type: 'invalid_request_error',
        message: 'Send an Idempotency-Key',
      });
    }
    const earlier = byKey.get(key);
    if (earlier) return { ...earlier, headers: { 'idempotent-replayed': 'true' } };
    const answer = create(request, key);
    byKey.set(key, answer);
    return answer;
  });
  return { ...server, charges };
}
