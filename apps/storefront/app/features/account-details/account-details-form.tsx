import type { Customer } from '@larder/contract';
import { useRef, useState } from 'react';
import {
  useForm,
  useWatch,
  type FieldErrors,
  type UseFormRegister,
  type UseFormSetValue,
} from 'react-hook-form';
import { useRevalidator } from 'react-router';
import { formErrorMessage } from '../../components/forms/form-errors.ts';
import { browserApiFetch, createShopApi } from '../../lib/api/index.ts';
import {
  CountrySelect,
  StateField,
  TextField,
  statesOf,
  type CountryOption,
} from '../cart/address-fields.tsx';
import { useSessionStore } from '../account/session-store.ts';
import {
  accountFormValues,
  accountResolver,
  changesEmail,
  serverFieldErrors,
  toCustomerUpdate,
  type AccountDetails,
  type AccountFormValues,
} from './account-form.ts';

interface AddressFieldsProps {
  prefix: 'billing' | 'shipping';
  countries: CountryOption[];
  register: UseFormRegister<AccountFormValues>;
  setValue: UseFormSetValue<AccountFormValues>;
  errors: FieldErrors<AccountFormValues>;
  country: string;
  currentState: string;
}

/** The checkout's address fields (same controls, names and autocomplete), for the account's addresses. */
function AddressFields({
  prefix,
  countries,
  register,
  setValue,
  errors,
  country,
  currentState,
}: AddressFieldsProps) {
  const messages = (errors[prefix] ?? {}) as Partial<Record<string, { message?: string }>>;
  const error = (field: string) => messages[field]?.message;
  const id = (field: string) => `account-${prefix}-${field}`;
  const states = statesOf(countries, country);
  return (
    <div className="form-grid">
      {prefix === 'shipping' ? (
        <>
          <TextField
            id={id('first_name')}
            label="First name"
            autoComplete="shipping given-name"
            error={error('first_name')}
            {...register('shipping.first_name')}
          />
          <TextField
            id={id('last_name')}
            label="Last name"
            autoComplete="shipping family-name"
            error={error('last_name')}
            {...register('shipping.last_name')}
          />
        </>
      ) : null}
      <div className="form-grid__wide">
        <TextField
          id={id('company')}
          label="Company"
          required={false}
          autoComplete={`${prefix} organization`}
          error={error('company')}
          {...register(`${prefix}.company`)}
        />
      </div>
      {prefix === 'billing' ? (
        <>
          <TextField
            id={id('email')}
            label="Billing email"
            type="email"
            autoComplete="billing email"
            hint="Where receipts go."
            error={error('email')}
            {...register('billing.email')}
          />
          <TextField
            id={id('phone')}
            label="Phone"
            type="tel"
            autoComplete="billing tel"
            hint="In case the courier needs you."
            error={error('phone')}
            {...register('billing.phone')}
          />
        </>
      ) : null}
      <div className="form-grid__wide">
        <CountrySelect
          id={id('country')}
          countries={countries}
          error={error('country')}
          {...register(`${prefix}.country`, {
            onChange: (event: { target: { value: string } }) => {
              const next = statesOf(countries, event.target.value);
              if (next.length > 0 && !next.some((state) => state.code === currentState))
                setValue(`${prefix}.state`, '');
            },
          })}
        />
      </div>
      <div className="form-grid__wide">
        <TextField
          id={id('address_1')}
          label="Street address"
          autoComplete={`${prefix} address-line1`}
          error={error('address_1')}
          {...register(`${prefix}.address_1`)}
        />
      </div>
      <div className="form-grid__wide">
        <TextField
          id={id('address_2')}
          label="Apartment, suite, unit"
          required={false}
          autoComplete={`${prefix} address-line2`}
          error={error('address_2')}
          {...register(`${prefix}.address_2`)}
        />
      </div>
      <div className="form-grid__third">
        <TextField
          id={id('city')}
          label="City"
          autoComplete={`${prefix} address-level2`}
          error={error('city')}
          {...register(`${prefix}.city`)}
        />
      </div>
      <div className="form-grid__third">
        <StateField
          id={id('state')}
          states={states}
          error={error('state')}
          {...register(`${prefix}.state`)}
        />
      </div>
      <div className="form-grid__third">
        <TextField
          id={id('postcode')}
          label="Postcode / ZIP"
          autoComplete={`${prefix} postal-code`}
          error={error('postcode')}
          {...register(`${prefix}.postcode`)}
        />
      </div>
    </div>
  );
}

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
  const [banner, setBanner] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const billingCountry = useWatch({ control, name: 'billing.country' });
  const billingState = useWatch({ control, name: 'billing.state' });
  const shippingCountry = useWatch({ control, name: 'shipping.country' });
  const shippingState = useWatch({ control, name: 'shipping.state' });
  const email = useWatch({ control, name: 'email' });
  const emailChanging = changesEmail(email, customer.email);

  const show = (next: { kind: 'error' | 'success'; text: string }) => {
    setBanner(next);
    requestAnimationFrame(() => bannerRef.current?.focus());
  };

  const onValid = async (details: AccountDetails) => {
    setBanner(null);
    try {
      const updated = await createShopApi(browserApiFetch).updateCustomer(
        customer.id,
        toCustomerUpdate(details),
      );
      // The header and checkout read the session store; the account area re-reads the server.
      useSessionStore.getState().setCustomer(updated);
      reset(accountFormValues(updated));
      void revalidator.revalidate();
      // decision 0019: the address changes only once the link sent to it is opened.
      const newEmail = details.current_password ? details.email.trim() : null;
      show({
        kind: 'success',
        text: newEmail
          ? `We sent a link to ${newEmail} — the address changes when you open it.`
          : 'Your account details have been saved.',
      });
    } catch (error) {
      const { fields, others } = serverFieldErrors(error);
      for (const field of fields) setError(field.path, { type: 'server', message: field.message });
      const text =
        others.length > 0
          ? others.join(' ')
          : fields.length > 0
            ? 'Please check the highlighted fields.'
            : formErrorMessage(error);
      show({ kind: 'error', text });
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
        void handleSubmit(onValid, () =>
          // react-hook-form focuses the first invalid field; the alert is announced without moving focus.
          setBanner({ kind: 'error', text: 'Please check the highlighted fields.' }),
        )(event)
      }
      data-testid="account-details-form"
    >
      <h2 id="account-details-title" className="account-details__title">
        Account details
      </h2>
      {banner ? (
        <div
          ref={bannerRef}
          tabIndex={-1}
          role={banner.kind === 'error' ? 'alert' : 'status'}
          className={`form-banner form-banner--${banner.kind}`}
          data-testid={`account-details-${banner.kind}`}
        >
          {banner.text}
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
          prefix="billing"
          countries={countries}
          register={register}
          setValue={setValue}
          errors={errors}
          country={billingCountry}
          currentState={billingState}
        />
      </fieldset>
      <fieldset className="form-section">
        <legend className="form-section__title">Shipping address</legend>
        <p className="form-section__hint muted">
          Where your bags go; leave it blank to ship to the billing address.
        </p>
        <AddressFields
          prefix="shipping"
          countries={countries}
          register={register}
          setValue={setValue}
          errors={errors}
          country={shippingCountry}
          currentState={shippingState}
        />
      </fieldset>
      <div className="feedback-form__actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save changes'}
        </button>
      </div>
    </form>
  );
}
