import type { Product } from '@larder/contract';
import type { ShopApi } from '../../lib/api/index.ts';
import { useCartStore, type CartItem } from '../cart/cart-store.ts';
import { simplePriceToPay } from '../cart/cart-derived.ts';

/**
 * A line's price for this buyer from the product as the API answers it now: the variation's
 * wholesale_price where the server sent one (spec §6), else its display_price; a simple product's
 * likewise (simplePriceToPay). A line whose product or variation is gone keeps its price: checkout will name it.
 */
export function repricedItems(items: CartItem[], products: Product[]): CartItem[] {
  const byId = new Map(products.map((product) => [product.id, product]));
  return items.map((item) => {
    const product = byId.get(item.product.id);
    if (!product) return item;
    if (item.variation_id) {
      const variation = product.variations.find(
        (entry) => entry.variation_id === item.variation_id,
      );
      if (!variation) return item;
      return { ...item, price: variation.wholesale_price ?? variation.display_price };
    }
    return product.price === '' ? item : { ...item, price: simplePriceToPay(product) };
  });
}

/** Refetches the cart's products with the current session's prices (after sign-in or sign-out). */
export async function repriceCart(api: ShopApi): Promise<void> {
  const { items } = useCartStore.getState();
  if (items.length === 0) return;
  const ids = [...new Set(items.map((item) => item.product.id))];
  // Every product in the cart, in stock or not, so a sold-out line is left for checkout to name.
  const products = await api.listProducts({ include: ids.join(','), stock_status: undefined });
  // The lines may have changed while the request ran: price the lines as they are now.
  useCartStore.setState((state) => ({ items: repricedItems(state.items, products) }));
}
