import type { OwnerOrder } from '@larder/contract';
import { centsOf } from '@larder/contract/money';

/** What is left to refund of an order: WooCommerce writes refund totals as negative amounts. */
export const refundableCents = (order: OwnerOrder) =>
  Math.max(
    0,
    centsOf(order.total) -
      Math.abs(order.refunds.reduce((sum, refund) => sum + centsOf(refund.total), 0)),
  );

/**
 * The refund question the page asks (`?confirm=refund&amount=…`), checked on the server: the amount
 * to ask about, or why it cannot be asked; null when no refund is being asked for. The parsing
 * stays on the server, so it adds nothing to the shop's shared browser code.
 */
export type RefundQuestion =
  { amountCents: number; error?: undefined } | { amountCents?: undefined; error: string } | null;
