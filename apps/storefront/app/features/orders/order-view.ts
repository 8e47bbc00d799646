import type { Order, OrderLineItem, OrderStatus } from '@larder/contract';
import { centsOf } from '@larder/contract/money';

/** WooCommerce's own words for each status, as shoppers see them on a receipt. */
const STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending payment',
  processing: 'Processing',
  'on-hold': 'On hold',
  completed: 'Completed',
  cancelled: 'Canceled',
  refunded: 'Refunded',
  failed: 'Failed',
};

export const orderStatusLabel = (status: OrderStatus) => STATUS_LABELS[status];

/** The product's name; a variation line's parent_name is the product, its attributes follow. */
export const lineTitle = (line: OrderLineItem) => line.parent_name || line.name;

/** Variation attributes ("Size: 2 lb"); WooCommerce hides meta keys that start with "_". */
export function lineAttributes(line: OrderLineItem): { label: string; value: string }[] {
  return line.meta_data
    .filter((meta) => !meta.key.startsWith('_') && meta.display_value)
    .map((meta) => ({ label: meta.display_key || meta.key, value: meta.display_value }));
}

/** The lines' total before discount codes and shipping (WooCommerce's line subtotals), in cents. */
export function orderSubtotalCents(order: Pick<Order, 'line_items'>): number {
  return order.line_items.reduce((sum, line) => sum + centsOf(line.subtotal), 0);
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

export function countryName(code: string): string {
  if (!/^[A-Z]{2}$/i.test(code)) return code;
  return regionNames.of(code.toUpperCase()) ?? code;
}

type Address = Omit<Order['shipping'], 'phone'> & { phone?: string; email?: string };

/** An address as a receipt prints it: name, company, street, "City, ST 12345", country. */
export function addressLines(address: Address): string[] {
  const name = `${address.first_name} ${address.last_name}`.trim();
  const region = [address.state, address.postcode].filter(Boolean).join(' ');
  const cityLine = [address.city, region].filter(Boolean).join(', ');
  return [
    name,
    address.company,
    address.address_1,
    address.address_2,
    cityLine,
    address.country ? countryName(address.country) : '',
  ].filter(Boolean);
}

/** The shipping address when the order has one, else none (it ships to the billing address). */
export function hasShippingAddress(order: Pick<Order, 'shipping'>): boolean {
  return Boolean(order.shipping.address_1 || order.shipping.city);
}
