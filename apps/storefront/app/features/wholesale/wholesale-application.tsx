import { WHOLESALE_CERTIFICATE, type WholesaleApplication as Application } from '@larder/contract';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { POSTAL_FIELDS } from '../../components/forms/address-field-names.ts';
import { AddressFields } from '../../components/forms/address-fields.tsx';
import type { CountryOption } from '../../components/forms/countries.ts';
import { FormBanner } from '../../components/forms/form-banner.tsx';
import { formErrorMessage } from '../../components/forms/form-errors.ts';
import {
  FIELD_PRESETS,
  TextAreaField,
  TextField,
  errorIdFor,
} from '../../components/forms/form-field.tsx';
import { CHECK_FIELDS_MESSAGE, useSchemaForm } from '../../components/forms/use-schema-form.ts';
import { submitWholesaleApplication } from '../../lib/api/wholesale-registration.ts';
import {
  MONTHLY_VOLUMES,
  applicationFailure,
  certificateError,
  initialWholesaleValues,
  wholesaleResolver,
  type ApplicantDefaults,
  type WholesaleFormValues,
} from './wholesale-form.ts';
import './wholesale.css';
import { SubmitButton } from '../../components/forms/submit-button.tsx';

export interface WholesaleApplicationProps {
  /** Countries with their states, as checkout offers them (`toCountryOptions`). */
  countries: CountryOption[];
  /** The signed-in customer: applies for this account, so no password; contact details prefilled. */
  customer?: ApplicantDefaults | null;
}

const CERTIFICATE_ID = 'wholesale-certificate';
const ACCEPT = WHOLESALE_CERTIFICATE.types.join(',');
const MAX_MB = Math.round(WHOLESALE_CERTIFICATE.maxBytes / (1024 * 1024));

/**
 * Issue 5 wholesale application: the business, its certificate (uploaded with a real progress bar,
 * spec §7) and how it plans to sell. Rendered on /sign-up, where /wholesale's button leads.
 */
