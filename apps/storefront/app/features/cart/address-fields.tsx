import type { Country } from '@larder/contract';
import type { ChangeEvent, ComponentProps, ReactNode } from 'react';
import { decodeEntities } from '../../lib/text.ts';

/** A country as the address forms offer it: names decoded from WooCommerce's HTML entities. */
export interface CountryOption {
  code: string;
  name: string;
  states: Array<{ code: string; name: string }>;
}

export function toCountryOptions(countries: Country[]): CountryOption[] {
  return countries.map((country) => ({
    code: country.code,
    name: decodeEntities(country.name),
    states: country.states.map((state) => ({ code: state.code, name: decodeEntities(state.name) })),
  }));
}

export function statesOf(countries: CountryOption[], code: string): CountryOption['states'] {
  return countries.find((country) => country.code === code)?.states ?? [];
}

export const errorIdFor = (id: string) => `${id}-error`;

interface ShellProps {
  id: string;
  label: string;
  error?: string;
  required?: boolean;
  hint?: ReactNode;
  children: ReactNode;
}

/** Label, control, hint and message, in the form-field pattern the other forms use. */
function FieldShell({ id, label, error, required = true, hint, children }: ShellProps) {
  return (
    <div className="form-field" data-invalid={error ? '' : undefined}>
      <label htmlFor={id} className="form-field__label">
        {label}
        {required ? null : <span className="form-field__optional"> (optional)</span>}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="form-field__hint">
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={errorIdFor(id)} className="form-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function controlProps(id: string, error: string | undefined, required: boolean, hint: unknown) {
  const describedBy = [hint ? `${id}-hint` : '', error ? errorIdFor(id) : '']
    .filter(Boolean)
    .join(' ');
  return {
    id,
    className: 'form-field__control',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    'aria-required': required || undefined,
  };
}

type FieldProps = Omit<ShellProps, 'children'>;

/** A text input; works bound to state (value, onChange) or to react-hook-form (`register`). */
export function TextField({
  id,
  label,
  error,
  required = true,
  hint,
  ...input
}: FieldProps & Omit<ComponentProps<'input'>, 'id' | 'className'>) {
  return (
    <FieldShell id={id} label={label} error={error} required={required} hint={hint}>
      <input type="text" {...input} {...controlProps(id, error, required, hint)} />
    </FieldShell>
  );
}

export function TextAreaField({
  id,
  label,
  error,
  required = true,
  hint,
  ...textarea
}: FieldProps & Omit<ComponentProps<'textarea'>, 'id' | 'className'>) {
  return (
    <FieldShell id={id} label={label} error={error} required={required} hint={hint}>
      <textarea rows={4} {...textarea} {...controlProps(id, error, required, hint)} />
    </FieldShell>
  );
}

type SelectProps = FieldProps & Omit<ComponentProps<'select'>, 'id' | 'className' | 'children'>;

export function CountrySelect({
  countries,
  label = 'Country',
  ...props
}: Omit<SelectProps, 'label'> & { countries: CountryOption[]; label?: string }) {
  const { id, error, required = true, hint, ...select } = props;
  return (
    <FieldShell id={id} label={label} error={error} required={required} hint={hint}>
      <select autoComplete="country" {...select} {...controlProps(id, error, required, hint)}>
        <option value="">Choose a country</option>
        {countries.map((country) => (
          <option key={country.code} value={country.code}>
            {country.name}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** The country's states as a list; a text field for a country without states. */
export function StateField({
  states,
  ...props
}: Omit<SelectProps, 'label' | 'onChange'> & {
  states: CountryOption['states'];
  onChange?: (event: ChangeEvent<HTMLSelectElement | HTMLInputElement>) => void;
}) {
  const { id, error, required = true, hint, ...control } = props;
  if (states.length === 0) {
    return (
      <FieldShell id={id} label="State / Region" error={error} required={required} hint={hint}>
        <input
          type="text"
          autoComplete="address-level1"
          {...(control as Omit<ComponentProps<'input'>, 'id' | 'className'>)}
          {...controlProps(id, error, required, hint)}
        />
      </FieldShell>
    );
  }
  return (
    <FieldShell id={id} label="State" error={error} required={required} hint={hint}>
      <select
        autoComplete="address-level1"
        {...control}
        {...controlProps(id, error, required, hint)}
      >
        <option value="">Choose a state</option>
        {states.map((state) => (
          <option key={state.code} value={state.code}>
            {state.name}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
