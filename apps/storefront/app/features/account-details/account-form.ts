import { zodResolver } from '@hookform/resolvers/zod';
import {
  CheckoutBillingAddressSchema,
  CheckoutShippingAddressSchema,
  CustomerUpdateSchema,
  PasswordChangeRequestSchema,
  SUBSCRIPTIONS_META_KEY,
  type Customer,
  type CustomerUpdate,
} from '@larder/contract';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../../lib/api/index.ts';
import { statesOf, type CountryOption } from '../../components/forms/countries.ts';
import { POSTAL_FIELDS } from '../../components/forms/address-field-names.ts';
import { SHIPPING_FIELDS, type ShippingInfo } from '../cart/cart-store.ts';

/** Billing without its names: the account's first and last name are the billing names (spec §7). */
export const BILLING_ADDRESS_FIELDS = ['company', 'email', 'phone', ...POSTAL_FIELDS] as const;
type BillingAddressField = (typeof BILLING_ADDRESS_FIELDS)[number];
export type BillingAddressInfo = Record<BillingAddressField, string>;

/** What the form holds: strings as typed. */
export interface AccountFormValues {
  first_name: string;
  last_name: string;
  email: string;
  /** Asked for only while the email differs from the account's. */
  current_password: string;
  billing: BillingAddressInfo;
  shipping: ShippingInfo;
}

/** The checked values: an address section left blank is not sent. */
export interface AccountDetails {
  first_name: string;
  last_name: string;
  email: string;
  current_password?: string;
  billing?: z.output<typeof BillingSchema>;
  shipping?: z.output<typeof CheckoutShippingAddressSchema>;
}

const pick = <K extends string>(fields: readonly K[], source: Record<string, unknown>) =>
  Object.fromEntries(
    fields.map((field) => [field, typeof source[field] === 'string' ? source[field] : '']),
  ) as Record<K, string>;

export function accountFormValues(customer: Customer): AccountFormValues {
  const billing = pick(BILLING_ADDRESS_FIELDS, customer.billing);
  // A billing email not given yet starts as the account's.
  if (!billing.email) billing.email = customer.email;
  return {
    first_name: customer.first_name,
    last_name: customer.last_name,
    email: customer.email,
    current_password: '',
    billing,
    shipping: pick(SHIPPING_FIELDS, customer.shipping),
  };
}

/** A billing section counts as given once any part of its address is; the prefilled email alone does not. */
export const billingGiven = (billing: BillingAddressInfo) =>
  BILLING_ADDRESS_FIELDS.some((field) => field !== 'email' && billing[field].trim() !== '');
export const shippingGiven = (shipping: ShippingInfo) =>
  SHIPPING_FIELDS.some((field) => shipping[field].trim() !== '');

const NamesSchema = CustomerUpdateSchema.pick({
  email: true,
  first_name: true,
  last_name: true,
}).required();
const BillingSchema = CheckoutBillingAddressSchema.omit({ first_name: true, last_name: true });

function stateMessage(address: { country: string; state: string }, countries: CountryOption[]) {
  if (!address.country.trim()) return null;
  const states = statesOf(countries, address.country.trim().toUpperCase());
  if (states.length === 0) return address.state.trim() ? null : 'Enter the state or region.';
  if (states.some((state) => state.code === address.state)) return null;
  return 'Choose a state.';
}

/** Whether the form's email is another address than the account's (letter case aside). */
export const changesEmail = (email: string, accountEmail: string) =>
  email.trim().toLowerCase() !== accountEmail.toLowerCase();

/**
 * The contract's customer update rules: names and email always; the current password when the
 * email changes; each address section, checked in full with the checkout's schemas, once any of it
 * is filled in; a state from the country's list.
 */
