import { zodResolver } from '@hookform/resolvers/zod';
import {
  CheckoutBillingAddressSchema,
  CheckoutShippingAddressSchema,
  INVOICE_PAYMENT_METHOD_ID,
  PurchaseOrderNumberSchema,
  type CheckoutBillingAddress,
  type CheckoutShippingAddress,
  type OrderCreate,
  type PaymentGateway,
  type ShippingRate,
} from '@larder/contract';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { z } from 'zod';
import {
  NETWORK_MESSAGE,
  SERVER_MESSAGE,
  TOO_MANY_REQUESTS_MESSAGE,
} from '../../components/forms/form-errors.ts';
import { ApiError } from '../../lib/api/index.ts';
import { statesOf, type CountryOption } from '../../components/forms/countries.ts';
import {
  BILLING_FIELDS,
  SHIPPING_FIELDS,
  type BillingInfo,
  type CartItem,
  type ShippingInfo,
} from '../cart/cart-store.ts';
import { toLineRequests } from '../cart/cart-derived.ts';

/** What the checkout form holds: strings as typed, so the cart store can keep them as they are. */
export interface CheckoutFormValues {
  billing: BillingInfo;
  shipToDifferentAddress: boolean;
  shipping: ShippingInfo;
  payment_method: string;
  /** Only sent when paying by invoice. */
  purchase_order_number?: string;
}

/** The form's values once the contract's schemas have checked them. */
export interface CheckoutDetails {
  billing: CheckoutBillingAddress;
  shipping?: CheckoutShippingAddress;
  payment_method: string;
  purchase_order_number?: string;
}

const PaymentMethodSchema = z.string().trim().min(1, 'Choose how to pay.');
const BillingOnlySchema = z.object({
  billing: CheckoutBillingAddressSchema,
  payment_method: PaymentMethodSchema,
  purchase_order_number: PurchaseOrderNumberSchema.optional(),
});
const WithShippingSchema = BillingOnlySchema.extend({ shipping: CheckoutShippingAddressSchema });

type AddressPrefix = 'billing' | 'shipping';

/**
 * The contract leaves state optional, but spec §5 prices shipping only with a state: one of the
 * country's states where it has a list, else the region as typed.
 */
function stateMessage(address: { country: string; state: string }, countries: CountryOption[]) {
  if (!address.country.trim()) return null;
  const states = statesOf(countries, address.country.trim().toUpperCase());
  if (states.length === 0) return address.state.trim() ? null : 'Enter the state or region.';
  if (states.some((state) => state.code === address.state)) return null;
  return address.state ? 'Choose a state from the list.' : 'Choose a state.';
}

/**
 * react-hook-form's resolver for checkout: the contract's billing schema, the shipping schema only
 * when shipping to a different address, and the country's state list.
 */
export function checkoutResolver(
  countries: CountryOption[],
): Resolver<CheckoutFormValues, unknown, CheckoutDetails> {
  const billingOnly = zodResolver(BillingOnlySchema);
  const withShipping = zodResolver(WithShippingSchema);
  return async (values, context, options) => {
    const resolve = values.shipToDifferentAddress ? withShipping : billingOnly;
    const result = await resolve(values, context, options as never);
    const errors = { ...result.errors } as FieldErrors<CheckoutFormValues>;
    const prefixes: AddressPrefix[] = values.shipToDifferentAddress
      ? ['billing', 'shipping']
      : ['billing'];
    let stateMissing = false;
    for (const prefix of prefixes) {
      const message = stateMessage(values[prefix], countries);
      const current = errors[prefix] as Record<string, unknown> | undefined;
      if (!message || current?.state) continue;
      stateMissing = true;
      errors[prefix] = { ...current, state: { type: 'state', message } } as never;
    }
    if (stateMissing || Object.keys(errors).length > 0) return { values: {}, errors };
    return { values: result.values as CheckoutDetails, errors: {} };
  };
}

/**
 * Spec §7 `POST /orders` (the order plus customer_id): ids and quantities only, the addresses, the chosen rate,
 * the payment method and the gift note as the customer note. The server prices everything.
 */
