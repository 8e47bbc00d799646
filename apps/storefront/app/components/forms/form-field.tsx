import type { ComponentProps, ReactNode } from 'react';

/** The label, input type and autocomplete of fields many forms ask for, said once. */
export const FIELD_PRESETS = {
  first_name: { label: 'First name', autoComplete: 'given-name' },
  last_name: { label: 'Last name', autoComplete: 'family-name' },
  email: { label: 'Email', type: 'email', autoComplete: 'email' },
  phone: { label: 'Phone', type: 'tel', autoComplete: 'tel' },
  newPassword: { label: 'New password', type: 'password', autoComplete: 'new-password' },
  currentPassword: {
    label: 'Current password',
    type: 'password',
    autoComplete: 'current-password',
  },
  /** A letter's length of text: the contact message, a review. */
  letter: { rows: 6, maxLength: 5000 },
} as const;

export const errorIdFor = (id: string) => `${id}-error`;
const hintIdFor = (id: string) => `${id}-hint`;

interface FieldProps {
  id: string;
  label: string;
  error?: string | undefined;
  required?: boolean;
  hint?: ReactNode;
}

/** Label, hint, control and message: the one field pattern of every form. */
function FieldShell({
  id,
  label,
  error,
  required = true,
  hint,
  children,
}: FieldProps & { children: ReactNode }) {
  return (
    <div className="form-field" data-invalid={error ? '' : undefined}>
      <label htmlFor={id} className="form-field__label">
        {label}
        {required ? null : <span className="form-field__optional"> (optional)</span>}
      </label>
      {hint ? (
        <p id={hintIdFor(id)} className="form-field__hint">
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

/** The control's id, class and accessibility links to its hint and message. */
function controlProps({ id, error, required = true, hint }: FieldProps, className?: string) {
  const describedBy = [hint ? hintIdFor(id) : '', error ? errorIdFor(id) : '']
    .filter(Boolean)
    .join(' ');
  return {
    id,
    className: className ? `form-field__control ${className}` : 'form-field__control',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    'aria-required': required || undefined,
  };
}

/** A text input (or email, tel, password, file); bound to react-hook-form (`field`, `register`) or to state. */
export function TextField({
  id,
  label,
  error,
  required,
  hint,
  className,
  ...input
}: FieldProps & Omit<ComponentProps<'input'>, 'id'>) {
  const field = { id, label, error, required, hint };
  return (
    <FieldShell {...field}>
      <input type="text" {...input} {...controlProps(field, className)} />
    </FieldShell>
  );
}

export function TextAreaField({
  id,
  label,
  error,
  required,
  hint,
  ...textarea
}: FieldProps & Omit<ComponentProps<'textarea'>, 'id' | 'className'>) {
  const field = { id, label, error, required, hint };
  return (
    <FieldShell {...field}>
      <textarea rows={4} {...textarea} {...controlProps(field)} />
    </FieldShell>
  );
}

/** A list to choose from, starting with a blank `placeholder` choice. */
export function SelectField({
  id,
  label,
  error,
  required,
  hint,
  placeholder,
  options,
  ...select
}: FieldProps &
  Omit<ComponentProps<'select'>, 'id' | 'className' | 'children'> & {
    placeholder: string;
    options: ReadonlyArray<{ code: string; name: string }>;
  }) {
  const field = { id, label, error, required, hint };
  return (
    <FieldShell {...field}>
      <select {...select} {...controlProps(field)}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.code} value={option.code}>
            {option.name}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
