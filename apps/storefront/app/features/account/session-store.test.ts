import { act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EMPTY_BILLING, EMPTY_SHIPPING, INITIAL_CART, useCartStore } from '../cart/cart-store.ts';
import {
  SESSION_STORAGE_KEY,
  customerAddresses,
  removeStoredSession,
  useSessionStore,
} from './session-store.ts';
import { aCustomer } from './test-data.ts';

afterEach(() => {
  act(() => {
    useSessionStore.setState({ customer: null, remember: false });
    useCartStore.setState(INITIAL_CART);
  });
  localStorage.clear();
});

describe('customerAddresses', () => {
  it('takes the saved billing and shipping fields and leaves empty ones out', () => {
    const { billing, shipping } = customerAddresses(aCustomer());
    expect(billing).toMatchObject({ first_name: 'Ada', email: 'ada@example.com', city: 'Durham' });
    expect(billing).not.toHaveProperty('company');
    expect(shipping).toMatchObject({ address_1: '40 Mill Lane', postcode: '27701' });
    expect(shipping).not.toHaveProperty('phone');
  });
});

describe('session store (spec §4)', () => {
  it('setting a user copies their billing and shipping into the cart', () => {
    act(() => useSessionStore.getState().setCustomer(aCustomer()));
    const cart = useCartStore.getState();
    expect(cart.billing).toMatchObject({ first_name: 'Ada', address_1: '12 Oak Street' });
    expect(cart.shipping).toMatchObject({ address_1: '40 Mill Lane', city: 'Durham' });
  });

  it('a new account without addresses keeps what the guest typed', () => {
    act(() => useCartStore.getState().setBilling({ city: 'Raleigh', phone: '555' }));
    const empty = aCustomer({
      billing: { ...EMPTY_BILLING },
      shipping: { ...EMPTY_SHIPPING, phone: '' },
    });
    act(() => useSessionStore.getState().setCustomer(empty));
    expect(useCartStore.getState().billing).toMatchObject({ city: 'Raleigh', phone: '555' });
  });

  it('a refresh of the same user leaves the checkout fields as typed', () => {
    act(() => useSessionStore.getState().setCustomer(aCustomer()));
    act(() => useCartStore.getState().setBilling({ address_1: '1 Typed Road' }));
    act(() => useSessionStore.getState().setCustomer(aCustomer({ first_name: 'Adele' })));
    expect(useCartStore.getState().billing.address_1).toBe('1 Typed Road');
    expect(useSessionStore.getState().customer?.first_name).toBe('Adele');
  });

  it('clearing the user clears the checkout fields and keeps the cart lines', () => {
    act(() => {
      useCartStore.setState({ items: INITIAL_CART.items });
      useSessionStore.getState().setCustomer(aCustomer());
      useCartStore.getState().setShipToDifferentAddress(true);
    });
    act(() => useSessionStore.getState().clearCustomer());
    const cart = useCartStore.getState();
    expect(cart.billing).toEqual(EMPTY_BILLING);
    expect(cart.shipping).toEqual(EMPTY_SHIPPING);
    expect(cart.shipToDifferentAddress).toBe(false);
    expect(useSessionStore.getState().customer).toBeNull();
  });

  it('keeps a "remember me" customer in local storage, and never a token', () => {
    act(() => useSessionStore.getState().setCustomer(aCustomer(), { remember: true }));
    const saved = localStorage.getItem(SESSION_STORAGE_KEY) ?? '';
    expect(JSON.parse(saved).state.customer.email).toBe('ada@example.com');
    expect(saved).not.toMatch(/token/i);
  });

  it('keeps nothing of a customer who did not ask to be remembered', () => {
    act(() => useSessionStore.getState().setCustomer(aCustomer()));
    const saved = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}');
    expect(saved.state.customer).toBeNull();
  });

  it('restores a remembered customer on start', async () => {
    localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({ state: { customer: aCustomer(), remember: true }, version: 1 }),
    );
    await act(() => useSessionStore.persist.rehydrate());
    expect(useSessionStore.getState().customer?.id).toBe(31);
  });

  it('removing the stored session deletes the entry', () => {
    act(() => useSessionStore.getState().setCustomer(aCustomer(), { remember: true }));
    removeStoredSession();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});
