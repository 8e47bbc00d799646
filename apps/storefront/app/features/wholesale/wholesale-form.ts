import { zodResolver } from '@hookform/resolvers/zod';
import {
  PasswordSchema,
  WHOLESALE_CERTIFICATE,
  WholesaleApplicationSchema,
  type MonthlyVolumeSchema,
  type WholesaleApplication,
} from '@larder/contract';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { POSTAL_FIELDS } from '../../components/forms/address-field-names.ts';
import { ApiError } from '../../lib/api/index.ts';
import { statesOf, type CountryOption } from '../../components/forms/countries.ts';

export const ADDRESS_FIELDS = POSTAL_FIELDS;
type AddressField = (typeof ADDRESS_FIELDS)[number];

/** What the form holds: strings as typed. */
export interface WholesaleFormValues {
  business_name: string;
  contact_name: string;
  email: string;
  phone: string;
  password: string;
  address: Record<AddressField, string>;
  tax_id: string;
  sales_channels: string;
  monthly_volume: string;
}

export const MONTHLY_VOLUMES: Array<{
  value: z.infer<typeof MonthlyVolumeSchema>;
  label: string;
}> = [
  { value: 'under-50', label: 'Under 50 bags a month' },
  { value: '50-200', label: '50 to 200 bags a month' },
  { value: '200-500', label: '200 to 500 bags a month' },
  { value: 'over-500', label: 'Over 500 bags a month' },
];

export interface ApplicantDefaults {
  email: string;
  first_name: string;
  last_name: string;
  billing?: { company?: string; phone?: string } & Partial<Record<AddressField, string>>;
}

export function initialWholesaleValues(customer?: ApplicantDefaults | null): WholesaleFormValues {
  const billing = customer?.billing ?? {};
  const address = Object.fromEntries(
    ADDRESS_FIELDS.map((field) => [field, billing[field] ?? '']),
  ) as Record<AddressField, string>;
  return {
    business_name: billing.company ?? '',
    contact_name: customer ? `${customer.first_name} ${customer.last_name}`.trim() : '',
    email: customer?.email ?? '',
    phone: billing.phone ?? '',
    password: '',
    address,
    tax_id: '',
    sales_channels: '',
    monthly_volume: '',
  };
}

/** A visitor's application creates their account, so it needs a password; a customer's does not. */
const VisitorSchema = WholesaleApplicationSchema.extend({ password: PasswordSchema });
const CustomerSchema = WholesaleApplicationSchema.omit({ password: true });

/** The contract's schema, the password only for a visitor, and a state from the country's list. */
export function wholesaleResolver(
  countries: CountryOption[],
  needsPassword: boolean,
): Resolver<WholesaleFormValues, unknown, WholesaleApplication> {
  const resolve = zodResolver(needsPassword ? VisitorSchema : CustomerSchema);
  return async (values, context, options) => {
    const result = await resolve(values as never, context, options as never);
    const errors = { ...result.errors } as FieldErrors<WholesaleFormValues>;
    const { country, state } = values.address;
    const states = statesOf(countries, country.trim().toUpperCase());
    const addressErrors = (errors.address ?? {}) as Record<string, unknown>;
    if (country.trim() && !addressErrors.state) {
      const message =
        states.length === 0
          ? state.trim()
            ? null
            : 'Enter the state or region.'
          : states.some((entry) => entry.code === state)
            ? null
            : 'Choose a state.';
      if (message)
        errors.address = { ...addressErrors, state: { type: 'state', message } } as never;
    }
    if (Object.keys(errors).length > 0) return { values: {}, errors };
    return { values: result.values as WholesaleApplication, errors: {} };
  };
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** Checked in the browser before the upload; the server checks the content again. */
export function certificateError(file: File | null): string | null {
  if (!file) return 'Attach your resale or tax-exemption certificate.';
  if (!(WHOLESALE_CERTIFICATE.types as readonly string[]).includes(file.type))
    return 'Attach the certificate as a PDF, PNG or JPEG file.';
  if (file.size > WHOLESALE_CERTIFICATE.maxBytes)
    return `The certificate is ${(file.size / (1024 * 1024)).toFixed(1)} MB; attach a file of at most ${megabytes(WHOLESALE_CERTIFICATE.maxBytes)}.`;
  if (file.size === 0) return 'The certificate file is empty; attach it again.';
  return null;
}

export type WholesaleFieldPath =
  Exclude<keyof WholesaleFormValues, 'address'> | `address.${AddressField}`;

const TOP_FIELDS: readonly string[] = [
  'business_name',
  'contact_name',
  'email',
  'phone',
  'password',
  'tax_id',
  'sales_channels',
  'monthly_volume',
];

/** `address.city`, `address[city]` or `address/city` → `address.city`, when the form has it. */
export function formPathOf(key: string): WholesaleFieldPath | 'certificate' | null {
  const path = key.replace(/[[\]/]+/g, '.').replace(/^\.+|\.+$/g, '');
  if (path === 'certificate' || TOP_FIELDS.includes(path))
    return path as WholesaleFieldPath | 'certificate';
  const [prefix, field, ...rest] = path.split('.');
  if (
    prefix === 'address' &&
    rest.length === 0 &&
    (ADDRESS_FIELDS as readonly string[]).includes(field ?? '')
  )
    return path as WholesaleFieldPath;
  return null;
}

export interface ApplicationFailure {
  fields: Array<{ path: WholesaleFieldPath; message: string }>;
  certificate: string | null;
  /** What the banner says. */
  message: string;
}

/** The server's answer, beside the fields it names; a too-large upload is the certificate's. */
export function applicationFailure(
  error: unknown,
  generic: (error: unknown) => string,
): ApplicationFailure {
  const failure: ApplicationFailure = { fields: [], certificate: null, message: generic(error) };
  if (!(error instanceof ApiError)) return failure;
  if (error.status === 413) {
    failure.certificate = `The certificate is too large; attach a file of at most ${megabytes(WHOLESALE_CERTIFICATE.maxBytes)}.`;
    failure.message = failure.certificate;
    return failure;
  }
  if (error.status === 415) {
    failure.certificate = 'Attach the certificate as a PDF, PNG or JPEG file.';
    failure.message = failure.certificate;
    return failure;
  }
  const others: string[] = [];
  for (const [key, message] of Object.entries(error.params)) {
    const path = formPathOf(key);
    if (path === 'certificate') failure.certificate = message;
    else if (path) failure.fields.push({ path, message });
    else others.push(message);
  }
  if (others.length > 0) failure.message = others.join(' ');
  return failure;
}
