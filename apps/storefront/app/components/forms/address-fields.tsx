import type { ReactNode } from 'react';
import {
  useFormState,
  useWatch,
  type FieldValues,
  type Path,
  type PathValue,
  type UseFormReturn,
} from 'react-hook-form';
import type { AddressField } from './address-field-names.ts';
import { statesOf, type CountryOption } from './countries.ts';
import { FIELD_PRESETS, SelectField, TextField } from './form-field.tsx';
import { bindField } from './use-schema-form.ts';
import './form-grid.css';

const LABELS: Record<AddressField, string> = {
  first_name: FIELD_PRESETS.first_name.label,
  last_name: FIELD_PRESETS.last_name.label,
  company: 'Company',
  email: FIELD_PRESETS.email.label,
  phone: FIELD_PRESETS.phone.label,
  country: 'Country',
  address_1: 'Street address',
  address_2: 'Apartment, suite, unit',
  city: 'City',
  state: 'State',
  postcode: 'ZIP code',
};

/** Autocomplete tokens, after the form's section ("billing", "shipping") where it has one. */
const AUTOCOMPLETE: Record<AddressField, string> = {
  first_name: FIELD_PRESETS.first_name.autoComplete,
  last_name: FIELD_PRESETS.last_name.autoComplete,
  company: 'organization',
  email: FIELD_PRESETS.email.autoComplete,
  phone: FIELD_PRESETS.phone.autoComplete,
  country: 'country',
  address_1: 'address-line1',
  address_2: 'address-line2',
  city: 'address-level2',
  state: 'address-level1',
  postcode: 'postal-code',
};

const OPTIONAL: ReadonlySet<AddressField> = new Set(['company', 'address_2']);

/** A field's place in the form grid: the whole row, a third, or (neither) a half. */
const layoutOf = (field: AddressField) =>
  (['company', 'country', 'address_1', 'address_2'] as const).some((wide) => wide === field)
    ? 'form-grid__wide'
    : (['city', 'state', 'postcode'] as const).some((third) => third === field)
      ? 'form-grid__third'
      : undefined;

export interface AddressFieldsProps<Values extends FieldValues, Output> {
  form: Pick<UseFormReturn<Values, unknown, Output>, 'control' | 'register' | 'setValue'>;
  /** Where the address sits in the form's values ("billing"); empty when it is the values. */
  prefix: string;
  /** The fields this form asks for, in their order. */
  fields: readonly AddressField[];
  countries: CountryOption[];
  /** Ids are `${idPrefix}-${field}`. */
  idPrefix: string;
  /** The autocomplete section, for a form with two addresses. */
  section?: 'billing' | 'shipping';
  labels?: Partial<Record<AddressField, string>>;
  hints?: Partial<Record<AddressField, ReactNode>>;
  /** The grid the fields sit in. */
  className?: string;
}

/**
 * The one set of address fields (cart estimator, checkout, account details, wholesale): labels,
 * autocomplete, the country's states as a list (a text field where it has none) and messages.
 */
export function AddressFields<Values extends FieldValues, Output>({
  form: { control, register, setValue },
  prefix,
  fields,
  countries,
  idPrefix,
  section,
  labels = {},
  hints = {},
  className = 'form-grid',
}: AddressFieldsProps<Values, Output>) {
  const path = (field: AddressField) => (prefix ? `${prefix}.${field}` : field) as Path<Values>;
  const formState = useFormState({ control });
  const country = useWatch({ control, name: path('country') }) as string;
  const currentState = useWatch({ control, name: path('state') }) as string;
  const states = statesOf(countries, country);

  // A state stays when the new country lists it, or when neither country has a list (typed text).
  const onCountryChange = (event: { target: { value: string } }) => {
    const next = statesOf(countries, event.target.value);
    const keep =
      next.length > 0 ? next.some((state) => state.code === currentState) : states.length === 0;
    if (!keep) setValue(path('state'), '' as PathValue<Values, Path<Values>>);
  };

  const renderField = (field: AddressField) => {
    const bound = bindField(
      { register, formState },
      path(field),
      field === 'country' ? { onChange: onCountryChange } : undefined,
    );
    const common = {
      ...bound,
      id: `${idPrefix}-${field}`,
      label: labels[field] ?? LABELS[field],
      hint: hints[field],
      required: !OPTIONAL.has(field),
      autoComplete: section ? `${section} ${AUTOCOMPLETE[field]}` : AUTOCOMPLETE[field],
    };
    if (field === 'country')
      return <SelectField {...common} placeholder="Choose a country" options={countries} />;
    if (field === 'state' && states.length > 0)
      return <SelectField {...common} placeholder="Choose a state" options={states} />;
    if (field === 'state') return <TextField {...common} label="State / Region" />;
    const type = field === 'email' || field === 'phone' ? FIELD_PRESETS[field].type : 'text';
    return <TextField {...common} type={type} />;
  };

  return (
    <div className={className}>
      {fields.map((field) => (
        <div key={field} className={layoutOf(field)}>
          {renderField(field)}
        </div>
      ))}
    </div>
  );
}
