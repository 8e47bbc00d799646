import type { Product } from '@larder/contract';
import { useEffect, useMemo, useState } from 'react';
import { browserApiFetch, createShopApi } from '../../lib/api/index.ts';
import type { ApiFetch } from '../../load-context.ts';
import type { CartItem } from './cart-store.ts';

/** What the shop has of one cart line's item now. */
export interface LineStock {
  /** Units that may be bought; null when the shop does not count this item's stock. */
  available: number | null;
  soldOut: boolean;
}

/** Asks past the browser's HTTP cache (catalogue reads may be served up to a minute stale). */
const freshFetch: ApiFetch = (path, init = {}) =>
  browserApiFetch(path, { ...init, cache: 'no-cache' });

const GONE: LineStock = { available: 0, soldOut: true };

/** A line's stock in its product as the API reads it today; a variation that is gone is sold out. */
export function lineStock(product: Product, item: Pick<CartItem, 'variation_id'>): LineStock {
  const parentLeft = product.manage_stock ? (product.stock_quantity ?? 0) : null;
  if (!item.variation_id) {
    if (product.stock_status === 'outofstock' || !product.purchasable)
      return { available: 0, soldOut: true };
    return { available: parentLeft, soldOut: parentLeft !== null && parentLeft <= 0 };
  }
  const variation = product.variations.find((v) => v.variation_id === item.variation_id);
  if (!variation) return GONE;
  if (!variation.is_in_stock) return { available: 0, soldOut: true };
  // A variation counts its own stock when it has a quantity, else the parent's (WooCommerce).
  const available = variation.stock_quantity ?? parentLeft;
  return { available, soldOut: available !== null && available <= 0 };
}

/** What the cart says about a line whose item is short, and the quantity it moved the line to. */
export function stockNote(title: string, stock: LineStock, quantity: number): string | null {
  if (stock.soldOut) return `${title} is sold out. Remove it to check out.`;
  if (stock.available !== null && quantity > stock.available)
    return `${title}: only ${stock.available} left; we changed your quantity to ${stock.available}.`;
  return null;
}

/**
 * What checkout says under a line the shop cannot fill. Unlike the cart it changes nothing: the
 * shopper agrees to what is listed, so the fix is theirs to make in the cart.
 */
export function checkoutStockNote(
  title: string,
  stock: LineStock,
  quantity: number,
): string | null {
  if (stock.soldOut) return `${title} is sold out: remove it from your cart to check out.`;
  if (stock.available !== null && quantity > stock.available)
    return `Only ${stock.available} of ${title} left: lower the quantity in your cart to check out.`;
  return null;
}

/** The cart's products as the shop answers them now, for the ids it was asked about. */
export interface CartProductsAnswer {
  ids: string;
  products: Product[];
}

/**
 * The cart's products, asked once per set of products the cart holds (the cart in local storage
 * may be days old), with this buyer's prices. Failing to ask leaves the server as the only judge.
 */
export function useCartProducts(items: CartItem[]): CartProductsAnswer | null {
  const productIds = useMemo(
    () => [...new Set(items.map((item) => item.product.id))].sort((a, b) => a - b).join(','),
    [items],
  );
  const [answer, setAnswer] = useState<CartProductsAnswer | null>(null);
  useEffect(() => {
    if (productIds === '') return;
    let current = true;
    createShopApi(freshFetch)
      .listProductsById(productIds.split(',').map(Number))
      .then(
        (products) => {
          if (current) setAnswer({ ids: productIds, products });
        },
        () => undefined,
      );
    return () => {
      current = false;
    };
  }, [productIds]);
  return answer;
}

/** Each line's stock from the products the shop answered with. */
export function cartStockOf(
  items: CartItem[],
  answer: CartProductsAnswer | null,
): Map<number, LineStock> {
  const stock = new Map<number, LineStock>();
  if (!answer) return stock;
  const asked = new Set(answer.ids.split(',').map(Number));
  const byId = new Map(answer.products.map((product) => [product.id, product]));
  for (const item of items) {
    const product = byId.get(item.product.id);
    // Asked for and not listed: the shop hides sold-out products, or it is no longer for sale.
    if (product) stock.set(item.id, lineStock(product, item));
    else if (asked.has(item.product.id)) stock.set(item.id, GONE);
  }
  return stock;
}
