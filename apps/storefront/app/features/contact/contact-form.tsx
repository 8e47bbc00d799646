import { zodResolver } from '@hookform/resolvers/zod';
import { ContactFormSchema, type ContactForm as ContactFormData } from '@larder/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Form, useNavigation, useSubmit } from 'react-router';
import { FormBanner } from '../../components/forms/form-banner.tsx';
import { FIELD_PRESETS, TextAreaField, TextField } from '../../components/forms/form-field.tsx';
import { toFieldErrors, useSchemaForm } from '../../components/forms/use-schema-form.ts';
import {
  CONTACT_FIELDS,
  EMPTY_CONTACT,
  type ContactActionData,
  type ContactValues,
} from './contact-fields.ts';
import './contact.css';
import { SubmitButton } from '../../components/forms/submit-button.tsx';

const resolver = zodResolver(ContactFormSchema);

/**
 * The contact form (spec §3, §7). A plain form post to the route's action, so it works without
 * JavaScript; with it, the same schema checks each field on blur and before sending.
 */
export function ContactForm({ result }: { result: ContactActionData | undefined }) {
  const navigation = useNavigation();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const [success, setSuccess] = useState(result?.ok ? result.message : '');
  const failed = result && !result.ok ? result : undefined;
  // Without JavaScript the server's page is all there is: it must carry the values and messages.
  const serverErrors = useMemo(() => toFieldErrors<ContactValues>(failed?.fieldErrors), [failed]);
  const form = useSchemaForm<ContactValues, ContactFormData>({
    resolver,
    defaultValues: failed?.values ?? EMPTY_CONTACT,
    errors: serverErrors,
  });
  const { reset, setFocus, showBanner } = form;

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
    if (result.formError) showBanner('error', result.formError);
    else {
      const first = CONTACT_FIELDS.find((name) => result.fieldErrors[name] !== undefined);
      if (first) setFocus(first);
    }
  }, [result, reset, setFocus, showBanner]);

  const sending =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === 'contact';
  const formError = failed?.formError;
  const banner =
    form.banner ?? (formError && !success ? { tone: 'error' as const, message: formError } : null);

  return (
    <Form
      method="post"
      ref={formRef}
      className="feedback-form"
      noValidate
      onSubmit={(event) => {
        setSuccess('');
        form.onSubmit(() => submit(formRef.current, { method: 'post' }))(event);
      }}
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
      <FormBanner ref={form.bannerRef} banner={banner} />
      <input type="hidden" name="intent" value="contact" />
      <div className="feedback-form__pair">
        <TextField
          id="contact-first_name"
          {...FIELD_PRESETS.first_name}
          maxLength={100}
          {...form.field('first_name')}
        />
        <TextField
          id="contact-last_name"
          {...FIELD_PRESETS.last_name}
          maxLength={100}
          {...form.field('last_name')}
        />
      </div>
      <div className="feedback-form__pair">
        <TextField id="contact-email" {...FIELD_PRESETS.email} {...form.field('email')} />
        <TextField
          id="contact-phone"
          {...FIELD_PRESETS.phone}
          required={false}
          maxLength={30}
          {...form.field('phone')}
        />
      </div>
      <TextAreaField
        id="contact-message"
        label="Message"
        {...FIELD_PRESETS.letter}
        {...form.field('message')}
      />
      {/* Spam guard: people never see or reach this field; bots that fill it in are dropped by the API. */}
      <div className="honeypot" aria-hidden="true">
        <label>
          Website
          <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <div className="feedback-form__actions">
        <SubmitButton size="lg" pending={sending} pendingLabel="Sending…">
          Send message
        </SubmitButton>
      </div>
    </Form>
  );
}
