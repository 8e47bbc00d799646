import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type RegisterOptions,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import type { Banner } from './form-banner.tsx';

export const CHECK_FIELDS_MESSAGE = 'Please check the highlighted fields.';

/** A message from the server for one field, by the form's path (`billing.email`). */
export interface ServerFieldError<Values extends FieldValues> {
  path: FieldPath<Values>;
  message: string;
}

/**
 * Props that bind a text input or select to `name`: react-hook-form's registration, the value it
 * starts from (so a server render shows it) and the field's message.
 */
export function bindField<Values extends FieldValues, Output>(
  form: Pick<UseFormReturn<Values, unknown, Output>, 'register' | 'formState'>,
  name: FieldPath<Values>,
  options?: RegisterOptions<Values, FieldPath<Values>>,
) {
  return {
    ...form.register(name, options),
    defaultValue: get(form.formState.defaultValues, name) as string | undefined,
    error: (get(form.formState.errors, name) as { message?: string } | undefined)?.message,
  };
}

/** A form's field messages in react-hook-form's shape, for messages a server render must show. */
export function toFieldErrors<Values extends FieldValues>(
  messages: Partial<Record<string, string>> | undefined,
): FieldErrors<Values> | undefined {
  if (!messages) return undefined;
  const entries = Object.entries(messages).filter(([, message]) => message !== undefined);
  if (entries.length === 0) return undefined;
  return Object.fromEntries(
    entries.map(([name, message]) => [name, { type: 'server', message }]),
  ) as FieldErrors<Values>;
}

export interface SchemaFormOptions<Values extends FieldValues, Output> {
  /** `zodResolver(SomeContractSchema)`: the same rules the API applies. */
  resolver?: Resolver<Values, unknown, Output>;
  defaultValues: DefaultValues<Values> & Values;
  /** Messages the server already gave (a form post answered without JavaScript). */
  errors?: FieldErrors<Values> | undefined;
}

/**
 * The storefront's one form engine: react-hook-form with a contract schema. A field's message shows
 * once it has been left or the form submitted. A submit that fails in the browser focuses the first
 * invalid field and announces the banner; one the server refuses focuses the banner.
 */
export function useSchemaForm<Values extends FieldValues, Output = Values>({
  resolver,
  defaultValues,
  errors,
}: SchemaFormOptions<Values, Output>) {
  const form = useForm<Values, unknown, Output>({
    defaultValues,
    resolver,
    errors,
    mode: 'onTouched',
  });
  const [banner, setBanner] = useState<Banner | null>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const focusBanner = useRef(false);

  // Focus once the banner is committed (a new banner may replace an earlier one in between).
  useEffect(() => {
    if (!banner || !focusBanner.current) return;
    focusBanner.current = false;
    bannerRef.current?.focus();
  }, [banner]);

  /** Shows a banner and moves focus to it (the answer to a submit), or only announces it. */
  const showBanner = useCallback(
    (tone: Banner['tone'], message: Banner['message'], { focus = true } = {}) => {
      focusBanner.current = focus;
      setBanner({ tone, message });
    },
    [],
  );

  const { setError, handleSubmit } = form;
  /** The server's messages, beside their fields. */
  const setServerErrors = useCallback(
    (
      fields:
        | ReadonlyArray<ServerFieldError<Values>>
        | Partial<Record<FieldPath<Values>, string | undefined>>,
    ) => {
      const list = Array.isArray(fields)
        ? (fields as ReadonlyArray<ServerFieldError<Values>>)
        : Object.entries(fields).map(([path, message]) => ({ path, message }));
      for (const { path, message } of list)
        if (message) setError(path as FieldPath<Values>, { type: 'server', message });
    },
    [setError],
  );

  /** The form's onSubmit: checks every field, then calls `onValid` with the schema's output. */
  const onSubmit =
    (onValid: (data: Output) => unknown, onInvalid?: () => void) =>
    (event: FormEvent<HTMLFormElement>) =>
      void handleSubmit(
        async (data) => {
          setBanner(null);
          await onValid(data);
        },
        () => {
          onInvalid?.();
          showBanner('error', CHECK_FIELDS_MESSAGE, { focus: false });
        },
      )(event);

  return {
    ...form,
    field: (name: FieldPath<Values>) => bindField(form, name),
    banner,
    bannerRef,
    showBanner,
    clearBanner: useCallback(() => setBanner(null), []),
    setServerErrors,
    onSubmit,
    isSubmitting: form.formState.isSubmitting,
  };
}

export type SchemaForm<Values extends FieldValues, Output = Values> = ReturnType<
  typeof useSchemaForm<Values, Output>
>;

/** Saves every change as it is typed (to the cart store, which lives in local storage). */
export function useSaveWhileTyping<Values extends FieldValues>(
  watch: UseFormReturn<Values, unknown, unknown>['watch'],
  save: (values: Partial<Values>) => void,
) {
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  useEffect(() => {
    const subscription = watch((values) => saveRef.current(values as Partial<Values>));
    return () => subscription.unsubscribe();
  }, [watch]);
}

/** The first message zod gives for each top-level field: the server's side of a schema form. */
export function fieldErrorsOf<K extends string>(error: z.ZodError): Partial<Record<K, string>> {
  const errors: Partial<Record<string, string>> = {};
  for (const issue of error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && errors[key] === undefined) errors[key] = issue.message;
  }
  return errors as Partial<Record<K, string>>;
}
