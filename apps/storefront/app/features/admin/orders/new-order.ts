// The new-order form's fields, shared by its loader, action and screen.
import type { CheckoutBillingAddress, CheckoutShippingAddress, Customer } from '@larder/contract';
import { NO_WHOLESALE_RULES } from '@larder/contract/wholesale-rules';
import { SHIPPING_FIELDS } from '../../cart/cart-store.ts';
import type { QuickOrderRow } from '../../wholesale/quick-order/quick-order-rows.ts';

/** Ways an owner records an order paid outside the shop (WooCommerce's ids where it has one). */
export const PAID_METHODS = [
  { id: 'bacs', title: 'Bank transfer' },
  { id: 'cheque', title: 'Check' },
  { id: 'card_by_phone', title: 'Card by phone' },
] as const;

export const ADDRESS_KEYS = {
  billing: [...SHIPPING_FIELDS, 'email', 'phone'] as const,
  shipping: SHIPPING_FIELDS,
};

export interface DraftAddresses {
  billing: CheckoutBillingAddress;
  shipping: CheckoutShippingAddress;
}

/** A quantity field's name: `qty.<productId>:<variationId>`, the row's key. */
export const quantityField = (rowKey: string) => `qty.${rowKey}`;

/** The draft's quantities above 0 by row key, from the fields' names and values. */
export function quantitiesOf(names: string[], get: (name: string) => string): Map<string, number> {
  const quantities = new Map<string, number>();
  for (const name of names) {
    const key = /^qty\.(\d+:\d+)$/.exec(name)?.[1];
    const raw = get(name).trim();
    if (!key || !/^\d{1,5}$/.test(raw)) continue;
    if (Number(raw) > 0) quantities.set(key, Number(raw));
  }
  return quantities;
}

/**
 * The addresses the form shows: as sent (`fields`, when the form was sent already), else the
 * customer's saved billing and shipping; the shipping address falls back to the billing one.
 */
export function draftAddresses(
  customer: Customer,
  fields: { get(name: string): string } | null,
): DraftAddresses {
  const saved = (prefix: 'billing' | 'shipping', key: string) => {
    const from = customer[prefix] as Record<string, string | undefined>;
    return from[key] ?? '';
  };
  const value = (prefix: 'billing' | 'shipping', key: string) =>
    fields ? fields.get(`${prefix}.${key}`) : saved(prefix, key);
  const billing = Object.fromEntries(
    ADDRESS_KEYS.billing.map((key) => [key, value('billing', key)]),
  ) as unknown as CheckoutBillingAddress;
  billing.email ||= fields ? '' : customer.email;
  billing.first_name ||= fields ? '' : customer.first_name;
  billing.last_name ||= fields ? '' : customer.last_name;
  billing.country ||= 'US';
  // Empty unless saved or typed: the order then ships to the billing address.
  const shipping = Object.fromEntries(
    SHIPPING_FIELDS.map((key) => [key, value('shipping', key)]),
  ) as unknown as CheckoutShippingAddress;
  return { billing, shipping };
}

/**
 * The quick order's rows as this customer buys: a wholesale account's as the owner's reading gives
 * them (wholesale price, case, minimum, breaks); anyone else's at the shop's price without rules,
 * as the API prices a retail account.
 */
export const rowsForCustomer = (rows: QuickOrderRow[], wholesale: boolean): QuickOrderRow[] =>
  wholesale
    ? rows
    : rows.map((row) => ({ ...row, unitCents: row.retailCents, rules: NO_WHOLESALE_RULES }));
