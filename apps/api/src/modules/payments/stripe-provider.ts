import Stripe from 'stripe';
import type { CardProvider, ChargeResult, RefundResult } from './payment-providers.ts';

export interface StripeProviderOptions {
  secretKey: string;
  /** Another API origin (STRIPE_API_BASE), e.g. a local fake server in tests. */
  apiBase?: string;
}

/** The SDK takes the origin in parts. */
function connection(apiBase: string | undefined) {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? ('http' as const) : ('https' as const);
  return {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

/**
 * Cards through Stripe: one PaymentIntent per attempt, confirmed at once with the payment method
 * the browser's Stripe Elements created. The attempt's idempotency key makes the SDK's own retries
 * (and any repeat of the attempt) charge at most once.
 */
export function createStripeProvider(options: StripeProviderOptions): CardProvider {
  const stripe = new Stripe(options.secretKey, {
    ...connection(options.apiBase),
    maxNetworkRetries: 2,
    // A shopper waits on this request: fail clearly rather than hang for the SDK's 80 s default.
    timeout: 30_000,
    telemetry: false,
  });

  return {
    id: 'stripe',

    async charge(charge): Promise<ChargeResult> {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: charge.amountCents,
            currency: charge.currency.toLowerCase(),
            payment_method: charge.paymentToken,
            confirm: true,
            // Confirmed on the server without a page to return to: no redirect-based methods.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            description: charge.description,
            metadata: { order_id: String(charge.orderId) },
          },
          { idempotencyKey: charge.idempotencyKey },
        );
        if (intent.status === 'succeeded') return { status: 'succeeded', transactionId: intent.id };
        if (intent.status === 'requires_action' || intent.status === 'requires_payment_method') {
          return {
            status: 'declined',
            message:
              'Your bank asked for an extra check that this checkout cannot do. Please try another card or PayPal.',
            transactionId: intent.id,
          };
        }
        return { status: 'failed', message: `payment ${intent.status}` };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          return {
            status: 'declined',
            message: error.message,
            transactionId: error.payment_intent?.id,
          };
        }
        // A payment method id that does not exist (or is not ours) is the shopper's to fix.
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError &&
          error.param === 'payment_method'
        ) {
          return { status: 'declined', message: error.message };
        }
        if (error instanceof Stripe.errors.StripeConnectionError) {
          return { status: 'failed', message: 'Stripe could not be reached' };
        }
        if (error instanceof Stripe.errors.StripeAuthenticationError) {
          return { status: 'failed', message: "Stripe did not accept the shop's keys" };
        }
        if (error instanceof Stripe.errors.StripeError) {
          return {
            status: 'failed',
            message: `Stripe answered ${error.statusCode ?? 'with an error'}`,
          };
        }
        throw error;
      }
    },

    async refund(request): Promise<RefundResult> {
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: request.transactionId,
            amount: request.amountCents,
            metadata: { reason: request.reason.slice(0, 500) },
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (refund.status === 'failed' || refund.status === 'canceled') {
          return { status: 'failed', message: `the Stripe refund is ${refund.status}` };
        }
        return { status: 'succeeded', refundId: refund.id };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeConnectionError) {
          return { status: 'failed', message: 'Stripe could not be reached' };
        }
        if (error instanceof Stripe.errors.StripeError) {
          // Stripe's own words say why ("Refund amount ($50.00) is greater than …").
          return { status: 'failed', message: `Stripe refused the refund: ${error.message}` };
        }
        throw error;
      }
    },
  };
}
