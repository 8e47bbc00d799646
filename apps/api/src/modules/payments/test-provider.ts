import { randomBytes } from 'node:crypto';
import { parseTestPaymentToken } from '@larder/contract';
import type {
  CaptureResult,
  CardProvider,
  ChargeResult,
  PayPalProvider,
  RefundResult,
} from './payment-providers.ts';

export const CARD_DECLINED_MESSAGE = 'Your card was declined';

const randomId = (bytes: number) => randomBytes(bytes).toString('hex');

interface TestPayPalOrder {
  orderId: number;
  amountCents: number;
  currency: string;
  captureId?: string;
}

/**
 * The built-in offline provider, used when no provider keys are configured. Cards: the browser's
 * test form sends `pm_test_<outcome>_<last4>` (see the contract); `declined` is declined like
 * Stripe's 4000 0000 0000 0002, `success` is charged. PayPal: `TEST-…` orders kept in memory.
 * Like the real providers it answers a repeated idempotency key with the first result.
 */
export function createTestProvider(): CardProvider & PayPalProvider {
  const charges = new Map<string, ChargeResult>();
  const paypalOrders = new Map<string, TestPayPalOrder>();
  const captures = new Map<string, CaptureResult>();
  const refunds = new Map<string, RefundResult>();

  const chargeOnce = (token: string): ChargeResult => {
    const card = parseTestPaymentToken(token);
    if (!card) {
      return {
        status: 'declined',
        message: 'The card details could not be read. Please enter the card again.',
      };
    }
    if (card.outcome === 'declined') {
      return {
        status: 'declined',
        message: CARD_DECLINED_MESSAGE,
        transactionId: `test_ch_${randomId(12)}`,
      };
    }
    return { status: 'succeeded', transactionId: `test_ch_${randomId(12)}` };
  };

  const captureOnce = (paypalOrderId: string): CaptureResult => {
    const order = paypalOrders.get(paypalOrderId);
    if (!order) {
      return {
        status: 'declined',
        message: 'This PayPal payment was not found or has expired. Please try PayPal again.',
      };
    }
    if (order.captureId) {
      return { status: 'declined', message: 'This PayPal payment was already taken.' };
    }
    order.captureId = `TEST-CAPTURE-${randomId(8).toUpperCase()}`;
    return {
      status: 'succeeded',
      captureId: order.captureId,
      amountCents: order.amountCents,
      currency: order.currency,
      shopOrderId: String(order.orderId),
    };
  };

  return {
    id: 'test',

    async charge({ paymentToken, idempotencyKey }) {
      const earlier = charges.get(idempotencyKey);
      if (earlier) return earlier;
      const result = chargeOnce(paymentToken);
      charges.set(idempotencyKey, result);
      return result;
    },

    async createOrder({ orderId, amountCents, currency }) {
      const id = `TEST-${randomId(8).toUpperCase()}`;
      paypalOrders.set(id, { orderId, amountCents, currency });
      return { id };
    },

    async getOrder(paypalOrderId) {
      const order = paypalOrders.get(paypalOrderId);
      if (!order) return null;
      return {
        amountCents: order.amountCents,
        currency: order.currency,
        shopOrderId: String(order.orderId),
        // The stand-in has no buyer to ask: its orders count as approved once created.
        status: order.captureId ? 'COMPLETED' : 'APPROVED',
      };
    },

    async capture(paypalOrderId, requestId) {
      const earlier = captures.get(requestId);
      if (earlier) return earlier;
      const result = captureOnce(paypalOrderId);
      captures.set(requestId, result);
      return result;
    },

    // No money moved, so every refund of it succeeds; a repeated key answers the first refund.
    async refund({ idempotencyKey }) {
      const earlier = refunds.get(idempotencyKey);
      if (earlier) return earlier;
      const result: RefundResult = { status: 'succeeded', refundId: `test_re_${randomId(12)}` };
      refunds.set(idempotencyKey, result);
      return result;
    },
  };
}
