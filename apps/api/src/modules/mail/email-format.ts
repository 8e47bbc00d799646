import {
  centsOf,
  formatCents,
  formatMoney,
  sumCents,
  taxLineCents,
  type Order,
} from '@larder/contract';
import { addressLines } from '../shipping/address-lines.ts';

// The brand is in North Carolina: dates as its customers write them.
const monthDayYear = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * "November 25, 2026" from an order's `date_created` (the shop's local time, no zone) or any ISO
 * date: the calendar day is read from the string itself, so no time zone can move it a day.
 */
export function dateInWords(iso: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!day) return iso;
  return monthDayYear.format(
    new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))),
  );
}

/**
 * A line's options that its name does not already say: a variation named
 * "Maple Pecan Crunch - 12 oz" with "Size: 12 oz" shows the size once.
 */
export function lineOptions(line: Order['line_items'][number]): string[] {
  const name = line.name.toLowerCase();
  return line.meta_data
    .filter((meta) => !name.includes(meta.display_value.trim().toLowerCase()))
    .map((meta) => `${meta.display_key}: ${meta.display_value}`);
}

export interface OrderLineView {
  quantity: number;
  name: string;
  /** "Size: 2 lb", only when the name does not already say it. */
  options: string;
  total: string;
}

/** An order as its e-mails show it: words and formatted money, no database or payment ids. */
export interface OrderView {
  number: string;
  date: string;
  lines: OrderLineView[];
  /** `detail` names how: the shipping method. */
  totals: { label: string; value: string; detail?: string; strong?: boolean }[];
  paidBy: string;
  note: string;
  shipTo: string[];
  /** Empty when it is the same as where the order ships. */
  billTo: string[];
  email: string;
}

export function orderView(order: Order): OrderView {
  const shipping = order.shipping_lines[0];
  // Lines at their prices before discount codes (WooCommerce's subtotal); the discount has its own row.
  const subtotal = sumCents(order.line_items.map((line) => centsOf(line.subtotal)));
  const shipTo = addressLines(
    order.shipping.address_1.trim() !== '' ? order.shipping : order.billing,
    { phone: true },
  );
  const billTo = addressLines(order.billing, { phone: true });
  const sameAddress = shipTo.join('\n') === billTo.join('\n');
  return {
    number: order.number,
    date: dateInWords(order.date_created),
    lines: order.line_items.map((line) => ({
      quantity: line.quantity,
      name: line.name,
      options: lineOptions(line).join(', '),
      total: formatMoney(line.subtotal),
    })),
    totals: [
      { label: 'Subtotal', value: formatCents(subtotal) },
      ...(centsOf(order.discount_total) > 0
        ? [
            {
              label: 'Discount',
              value: `−${formatMoney(order.discount_total)}`,
              detail: order.coupon_lines.map((line) => line.code).join(', '),
            },
          ]
        : []),
      {
        label: 'Shipping',
        value: formatMoney(order.shipping_total),
        ...(shipping ? { detail: shipping.method_title } : {}),
      },
      // Each rate the order was charged, as its receipt page lists them; an exemption says why.
      ...order.tax_lines.map((line) => ({
        label: line.label,
        value: formatCents(taxLineCents(line)),
        detail: `${line.rate_percent} %`,
      })),
      ...(order.tax_exempt_reason
        ? [
            {
              label: 'Sales tax',
              value: formatMoney(order.total_tax),
              detail: order.tax_exempt_reason,
            },
          ]
        : []),
      { label: 'Total', value: formatMoney(order.total), strong: true },
    ],
    paidBy: order.payment_method_title,
    note: order.customer_note,
    shipTo,
    billTo: sameAddress ? [] : billTo,
    email: order.billing.email,
  };
}
