import type { Product, ProductImage, ProductVariation } from '@larder/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * What a cart line keeps of its product. Spec §3 says "the full product"; we keep the fields the cart,
 * checkout and shipping-rate calls read, so local storage stays small and never holds stale descriptions.
 */
export type CartProduct = Pick<Product, 'id' | 'slug' | 'name' | 'type'> & {
  images: Pick<ProductImage, 'src' | 'alt'>[];
};

/** The variation fields a line needs to price itself (spec §3, §6). */
export type CartVariationInput = Pick<
  ProductVariation,
  'variation_id' | 'attributes' | 'display_price' | 'wholesale_price'
>;

/** Spec §3 Cart item. The server re-prices every order; `price` is only what the shopper saw. */
export interface CartItem {
  /** The variation id for a variation line, else the product id. */
  id: number;
  quantity: number;
  product: CartProduct;
  price: number;
  notes?: string;
  variation_id?: number;
  /** Spec §3: attribute name → chosen value, e.g. { Flavour: 'Cocoa', Size: '2 lb' }. */
  variation?: Record<string, string>;
}

export interface CartState {
  items: CartItem[];
  add: (item: CartItem) => void;
  remove: (id: number) => void;
  setQuantity: (id: number, quantity: number) => void;
  empty: () => void;
}

/** Spec §4/§9: the cart survives reloads in local storage under `shop-cart`. */
export const CART_STORAGE_KEY = 'shop-cart';

export function toCartProduct(
  product: Pick<Product, 'id' | 'slug' | 'name' | 'type' | 'images'>,
): CartProduct {
  const image = product.images[0];
  return {
    id: product.id,
    slug: product.slug,
    name: product.name,
    type: product.type,
    images: image ? [{ src: image.src, alt: image.alt }] : [],
  };
}

/**
 * Spec §3: a variation line takes the variation id and carries the variation; its price is
 * display_price, or the wholesale price where the API returned one (spec §6).
 */
export function makeCartItem(
  product: CartProduct,
  quantity: number,
  options: { variation?: CartVariationInput; price?: number; notes?: string } = {},
): CartItem {
  const { variation, notes } = options;
  const base = notes ? { notes } : {};
  if (variation) {
    return {
      ...base,
      id: variation.variation_id,
      quantity,
      product,
      price: variation.wholesale_price ?? variation.display_price,
      variation_id: variation.variation_id,
      variation: { ...variation.attributes },
    };
  }
  return { ...base, id: product.id, quantity, product, price: options.price ?? 0 };
}

/** Spec §4: adding merges with an existing line of the same id by adding quantities. */
export function addItem(items: CartItem[], item: CartItem): CartItem[] {
  if (item.quantity <= 0) return items;
  const existing = items.find((line) => line.id === item.id);
  if (!existing) return [...items, item];
  return items.map((line) =>
    line.id === item.id ? { ...line, quantity: line.quantity + item.quantity } : line,
  );
}

export function removeItem(items: CartItem[], id: number): CartItem[] {
  return items.filter((line) => line.id !== id);
}

/** Spec §4: sets the quantity for that id and drops any line with quantity 0 or less. */
export function setItemQuantity(items: CartItem[], id: number, quantity: number): CartItem[] {
  return items
    .map((line) => (line.id === id ? { ...line, quantity } : line))
    .filter((line) => line.quantity > 0);
}

/** Spec §3: the product name, plus ' | ' and the variation's values joined by commas. */
export function cartItemTitle(item: Pick<CartItem, 'product' | 'variation'>): string {
  const values = item.variation ? Object.values(item.variation).filter(Boolean) : [];
  return values.length > 0 ? `${item.product.name} | ${values.join(', ')}` : item.product.name;
}

const toCents = (amount: number) => Math.round(amount * 100);

/** Spec §3: quantity × price, summed in integer cents so $0.10 + $0.20 stays $0.30. */
export function lineTotalCents(item: Pick<CartItem, 'quantity' | 'price'>): number {
  return item.quantity * toCents(item.price);
}

export const useCartStore = create<CartState>()(
  persist(
    (set) => ({
      items: [],
      add: (item) => set((state) => ({ items: addItem(state.items, item) })),
      remove: (id) => set((state) => ({ items: removeItem(state.items, id) })),
      setQuantity: (id, quantity) =>
        set((state) => ({ items: setItemQuantity(state.items, id, quantity) })),
      empty: () => set({ items: [] }),
    }),
    {
      name: CART_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ items: state.items }),
    },
  ),
);

export const selectCartCount = (state: Pick<CartState, 'items'>): number =>
  state.items.reduce((sum, item) => sum + item.quantity, 0);

export const selectCartSubtotalCents = (state: Pick<CartState, 'items'>): number =>
  state.items.reduce((sum, item) => sum + lineTotalCents(item), 0);

/** The subtotal in dollars, for formatMoney. */
export const selectCartSubtotal = (state: Pick<CartState, 'items'>): number =>
  selectCartSubtotalCents(state) / 100;
