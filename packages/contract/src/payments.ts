import { z } from 'zod';

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

const orderId = z.number({ error: 'Send the order_id.' }).int().positive();
/** Needed for a guest's order (the signed-in owner may leave it out). */
const orderKey = z.string().max(64).optional();

/** `POST /wp-json/wc/v3/stripe-payment` (spec §3, §7). create_account is always false. */
export const CardPaymentRequestSchema = z.object({
  order_id: orderId,
  order_key: orderKey,
  /** The payment method id the provider's widget created from the card (`pm_…`). */
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
