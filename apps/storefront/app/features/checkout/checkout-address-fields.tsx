import type { FieldErrors, UseFormRegister, UseFormSetValue } from 'react-hook-form';
import {
  CountrySelect,
  StateField,
  TextField,
  statesOf,
  type CountryOption,
} from '../cart/address-fields.tsx';
import type { CheckoutFormValues } from './checkout-order.ts';

interface CheckoutAddressFieldsProps {
  prefix: 'billing' | 'shipping';
  countries: CountryOption[];
  /** The country chosen now (watched), for its states. */
  country: string;
  currentState: string;
  register: UseFormRegister<CheckoutFormValues>;
  setValue: UseFormSetValue<CheckoutFormValues>;
  errors: FieldErrors<CheckoutFormValues>;
}

/** Name, address and, for billing, email and phone: spec §3 billing data, WooCommerce's order. */
export function CheckoutAddressFields({
  prefix,
  countries,
  country,
  currentState,
  register,
  setValue,
  errors,
}: CheckoutAddressFieldsProps) {
  const messages = (errors[prefix] ?? {}) as Partial<Record<string, { message?: string }>>;
  const error = (field: string) => messages[field]?.message;
  const id = (field: string) => `${prefix}-${field}`;
  const section = prefix === 'billing' ? 'billing' : 'shipping';
  const states = statesOf(countries, country);

  return (
    <div className="checkout-fields">
      <TextField
        id={id('first_name')}
        label="First name"
        autoComplete={`${section} given-name`}
        error={error('first_name')}
        {...register(`${prefix}.first_name`)}
      />
      <TextField
        id={id('last_name')}
        label="Last name"
        autoComplete={`${section} family-name`}
        error={error('last_name')}
        {...register(`${prefix}.last_name`)}
      />
      <div className="checkout-fields__wide">
        <TextField
          id={id('company')}
          label="Company"
          required={false}
          autoComplete={`${section} organization`}
          error={error('company')}
          {...register(`${prefix}.company`)}
        />
      </div>
      {prefix === 'billing' ? (
        <>
          <TextField
            id={id('email')}
            label="Email"
            type="email"
            autoComplete="billing email"
            hint="For your receipt and delivery updates."
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
      <div className="checkout-fields__wide">
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
      <div className="checkout-fields__wide">
        <TextField
          id={id('address_1')}
          label="Street address"
          autoComplete={`${section} address-line1`}
          error={error('address_1')}
          {...register(`${prefix}.address_1`)}
        />
      </div>
      <div className="checkout-fields__wide">
        <TextField
          id={id('address_2')}
          label="Apartment, suite, unit"
          required={false}
          autoComplete={`${section} address-line2`}
          error={error('address_2')}
          {...register(`${prefix}.address_2`)}
        />
      </div>
      <div className="checkout-fields__third">
        <TextField
          id={id('city')}
          label="City"
          autoComplete={`${section} address-level2`}
          error={error('city')}
          {...register(`${prefix}.city`)}
        />
      </div>
      <div className="checkout-fields__third">
        <StateField
          id={id('state')}
          states={states}
          error={error('state')}
          {...register(`${prefix}.state`)}
        />
      </div>
      <div className="checkout-fields__third">
        <TextField
          id={id('postcode')}
          label="Postcode / ZIP"
          autoComplete={`${section} postal-code`}
          error={error('postcode')}
          {...register(`${prefix}.postcode`)}
        />
      </div>
    </div>
  );
}
