import { z } from 'zod';
import { MAX_ID } from './common.ts';

/**
 * What the browser needs to start a provider's widget. Only public values: Stripe's publishable key
 * and PayPal's client id are meant for browsers; secret keys never leave the server.
 * `test` is the built-in offline provider used when no keys are configured.
 */
export const PaymentClientSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('test') }),
  z.object({ provider: z.literal('stripe'), publishable_key: z.string() }),
  z.object({ provider: z.literal('paypal'), client_id: z.string(), currency: z.literal('USD') }),
]);
export type PaymentClient = z.infer<typeof PaymentClientSchema>;

export const PaymentGatewayIdSchema = z.enum(['stripe', 'paypal']);
export type PaymentGatewayId = z.infer<typeof PaymentGatewayIdSchema>;

/** `GET /wp-json/wc/v3/payment_gateways`: enabled gateways only, no settings. */
export const PaymentGatewaySchema = z.object({
  id: PaymentGatewayIdSchema,
  title: z.string(),
  description: z.string(),
  order: z.number().int(),
  enabled: z.literal(true),
  method_title: z.string(),
  method_description: z.string(),
  method_supports: z.array(z.string()),
  client: PaymentClientSchema,
});
export type PaymentGateway = z.infer<typeof PaymentGatewaySchema>;

/** Spec §9: the card payment's fixed method id and title. */
export const CARD_PAYMENT_METHOD = { id: 'stripe', title: 'Credit Card (Stripe)' } as const;

const orderId = z.number({ error: 'Send the order_id.' }).int().positive().max(MAX_ID);
/** Needed for a guest's order (the signed-in owner may leave it out). */
const orderKey = z.string().max(64).optional();

/**
 * The built-in test provider's card token (gateway client `{provider:'test'}`). The browser's
 * offline card form never sends the card number: it checks the card with `TestCardSchema` (Luhn,
 * expiry, CVC) and sends `testPaymentToken(number)` as the `payment_token`:
 *
 *     pm_test_<outcome>_<last4>      outcome: success | declined
 *
 * 4000 0000 0000 0002 gives `pm_test_declined_0002`, which the server declines (402
 * `larder_card_declined`, "Your card was declined"); 4242 4242 4242 4242 (`pm_test_success_4242`)
 * and every other valid number succeed. The server refuses any other token shape.
 */
export const TEST_CARD_NUMBERS = {
  success: '4242424242424242',
  declined: '4000000000000002',
} as const;
export type TestCardOutcome = 'success' | 'declined';
export const TestPaymentTokenSchema = z
  .string()
  .regex(
    /^pm_test_(success|declined)_\d{4}$/,
    'Not a test card token (pm_test_<outcome>_<last4>).',
  );

/** The digits of a card number as typed ("4242 4242-4242 4242" → "4242424242424242"). */
export const cardDigits = (number: string) => number.replace(/[\s-]/g, '');

/** The Luhn checksum every card number carries. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export const testCardOutcome = (number: string): TestCardOutcome =>
  cardDigits(number) === TEST_CARD_NUMBERS.declined ? 'declined' : 'success';

/** The token to send for a card that passed `TestCardSchema`. */
export const testPaymentToken = (number: string) =>
  `pm_test_${testCardOutcome(number)}_${cardDigits(number).slice(-4)}`;

export function parseTestPaymentToken(
  token: string,
): { outcome: TestCardOutcome; last4: string } | null {
  const match = /^pm_test_(success|declined)_(\d{4})$/.exec(token);
  return match ? { outcome: match[1] as TestCardOutcome, last4: match[2]! } : null;
}

/** True when an "MM/YY" expiry is before the month of `now` (a card is good to its month's end). */
export function cardExpired(expiry: string, now: Date = new Date()): boolean {
  const match = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(expiry);
  if (!match) return true;
  const year = 2000 + Number(match[2]);
  const month = Number(match[1]);
  return year * 12 + month < now.getFullYear() * 12 + now.getMonth() + 1;
}

