import { formatCents, formatMoney, paymentTermsLabel, type Order } from '@larder/contract';
import { carrierName } from '../orders/carrier-tracking.ts';
import type { Email, EmailAttachment, EmailBlock } from './email.ts';
import { orderView } from './email-format.ts';

/** The buyer's page for an order: every order e-mail links to it. */
export const orderLink = (publicUrl: string, order: Pick<Order, 'id' | 'order_key'>) =>
  `${publicUrl}/order-received/${order.id}?key=${encodeURIComponent(order.order_key)}`;

/** The order in the back office, for the owner's e-mails. */
export const backOfficeOrderLink = (publicUrl: string, order: Pick<Order, 'id'>) =>
  `${publicUrl}/admin/orders/${order.id}`;

const customerName = (order: Order) =>
  `${order.billing.first_name} ${order.billing.last_name}`.trim();

/**
 * A buyer's e-mail about their order: greeting, what happened, a button to the order, the order.
 * The subject says the order's new `state` ("Your … order #12 is complete") unless given.
 */
export function buyerOrderEmail(
  order: Order,
  link: string,
  shopName: string,
  content: { state: string; heading: string; news: EmailBlock[]; subject?: string },
): Email {
  return {
    to: { name: customerName(order), address: order.billing.email },
    subject: content.subject ?? `Your ${shopName} order #${order.number} is ${content.state}`,
    preview: content.news.find((block) => block.kind === 'paragraph')?.text ?? content.heading,
    heading: content.heading,
    greeting: `Hi ${order.billing.first_name || customerName(order)},`,
    blocks: [
      ...content.news,
      {
        kind: 'button',
        label: 'View your order',
        href: link,
        ...(content.news.some((block) => block.kind === 'button')
          ? { variant: 'secondary' as const }
          : {}),
      },
      { kind: 'order', order: orderView(order) },
    ],
  };
}

export const orderConfirmationEmail = (order: Order, link: string, shopName: string): Email =>
  buyerOrderEmail(order, link, shopName, {
    state: 'confirmed',
    heading: 'Thank you for your order',
    news: [
      {
        kind: 'paragraph',
        text: "Your payment is in, and we're getting your granola ready. We'll email you again when it's on its way.",
      },
    ],
  });

/** "December 26, 2026": an invoice's due day as the buyer reads it. */
export const dueDay = (gmt: string) =>
  new Date(`${gmt.slice(0, 10)}T12:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });

/** An order placed on account: what is due and when, with the invoice PDF attached. */
export function invoiceOrderConfirmationEmail(
  order: Order,
  link: string,
  shopName: string,
  invoice: EmailAttachment,
): Email {
  const terms = order.invoice!;
  const email = buyerOrderEmail(order, link, shopName, {
    state: 'confirmed',
    heading: 'Thank you for your order',
    news: [
      {
        kind: 'paragraph',
        text: `Your order is on account: we'll invoice ${formatMoney(order.total)}, due by ${dueDay(terms.date_due_gmt)} (${paymentTermsLabel(terms.terms)}). The invoice is attached. We're getting your order ready.`,
      },
      {
        kind: 'details',
        rows: [
          { label: 'Amount due', value: formatMoney(order.total) },
          { label: 'Due date', value: dueDay(terms.date_due_gmt) },
          { label: 'Terms', value: paymentTermsLabel(terms.terms) },
          ...(terms.purchase_order_number
            ? [{ label: 'Purchase order', value: terms.purchase_order_number }]
            : []),
        ],
      },
    ],
  });
  return {
    ...email,
    // Not "Paid by": nothing is paid yet; the rows above say how and when it is due.
    blocks: email.blocks.map((block) =>
      block.kind === 'order' ? { ...block, order: { ...block.order, paidBy: '' } } : block,
    ),
    attachments: [invoice],
  };
}

/** Sent when the owner completes the order. */
export const orderCompletedEmail = (order: Order, link: string, shopName: string): Email =>
  buyerOrderEmail(order, link, shopName, {
    state: 'complete',
    heading: 'Your order is complete',
    news: [
      {
        kind: 'paragraph',
        text: 'Good news: your order is complete and on its way to you (or ready to collect).',
      },
    ],
  });

/** "Your order has shipped", with the carrier's tracking link when it has one. */
export function orderShippedEmail(
  order: Order,
  link: string,
  shopName: string,
  shipment: { carrier: string; trackingNumber: string; trackingUrl: string },
): Email {
  const carrier = shipment.carrier === 'other' ? '' : carrierName(shipment.carrier);
  return buyerOrderEmail(order, link, shopName, {
    state: 'on its way',
    heading: 'Your order is on its way',
    news: [
      {
        kind: 'paragraph',
        text: `Good news: your order has shipped${carrier ? ` with ${carrier}` : ''}.`,
      },
      {
        kind: 'details',
        rows: [
          ...(carrier ? [{ label: 'Carrier', value: carrier }] : []),
          { label: 'Tracking number', value: shipment.trackingNumber },
        ],
      },
      ...(shipment.trackingUrl
        ? [{ kind: 'button' as const, label: 'Track your parcel', href: shipment.trackingUrl }]
        : []),
    ],
  });
}

/** A note the owner wrote to the buyer (WooCommerce's customer note). */
export const customerNoteEmail = (
  order: Order,
  link: string,
  shopName: string,
  note: string,
): Email =>
  buyerOrderEmail(order, link, shopName, {
    state: 'updated',
    heading: 'A note about your order',
    subject: `A note about your ${shopName} order #${order.number}`,
    news: [
      { kind: 'paragraph', text: "We've added a note to your order:" },
      { kind: 'quote', label: `From ${shopName}`, text: note },
    ],
  });

/** How much was refunded, why, and whether it was all of it. */
export function orderRefundedEmail(
  order: Order,
  link: string,
  shopName: string,
  refund: { amountCents: number; reason: string; full: boolean; throughProvider: boolean },
): Email {
  const how = refund.throughProvider
    ? `to your ${order.payment_method_title || 'original payment method'}; it can take a few days to show`
    : 'outside our online checkout';
  return buyerOrderEmail(order, link, shopName, {
    state: refund.full ? 'refunded' : 'partly refunded',
    heading: refund.full ? 'Your order is refunded' : 'Part of your order is refunded',
    news: [
      { kind: 'paragraph', text: `We've refunded ${formatCents(refund.amountCents)} ${how}.` },
      ...(refund.reason ? [{ kind: 'quote' as const, label: 'Reason', text: refund.reason }] : []),
    ],
  });
}

/** The owner's "new order" notice; replying writes to the buyer. */
export function ownerNewOrderEmail(order: Order, backOfficeLink: string, owner: string): Email {
  const name = customerName(order);
  return {
    to: owner,
    replyTo: { name, address: order.billing.email },
    subject: `New order #${order.number}: ${formatMoney(order.total)} from ${name}`,
    preview: `${name} has placed and paid order #${order.number}.`,
    heading: `New order #${order.number}`,
    blocks: [
      {
        kind: 'paragraph',
        text: `${name} has placed and paid order #${order.number}. Reply to this email to write to them.`,
      },
      {
        kind: 'details',
        rows: [
          { label: 'Customer', value: name },
          { label: 'Email', value: order.billing.email, href: `mailto:${order.billing.email}` },
          { label: 'Phone', value: order.billing.phone || 'no phone' },
        ],
      },
      { kind: 'button', label: 'Open the order', href: backOfficeLink },
      { kind: 'order', order: orderView(order) },
    ],
  };
}