export function accountResolver(
  countries: CountryOption[],
  accountEmail: string,
): Resolver<AccountFormValues, unknown, AccountDetails> {
  return async (values, context, options) => {
    const withBilling = billingGiven(values.billing);
    const withShipping = shippingGiven(values.shipping);
    const schema = NamesSchema.extend({
      ...(withBilling ? { billing: BillingSchema } : {}),
      ...(withShipping ? { shipping: CheckoutShippingAddressSchema } : {}),
    });
    const result = await zodResolver(schema)(values as never, context, options as never);
    const errors = { ...result.errors } as FieldErrors<AccountFormValues>;
    if (changesEmail(values.email, accountEmail) && !values.current_password) {
      errors.current_password = {
        type: 'required',
        message: 'Enter your current password to change your email address.',
      };
    }
    for (const prefix of ['billing', 'shipping'] as const) {
      if (!(prefix === 'billing' ? withBilling : withShipping)) continue;
      const message = stateMessage(values[prefix], countries);
      const current = errors[prefix] as Record<string, unknown> | undefined;
      if (message && !current?.state)
        errors[prefix] = { ...current, state: { type: 'state', message } } as never;
    }
    if (Object.keys(errors).length > 0) return { values: {}, errors };
    const details = result.values as AccountDetails;
    return {
      values: changesEmail(values.email, accountEmail)
        ? { ...details, current_password: values.current_password }
        : details,
      errors: {},
    };
  };
}

/** Spec §7: the customer data plus first_name and last_name copied into billing. */
export function toCustomerUpdate(details: AccountDetails): CustomerUpdate {
  const { first_name, last_name, email, current_password } = details;
  return {
    email,
    ...(current_password ? { current_password } : {}),
    first_name,
    last_name,
    ...(details.billing ? { billing: { ...details.billing, first_name, last_name } } : {}),
    ...(details.shipping ? { shipping: details.shipping } : {}),
  };
}

export type AccountFieldPath =
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'current_password'
  | `billing.${BillingAddressField}`
  | `shipping.${(typeof SHIPPING_FIELDS)[number]}`;

/** `billing.email`, `billing/email` or `billing[email]` → the form's path; billing names are the account's. */
export function accountPathOf(key: string): AccountFieldPath | null {
  const path = key.replace(/[[\]/]+/g, '.').replace(/^\.+|\.+$/g, '');
  if (path === 'first_name' || path === 'last_name' || path === 'email') return path;
  if (path === 'current_password') return path;
  const [prefix, field, ...rest] = path.split('.');
  if (rest.length > 0 || !field) return null;
  if (prefix === 'billing' && (field === 'first_name' || field === 'last_name')) return field;
  if (prefix === 'billing' && (BILLING_ADDRESS_FIELDS as readonly string[]).includes(field))
    return path as AccountFieldPath;
  if (prefix === 'shipping' && (SHIPPING_FIELDS as readonly string[]).includes(field))
    return path as AccountFieldPath;
  return null;
}

/** The server's field messages mapped to the form, and whatever it said about the rest. */
export function serverFieldErrors(error: unknown): {
  fields: Array<{ path: AccountFieldPath; message: string }>;
  others: string[];
} {
  const fields: Array<{ path: AccountFieldPath; message: string }> = [];
  const others: string[] = [];
  if (!(error instanceof ApiError)) return { fields, others };
  for (const [key, message] of Object.entries(error.params)) {
    const path = accountPathOf(key);
    if (path) fields.push({ path, message });
    else others.push(message);
  }
  return { fields, others };
}

/** The change-password form: the contract's request and a confirmation that must match. */
export const PasswordFormSchema = PasswordChangeRequestSchema.extend({
  confirm: z
    .string({ error: 'Type the new password again.' })
    .min(1, 'Type the new password again.'),
}).refine((values) => values.confirm === values.password, {
  path: ['confirm'],
  message: 'The two new passwords do not match.',
});
export type PasswordFormValues = z.input<typeof PasswordFormSchema>;

/** Spec §3: the customer's subscriptions, from the subscription-ids cache meta entry. */
export function subscriptionsOf(customer: Pick<Customer, 'meta_data'>): string[] {
  const entry = customer.meta_data.find((meta) => meta.key === SUBSCRIPTIONS_META_KEY);
  if (!entry) return [];
  const value: unknown = entry.value;
  const list = Array.isArray(value)
    ? value
    : typeof value === 'string' || typeof value === 'number'
      ? String(value).split(',')
      : value && typeof value === 'object'
        ? Object.values(value)
        : [];
  return list.map((id) => String(id).trim()).filter(Boolean);
}
