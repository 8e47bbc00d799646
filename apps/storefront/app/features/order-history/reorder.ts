import type { Order, OrderLineItem, Product } from '@larder/contract';
import { makeCartItem, toCartProduct, type CartItem } from '../cart/cart-store.ts';
import { simplePriceToPay } from '../cart/cart-derived.ts';
import { lineTitle } from '../orders/order-view.ts';

export interface SkippedLine {
  name: string;
  reason: 'unavailable' | 'out-of-stock';
}

export interface ReorderPlan {
  /** The lines to add, at today's prices for this buyer (wholesale where the API gave one). */
  items: CartItem[];
  skipped: SkippedLine[];
  /** Lines added with fewer units than ordered, because that is all there is. */
  reduced: Array<{ name: string; quantity: number }>;
}

function lineName(line: OrderLineItem): string {
  const values = line.meta_data.map((meta) => meta.display_value || meta.value).filter(Boolean);
  const title = lineTitle(line);
  return values.length > 0 ? `${title} (${values.join(', ')})` : title;
}

/** Units the buyer may add now: the order's quantity, capped by known stock and per-order limits. */
function available(quantity: number, stock: number | null, max: number | null = null): number {
  let units = quantity;
  if (stock !== null) units = Math.min(units, stock);
  if (max !== null) units = Math.min(units, max);
  return Math.max(0, units);
}

/**
 * Issue 5 Reorder: the order's lines again, priced from the products as the API answers them today
 * for this viewer; a product or variation that is gone, unpublished or sold out is skipped and named.
 */
export function planReorder(order: Pick<Order, 'line_items'>, products: Product[]): ReorderPlan {
  const byId = new Map(products.map((product) => [product.id, product]));
  const plan: ReorderPlan = { items: [], skipped: [], reduced: [] };
  for (const line of order.line_items) {
    const name = lineName(line);
    const product = byId.get(line.product_id);
    if (!product || product.status !== 'publish') {
      plan.skipped.push({ name, reason: 'unavailable' });
      continue;
    }
    const cartProduct = toCartProduct(product);
    let item: CartItem;
    if (line.variation_id > 0) {
      const variation = product.variations.find(
        (entry) => entry.variation_id === line.variation_id,
      );
      if (!variation) {
        plan.skipped.push({ name, reason: 'unavailable' });
        continue;
      }
      const units = available(line.quantity, variation.stock_quantity, variation.max_qty);
      if (!variation.is_purchasable || !variation.is_in_stock || units === 0) {
        plan.skipped.push({ name, reason: 'out-of-stock' });
        continue;
      }
      item = makeCartItem(cartProduct, units, { variation });
    } else {
      const stock = product.manage_stock ? product.stock_quantity : null;
      const units = available(line.quantity, stock);
      if (!product.purchasable || product.stock_status === 'outofstock' || units === 0) {
        plan.skipped.push({ name, reason: 'out-of-stock' });
        continue;
      }
      item = makeCartItem(cartProduct, units, { price: simplePriceToPay(product) });
    }
    if (item.quantity < line.quantity) plan.reduced.push({ name, quantity: item.quantity });
    plan.items.push(item);
  }
  return plan;
}

/** What to tell the buyer about the lines that did not come back as they were. */
export function reorderNotes(plan: ReorderPlan): string[] {
  const notes: string[] = [];
  const gone = plan.skipped
    .filter((line) => line.reason === 'unavailable')
    .map((line) => line.name);
  const soldOut = plan.skipped
    .filter((line) => line.reason === 'out-of-stock')
    .map((line) => line.name);
  if (gone.length > 0) notes.push(`No longer available: ${gone.join('; ')}.`);
  if (soldOut.length > 0) notes.push(`Out of stock: ${soldOut.join('; ')}.`);
  for (const line of plan.reduced)
    notes.push(`Only ${line.quantity} of ${line.name} left, so we added ${line.quantity}.`);
  return notes;
}
