import type { PaymentGateway } from '@larder/contract';
import { describe, expect, it } from 'vitest';
import { EMPTY_BILLING, EMPTY_SHIPPING } from '../cart/cart-store.ts';
import { initialCheckoutValues } from './checkout-form.tsx';

const gateways = [{ id: 'stripe' }, { id: 'paypal' }] as PaymentGateway[];
const estimate = {
  ...EMPTY_SHIPPING,
  address_1: '1100 Congress Ave',
  city: 'Austin',
  state: 'TX',
  postcode: '78701',
  country: 'US',
};

describe('initialCheckoutValues', () => {
  it("prefills billing from the cart's billing info, and chooses the first gateway", () => {
    const billing = { ...EMPTY_BILLING, first_name: 'Ada', city: 'Durham', country: 'US' };
    const values = initialCheckoutValues(
      { billing, shipping: estimate, shipToDifferentAddress: false },
      gateways,
    );
    expect(values.billing).toEqual(billing);
    expect(values.shipping).toEqual(estimate);
    expect(values.payment_method).toBe('stripe');
  });

  it("starts an untyped billing address from the cart page's estimate", () => {
    const values = initialCheckoutValues(
      {
        billing: { ...EMPTY_BILLING, email: 'ada@example.com' },
        shipping: estimate,
        shipToDifferentAddress: false,
      },
      [],
    );
    expect(values.billing).toMatchObject({
      email: 'ada@example.com',
      address_1: '1100 Congress Ave',
      city: 'Austin',
      state: 'TX',
      postcode: '78701',
      country: 'US',
    });
    expect(values.payment_method).toBe('');
  });

  it('leaves billing empty when the estimate is the separate shipping address', () => {
    const values = initialCheckoutValues(
      { billing: EMPTY_BILLING, shipping: estimate, shipToDifferentAddress: true },
      gateways,
    );
    expect(values.billing).toEqual(EMPTY_BILLING);
    expect(values.shipToDifferentAddress).toBe(true);
  });
});
