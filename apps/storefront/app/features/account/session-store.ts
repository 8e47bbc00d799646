import type { Customer } from '@larder/contract';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import {
  BILLING_FIELDS,
  EMPTY_BILLING,
  EMPTY_SHIPPING,
  SHIPPING_FIELDS,
  useCartStore,
  type BillingInfo,
  type ShippingInfo,
} from '../cart/cart-store.ts';

/** Spec §3/§9: the session lives in local storage under a product-specific key. */
export const SESSION_STORAGE_KEY = 'larder-and-oat:customer';
export const SESSION_STORAGE_VERSION = 1;

/**
 * The signed-in customer as the browser keeps it: the record only. The token stays in the httpOnly
 * cookie, where no script can read it (docs/decisions/0008-sessions.md).
 */
export interface SessionState {
  customer: Customer | null;
  /** Spec §4: only a "remember me" sign-in is kept in local storage, like its cookie. */
  remember: boolean;
  /** `remember` is kept as it was unless given (a refresh keeps the sign-in's choice). */
  setCustomer: (customer: Customer, options?: { remember?: boolean }) => void;
  clearCustomer: () => void;
}

/** The customer's saved addresses as the cart's checkout fields; empty values are left out. */
export function customerAddresses(customer: Pick<Customer, 'billing' | 'shipping'>): {
  billing: Partial<BillingInfo>;
  shipping: Partial<ShippingInfo>;
} {
  const filled = <K extends string>(fields: readonly K[], source: Record<string, unknown>) =>
    Object.fromEntries(
      fields.flatMap((field) => {
        const value = source[field];
        return typeof value === 'string' && value.trim() !== '' ? [[field, value]] : [];
      }),
    ) as Partial<Record<K, string>>;
  return {
    billing: filled(BILLING_FIELDS, customer.billing),
    shipping: filled(SHIPPING_FIELDS, customer.shipping),
  };
}

/**
 * Spec §4: setting a user copies their billing and shipping into the cart's checkout fields. Only
 * when the user changes (a sign-in), so a refresh never overwrites what they typed at checkout; a
 * new account without saved addresses keeps what was typed as a guest.
 */
function copyAddressesToCart(customer: Customer) {
  const { billing, shipping } = customerAddresses(customer);
  const cart = useCartStore.getState();
  cart.setBilling(billing);
  cart.setShipping(shipping);
}

/** Spec §4: clearing the user clears the checkout fields, so the next person at this browser starts blank. */
function clearCartAddresses() {
  useCartStore.setState({
    billing: EMPTY_BILLING,
    shipping: EMPTY_SHIPPING,
    shipToDifferentAddress: false,
  });
}

export const useSessionStore = create<SessionState>()(
  persist(
    (set, get) => ({
      customer: null,
      remember: false,
      setCustomer: (customer, options = {}) => {
        if (get().customer?.id !== customer.id) copyAddressesToCart(customer);
        set({ customer, remember: options.remember ?? get().remember });
      },
      clearCustomer: () => {
        if (get().customer) clearCartAddresses();
        set({ customer: null, remember: false });
      },
    }),
    {
      // Kept in local storage: the middleware's default storage.
      name: SESSION_STORAGE_KEY,
      version: SESSION_STORAGE_VERSION,
      partialize: (state) => ({
        customer: state.remember ? state.customer : null,
        remember: state.remember,
      }),
    },
  ),
);

/** Spec §4 logout: the stored entry goes, not just its contents. */
export function removeStoredSession() {
  useSessionStore.persist.clearStorage();
}
