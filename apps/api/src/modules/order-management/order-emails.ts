import { formatCents, type Order } from '@larder/contract';
import type { MailMessage } from '../mail/mailer.ts';
import { carrierName } from '../orders/carrier-tracking.ts';
import { buyerOrderEmail } from '../payments/payment-emails.ts';

/** The buyer's "your order has shipped" e-mail, with the carrier's tracking link when it has one. */
export function orderShippedEmail(
  order: Order,
  orderLink: string,
  shopName: string,
  shipment: { carrier: string; trackingNumber: string; trackingUrl: string },
): MailMessage {
  const carrier = shipment.carrier === 'other' ? '' : ` with ${carrierName(shipment.carrier)}`;
  return buyerOrderEmail(order, orderLink, shopName, {
    state: 'on its way',
    news: [
      `Good news: your order has shipped${carrier}.`,
      '',
      `Tracking number: ${shipment.trackingNumber}`,
      ...(shipment.trackingUrl ? [`Track your parcel: ${shipment.trackingUrl}`] : []),
    ].join('\n'),
  });
}

/** A note the owner wrote to the buyer (WooCommerce's customer note). */
export const customerNoteEmail = (
  order: Order,
  orderLink: string,
  shopName: string,
  note: string,
): MailMessage =>
  buyerOrderEmail(order, orderLink, shopName, {
    state: 'updated',
    subject: `A note about your ${shopName} order #${order.number}`,
    news: ['We have added a note to your order:', '', note].join('\n'),
  });

/** The buyer's refund e-mail: how much, why, and whether it was all of it. */
export function orderRefundedEmail(
  order: Order,
  orderLink: string,
  shopName: string,
  refund: { amountCents: number; reason: string; full: boolean; throughProvider: boolean },
): MailMessage {
  const how = refund.throughProvider
    ? `to your ${order.payment_method_title || 'original payment method'}; it can take a few days to show`
    : 'outside our online checkout';
  return buyerOrderEmail(order, orderLink, shopName, {
    state: refund.full ? 'refunded' : 'partly refunded',
    news: [
      `We have refunded ${formatCents(refund.amountCents)} ${how}.`,
      ...(refund.reason ? ['', `Reason: ${refund.reason}`] : []),
    ].join('\n'),
  });
}
