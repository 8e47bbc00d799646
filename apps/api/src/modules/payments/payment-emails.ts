import { centsOf, formatCents, formatMoney, sumCents, type Order } from '@larder/contract';
import type { MailMessage } from '../mail/mailer.ts';

/** The buyer's page for an order: every order e-mail links to it. */
export const orderLink = (publicUrl: string, order: Pick<Order, 'id' | 'order_key'>) =>
  `${publicUrl}/order-received/${order.id}?key=${encodeURIComponent(order.order_key)}`;

/** What a card statement or PayPal account says a payment was for. */
export const paymentDescription = (shopName: string, orderId: number) =>
  `${shopName} order ${orderId}`;

/** Sum of the line totals: the order shape carries no subtotal of its own. */
const subtotal = (order: Order) => sumCents(order.line_items.map((line) => centsOf(line.total)));

function lineText(line: Order['line_items'][number]): string {
  const options = line.meta_data.map((meta) => `${meta.display_key}: ${meta.display_value}`);
  const name = options.length > 0 ? `${line.name} (${options.join(', ')})` : line.name;
  return `  ${line.quantity} × ${name} — ${formatMoney(line.total)}`;
}

function addressText(address: Order['shipping'] | Order['billing']): string[] {
  const name = `${address.first_name} ${address.last_name}`.trim();
  const cityLine = [address.city, [address.state, address.postcode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [
    name,
    address.company,
    address.address_1,
    address.address_2,
    cityLine,
    address.country,
    address.phone,
  ]
    .filter((line) => line.trim() !== '')
    .map((line) => `  ${line}`);
}

/** Lines, totals, addresses and payment: the part every order email shares. */
export function orderSummary(order: Order): string[] {
  const shipping = order.shipping_lines[0];
  const hasShippingAddress = order.shipping.address_1.trim() !== '';
  return [
    `Order #${order.number} — ${order.date_created.slice(0, 10)}`,
    '',
    ...order.line_items.map(lineText),
    '',
    `Subtotal: ${formatCents(subtotal(order))}`,
    `Shipping: ${formatMoney(order.shipping_total)}${shipping ? ` (${shipping.method_title})` : ''}`,
    `Total:    ${formatMoney(order.total)}`,
    `Paid by:  ${order.payment_method_title} (${order.transaction_id})`,
    ...(order.customer_note ? ['', 'Note:', `  ${order.customer_note}`] : []),
    '',
    'Shipping address:',
    ...addressText(hasShippingAddress ? order.shipping : order.billing),
    '',
    'Billing address:',
    ...addressText(order.billing),
    `  ${order.billing.email}`,
  ];
}

const customerName = (order: Order) =>
  `${order.billing.first_name} ${order.billing.last_name}`.trim();

/**
 * A buyer's e-mail about their order: greeting, what happened, the order, its link. The subject
 * says the order's new `state` ("Your … order #12 is complete") unless a `subject` is given.
 */
export function buyerOrderEmail(
  order: Order,
  orderLink: string,
  shopName: string,
  { state, news, subject }: { state: string; news: string; subject?: string },
): MailMessage {
  return {
    to: { name: customerName(order), address: order.billing.email },
    subject: subject ?? `Your ${shopName} order #${order.number} is ${state}`,
    text: [
      `Hi ${order.billing.first_name},`,
      '',
      news,
      '',
      ...orderSummary(order),
      '',
      `See your order at any time: ${orderLink}`,
      '',
      `— ${shopName}`,
    ].join('\n'),
  };
}

export const orderConfirmationEmail = (order: Order, orderLink: string, shopName: string) =>
  buyerOrderEmail(order, orderLink, shopName, {
    state: 'confirmed',
    news: 'Thank you for your order! We have your payment and are getting your granola ready.',
  });

/** The buyer's "your order is complete" e-mail, sent when the owner completes the order. */
export const orderCompletedEmail = (order: Order, orderLink: string, shopName: string) =>
  buyerOrderEmail(order, orderLink, shopName, {
    state: 'complete',
    news: 'Good news: your order is complete and on its way to you (or ready to collect).',
  });

export function ownerNewOrderEmail(order: Order, orderLink: string, owner: string): MailMessage {
  const name = customerName(order);
  return {
    to: owner,
    replyTo: { name, address: order.billing.email },
    subject: `New order #${order.number}: ${formatMoney(order.total)} from ${name}`,
    text: [
      `${name} (${order.billing.email}, ${order.billing.phone || 'no phone'}) has placed and paid order #${order.number}. Reply to this email to write to them.`,
      '',
      ...orderSummary(order),
      '',
      `Order page: ${orderLink}`,
    ].join('\n'),
  };
}
