import { ContactFormSchema, type ContactForm as ContactFormData } from '@larder/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Form, useNavigation } from 'react-router';
import { FormField } from '../../components/forms/form-field.tsx';
import { useSchemaForm } from '../../components/forms/use-schema-form.ts';
import {
  CONTACT_FIELDS,
  EMPTY_CONTACT,
  type ContactActionData,
  type ContactField,
} from './contact-fields.ts';
import './contact.css';

/**
 * The contact form (spec §3, §7). A plain form post to the route's action, so it works without
 * JavaScript; with it, the same schema checks each field on blur and before sending.
 */
export function ContactForm({ result }: { result: ContactActionData | undefined }) {
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const bannerRef = useRef<HTMLParagraphElement>(null);
  const [success, setSuccess] = useState(result?.ok ? result.message : '');
  const failed = result && !result.ok ? result : undefined;
  const form = useSchemaForm<ContactField, ContactFormData>({
    schema: ContactFormSchema,
    initialValues: failed?.values ?? EMPTY_CONTACT,
    // Without JavaScript the server's page is all there is: it must carry the messages.
    initialErrors: failed?.fieldErrors,
  });
  const { reset, setServerErrors } = form;

  const focusFirst = (names: ContactField[]) => {
    const name = names[0];
    if (name) formRef.current?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus();
  };

  // A new answer from the action: reset after success, show and focus the messages after a failure.
  const handled = useRef(result);
  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      setSuccess(result.message);
      reset(EMPTY_CONTACT);
      return;
    }
    setSuccess('');
    setServerErrors(result.fieldErrors);
    if (result.formError) bannerRef.current?.focus();
    else focusFirst(CONTACT_FIELDS.filter((name) => result.fieldErrors[name] !== undefined));
  }, [result, reset, setServerErrors]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setSuccess('');
    if (form.submit()) return;
    event.preventDefault();
    const invalid = CONTACT_FIELDS.filter(
      (name) => !ContactFormSchema.shape[name].safeParse(form.values[name]).success,
    );
    focusFirst(invalid);
  };

  const sending =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === 'contact';
  const formError = failed?.formError ?? null;
  const text = (name: ContactField) => ({
    field: form.field(name),
    error: form.errorFor(name),
    errorId: form.errorId(name),
  });

  return (
    <Form
      method="post"
      ref={formRef}
      className="feedback-form"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="contact-form-title"
      data-testid="contact-form"
    >
      <h2 id="contact-form-title" className="contact-card__title">
        Send us a message
      </h2>
      <p className="form-field__hint">Every field is required unless it says optional.</p>
      <div role="status" aria-live="polite" className="contact-form__status">
        {success ? <p className="form-banner form-banner--success">{success}</p> : null}
      </div>
      {formError && !success ? (
        <p ref={bannerRef} className="form-banner form-banner--error" role="alert" tabIndex={-1}>
          {formError}
        </p>
      ) : null}
      <input type="hidden" name="intent" value="contact" />
      <div className="feedback-form__pair">
        <FormField
          label="First name"
          autoComplete="given-name"
          maxLength={100}
          {...text('first_name')}
        />
        <FormField
          label="Last name"
          autoComplete="family-name"
          maxLength={100}
          {...text('last_name')}
        />
      </div>
      <div className="feedback-form__pair">
        <FormField label="Email" type="email" autoComplete="email" {...text('email')} />
        <FormField
          label="Phone"
          type="tel"
          autoComplete="tel"
          required={false}
          maxLength={30}
          {...text('phone')}
        />
      </div>
      <FormField label="Message" multiline maxLength={5000} {...text('message')} />
      {/* Spam guard: people never see or reach this field; bots that fill it in are dropped by the API. */}
      <div className="honeypot" aria-hidden="true">
        <label>
          Website
          <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <div className="feedback-form__actions">
        <button type="submit" className="button button--primary button--lg" disabled={sending}>
          {sending ? 'Sending…' : 'Send message'}
        </button>
      </div>
    </Form>
  );
}
