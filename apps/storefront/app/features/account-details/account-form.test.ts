import { SUBSCRIPTIONS_META_KEY } from '@larder/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/index.ts';
import type { CountryOption } from '../../components/forms/countries.ts';
import { EMPTY_SHIPPING } from '../cart/cart-store.ts';
import { aCustomer } from '../account/test-data.ts';
import {
  PasswordFormSchema,
  accountFormValues,
  accountResolver,
  serverFieldErrors,
  subscriptionsOf,
  toCustomerUpdate,
  type AccountFormValues,
} from './account-form.ts';

const countries: CountryOption[] = [
  { code: 'US', name: 'United States', states: [{ code: 'NC', name: 'North Carolina' }] },
];
const resolve = (values: AccountFormValues) =>
  accountResolver(countries, 'ada@example.com')(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });

const billing = {
  company: '',
  email: 'ada@example.com',
  phone: '919 555 0100',
  address_1: '12 Oak Street',
  address_2: '',
  city: 'Durham',
  state: 'NC',
  postcode: '27701',
  country: 'US',
};
const blankBilling = {
  ...billing,
  phone: '',
  address_1: '',
  city: '',
  state: '',
  postcode: '',
  country: '',
};
const names = { first_name: 'Ada', last_name: 'Baker', email: 'ada@example.com' };
const noPassword = { current_password: '' };

describe('accountResolver', () => {
  it('saves names and email alone while both addresses are blank', async () => {
    const result = await resolve({
      ...names,
      ...noPassword,
      billing: blankBilling,
      shipping: EMPTY_SHIPPING,
    });
    expect(result.errors).toEqual({});
    expect(toCustomerUpdate(result.values as never)).toEqual(names);
  });

  it('checks an address in full once any of it is typed, with a state from the list', async () => {
    const result = await resolve({
      ...names,
      ...noPassword,
      billing: { ...blankBilling, city: 'Durham', country: 'US' },
      shipping: EMPTY_SHIPPING,
    });
    expect(result.errors.billing?.address_1?.message).toBe('Enter the street address.');
    expect(result.errors.billing?.state?.message).toBe('Choose a state.');
    expect(result.errors.shipping).toBeUndefined();
  });

  it('asks for the current password only when the email changes, and sends it then', async () => {
    const moving = { ...names, email: 'ada.new@example.com', billing: blankBilling };
    const missing = await resolve({ ...moving, ...noPassword, shipping: EMPTY_SHIPPING });
    expect(missing.errors.current_password?.message).toBe(
      'Enter your current password to change your email address.',
    );

    const given = await resolve({
      ...moving,
      current_password: 'oats and honey at dawn',
      shipping: EMPTY_SHIPPING,
    });
    expect(given.errors).toEqual({});
    expect(toCustomerUpdate(given.values as never)).toEqual({
      ...names,
      email: 'ada.new@example.com',
      current_password: 'oats and honey at dawn',
    });

    // The same address in capitals is no change: a password typed and left is not sent.
    const same = await resolve({
      ...names,
      email: 'ADA@example.com',
      current_password: 'typed anyway',
      billing: blankBilling,
      shipping: EMPTY_SHIPPING,
    });
    expect(same.errors).toEqual({});
    expect(toCustomerUpdate(same.values as never)).not.toHaveProperty('current_password');
  });

  it('copies the names into billing (spec §7)', async () => {
    const result = await resolve({ ...names, ...noPassword, billing, shipping: EMPTY_SHIPPING });
    expect(result.errors).toEqual({});
    expect(toCustomerUpdate(result.values as never).billing).toMatchObject({
      first_name: 'Ada',
      last_name: 'Baker',
      city: 'Durham',
    });
  });
});

describe('accountFormValues', () => {
  it("starts the billing email from the account's", () => {
    const values = accountFormValues(aCustomer({ email: 'ada@example.com' }));
    expect(values.billing.email).toBe('ada@example.com');
  });
});

describe('serverFieldErrors', () => {
  it('puts messages beside their fields and billing names on the account names', () => {
    const error = new ApiError(400, 'rest_invalid_param', 'Invalid', {
      email: 'Another account already uses this email address.',
      'billing[postcode]': 'Use letters, digits, spaces and - only.',
      'billing.first_name': 'Enter a first name.',
      role: 'Not allowed.',
    });
    expect(serverFieldErrors(error)).toEqual({
      fields: [
        { path: 'email', message: 'Another account already uses this email address.' },
        { path: 'billing.postcode', message: 'Use letters, digits, spaces and - only.' },
        { path: 'first_name', message: 'Enter a first name.' },
      ],
      others: ['Not allowed.'],
    });
  });
});

describe('PasswordFormSchema', () => {
  it('needs the confirmation to match the new password', () => {
    const result = PasswordFormSchema.safeParse({
      current_password: 'old password here',
      password: 'a new long password',
      confirm: 'a new long passwort',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['confirm'] });
  });
});

describe('subscriptionsOf', () => {
  it('lists the ids from the meta entry, in any of the shapes it is stored in', () => {
    const meta = (value: unknown) =>
      aCustomer({ meta_data: [{ id: 1, key: SUBSCRIPTIONS_META_KEY, value }] });
    expect(subscriptionsOf(meta([101, 102]))).toEqual(['101', '102']);
    expect(subscriptionsOf(meta('101,102'))).toEqual(['101', '102']);
    expect(subscriptionsOf(aCustomer({ meta_data: [] }))).toEqual([]);
  });
});
