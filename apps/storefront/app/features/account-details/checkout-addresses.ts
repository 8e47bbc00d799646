import type { Customer } from '@larder/contract';
import {
  EMPTY_BILLING,
  EMPTY_SHIPPING,
  useCartStore,
  type BillingInfo,
  type ShippingInfo,
} from '../cart/cart-store.ts';
import { customerAddresses } from '../account/session-store.ts';

const POSTAL = ['address_1', 'address_2', 'city', 'state', 'postcode', 'country'] as const;

const sameAddress = (shipping: ShippingInfo, billing: BillingInfo) =>
  POSTAL.every((field) => shipping[field].trim() === billing[field].trim());

/**
 * After a save on the account page, the saved name and addresses are checkout's at once (the
 * session store copies them only at a sign-in). A saved address replaces the cart's whole, so no
 * line of an older one lingers; a block saved empty leaves what was typed, and a shipping address
 * saved empty means "ship to the billing address", as the account page says. Lives with the
 * account page rather than the session store, which loads on every page.
 */
export function applySavedDetailsToCheckout(customer: Customer) {
  const { billing, shipping } = customerAddresses(customer);
  const cart = useCartStore.getState();
  // The account may leave the billing email and phone blank: then those typed at checkout stay.
  const nextBilling: BillingInfo = billing.address_1
    ? { ...EMPTY_BILLING, email: cart.billing.email, phone: cart.billing.phone, ...billing }
    : { ...cart.billing, ...billing };
  if (!shipping.address_1) {
    useCartStore.setState({ billing: nextBilling, shipToDifferentAddress: false });
    return;
  }
  const nextShipping: ShippingInfo = { ...EMPTY_SHIPPING, ...shipping };
  useCartStore.setState({
    billing: nextBilling,
    shipping: nextShipping,
    // Without a billing address checkout starts the billing block from the shipping one.
    shipToDifferentAddress:
      nextBilling.address_1.trim() !== '' && !sameAddress(nextShipping, nextBilling),
  });
}
