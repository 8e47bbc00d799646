import type { ReactNode } from 'react';

interface FieldProps {
  id: string;
  name: string;
  value: string;
  onChange: (event: { currentTarget: { value: string } }) => void;
  onBlur: () => void;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

export interface FormFieldProps {
  label: string;
  field: FieldProps;
  error?: string;
  errorId: string;
  hint?: ReactNode;
  type?: 'text' | 'email' | 'tel';
  multiline?: boolean;
  autoComplete?: string;
  required?: boolean;
  maxLength?: number;
}

/** A labelled input or textarea with its message below, for forms built on `useSchemaForm`. */
export function FormField({
  label,
  field,
  error,
  errorId,
  hint,
  type = 'text',
  multiline = false,
  autoComplete,
  required = true,
  maxLength,
}: FormFieldProps) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const describedBy = [hintId, field['aria-describedby']].filter(Boolean).join(' ') || undefined;
  const shared = {
    ...field,
    'aria-describedby': describedBy,
    'aria-required': required || undefined,
    maxLength,
    className: 'form-field__control',
  };
  return (
    <div className="form-field" data-invalid={error ? '' : undefined}>
      <label htmlFor={field.id} className="form-field__label">
        {label}
        {required ? null : <span className="form-field__optional"> (optional)</span>}
      </label>
      {hint ? (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      ) : null}
      {multiline ? (
        <textarea rows={6} {...shared} />
      ) : (
        <input type={type} autoComplete={autoComplete} {...shared} />
      )}
      {error ? (
        <p id={errorId} className="form-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