export function buildOrder(input: {
  details: CheckoutDetails;
  items: CartItem[];
  rate: ShippingRate;
  giftNote: string;
  gateways: PaymentGateway[];
  /** The signed-in customer's id, so the order shows in their order history; 0 for a guest. */
  customerId?: number;
  /** The cart's discount codes; the server checks and applies them again. */
  couponCodes?: string[];
}): OrderCreate {
  const { details, items, rate, giftNote, gateways, customerId = 0, couponCodes = [] } = input;
  const gateway = gateways.find((entry) => entry.id === details.payment_method);
  const byInvoice = details.payment_method === INVOICE_PAYMENT_METHOD_ID;
  return {
    customer_id: customerId,
    payment_method: details.payment_method,
    ...(gateway ? { payment_method_title: gateway.title } : {}),
    ...(byInvoice && details.purchase_order_number
      ? { purchase_order_number: details.purchase_order_number }
      : {}),
    billing: details.billing,
    ...(details.shipping ? { shipping: details.shipping } : {}),
    line_items: toLineRequests(items),
    shipping_lines: [{ method_id: rate.method_id, instance_id: rate.instance_id }],
    customer_note: giftNote.trim(),
    coupon_lines: couponCodes.map((code) => ({ code })),
  };
}

export type CheckoutFieldPath =
  | `billing.${(typeof BILLING_FIELDS)[number]}`
  | `shipping.${(typeof SHIPPING_FIELDS)[number]}`
  | 'payment_method'
  | 'purchase_order_number';

export interface PlaceOrderFailure {
  /** The banner's words. */
  message: string;
  /** A line is out of stock (409): the shopper fixes it in the cart. */
  outOfStock: boolean;
  /** A wholesale order under its minimum (409, decision 0037): the fix is to add, not to remove. */
  belowMinimum?: true;
  /** Messages for fields of the form, to show beside them. */
  fields: Array<{ path: CheckoutFieldPath; message: string }>;
}

/** `billing.email`, `billing/email` or `billing[email]` → `billing.email`, when the form has that field. */
function formPath(key: string): CheckoutFieldPath | null {
  const path = key.replace(/[[\]/]+/g, '.').replace(/^\.+|\.+$/g, '');
  if (path === 'payment_method' || path === 'purchase_order_number') return path;
  const [prefix, field, ...rest] = path.split('.');
  if (rest.length > 0 || !field) return null;
  if (prefix === 'billing' && (BILLING_FIELDS as readonly string[]).includes(field))
    return path as CheckoutFieldPath;
  if (prefix === 'shipping' && (SHIPPING_FIELDS as readonly string[]).includes(field))
    return path as CheckoutFieldPath;
  return null;
}

const WHOLESALE_MINIMUM_CODE = 'larder_wholesale_order_minimum';

/** What went wrong placing the order, in the shopper's words and mapped to the form's fields. */
export function placeOrderFailure(error: unknown): PlaceOrderFailure {
  const none = { outOfStock: false, fields: [] };
  if (!(error instanceof ApiError)) return { ...none, message: NETWORK_MESSAGE };
  if (error.status === 429) return { ...none, message: TOO_MANY_REQUESTS_MESSAGE };
  if (error.status >= 500) return { ...none, message: SERVER_MESSAGE };
  if (error.status === 409 && error.code === WHOLESALE_MINIMUM_CODE)
    return { ...none, belowMinimum: true, message: error.message };
  if (error.status === 409) return { ...none, outOfStock: true, message: error.message };
  const fields: PlaceOrderFailure['fields'] = [];
  const others: string[] = [];
  for (const [key, message] of Object.entries(error.params)) {
    const path = formPath(key);
    if (path) fields.push({ path, message });
    else others.push(message);
  }
  if (others.length > 0) return { ...none, fields, message: others.join(' ') };
  // Pay by invoice refused (over the limit, an invoice past due): the reason itself, not "check".
  if (fields.length === 1 && fields[0]!.path === 'payment_method')
    return { ...none, fields, message: error.message };
  if (fields.length > 0)
    return { ...none, fields, message: 'Please check the highlighted fields.' };
  return { ...none, message: error.message };
}
