import { act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EMPTY_SHIPPING, INITIAL_CART, useCartStore } from '../cart/cart-store.ts';
import { useSessionStore } from '../account/session-store.ts';
import { aCustomer } from '../account/test-data.ts';
import { applySavedDetailsToCheckout } from './checkout-addresses.ts';

afterEach(() => {
  act(() => {
    useSessionStore.setState({ customer: null, remember: false });
    useCartStore.setState(INITIAL_CART);
  });
  localStorage.clear();
});

/** Signed in as Ada: the session store copied her saved addresses into the cart then. */
const signedIn = () => act(() => useSessionStore.getState().setCustomer(aCustomer()));

describe('applySavedDetailsToCheckout', () => {
  it('replaces the checkout addresses at once, leaving no line of the old ones', () => {
    signedIn();
    act(() =>
      useCartStore.getState().setBilling({ address_2: 'Flat 2', email: 'typed@example.com' }),
    );
    const moved = aCustomer({
      first_name: 'Adele',
      billing: {
        ...aCustomer().billing,
        first_name: 'Adele',
        address_1: '1100 Congress Ave',
        city: 'Austin',
        state: 'TX',
        postcode: '78701',
        email: '',
      },
      shipping: { ...EMPTY_SHIPPING, phone: '' },
    });
    act(() => applySavedDetailsToCheckout(moved));
    const cart = useCartStore.getState();
    expect(cart.billing).toMatchObject({
      first_name: 'Adele',
      address_1: '1100 Congress Ave',
      address_2: '',
      city: 'Austin',
      state: 'TX',
      // Left blank in the account: the one typed at checkout stays.
      email: 'typed@example.com',
    });
    // Shipping saved blank: the bags go to the billing address.
    expect(cart.shipToDifferentAddress).toBe(false);
  });

  it('a saved shipping address that differs from billing is where checkout ships', () => {
    signedIn();
    act(() => useCartStore.getState().setShipping({ address_2: 'Old unit' }));
    const shipping = { ...aCustomer().shipping, address_1: '9 Dock Road', city: 'Raleigh' };
    act(() => applySavedDetailsToCheckout(aCustomer({ shipping })));
    const cart = useCartStore.getState();
    expect(cart.shipping).toMatchObject({
      address_1: '9 Dock Road',
      city: 'Raleigh',
      address_2: '',
    });
    expect(cart.shipToDifferentAddress).toBe(true);
  });

  it('a saved shipping address the same as billing ships to the billing address', () => {
    signedIn();
    act(() => useCartStore.getState().setShipToDifferentAddress(true));
    const same = aCustomer();
    const shipping = { ...same.shipping, address_1: same.billing.address_1 };
    act(() => applySavedDetailsToCheckout(aCustomer({ shipping })));
    expect(useCartStore.getState().shipToDifferentAddress).toBe(false);
  });

  it('a billing block saved empty keeps what was typed at checkout', () => {
    signedIn();
    act(() => useCartStore.getState().setBilling({ city: 'Raleigh' }));
    const empty = aCustomer({ billing: { ...aCustomer().billing, address_1: '', city: '' } });
    act(() => applySavedDetailsToCheckout(empty));
    expect(useCartStore.getState().billing.city).toBe('Raleigh');
  });
});
