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
  /**
   * `remember` is kept as it was unless given (a refresh keeps the sign-in's choice). The addresses
   * reach the cart's checkout fields at a sign-in, and after a save (`saved`); a refresh of the same
   * customer never overwrites what they typed at checkout.
   */
  setCustomer: (customer: Customer, options?: { remember?: boolean; saved?: boolean }) => void;
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
 * Makes the customer's saved name and addresses checkout's own (spec §4 at sign-in, and at once
 * after a save on the account page). A saved address replaces the one in the cart whole, so no line
 * of an older one lingers; a block saved empty leaves what was typed (a new account keeps what the
 * guest typed). A saved shipping address is where the bags go, as the account page says.
 */
function copyAddressesToCart(customer: Customer, { saved }: { saved: boolean }) {
  const { billing, shipping } = customerAddresses(customer);
  const cart = useCartStore.getState();
  // The account may leave the billing email and phone blank: then those typed at checkout stay.
  const nextBilling: BillingInfo = billing.address_1
    ? { ...EMPTY_BILLING, email: cart.billing.email, phone: cart.billing.phone, ...billing }
    : { ...cart.billing, ...billing };
  useCartStore.setState({ billing: nextBilling });
  if (!shipping.address_1) {
    cart.setShipping(shipping);
    // Saved blank, the account page's promise: the bags go to the billing address.
    if (saved) cart.setShipToDifferentAddress(false);
    return;
  }
  const nextShipping: ShippingInfo = { ...EMPTY_SHIPPING, ...shipping };
  useCartStore.setState({
    shipping: nextShipping,
    // Without a billing address checkout starts the billing block from the shipping one.
    shipToDifferentAddress:
      nextBilling.address_1.trim() !== '' && !sameAddress(nextShipping, nextBilling),
  });
}

const sameAddress = (shipping: ShippingInfo, billing: BillingInfo) =>
  (['address_1', 'address_2', 'city', 'state', 'postcode', 'country'] as const).every(
    (field) => shipping[field].trim() === billing[field].trim(),
  );

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
        const saved = options.saved === true;
        if (saved || get().customer?.id !== customer.id) copyAddressesToCart(customer, { saved });
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