export function WholesaleApplication({ countries, customer }: WholesaleApplicationProps) {
  const needsPassword = !customer;
  const [defaultValues] = useState(() => initialWholesaleValues(customer));
  const [resolver] = useState(() => wholesaleResolver(countries, needsPassword));
  const form = useSchemaForm<WholesaleFormValues, Application>({ defaultValues, resolver });
  const { register, formState } = form;
  const [certificate, setCertificate] = useState<File | null>(null);
  const [certificateMessage, setCertificateMessage] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [submitted, setSubmitted] = useState<{ business: string; email: string } | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (submitted) doneRef.current?.focus();
  }, [submitted]);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0] ?? null;
    setCertificate(file);
    setCertificateMessage(file ? certificateError(file) : null);
  };

  const onValid = async (application: Application) => {
    const fileProblem = certificateError(certificate);
    if (fileProblem || !certificate) {
      setCertificateMessage(fileProblem);
      form.showBanner('error', CHECK_FIELDS_MESSAGE, { focus: false });
      document.getElementById(CERTIFICATE_ID)?.focus();
      return;
    }
    setProgress(0);
    try {
      await submitWholesaleApplication(application, certificate, ({ loaded, total }) =>
        setProgress(Math.min(100, Math.round((loaded / total) * 100))),
      );
      setSubmitted({ business: application.business_name, email: application.email });
    } catch (error) {
      const failure = applicationFailure(error, formErrorMessage);
      form.setServerErrors(failure.fields);
      if (failure.certificate) setCertificateMessage(failure.certificate);
      form.showBanner('error', failure.message);
    } finally {
      setProgress(null);
    }
  };

  if (submitted) {
    return (
      <section id="wholesale" className="wholesale-application" aria-labelledby="wholesale-done">
        <div
          ref={doneRef}
          tabIndex={-1}
          className="wholesale-done"
          role="status"
          data-testid="wholesale-confirmation"
        >
          <h2 id="wholesale-done" className="wholesale-application__title">
            Thank you, we’ll be in touch
          </h2>
          <p>
            We have your wholesale application for <strong>{submitted.business}</strong>. We review
            every application by hand and will email <strong>{submitted.email}</strong> as soon as
            we have made a decision.
          </p>
          <p>
            {customer
              ? 'Until then you can keep shopping at retail prices with your account.'
              : 'Your account is ready: once we approve it, sign in to see wholesale prices.'}
          </p>
        </div>
      </section>
    );
  }

  const volumeError = formState.errors.monthly_volume?.message;
  const busy = form.isSubmitting;

  return (
    <section id="wholesale" className="wholesale-application" aria-labelledby="wholesale-title">
      <h2 id="wholesale-title" className="wholesale-application__title">
        Apply for a wholesale account
      </h2>
      <p className="wholesale-application__intro">
        Stock Larder &amp; Oat in your shop, café or market stall. Tell us about your business and
        attach your resale or tax-exemption certificate; we reply by email.
      </p>
      <form
        className="wholesale-form"
        noValidate
        aria-busy={busy || undefined}
        onSubmit={form.onSubmit(onValid, () =>
          setCertificateMessage(certificateError(certificate)),
        )}
        data-testid="wholesale-form"
      >
        <FormBanner ref={form.bannerRef} banner={form.banner} testId="wholesale-error" />

        <fieldset className="form-section">
          <legend className="form-section__title">Your business</legend>
          <div className="form-grid">
            <TextField
              id="wholesale-business_name"
              label="Business name"
              autoComplete="organization"
              {...form.field('business_name')}
            />
            <TextField
              id="wholesale-tax_id"
              label="Tax ID or resale certificate number"
              {...form.field('tax_id')}
            />
            <div className="form-grid__wide">
              <TextField
                id={CERTIFICATE_ID}
                label="Resale or tax-exemption certificate"
                hint={`A PDF, PNG or JPEG of at most ${MAX_MB} MB.`}
                name="certificate"
                type="file"
                accept={ACCEPT}
                className="wholesale-form__file"
                error={certificateMessage ?? undefined}
                disabled={busy}
                onChange={onFile}
              />
            </div>
            <div className="form-grid__wide">
              <TextAreaField
                id="wholesale-sales_channels"
                label="How do you plan to sell our granola?"
                hint="Your shop, café, online store or market, and who buys from you."
                maxLength={2000}
                {...form.field('sales_channels')}
              />
            </div>
            <fieldset
              className="form-grid__wide wholesale-form__volumes"
              aria-describedby={volumeError ? errorIdFor('wholesale-monthly_volume') : undefined}
              data-invalid={volumeError ? '' : undefined}
            >
              <legend className="form-field__label">Expected monthly volume</legend>
              <div className="wholesale-form__volume-list">
                {MONTHLY_VOLUMES.map((volume) => (
                  <label key={volume.value} className="wholesale-form__volume">
                    <input
                      type="radio"
                      value={volume.value}
                      aria-invalid={volumeError ? true : undefined}
                      {...register('monthly_volume')}
                    />
                    <span>{volume.label}</span>
                  </label>
                ))}
              </div>
              {volumeError ? (
                <p id={errorIdFor('wholesale-monthly_volume')} className="form-field__error">
                  {volumeError}
                </p>
              ) : null}
            </fieldset>
          </div>
        </fieldset>

        <fieldset className="form-section">
          <legend className="form-section__title">Contact</legend>
          <div className="form-grid">
            <TextField
              id="wholesale-contact_name"
              label="Contact name"
              autoComplete="name"
              {...form.field('contact_name')}
            />
            <TextField id="wholesale-phone" {...FIELD_PRESETS.phone} {...form.field('phone')} />
            <TextField
              id="wholesale-email"
              {...FIELD_PRESETS.email}
              readOnly={!needsPassword}
              hint={
                needsPassword
                  ? 'Your wholesale account signs in with this address.'
                  : 'The address of the account you are signed in with.'
              }
              {...form.field('email')}
            />
            {needsPassword ? (
              <TextField
                id="wholesale-password"
                label="Password"
                type="password"
                autoComplete="new-password"
                hint="At least 10 characters, for the account we create with your application."
                {...form.field('password')}
              />
            ) : null}
          </div>
        </fieldset>

        <fieldset className="form-section">
          <legend className="form-section__title">Business address</legend>
          <AddressFields
            form={form}
            countries={countries}
            prefix="address"
            idPrefix="wholesale"
            fields={POSTAL_FIELDS}
            labels={{ address_2: 'Suite, unit' }}
          />
        </fieldset>

        {progress !== null ? (
          <div className="upload-progress" data-testid="upload-progress">
            <span id="wholesale-progress-label" className="upload-progress__label">
              Uploading your certificate… {progress}%
            </span>
            <div
              className="upload-progress__track"
              role="progressbar"
              aria-labelledby="wholesale-progress-label"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
            >
              <span className="upload-progress__bar" style={{ width: `${progress}%` }} />
            </div>
          </div>
        ) : null}

        <div className="feedback-form__actions">
          <SubmitButton size="lg" pending={busy} pendingLabel="Sending application…">
            Apply for wholesale
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
