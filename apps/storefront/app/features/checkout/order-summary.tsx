import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ShippingRate } from '@larder/contract';
import { formatCents } from '@larder/contract/money';
import { type CartItem } from '../cart/cart-store.ts';
import { cartItemTitle, lineTotalCents } from '../cart/cart-derived.ts';
import { CartTotals } from '../cart/cart-totals.tsx';
import { checkoutStockNote, type LineStock } from '../cart/cart-stock.ts';

interface OrderSummaryProps {
  items: CartItem[];
  subtotalCents: number;
  rate: ShippingRate | null;
  estimateCents: number;
  /** The shipping row's words while no rate is chosen. */
  pendingShipping: string;
  /** What the discount codes take off, as the server quoted it. */
  discount?: { cents: number; freeShipping: boolean };
  /** The shop's stock for the lines, once known: a line it cannot fill says so (issue 14). */
  stock?: ReadonlyMap<number, LineStock>;
  /** A wholesale buyer's lines the case or minimum rule refuses, by line id (decision 0037). */
  ruleRefusals?: ReadonlyMap<number, string>;
  /** The discount code field, between the lines and the totals. */
  children?: ReactNode;
}

/** Checkout's order summary: the lines, subtotal, shipping and total the shopper is agreeing to. */
export function OrderSummary({
  items,
  subtotalCents,
  rate,
  estimateCents,
  pendingShipping,
  discount,
  stock,
  ruleRefusals,
  children,
}: OrderSummaryProps) {
  return (
    <div className="order-summary">
      <ul className="order-summary__lines" aria-label="Items in your order">
        {items.map((item) => {
          const image = item.product.images[0];
          const figures = stock?.get(item.id);
          const short = figures
            ? checkoutStockNote(cartItemTitle(item), figures, item.quantity)
            : null;
          const refusal = ruleRefusals?.get(item.id);
          return (
            <li
              key={item.id}
              className="order-summary__line"
              data-testid="summary-line"
              data-short={short ? true : undefined}
              data-refused={refusal ? true : undefined}
            >
              <span className="order-summary__media">
                {image ? (
                  <img src={image.src} alt="" width={56} height={56} loading="lazy" />
                ) : null}
                <span className="order-summary__qty" aria-hidden="true">
                  {item.quantity}
                </span>
              </span>
              <span className="order-summary__title">
                {cartItemTitle(item)}
                <span className="visually-hidden">, quantity {item.quantity}</span>
              </span>
              <span className="order-summary__total">{formatCents(lineTotalCents(item))}</span>
              {short ? (
                <p className="order-summary__stock" data-testid="summary-line-stock">
                  {short} <Link to="/cart">Update your cart</Link>
                </p>
              ) : null}
              {refusal ? (
                <p className="order-summary__stock" data-testid="summary-line-rule">
                  {refusal} <Link to="/cart">Update your cart</Link>
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      {children}
      <CartTotals
        subtotalCents={subtotalCents}
        rate={rate}
        estimateCents={estimateCents}
        pendingShipping={pendingShipping}
        discount={discount}
      />
    </div>
  );
}
