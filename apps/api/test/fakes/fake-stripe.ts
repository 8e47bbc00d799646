import { randomBytes } from 'node:crypto';
import { startFakeServer, type FakeRequest, type FakeServer } from './fake-server.ts';

/** Stripe's own test payment methods: the first is charged, the second declined. */
export const STRIPE_TEST_CARDS = { visa: 'pm_card_visa', declined: 'pm_card_chargeDeclined' };

export interface FakeStripe extends FakeServer {
  /** PaymentIntent creations that reached the fake (replays of an idempotency key excluded). */
  charges: { key: string; params: URLSearchParams }[];
  /** Refunds made (replays of an idempotency key excluded). */
  refunds: { key: string; id: string; paymentIntent: string; amount: number }[];
  /** While true, every new refund is refused as Stripe refuses one for a disputed charge. */
  refuseRefunds: boolean;
  /** Runs while a new PaymentIntent is being charged, before Stripe answers. */
  whileCharging: (() => Promise<void>) | null;
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
  const refunds: FakeStripe['refunds'] = [];
  /** Succeeded PaymentIntents and their amounts, so a refund can be checked against them. */
  const intents = new Map<string, number>();
  const byKey = new Map<string, { status: number; body: unknown }>();
  const state: Pick<FakeStripe, 'refuseRefunds' | 'whileCharging'> = {
    refuseRefunds: false,
    whileCharging: null,
  };

  /** `POST /v1/refunds` for a PaymentIntent: never more than what is left of its amount. */
  const refund = (request: FakeRequest, key: string) => {
    const params = new URLSearchParams(request.body);
    const intent = params.get('payment_intent') ?? '';
    const charged = intents.get(intent);
    if (charged === undefined) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'payment_intent',
        message: `No such payment_intent: '${intent}'`,
      });
    }
    const amount = Number(params.get('amount'));
    const refunded = refunds
      .filter((entry) => entry.paymentIntent === intent)
      .reduce((sum, entry) => sum + entry.amount, 0);
    if (!/^\d+$/.test(params.get('amount') ?? '') || amount < 1 || amount > charged - refunded) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        param: 'amount',
        message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${charged - refunded})`,
      });
    }
    if (state.refuseRefunds) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'charge_disputed',
        message: 'This charge has been disputed and cannot be refunded.',
      });
    }
    const id = `re_${randomBytes(12).toString('hex')}`;
    refunds.push({ key, id, paymentIntent: intent, amount });
    return {
      status: 200,
      body: {
        id,
        object: 'refund',
        amount,
        currency: 'usd',
        payment_intent: intent,
        status: 'succeeded',
      },
    };
  };

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
    intents.set(id, intent.amount);
    return { status: 200, body: { ...intent, status: 'succeeded' } };
  };

  const server = await startFakeServer(async (request) => {
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return stripeError(401, {
        type: 'invalid_request_error',
        message: 'Invalid API Key provided',
      });
    }
    const isRefund = request.method === 'POST' && request.path === '/v1/refunds';
    if (!isRefund && (request.method !== 'POST' || request.path !== '/v1/payment_intents')) {
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
    if (!isRefund) await state.whileCharging?.();
    const answer = isRefund ? refund(request, key) : create(request, key);
    byKey.set(key, answer);
    return answer;
  });
  return {
    ...server,
    charges,
    refunds,
    get refuseRefunds() {
      return state.refuseRefunds;
    },
    set refuseRefunds(value: boolean) {
      state.refuseRefunds = value;
    },
    get whileCharging() {
      return state.whileCharging;
    },
    set whileCharging(value) {
      state.whileCharging = value;
    },
  };
}
