import { useCartStore, type ShippingInfo } from './cart-store.ts';
import {
  CountrySelect,
  StateField,
  TextField,
  statesOf,
  type CountryOption,
} from './address-fields.tsx';

/**
 * Spec §2 cart page: the shipping estimator's address, kept in the cart store as it is typed so the
 * checkout starts from it and nothing is lost on a reload.
 */
export function ShippingEstimator({ countries }: { countries: CountryOption[] }) {
  const shipping = useCartStore((state) => state.shipping);
  const setShipping = useCartStore((state) => state.setShipping);
  const states = statesOf(countries, shipping.country);
  const bind = (field: keyof ShippingInfo) => ({
    name: field,
    value: shipping[field],
    onChange: (event: { currentTarget: { value: string } }) =>
      setShipping({ [field]: event.currentTarget.value }),
  });

  return (
    <fieldset className="estimator" data-testid="shipping-estimator">
      <legend className="estimator__legend">Estimate shipping</legend>
      <p className="estimator__hint muted">Prices appear once we know the full address.</p>
      <div className="estimator__fields">
        <CountrySelect
          id="estimate-country"
          countries={countries}
          name="country"
          value={shipping.country}
          onChange={(event) => {
            const country = event.currentTarget.value;
            const keepState = statesOf(countries, country).some(
              (state) => state.code === shipping.state,
            );
            setShipping({ country, ...(keepState ? {} : { state: '' }) });
          }}
        />
        <StateField id="estimate-state" states={states} {...bind('state')} />
        <TextField
          id="estimate-city"
          label="City"
          autoComplete="address-level2"
          {...bind('city')}
        />
        <TextField
          id="estimate-postcode"
          label="Postcode / ZIP"
          autoComplete="postal-code"
          {...bind('postcode')}
        />
        <TextField
          id="estimate-address"
          label="Street address"
          autoComplete="address-line1"
          {...bind('address_1')}
        />
      </div>
    </fieldset>
  );
}
