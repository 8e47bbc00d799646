import { formatCents, formatMoney } from '@larder/contract/money';
import { useEffect, type RefObject } from 'react';
import { Link } from 'react-router';
import { CART_DROPDOWN_MIN_WIDTH } from './cart-button.tsx';
import { useCartStore } from './cart-store.ts';
import { cartItemTitle, lineTotalCents, selectCartSubtotalCents } from './cart-derived.ts';
import { ButtonLink } from '../../components/ui/button.tsx';

const TITLE_ID = 'cart-dropdown-title';

interface CartDropdownProps {
  id: string;
  /** The panel, which takes focus when it opens. */
  panelRef: RefObject<HTMLDivElement | null>;
  open: boolean;
  /** The button and panel together: a press inside them does not close the panel. */
  menuRef: RefObject<HTMLElement | null>;
  /** Focus returns here when Escape closes the panel. */
  toggleRef: RefObject<HTMLElement | null>;
  /** Called before a line is removed, so focus can stay inside the panel. */
  onBeforeRemove: () => void;
  /** A link was followed, or the shopper dismissed the panel. */
  onClose: () => void;
}

/** Spec §2 Header: the lines (image, title, quantity, price, Remove), the subtotal in USD, and the two links. */
export default function CartDropdown({
  id,
  panelRef,
  open,
  menuRef,
  toggleRef,
  onBeforeRemove,
  onClose,
}: CartDropdownProps) {
  const items = useCartStore((state) => state.items);
  const remove = useCartStore((state) => state.remove);
  const subtotalCents = useCartStore(selectCartSubtotalCents);

  // Here, not in the button: the first time, the panel mounts already open, once it has loaded.
  useEffect(() => {
    if (open) panelRef.current?.focus();
  }, [open, panelRef]);

  useEffect(() => {
    if (!open) return;
    // Spec §4: a click outside closes it.
    const onPointerDown = (event: PointerEvent) => {
      if (!menuRef.current?.contains(event.target as Node)) onClose();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      onClose();
      toggleRef.current?.focus();
    };
    const onResize = () => {
      if (window.innerWidth < CART_DROPDOWN_MIN_WIDTH) onClose();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    window.addEventListener('resize', onResize);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('resize', onResize);
    };
  }, [open, menuRef, toggleRef, onClose]);

  return (
    <div
      ref={panelRef}
      id={id}
      className="cart-dropdown"
      role="dialog"
      aria-modal="false"
      aria-labelledby={TITLE_ID}
      tabIndex={-1}
      hidden={!open}
      data-testid="cart-dropdown"
    >
      <p id={TITLE_ID} className="cart-dropdown__title">
        Your cart
      </p>
      {items.length === 0 ? (
        <p className="cart-dropdown__empty">Cart is empty</p>
      ) : (
        <ul className="cart-dropdown__lines" aria-label="Items in your cart">
          {items.map((item) => {
            const title = cartItemTitle(item);
            const image = item.product.images[0];
            return (
              <li key={item.id} className="cart-line" data-testid="cart-line">
                <span className="cart-line__media">
                  {image ? (
                    <img
                      src={image.src}
                      alt=""
                      width={56}
                      height={56}
                      loading="lazy"
                      decoding="async"
                    />
                  ) : null}
                </span>
                <span className="cart-line__body">
                  <Link
                    to={`/product/${item.product.slug}`}
                    className="cart-line__title"
                    onClick={onClose}
                  >
                    {title}
                  </Link>
                  <span className="cart-line__meta">
                    <span data-testid="cart-line-quantity">Qty {item.quantity}</span> ×{' '}
                    {formatMoney(item.price)}
                  </span>
                </span>
                <span className="cart-line__side">
                  <span className="cart-line__total">{formatCents(lineTotalCents(item))}</span>
                  <button
                    type="button"
                    className="cart-line__remove"
                    aria-label={`Remove ${title}`}
                    onClick={() => {
                      onBeforeRemove();
                      remove(item.id);
                    }}
                  >
                    Remove
                  </button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <p className="cart-dropdown__subtotal">
        <span>Subtotal</span>
        <span data-testid="cart-subtotal">{formatCents(subtotalCents)}</span>
      </p>
      <div className="cart-dropdown__actions">
        <ButtonLink to="/cart" variant="secondary" onClick={onClose}>
          View Shopping Cart
        </ButtonLink>
        <ButtonLink to="/checkout" onClick={onClose}>
          Check Out
        </ButtonLink>
      </div>
    </div>
  );
}
