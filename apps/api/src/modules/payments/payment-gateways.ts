import { CARD_PAYMENT_METHOD, type PaymentGateway } from '@larder/contract';
import type { Config } from '../../config.ts';
import type { CardProvider, PayPalProvider } from './payment-providers.ts';
import { createPayPalProvider } from './paypal-provider.ts';
import { createStripeProvider } from './stripe-provider.ts';
import { createTestProvider } from './test-provider.ts';

export interface PaymentSetup {
  /** null: card payments are off (PayPal is configured and Stripe is not). */
  card: CardProvider | null;
  paypal: PayPalProvider | null;
  /** `GET /payment_gateways`: enabled gateways only, with public values only. */
  gateways: PaymentGateway[];
  /** No keys configured: the offline test provider takes both kinds of payment. */
  testMode: boolean;
}

const cardGateway = (client: PaymentGateway['client'], test: boolean): PaymentGateway => ({
  id: 'stripe',
  title: CARD_PAYMENT_METHOD.title,
  description: test
    ? 'Test mode: pay with card 4242 4242 4242 4242 (4000 0000 0000 0002 is declined). No money is taken.'
    : 'Pay securely with your credit or debit card.',
  order: 0,
  enabled: true,
  method_title: test ? 'Test cards' : 'Stripe',
  method_description: test
    ? 'The built-in offline card provider, used while no payment keys are configured.'
    : 'Card payments through Stripe; card details go to Stripe, never to the shop.',
  method_supports: ['products'],
  client,
});

const paypalGateway = (client: PaymentGateway['client'], test: boolean): PaymentGateway => ({
  id: 'paypal',
  title: 'PayPal',
  description: test
    ? 'Test mode: a PayPal stand-in approves the payment at once. No money is taken.'
    : 'Pay with your PayPal account.',
  order: 1,
  enabled: true,
  method_title: test ? 'PayPal stand-in' : 'PayPal',
  method_description: test
    ? 'The built-in offline PayPal stand-in, used while no payment keys are configured.'
    : 'PayPal Checkout through the PayPal Orders API.',
  method_supports: ['products'],
  client,
});

/**
 * Real providers where keys are configured. With no keys at all, the offline test provider takes
 * cards and PayPal so the demo shop works without accounts; once any provider is configured, only
 * configured ones are offered, so a live shop never takes fake payments.
 */
export function createPaymentSetup(config: Pick<Config, 'stripe' | 'paypal'>): PaymentSetup {
  if (!config.stripe && !config.paypal) {
    const test = createTestProvider();
    return {
      card: test,
      paypal: test,
      gateways: [
        cardGateway({ provider: 'test' }, true),
        paypalGateway({ provider: 'test' }, true),
      ],
      testMode: true,
    };
  }
  const gateways: PaymentGateway[] = [];
  let card: CardProvider | null = null;
  let paypal: PayPalProvider | null = null;
  if (config.stripe) {
    card = createStripeProvider(config.stripe);
    gateways.push(
      cardGateway({ provider: 'stripe', publishable_key: config.stripe.publishableKey }, false),
    );
  }
  if (config.paypal) {
    paypal = createPayPalProvider(config.paypal);
    gateways.push(
      paypalGateway(
        { provider: 'paypal', client_id: config.paypal.clientId, currency: 'USD' },
        false,
      ),
    );
  }
  return { card, paypal, gateways, testMode: false };
}
