import { ContactFormSchema, toContactSubmission } from '@larder/contract';
import type { ShopApi } from '../../lib/api/index.ts';
import { maxLengthOf } from '../../lib/schema-limits.ts';
import { fieldErrorsFromApi, formErrorMessage } from '../../components/forms/form-errors.ts';
import { fieldErrorsOf } from '../../components/forms/use-schema-form.ts';
import {
  CONTACT_FIELDS,
  contactSuccessMessage,
  type ContactActionData,
  type ContactField,
  type ContactValues,
} from './contact-fields.ts';

/** Spec §7: the API's numbered fields 1 to 5 back to the form's names. */
const WIRE_FIELDS: Record<string, ContactField> = {
  '1': 'first_name',
  '2': 'last_name',
  '3': 'email',
  '4': 'phone',
  '5': 'message',
};

/** The contract's longest value for each field. */
const FIELD_MAX = Object.fromEntries(
  CONTACT_FIELDS.map((field) => [field, maxLengthOf(ContactFormSchema.shape[field])]),
) as Record<ContactField, number>;

function valuesFrom(formData: FormData): ContactValues {
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === 'string' ? value : '';
  };
  return {
    first_name: text('first_name'),
    last_name: text('last_name'),
    email: text('email'),
    phone: text('phone'),
    message: text('message'),
  };
}

/** What a refused post hands back to re-fill the form: never longer than a field may be. */
const echoed = (values: ContactValues): ContactValues =>
  Object.fromEntries(
    CONTACT_FIELDS.map((field) => [field, values[field].slice(0, FIELD_MAX[field])]),
  ) as ContactValues;

/**
 * The contact route's action (works with and without JavaScript): validate with the contract's
 * schema, send form 1 to the API, and on any failure hand back what was typed with the messages.
 */
export async function handleContactSubmission(
  api: ShopApi,
  formData: FormData,
): Promise<ContactActionData> {
  const values = valuesFrom(formData);
  const honeypot = formData.get('website');
  const parsed = ContactFormSchema.safeParse(values);
  if (!parsed.success) {
    return {
      intent: 'contact',
      ok: false,
      values: echoed(values),
      fieldErrors: fieldErrorsOf<ContactField>(parsed.error),
      formError: null,
    };
  }
  try {
    await api.submitContactForm(
      toContactSubmission(parsed.data, typeof honeypot === 'string' ? honeypot : ''),
    );
    return { intent: 'contact', ok: true, message: contactSuccessMessage(parsed.data.first_name) };
  } catch (error) {
    return {
      intent: 'contact',
      ok: false,
      values: echoed(values),
      fieldErrors: fieldErrorsFromApi(error, CONTACT_FIELDS, WIRE_FIELDS),
      formError: formErrorMessage(error),
    };
  }
}
