import { WHOLESALE_CERTIFICATE } from '@larder/contract';
import { describe, expect, it } from 'vitest';
import { formErrorMessage } from '../../components/forms/form-errors.ts';
import { ApiError } from '../../lib/api/index.ts';
import { wholesaleFormData } from '../../lib/api/wholesale-registration.ts';
import type { CountryOption } from '../../components/forms/countries.ts';
import {
  applicationFailure,
  certificateError,
  formPathOf,
  initialWholesaleValues,
  wholesaleResolver,
  type WholesaleFormValues,
} from './wholesale-form.ts';

const countries: CountryOption[] = [
  { code: 'US', name: 'United States', states: [{ code: 'NC', name: 'North Carolina' }] },
  { code: 'GB', name: 'United Kingdom', states: [] },
];

const filled: WholesaleFormValues = {
  business_name: 'Corner Pantry',
  contact_name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '919 555 0100',
  password: 'long enough pass',
  address: {
    address_1: '1 Main St',
    address_2: '',
    city: 'Durham',
    state: 'NC',
    postcode: '27701',
    country: 'US',
  },
  tax_id: 'NC-12345',
  sales_channels: 'Our shop and farmers market',
  monthly_volume: '50-200',
};

const resolve = (values: WholesaleFormValues, needsPassword = true) =>
  wholesaleResolver(countries, needsPassword)(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });

describe('wholesaleResolver', () => {
  it('accepts a complete application with the contract schema', async () => {
    const result = await resolve(filled);
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({
      business_name: 'Corner Pantry',
      password: 'long enough pass',
    });
  });

  it("asks a visitor for a password but not a signed-in customer, and never sends a customer's", async () => {
    const visitor = await resolve({ ...filled, password: '' });
    expect(visitor.errors.password?.message).toBe('Use at least 10 characters.');
    const customer = await resolve({ ...filled, password: '' }, false);
    expect(customer.errors).toEqual({});
    expect(customer.values).not.toHaveProperty('password');
  });

  it("requires one of the country's states, or a typed region where it has none", async () => {
    const missing = await resolve({ ...filled, address: { ...filled.address, state: '' } });
    expect(missing.errors.address?.state?.message).toBe('Choose a state.');
    const region = await resolve({
      ...filled,
      address: { ...filled.address, country: 'GB', state: '' },
    });
    expect(region.errors.address?.state?.message).toBe('Enter the state or region.');
  });

  it('names a missing monthly volume', async () => {
    const result = await resolve({ ...filled, monthly_volume: '' });
    expect(result.errors.monthly_volume?.message).toBe('Choose your expected monthly volume.');
  });
});

describe('certificateError', () => {
  const file = (type: string, size: number) =>
    new File([new Uint8Array(size)], 'certificate', { type });

  it('accepts a PDF, PNG or JPEG within the limit', () => {
    for (const type of WHOLESALE_CERTIFICATE.types)
      expect(certificateError(file(type, 10))).toBeNull();
  });

  it('refuses a missing file, another type and a file over the limit', () => {
    expect(certificateError(null)).toMatch(/Attach your/);
    expect(certificateError(file('image/gif', 10))).toBe(
      'Attach the certificate as a PDF, PNG or JPEG file.',
    );
    expect(certificateError(file('application/pdf', WHOLESALE_CERTIFICATE.maxBytes + 1))).toMatch(
      /at most 5 MB/,
    );
  });
});

describe('applicationFailure', () => {
  it('puts the server messages beside their fields and the certificate', () => {
    const error = new ApiError(400, 'rest_invalid_param', 'Invalid parameter(s).', {
      email: 'Another account already uses this email address.',
      'address[postcode]': 'Enter the postcode.',
      certificate: 'The file is not a PDF, PNG or JPEG.',
    });
    const failure = applicationFailure(error, formErrorMessage);
    expect(failure.fields).toEqual([
      { path: 'email', message: 'Another account already uses this email address.' },
      { path: 'address.postcode', message: 'Enter the postcode.' },
    ]);
    expect(failure.certificate).toBe('The file is not a PDF, PNG or JPEG.');
    expect(failure.message).toBe('Please check the highlighted fields.');
  });

  it('reads a 413 as a certificate that is too large', () => {
    const failure = applicationFailure(
      new ApiError(413, 'too_large', 'Too large'),
      formErrorMessage,
    );
    expect(failure.certificate).toMatch(/too large/);
  });

  it('maps the wire names it knows and no others', () => {
    expect(formPathOf('address.city')).toBe('address.city');
    expect(formPathOf('address/city')).toBe('address.city');
    expect(formPathOf('role')).toBeNull();
  });
});

describe('wholesaleFormData', () => {
  it('sends the fields, the address as address[field] and the file as certificate', () => {
    const certificate = new File(['%PDF-1.4'], 'cert.pdf', { type: 'application/pdf' });
    const body = wholesaleFormData(
      { ...filled, monthly_volume: '50-200', password: undefined },
      certificate,
    );
    expect(body.get('business_name')).toBe('Corner Pantry');
    expect(body.get('address[city]')).toBe('Durham');
    expect(body.has('password')).toBe(false);
    expect((body.get('certificate') as File).name).toBe('cert.pdf');
  });
});

describe('initialWholesaleValues', () => {
  it("prefills a signed-in customer's contact and billing address", () => {
    const values = initialWholesaleValues({
      email: 'ada@example.com',
      first_name: 'Ada',
      last_name: 'Lovelace',
      billing: { company: 'Corner Pantry', phone: '919', city: 'Durham', country: 'US' },
    });
    expect(values).toMatchObject({
      business_name: 'Corner Pantry',
      contact_name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '919',
      address: { city: 'Durham', country: 'US', state: '' },
    });
  });
});
