import { WHOLESALE_CERTIFICATE, type WholesaleApplication as Application } from '@larder/contract';
import { useRef, useState, type ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { formErrorMessage } from '../../components/forms/form-errors.ts';
import { submitWholesaleApplication } from '../../lib/api/wholesale-registration.ts';
import {
  CountrySelect,
  StateField,
  TextAreaField,
  TextField,
  errorIdFor,
  statesOf,
  type CountryOption,
} from '../cart/address-fields.tsx';
import {
  MONTHLY_VOLUMES,
  applicationFailure,
  certificateError,
  initialWholesaleValues,
  wholesaleResolver,
  type ApplicantDefaults,
  type WholesaleFormValues,
} from './wholesale-form.ts';
import '../../components/forms/form-grid.css';
import './wholesale.css';

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
  const {
    control,
    register,
    setValue,
    setError,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<WholesaleFormValues, unknown, Application>({
    defaultValues,
    resolver,
    mode: 'onTouched',
  });
  const [certificate, setCertificate] = useState<File | null>(null);
  const [certificateMessage, setCertificateMessage] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState<{ business: string; email: string } | null>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const country = useWatch({ control, name: 'address.country' });
  const currentState = useWatch({ control, name: 'address.state' });
  const states = statesOf(countries, country);

  const showBanner = (message: string) => {
    setBanner(message);
    requestAnimationFrame(() => bannerRef.current?.focus());
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0] ?? null;
    setCertificate(file);
    setCertificateMessage(file ? certificateError(file) : null);
  };

  const onValid = async (application: Application) => {
    const fileProblem = certificateError(certificate);
    if (fileProblem || !certificate) {
      setCertificateMessage(fileProblem);
      setBanner('Please check the highlighted fields.');
      document.getElementById(CERTIFICATE_ID)?.focus();
      return;
    }
    setBanner(null);
    setProgress(0);
    try {
      await submitWholesaleApplication(application, certificate, ({ loaded, total }) =>
        setProgress(Math.min(100, Math.round((loaded / total) * 100))),
      );
      setSubmitted({ business: application.business_name, email: application.email });
      requestAnimationFrame(() => doneRef.current?.focus());
    } catch (error) {
      const failure = applicationFailure(error, formErrorMessage);
      for (const field of failure.fields)
        setError(field.path, { type: 'server', message: field.message });
      if (failure.certificate) setCertificateMessage(failure.certificate);
      showBanner(failure.message);
    } finally {
      setProgress(null);
    }
  };

  const onInvalid = () => {
    setCertificateMessage(certificateError(certificate));
    // react-hook-form focuses the first invalid field; the alert is announced without moving focus.
    setBanner('Please check the highlighted fields.');
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

  const error = (path: keyof WholesaleFormValues) =>
    (errors[path] as { message?: string } | undefined)?.message;
  const addressError = (field: keyof WholesaleFormValues['address']) =>
    errors.address?.[field]?.message;
  const volumeError = error('monthly_volume');
  const busy = isSubmitting;

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
        onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)}
        data-testid="wholesale-form"
      >
        {banner ? (
          <div
            ref={bannerRef}
            className="form-banner form-banner--error"
            role="alert"
            tabIndex={-1}
            data-testid="wholesale-error"
          >
            {banner}
          </div>
        ) : null}

        <fieldset className="form-section">
          <legend className="form-section__title">Your business</legend>
          <div className="form-grid">
            <TextField
              id="wholesale-business_name"
              label="Business name"
              autoComplete="organization"
              error={error('business_name')}
              {...register('business_name')}
            />
            <TextField
              id="wholesale-tax_id"
              label="Tax id or resale certificate number"
              error={error('tax_id')}
              {...register('tax_id')}
            />
            <div className="form-grid__wide">
              <div className="form-field" data-invalid={certificateMessage ? '' : undefined}>
                <label htmlFor={CERTIFICATE_ID} className="form-field__label">
                  Resale or tax-exemption certificate
                </label>
                <p id={`${CERTIFICATE_ID}-hint`} className="form-field__hint">
                  A PDF, PNG or JPEG of at most {MAX_MB} MB.
                </p>
                <input
                  id={CERTIFICATE_ID}
                  name="certificate"
                  type="file"
                  accept={ACCEPT}
                  className="form-field__control wholesale-form__file"
                  aria-required
                  aria-invalid={certificateMessage ? true : undefined}
                  aria-describedby={[
                    `${CERTIFICATE_ID}-hint`,
                    certificateMessage ? errorIdFor(CERTIFICATE_ID) : '',
                  ]
                    .filter(Boolean)
                    .join(' ')}
                  disabled={busy}
                  onChange={onFile}
                />
                {certificateMessage ? (
                  <p id={errorIdFor(CERTIFICATE_ID)} className="form-field__error">
                    {certificateMessage}
                  </p>
                ) : null}
              </div>
            </div>
            <div className="form-grid__wide">
              <TextAreaField
                id="wholesale-sales_channels"
                label="How do you plan to sell our granola?"
                hint="Your shop, café, online store or market, and who buys from you."
                maxLength={2000}
                error={error('sales_channels')}
                {...register('sales_channels')}
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
              error={error('contact_name')}
              {...register('contact_name')}
            />
            <TextField
              id="wholesale-phone"
              label="Phone"
              type="tel"
              autoComplete="tel"
              error={error('phone')}
              {...register('phone')}
            />
            <TextField
              id="wholesale-email"
              label="Email"
              type="email"
              autoComplete="email"
              readOnly={!needsPassword}
              hint={
                needsPassword
                  ? 'Your wholesale account signs in with this address.'
                  : 'The address of the account you are signed in with.'
              }
              error={error('email')}
              {...register('email')}
            />
            {needsPassword ? (
              <TextField
                id="wholesale-password"
                label="Password"
                type="password"
                autoComplete="new-password"
                hint="At least 10 characters, for the account we create with your application."
                error={error('password')}
                {...register('password')}
              />
            ) : null}
          </div>
        </fieldset>

        <fieldset className="form-section">
          <legend className="form-section__title">Business address</legend>
          <div className="form-grid">
            <div className="form-grid__wide">
              <CountrySelect
                id="wholesale-country"
                countries={countries}
                error={addressError('country')}
                {...register('address.country', {
                  onChange: (event: { target: { value: string } }) => {
                    const next = statesOf(countries, event.target.value);
                    if (next.length > 0 && !next.some((state) => state.code === currentState))
                      setValue('address.state', '');
                  },
                })}
              />
            </div>
            <div className="form-grid__wide">
              <TextField
                id="wholesale-address_1"
                label="Street address"
                autoComplete="address-line1"
                error={addressError('address_1')}
                {...register('address.address_1')}
              />
            </div>
            <div className="form-grid__wide">
              <TextField
                id="wholesale-address_2"
                label="Suite, unit"
                required={false}
                autoComplete="address-line2"
                error={addressError('address_2')}
                {...register('address.address_2')}
              />
            </div>
            <div className="form-grid__third">
              <TextField
                id="wholesale-city"
                label="City"
                autoComplete="address-level2"
                error={addressError('city')}
                {...register('address.city')}
              />
            </div>
            <div className="form-grid__third">
              <StateField
                id="wholesale-state"
                states={states}
                error={addressError('state')}
                {...register('address.state')}
              />
            </div>
            <div className="form-grid__third">
              <TextField
                id="wholesale-postcode"
                label="Postcode / ZIP"
                autoComplete="postal-code"
                error={addressError('postcode')}
                {...register('address.postcode')}
              />
            </div>
          </div>
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
          <button type="submit" className="button button--primary button--lg" disabled={busy}>
            {busy ? 'Sending application…' : 'Apply for wholesale'}
          </button>
        </div>
      </form>
    </section>
  );
}
