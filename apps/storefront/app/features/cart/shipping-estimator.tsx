import { useState } from 'react';
import { AddressFields } from '../../components/forms/address-fields.tsx';
import type { CountryOption } from '../../components/forms/countries.ts';
import { useSaveWhileTyping, useSchemaForm } from '../../components/forms/use-schema-form.ts';
import { useCartStore, type ShippingInfo } from './cart-store.ts';

/**
 * Spec §2 cart page: the shipping estimator's address, kept in the cart store as it is typed so the
 * checkout starts from it and nothing is lost on a reload.
 */
export function ShippingEstimator({ countries }: { countries: CountryOption[] }) {
  const [defaultValues] = useState(() => useCartStore.getState().shipping);
  const form = useSchemaForm<ShippingInfo>({ defaultValues });
  useSaveWhileTyping(form.watch, (shipping) => useCartStore.getState().setShipping(shipping));

  return (
    <fieldset className="estimator" data-testid="shipping-estimator">
      <legend className="estimator__legend">Estimate shipping</legend>
      <p className="estimator__hint muted">Prices appear once we know the full address.</p>
      <AddressFields
        form={form}
        prefix=""
        fields={['country', 'state', 'city', 'postcode', 'address_1']}
        countries={countries}
        idPrefix="estimate"
        className="estimator__fields"
      />
    </fieldset>
  );
}
