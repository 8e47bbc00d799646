// Loaded when something is added (product page, quick add on cards): the line's title comes from
// the cart's lazily loaded arithmetic, which the product page's first load does not carry.
import { notify } from '../../components/ui/toast.tsx';
import { cartItemTitle } from './cart-derived.ts';
import type { CartItem } from './cart-store.ts';

/** Spec §4/§8: the toast after adding says 'Item added to cart'; tapping it goes to /cart. */
export const ADDED_TO_CART_MESSAGE = 'Item added to cart';

/** The toast names what was added (issue 18) and offers "View cart" as a link a keyboard reaches. */
export function notifyAddedToCart(item: CartItem, openCart: () => void): void {
  notify({
    title: cartItemTitle(item),
    message: ADDED_TO_CART_MESSAGE,
    type: 'success',
    onClick: openCart,
    action: { label: 'View cart', to: '/cart' },
  });
}
