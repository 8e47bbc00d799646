import { useCallback, useId, useMemo, useState } from 'react';
import type { z } from 'zod';

/** One message per field, keyed by the form's field names. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The first message zod gives for each top-level field. */
export function fieldErrorsOf<K extends string>(error: z.ZodError): FieldErrors<K> {
  const errors: Partial<Record<string, string>> = {};
  for (const issue of error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && errors[key] === undefined) errors[key] = issue.message;
  }
  return errors as FieldErrors<K>;
}

export interface SchemaFormOptions<K extends string, Output> {
  /** A contract schema (ReviewCreateSchema, ContactFormSchema): the same rules the API applies. */
  schema: z.ZodType<Output>;
  initialValues: Record<K, string>;
  /** Turns the typed strings into the schema's input (numbers, fixed ids); identity by default. */
  toInput?: (values: Record<K, string>) => unknown;
  /** Messages the server already gave (a form post answered without JavaScript). */
  initialErrors?: FieldErrors<K>;
}

/**
 * The storefront's one form pattern (reviews, contact): inputs hold strings, a contract schema
 * validates them on every change, and a field's message shows once it has been left (blur) or
 * the form was submitted. Messages from the server replace the schema's until the field is edited.
 */
export function useSchemaForm<K extends string, Output>({
  schema,
  initialValues,
  toInput,
  initialErrors,
}: SchemaFormOptions<K, Output>) {
  const formId = useId();
  const [values, setValues] = useState(initialValues);
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors<K>>(initialErrors ?? {});

  const result = useMemo(
    () => schema.safeParse(toInput ? toInput(values) : values),
    [schema, toInput, values],
  );
  const schemaErrors = useMemo<FieldErrors<K>>(
    () => (result.success ? {} : fieldErrorsOf<K>(result.error)),
    [result],
  );

  const errorFor = (name: K): string | undefined =>
    serverErrors[name] ?? (touched[name] || submitted ? schemaErrors[name] : undefined);

  const setValue = useCallback((name: K, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setServerErrors((current) => {
      if (current[name] === undefined) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  }, []);

  const fieldId = (name: K) => `${formId}-${name}`;
  const errorId = (name: K) => `${formId}-${name}-error`;

  /** Props for a text input or textarea bound to `name`. */
  const field = (name: K) => {
    const error = errorFor(name);
    return {
      id: fieldId(name),
      name,
      value: values[name],
      onChange: (event: { currentTarget: { value: string } }) =>
        setValue(name, event.currentTarget.value),
      onBlur: () =>
        setTouched((current) => (current[name] ? current : { ...current, [name]: true })),
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? errorId(name) : undefined,
    };
  };

  /** Marks every field as shown; returns the parsed data, or null when a field is invalid. */
  const submit = (): Output | null => {
    setSubmitted(true);
    return result.success ? result.data : null;
  };

  const reset = useCallback(
    (next: Record<K, string> = initialValues) => {
      setValues(next);
      setTouched({});
      setSubmitted(false);
      setServerErrors({});
    },
    [initialValues],
  );

  /** The names of the fields that show a message, in the order of `initialValues`. */
  const invalidFields = (Object.keys(initialValues) as K[]).filter(
    (name) => errorFor(name) !== undefined,
  );

  return {
    values,
    setValue,
    field,
    fieldId,
    errorId,
    errorFor,
    isValid: result.success,
    invalidFields,
    submit,
    reset,
    setServerErrors,
  };
}

export type SchemaForm<K extends string, Output> = ReturnType<typeof useSchemaForm<K, Output>>;
