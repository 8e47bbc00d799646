import type { Customer } from '@larder/contract';
import { useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useRevalidator } from 'react-router';
import { SHIPPING_ADDRESS_FIELDS } from '../../components/forms/address-field-names.ts';
import { AddressFields } from '../../components/forms/address-fields.tsx';
import type { CountryOption } from '../../components/forms/countries.ts';
import { formErrorMessage } from '../../components/forms/form-errors.ts';
import { TextField } from '../../components/forms/form-field.tsx';
import { browserApiFetch, createShopApi } from '../../lib/api/index.ts';
import { useSessionStore } from '../account/session-store.ts';
import {
  BILLING_ADDRESS_FIELDS,
  accountFormValues,
  accountResolver,
  changesEmail,
  serverFieldErrors,
  toCustomerUpdate,
  type AccountDetails,
  type AccountFormValues,
} from './account-form.ts';
import { applySavedDetailsToCheckout } from './checkout-addresses.ts';
import { SubmitButton } from '../../components/forms/submit-button.tsx';

/**
 * Issue 5 account details: names, email, billing and shipping address, saved with
 * `POST /customers/{id}` (first and last name copied into billing, spec §7).
 */
export function AccountDetailsForm({
  customer,
  countries,
}: {
  customer: Customer;
  countries: CountryOption[];
}) {
  const revalidator = useRevalidator();
  const [defaultValues] = useState(() => accountFormValues(customer));
  const [resolver] = useState(() => accountResolver(countries, customer.email));
  const {
    control,
    register,
    setValue,
    setError,
    reset,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<AccountFormValues, unknown, AccountDetails>({
    defaultValues,
    resolver,
    mode: 'onTouched',
  });
  const [failure, setFailure] = useState<string | null>(null);
  // What the last save did: it stays until the shopper changes a field again.
  const [saved, setSaved] = useState<string | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const email = useWatch({ control, name: 'email' });
  const emailChanging = changesEmail(email, customer.email);

  const showFailure = (text: string) => {
    setFailure(text);
    requestAnimationFrame(() => failureRef.current?.focus());
  };

  const onValid = async (details: AccountDetails) => {
    setFailure(null);
    setSaved(null);
    try {
      const updated = await createShopApi(browserApiFetch).updateCustomer(
        customer.id,
        toCustomerUpdate(details),
      );
      // The header and checkout read the session store; the account area re-reads the server.
      useSessionStore.getState().setCustomer(updated);
      applySavedDetailsToCheckout(updated);
      reset(accountFormValues(updated));
      void revalidator.revalidate();
      // decision 0019: the address changes only once the link sent to it is opened.
      const newEmail = details.current_password ? details.email.trim() : null;
      setSaved(
        newEmail
          ? `We sent a link to ${newEmail} — the address changes when you open it.`
          : 'Your account details have been saved.',
      );
    } catch (error) {
      const { fields, others } = serverFieldErrors(error);
      for (const field of fields) setError(field.path, { type: 'server', message: field.message });
      const text =
        others.length > 0
          ? others.join(' ')
          : fields.length > 0
            ? 'Please check the highlighted fields.'
            : formErrorMessage(error);
      showFailure(text);
    }
  };

  const error = (name: 'first_name' | 'last_name' | 'email' | 'current_password') =>
    errors[name]?.message;

  return (
    <form
      className="account-details-form"
      noValidate
      aria-busy={isSubmitting || undefined}
      aria-labelledby="account-details-title"
      onSubmit={(event) =>
        void handleSubmit(onValid, () => {
          // react-hook-form focuses the first invalid field; the alert is announced without moving focus.
          setSaved(null);
          setFailure('Please check the highlighted fields.');
        })(event)
      }
      // Typing, choosing or ticking in any field (they all bubble here) makes "saved" no longer true.
      onChange={() => setSaved(null)}
      data-testid="account-details-form"
    >
      {/* Names the form for assistive tech; the page's title already shows the words (issue 18). */}
      <h2 id="account-details-title" className="visually-hidden">
        Account details
      </h2>
      {failure ? (
        <div
          ref={failureRef}
          tabIndex={-1}
          role="alert"
          className="form-banner form-banner--error"
          data-testid="account-details-error"
        >
          {failure}
        </div>
      ) : null}
      <fieldset className="form-section">
        <legend className="form-section__title">Your details</legend>
        <div className="form-grid">
          <TextField
            id="account-first_name"
            label="First name"
            autoComplete="given-name"
            error={error('first_name')}
            {...register('first_name')}
          />
          <TextField
            id="account-last_name"
            label="Last name"
            autoComplete="family-name"
            error={error('last_name')}
            {...register('last_name')}
          />
          <div className="form-grid__wide">
            <TextField
              id="account-email"
              label="Email"
              type="email"
              autoComplete="email"
              hint="You sign in with this address."
              error={error('email')}
              {...register('email')}
            />
          </div>
          {emailChanging ? (
            <div className="form-grid__wide">
              <TextField
                id="account-current_password"
                label="Current password"
                type="password"
                autoComplete="current-password"
                hint="Needed to change your email address. We send a link to the new address; it changes when you open it."
                error={error('current_password')}
                {...register('current_password')}
              />
            </div>
          ) : null}
        </div>
      </fieldset>
      <fieldset className="form-section">
        <legend className="form-section__title">Billing address</legend>
        <p className="form-section__hint muted">Billed in the name above.</p>
        <AddressFields
          form={{ control, register, setValue }}
          countries={countries}
          prefix="billing"
          idPrefix="account-billing"
          section="billing"
          fields={BILLING_ADDRESS_FIELDS}
          labels={{ email: 'Billing email' }}
          hints={{ email: 'Where receipts go.', phone: 'In case the courier needs you.' }}
        />
      </fieldset>
      <fieldset className="form-section">
        <legend className="form-section__title">Shipping address</legend>
        <p className="form-section__hint muted">
          Where your bags go; leave it blank to ship to the billing address.
        </p>
        <AddressFields
          form={{ control, register, setValue }}
          countries={countries}
          prefix="shipping"
          idPrefix="account-shipping"
          section="shipping"
          fields={SHIPPING_ADDRESS_FIELDS}
        />
      </fieldset>
      <div className="feedback-form__actions account-details__actions">
        <SubmitButton pending={isSubmitting} pendingLabel="Saving…">
          Save changes
        </SubmitButton>
        {/* A live region from the first render, beside the button that was pressed, so the
            confirmation is announced when it appears and seen without scrolling back up. */}
        <div role="status" className="account-details__saved" data-testid="account-details-status">
          {saved ? (
            <p className="form-banner form-banner--success" data-testid="account-details-success">
              {saved}
            </p>
          ) : null}
        </div>
      </div>
    </form>
  );
}
