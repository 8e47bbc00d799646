import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CartIcon } from '../../components/layout/icons.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { selectCartCount, useCartStore } from './cart-store.ts';

/** Spec §9: at this window width and above the cart button opens the dropdown; below, it goes to /cart. */
export const CART_DROPDOWN_MIN_WIDTH = 1400;
const CART_DROPDOWN_ID = 'cart-dropdown';

// Loaded when the pointer or focus comes to the button, or at the first open: phones never need it.
const loadCartDropdown = () => import('./cart-dropdown.tsx');
const CartDropdown = lazy(loadCartDropdown);
const preloadCartDropdown = () => {
  if (window.innerWidth >= CART_DROPDOWN_MIN_WIDTH) void loadCartDropdown();
};

function cartLabel(count: number) {
  return count > 0 ? `Cart, ${count} ${count === 1 ? 'item' : 'items'}` : 'Cart';
}

/**
 * Header cart button and dropdown. The cart lives in local storage, so everything that depends on it
 * renders after hydration; before that (and without JavaScript) the button is a plain link to /cart.
 */
export function CartButton() {
  const hydrated = useHydrated();
  const count = useCartStore(selectCartCount);
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  // Mounted at the first open and kept, so closing never unloads it.
  const [dropdownWanted, setDropdownWanted] = useState(false);
  const navigate = useNavigate();
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  if (!hydrated) {
    return (
      <Link to="/cart" className="cart-button" data-testid="cart-button" aria-label="Cart">
        <CartIcon />
      </Link>
    );
  }

  return (
    <div
      ref={rootRef}
      className="cart-menu"
      onBlur={(event) => {
        // Tabbing out of the button and panel closes the dropdown.
        if (open && event.relatedTarget && !rootRef.current?.contains(event.relatedTarget as Node))
          setOpen(false);
      }}
    >
      <button
        ref={toggleRef}
        type="button"
        className="cart-button"
        data-testid="cart-button"
        aria-label={cartLabel(count)}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={dropdownWanted ? CART_DROPDOWN_ID : undefined}
        onPointerEnter={preloadCartDropdown}
        onFocus={preloadCartDropdown}
        onClick={() => {
          if (window.innerWidth < CART_DROPDOWN_MIN_WIDTH) {
            void navigate('/cart');
            return;
          }
          setDropdownWanted(true);
          setOpen((value) => !value);
        }}
      >
        <CartIcon />
        {count > 0 ? (
          <span className="cart-button__badge" data-testid="cart-count" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </button>
      {dropdownWanted ? (
        <Suspense fallback={null}>
          <CartDropdown
            id={CART_DROPDOWN_ID}
            panelRef={panelRef}
            open={open}
            menuRef={rootRef}
            toggleRef={toggleRef}
            onBeforeRemove={() => panelRef.current?.focus()}
            onClose={close}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