/** The offline card form of the test provider (react-hook-form + zod resolver). */
export const TestCardSchema = z
  .object({
    number: z
      .string()
      .refine((value) => luhnValid(cardDigits(value)), 'Enter a valid card number.'),
    /** MM/YY */
    expiry: z
      .string()
      .regex(/^\s*(0[1-9]|1[0-2])\s*\/\s*\d{2}\s*$/, 'Enter the expiry date as MM/YY.')
      .refine((value) => !cardExpired(value), 'This card has expired.'),
    cvc: z.string().trim(),
  })
  .superRefine((card, context) => {
    // American Express (34…, 37…) prints a 4-digit code; other cards a 3-digit one.
    const length = /^3[47]/.test(cardDigits(card.number)) ? 4 : 3;
    if (card.cvc.length !== length || !/^\d+$/.test(card.cvc)) {
      context.addIssue({
        code: 'custom',
        path: ['cvc'],
        message: `Enter the ${length}-digit security code.`,
      });
    }
  });
export type TestCard = z.infer<typeof TestCardSchema>;

/**
 * Error codes of the payment routes, besides the usual 400/401/403/429:
 * 402 `larder_card_declined` (declined; the order stays pending and can be paid again),
 * 402 `larder_payment_mismatch` (the PayPal order is not for this order's total; not captured),
 * 409 `larder_order_not_payable` (already paid, cancelled or expired),
 * 409 `larder_payment_in_progress` (another payment for the order is under way),
 * 502 `larder_payment_failed` (the provider could not be reached or failed).
 * Show `message` to the shopper in every case.
 */
export const PAYMENT_ERROR_CODES = {
  declined: 'larder_card_declined',
  mismatch: 'larder_payment_mismatch',
  notPayable: 'larder_order_not_payable',
  inProgress: 'larder_payment_in_progress',
  failed: 'larder_payment_failed',
} as const;

/** `POST /wp-json/wc/v3/stripe-payment` (spec §3, §7). create_account is always false. */
export const CardPaymentRequestSchema = z.object({
  order_id: orderId,
  order_key: orderKey,
  /**
   * The payment method id the provider's widget created from the card (`pm_…`); with the test
   * provider, `testPaymentToken(number)` (see `TestPaymentTokenSchema`).
   */
  payment_token: z
    .string({ error: 'Send the payment_token from the card form.' })
    .min(1, 'Send the payment_token from the card form.')
    .max(255),
  payment_method: z.literal(CARD_PAYMENT_METHOD.id),
  payment_method_title: z.string().max(100).default(CARD_PAYMENT_METHOD.title),
  create_account: z.literal(false).default(false),
});
export type CardPaymentRequest = z.input<typeof CardPaymentRequestSchema>;

/** Creates the PayPal order for an order's server-computed total; the buttons then approve it. */
export const PayPalOrderRequestSchema = z.object({ order_id: orderId, order_key: orderKey });
export const PayPalOrderResultSchema = z.object({ id: z.string() });

/** `POST /wp-json/wc/v3/paypal-payment` (spec §7): captures the approved PayPal order. */
export const PayPalPaymentRequestSchema = z.object({
  order_id: orderId,
  order_key: orderKey,
  payer_id: z.string().min(1).max(64),
  /** The PayPal order id the buttons approved. */
  ppec_token: z.string().min(1).max(64),
});
export type PayPalPaymentRequest = z.input<typeof PayPalPaymentRequestSchema>;

/**
 * A successful payment (HTTP 200): `code` 200 as the spec reads it. A declined or failed payment
 * is an error response `{code, message, data:{status}}` whose message is shown to the shopper.
 */
export const PaymentResultSchema = z.object({
  code: z.literal(200),
  message: z.string(),
  order_id: z.number().int(),
  status: z.literal('processing'),
  transaction_id: z.string(),
});
export type PaymentResult = z.infer<typeof PaymentResultSchema>;
