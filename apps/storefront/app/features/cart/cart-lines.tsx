import { formatCents, formatMoney } from '@larder/contract/money';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useCartStore, type CartItem } from './cart-store.ts';
import { cartItemTitle, lineTotalCents } from './cart-derived.ts';
import { stockNote, type LineStock } from './cart-stock.ts';

const NO_FIGURES: ReadonlyMap<number, LineStock> = new Map();

/** The API takes at most 999 of one item per order. */
export const MAX_LINE_QUANTITY = 999;

interface LineQuantityProps {
  item: CartItem;
  title: string;
  /** The most the shop has, when it counts this item's stock. */
  available: number | null;
  onRemoved: (title: string) => void;
  /** Asked for more than the shop has: the line says so. */
  onOverStock: (message: string) => void;
}

/** Minus, a number field and plus. Spec §4: a quantity of 0 (typed or stepped) removes the line. */
function LineQuantity({ item, title, available, onRemoved, onOverStock }: LineQuantityProps) {
  const setQuantity = useCartStore((state) => state.setQuantity);
  // What the shopper is typing: an empty field is allowed while they type, never saved.
  const [draft, setDraft] = useState<string | null>(null);
  const id = `cart-qty-${item.id}`;
  const max =
    available !== null && available > 0
      ? Math.min(available, MAX_LINE_QUANTITY)
      : MAX_LINE_QUANTITY;

  const commit = (quantity: number) => {
    const next = Math.min(max, Math.max(0, quantity));
    if (available !== null && quantity > max) {
      onOverStock(`We have ${available} in stock; your cart holds ${next}.`);
    }
    if (next === 0) onRemoved(title);
    setQuantity(item.id, next);
  };

  return (
    <div className="line-qty">
      <label htmlFor={id} className="visually-hidden">
        Quantity of {title}
      </label>
      <button
        type="button"
        className="stepper__button"
        aria-label={`Decrease quantity of ${title}`}
        onClick={() => commit(item.quantity - 1)}
      >
        −
      </button>
      <input
        id={id}
        className="stepper__input"
        type="number"
        inputMode="numeric"
        min={0}
        max={max}
        step={1}
        value={draft ?? String(item.quantity)}
        data-testid="line-quantity"
        onChange={(event) => {
          const text = event.currentTarget.value;
          const next = Number.parseInt(text, 10);
          if (text.trim() === '' || !Number.isFinite(next)) {
            setDraft(text);
            return;
          }
          setDraft(null);
          commit(next);
        }}
        onBlur={() => setDraft(null)}
      />
      <button
        type="button"
        className="stepper__button"
        aria-label={`Increase quantity of ${title}`}
        onClick={() => commit(item.quantity + 1)}
        disabled={item.quantity >= MAX_LINE_QUANTITY}
        aria-describedby={`cart-stock-${item.id}`}
      >
        +
      </button>
    </div>
  );
}

/**
 * Spec §2 cart page: each line's image, title, quantity editor, Remove and line subtotal. With the
 * shop's stock known (issue 14), a line asking for more than there is drops to what there is, and
 * the line says why.
 */
export function CartLines({
  items,
  stock = NO_FIGURES,
}: {
  items: CartItem[];
  stock?: ReadonlyMap<number, LineStock>;
}) {
  const remove = useCartStore((state) => state.remove);
  const setQuantity = useCartStore((state) => state.setQuantity);
  // Per line id: what the cart last said about its stock; kept until the line is changed again.
  const [notes, setNotes] = useState<ReadonlyMap<number, string>>(new Map());
  const note = (id: number, message: string | null) =>
    setNotes((previous) => {
      const next = new Map(previous);
      if (message) next.set(id, message);
      else next.delete(id);
      return next;
    });

  // Fresh figures (or a line that grew elsewhere): cap each short line at what the shop has.
  useEffect(() => {
    for (const item of items) {
      const figures = stock.get(item.id);
      if (!figures || figures.soldOut || figures.available === null) continue;
      if (item.quantity > figures.available) {
        note(item.id, stockNote(cartItemTitle(item), figures, item.quantity));
        setQuantity(item.id, figures.available);
      }
    }
  }, [items, stock, setQuantity]);
  const listRef = useRef<HTMLUListElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const [removedCount, setRemovedCount] = useState(0);

  // A removed line takes its focused control with it: keep focus in the list.
  useEffect(() => {
    if (removedCount > 0) listRef.current?.focus();
  }, [removedCount]);

  const onRemoved = (title: string) => {
    setAnnouncement(`Removed ${title} from your cart.`);
    setRemovedCount((count) => count + 1);
  };

  return (
    <>
      <ul
        ref={listRef}
        className="cart-lines"
        aria-label="Items in your cart"
        tabIndex={-1}
        data-testid="cart-lines"
      >
        {items.map((item) => {
          const title = cartItemTitle(item);
          const image = item.product.images[0];
          const figures = stock.get(item.id);
          const stockMessage = figures?.soldOut
            ? stockNote(title, figures, item.quantity)
            : (notes.get(item.id) ?? null);
          return (
            <li
              key={item.id}
              className="cart-page-line"
              data-testid="cart-page-line"
              data-short={stockMessage ? true : undefined}
            >
              <Link
                to={`/product/${item.product.slug}`}
                className="cart-page-line__media"
                tabIndex={-1}
                aria-hidden="true"
              >
                {image ? (
                  <img
                    src={image.src}
                    alt=""
                    width={96}
                    height={96}
                    loading="lazy"
                    decoding="async"
                  />
                ) : null}
              </Link>
              <div className="cart-page-line__body">
                <Link to={`/product/${item.product.slug}`} className="cart-page-line__title">
                  {title}
                </Link>
                <p className="cart-page-line__price muted">{formatMoney(item.price)} each</p>
                <button
                  type="button"
                  className="cart-page-line__remove"
                  aria-label={`Remove ${title}`}
                  onClick={() => {
                    onRemoved(title);
                    remove(item.id);
                  }}
                >
                  Remove
                </button>
              </div>
              <LineQuantity
                item={item}
                title={title}
                available={figures?.available ?? null}
                onRemoved={onRemoved}
                onOverStock={(message) => note(item.id, message)}
              />
              <p className="cart-page-line__total">
                <span className="visually-hidden">Line subtotal </span>
                <span data-testid="line-subtotal">{formatCents(lineTotalCents(item))}</span>
              </p>
              <p
                id={`cart-stock-${item.id}`}
                className="cart-page-line__stock"
                role="status"
                data-testid="line-stock"
              >
                {stockMessage ?? ''}
              </p>
            </li>
          );
        })}
      </ul>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </>
  );
}
