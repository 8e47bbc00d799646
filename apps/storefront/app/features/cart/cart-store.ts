import type { Product } from '@larder/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** Spec §3 Cart item. The server re-prices every order; `price` is only what the shopper saw. */
export interface CartItem {
  id: number;
  quantity: number;
  product: Product;
  price: number;
  notes?: string;
  variation_id?: number;
  variation?: Record<string, string>;
}

export interface CartState {
  items: CartItem[];
}

/** Spec §4/§9: the cart survives reloads in local storage under `shop-cart`. */
export const CART_STORAGE_KEY = 'shop-cart';

export const useCartStore = create<CartState>()(
  persist(() => ({ items: [] as CartItem[] }), {
    name: CART_STORAGE_KEY,
    storage: createJSONStorage(() => localStorage),
    partialize: (state) => ({ items: state.items }),
  }),
);

export const selectCartCount = (state: CartState): number =>
  state.items.reduce((sum, item) => sum + item.quantity, 0);

export const selectCartSubtotal = (state: CartState): number =>
  state.items.reduce((sum, item) => sum + item.quantity * item.price, 0);
