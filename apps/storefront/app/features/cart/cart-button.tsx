import { Link } from 'react-router';
import { CartIcon } from '../../components/layout/icons.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { selectCartCount, useCartStore } from './cart-store.ts';

/**
 * Header cart button. The count lives in local storage, so the badge appears only after hydration
 * (the server cannot know it) and only above 0 (spec §2 Header).
 */
export function CartButton() {
  const hydrated = useHydrated();
  const count = useCartStore(selectCartCount);
  const showBadge = hydrated && count > 0;
  return (
    <Link
      to="/cart"
      className="cart-button"
      data-testid="cart-button"
      aria-label={showBadge ? `Cart, ${count} ${count === 1 ? 'item' : 'items'}` : 'Cart'}
    >
      <CartIcon />
      {showBadge ? (
        <span className="cart-button__badge" data-testid="cart-count" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}
