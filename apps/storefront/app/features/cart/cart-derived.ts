// What the cart page, the header dropdown and checkout work out from the cart's lines: apart from the
// store, so a page that only adds to the cart does not load it.
import type { CartLineRequest, Product } from '@larder/contract';
import { centsOf, toMoneyNumber } from '@larder/contract/money';
import type { CartData, CartItem, CartState } from './cart-store.ts';

/** Spec §3: the product name, plus ' | ' and the variation's values joined by commas. */
export function cartItemTitle(item: Pick<CartItem, 'product' | 'variation'>): string {
  const values = item.variation ? Object.values(item.variation).filter(Boolean) : [];
  return values.length > 0 ? `${item.product.name} | ${values.join(', ')}` : item.product.name;
}

/**
 * What this buyer pays for a simple product, as the server decided (spec §6): the wholesale price
 * where the API sent one, else the price; the figure POST /orders charges. Here, not in the catalog
 * feature, so only the pages that reprice a cart load it.
 */
export const simplePriceToPay = (product: Pick<Product, 'price' | 'wholesale_price'>): number =>
  toMoneyNumber(centsOf(product.wholesale_price ?? product.price));

/** Spec §3: quantity × price, summed in integer cents so $0.10 + $0.20 stays $0.30. */
export function lineTotalCents(item: Pick<CartItem, 'quantity' | 'price'>): number {
  return item.quantity * centsOf(item.price);
}

/** The lines as the API takes them: ids and quantities only, never a price (the server prices). */
export function toLineRequests(items: CartItem[]): CartLineRequest[] {
  return items.map((item) =>
    item.variation_id
      ? { product_id: item.product.id, variation_id: item.variation_id, quantity: item.quantity }
      : { product_id: item.id, variation_id: 0, quantity: item.quantity },
  );
}

/** Identifies what the cart asks for (ids and quantities), to tell when an order no longer fits it. */
export function cartLinesKey(items: CartItem[]): string {
  return toLineRequests(items)
    .map((line) => `${line.product_id}:${line.variation_id}x${line.quantity}`)
    .join(',');
}

/** The pending order while the cart still holds exactly what it was placed for. */
export function pendingOrderFor(state: Pick<CartData, 'items' | 'pendingOrder'>) {
  const order = state.pendingOrder;
  return order && order.linesKey === cartLinesKey(state.items) ? order : null;
}

export const selectCartSubtotalCents = (state: Pick<CartState, 'items'>): number =>
  state.items.reduce((sum, item) => sum + lineTotalCents(item), 0);
