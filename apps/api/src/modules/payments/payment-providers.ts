import { parseMoneyInput, toMoneyString } from '@larder/contract';

/**
 * What the payments service needs from a card or PayPal provider. Adapters never throw for a
 * refused or failed payment: they answer with a result the service records and maps to HTTP.
 */

/** Money is charged in cents, always for the order's server-computed total. */
export interface CardCharge {
  orderId: number;
  amountCents: number;
  currency: 'USD';
  /** The payment method the browser's card widget created (`pm_…`); never a card number. */
  paymentToken: string;
  /** The same key for a repeated request means the provider charges at most once. */
  idempotencyKey: string;
  description: string;
}

export type ChargeResult =
  | { status: 'succeeded'; transactionId: string }
  /** The card or the bank said no: the shopper may try again with another card. */
  | { status: 'declined'; message: string; transactionId?: string }
  /** The provider could not be reached or broke: nothing is known to be charged. */
  | { status: 'failed'; message: string };

/** Money given back for a payment the provider took. */
export interface RefundRequest {
  /** The provider's charge (PaymentIntent) or capture id the order was paid with. */
  transactionId: string;
  amountCents: number;
  currency: 'USD';
  /** The same key for a repeated request means the provider refunds at most once. */
  idempotencyKey: string;
  /** The owner's reason, kept with the refund at the provider. */
  reason: string;
}

export type RefundResult =
  | { status: 'succeeded'; refundId: string }
  /** Refused or unreachable: nothing is known to be refunded. */
  | { status: 'failed'; message: string };

/** What both kinds of provider answer to: the owner's refunds go back the way the money came. */
export interface RefundingProvider {
  readonly id: 'test' | 'stripe' | 'paypal';
  refund(request: RefundRequest): Promise<RefundResult>;
}

export interface CardProvider extends RefundingProvider {
  readonly id: 'test' | 'stripe';
  charge(charge: CardCharge): Promise<ChargeResult>;
}

export interface PayPalOrderInput {
  orderId: number;
  amountCents: number;
  currency: 'USD';
  /** PayPal-Request-Id: a repeated create returns the same PayPal order. */
  requestId: string;
  /** What the buyer's PayPal account shows the payment was for, e.g. "Larder & Oat order 12". */
  description: string;
}

export type CaptureResult =
  | {
      status: 'succeeded';
      captureId: string;
      /** What PayPal actually captured: the service checks it against the order's total. */
      amountCents: number;
      currency: string;
      /** The shop order id the PayPal order was created for (its custom_id). */
      shopOrderId: string;
    }
  | { status: 'declined'; message: string }
  | { status: 'failed'; message: string };

export interface PayPalOrderDetails {
  amountCents: number;
  currency: string;
  /** The shop order id the PayPal order was created for (its custom_id); '' when none. */
  shopOrderId: string;
  /** PayPal's status: CREATED, APPROVED, COMPLETED, … */
  status: string;
}

export interface PayPalProvider extends RefundingProvider {
  readonly id: 'test' | 'paypal';
  /** Creates a PayPal order (intent CAPTURE) for the amount; the buttons then approve it. */
  createOrder(input: PayPalOrderInput): Promise<{ id: string } | { failed: string }>;
  /** The PayPal order as PayPal holds it; null when there is no such order. */
  getOrder(paypalOrderId: string): Promise<PayPalOrderDetails | null | { failed: string }>;
  /** Captures an approved PayPal order; `requestId` makes a repeated capture take money once. */
  capture(paypalOrderId: string, requestId: string): Promise<CaptureResult>;
}

/** "12.50" for 1250: the decimal string both providers' APIs take. */
export const toDecimal = toMoneyString;

/** 1250 for "12.50"; NaN for anything that is not a plain decimal amount. */
export function fromDecimal(value: string): number {
  // Providers send exact strings: surrounding spaces are not theirs, so they are refused too.
  if (value.trim() !== value) return Number.NaN;
  try {
    return parseMoneyInput(value);
  } catch {
    return Number.NaN;
  }
}
