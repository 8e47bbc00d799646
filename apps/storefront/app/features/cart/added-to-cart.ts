// Loaded when something is added (product page, quick add on cards): the line's title comes from
// the cart's lazily loaded arithmetic, which the product page's first load does not carry.
import { notify } from '../../components/ui/toast.tsx';
import { cartItemTitle } from './cart-derived.ts';
import type { CartItem } from './cart-store.ts';

/** Spec §4/§8: the toast after adding says 'Item added to cart'; tapping it goes to /cart. */
export const ADDED_TO_CART_MESSAGE = 'Item added to cart';

/**
 * The toast names what was added (issue 18); "View cart" is a link a keyboard reaches, and tapping
 * the toast anywhere follows it (spec §4: tapping it goes to /cart).
 */
export function notifyAddedToCart(item: CartItem): void {
  notify({
    title: cartItemTitle(item),
    message: ADDED_TO_CART_MESSAGE,
    type: 'success',
    action: { label: 'View cart', to: '/cart' },
  });
}
