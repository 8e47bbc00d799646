import type { Product, ProductImage, ProductVariation } from '@larder/contract';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

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

/** Spec §3 billing data (plus WooCommerce's optional company), as the shopper typed it. */
export const BILLING_FIELDS = [
  'first_name',
  'last_name',
  'company',
  'email',
  'phone',
  'address_1',
  'address_2',
  'city',
  'state',
  'postcode',
  'country',
] as const;
export type BillingField = (typeof BILLING_FIELDS)[number];
export type BillingInfo = Record<BillingField, string>;

/** The shipping address; the estimator fills the five fields spec §3 reads, checkout the rest. */
export const SHIPPING_FIELDS = [
  'first_name',
  'last_name',
  'company',
  'address_1',
  'address_2',
  'city',
  'state',
  'postcode',
  'country',
] as const;
export type ShippingField = (typeof SHIPPING_FIELDS)[number];
export type ShippingInfo = Record<ShippingField, string>;

/** An order placed from this cart and not yet paid: reloading /checkout resumes paying it. */
export interface PendingOrder {
  id: number;
  order_key: string;
  /** The lines the order was placed for (see cartLinesKey); a changed cart needs a new order. */
  linesKey: string;
}

const blank = <K extends string>(fields: readonly K[]) =>
  Object.fromEntries(fields.map((field) => [field, ''])) as Record<K, string>;

export const EMPTY_BILLING: BillingInfo = blank(BILLING_FIELDS);
export const EMPTY_SHIPPING: ShippingInfo = blank(SHIPPING_FIELDS);

/** Spec §3 cart state: what is saved under `shop-cart` (the loading flag is not). */
export interface CartData {
  items: CartItem[];
  billing: BillingInfo;
  shipping: ShippingInfo;
  /** Checkout's "Ship to a different address"; off means ship to the billing address. */
  shipToDifferentAddress: boolean;
  selectedRateId: string | null;
  giftNote: string;
  pendingOrder: PendingOrder | null;
}

export interface CartState extends CartData {
  add: (item: CartItem) => void;
  remove: (id: number) => void;
  setQuantity: (id: number, quantity: number) => void;
  /** Clears the lines and what belonged to them (rate, note, order); addresses are kept. */
  empty: () => void;
  setBilling: (billing: Partial<BillingInfo>) => void;
  setShipping: (shipping: Partial<ShippingInfo>) => void;
  setShipToDifferentAddress: (value: boolean) => void;
  selectRate: (rateId: string | null) => void;
  setGiftNote: (note: string) => void;
  setPendingOrder: (order: PendingOrder | null) => void;
}

export const INITIAL_CART: CartData = {
  items: [],
  billing: EMPTY_BILLING,
  shipping: EMPTY_SHIPPING,
  shipToDifferentAddress: false,
  selectedRateId: null,
  giftNote: '',
  pendingOrder: null,
};

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

/** Version 1 added the addresses, rate, note and pending order; older saves held only items. */
export const CART_STORAGE_VERSION = 1;

function pick<K extends string>(fields: readonly K[], value: unknown): Record<K, string> {
  const source = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  return Object.fromEntries(
    fields.map((field) => {
      const entry = source[field];
      return [field, typeof entry === 'string' ? entry : ''];
    }),
  ) as Record<K, string>;
}

/** Reads any saved cart, old or new, into the current shape; what it cannot read starts empty. */
export function migrateCart(persisted: unknown, version: number): CartData {
  const saved = (persisted && typeof persisted === 'object' ? persisted : {}) as Partial<
    Record<keyof CartData, unknown>
  >;
  const items = Array.isArray(saved.items) ? (saved.items as CartItem[]) : [];
  if (version < 1) return { ...INITIAL_CART, items };
  const order = saved.pendingOrder as PendingOrder | null | undefined;
  return {
    items,
    billing: pick(BILLING_FIELDS, saved.billing),
    shipping: pick(SHIPPING_FIELDS, saved.shipping),
    shipToDifferentAddress: saved.shipToDifferentAddress === true,
    selectedRateId: typeof saved.selectedRateId === 'string' ? saved.selectedRateId : null,
    giftNote: typeof saved.giftNote === 'string' ? saved.giftNote : '',
    pendingOrder:
      order && typeof order.id === 'number' && typeof order.order_key === 'string' ? order : null,
  };
}

export const useCartStore = create<CartState>()(
  persist(
    (set) => ({
      ...INITIAL_CART,
      add: (item) => set((state) => ({ items: addItem(state.items, item) })),
      remove: (id) => set((state) => ({ items: removeItem(state.items, id) })),
      setQuantity: (id, quantity) =>
        set((state) => ({ items: setItemQuantity(state.items, id, quantity) })),
      empty: () => set({ items: [], selectedRateId: null, giftNote: '', pendingOrder: null }),
      setBilling: (billing) => set((state) => ({ billing: { ...state.billing, ...billing } })),
      setShipping: (shipping) => set((state) => ({ shipping: { ...state.shipping, ...shipping } })),
      setShipToDifferentAddress: (shipToDifferentAddress) => set({ shipToDifferentAddress }),
      selectRate: (selectedRateId) => set({ selectedRateId }),
      setGiftNote: (giftNote) => set({ giftNote }),
      setPendingOrder: (pendingOrder) => set({ pendingOrder }),
    }),
    {
      // Kept in local storage: the middleware's default storage.
      name: CART_STORAGE_KEY,
      version: CART_STORAGE_VERSION,
      migrate: migrateCart,
      partialize: (state): CartData => ({
        items: state.items,
        billing: state.billing,
        shipping: state.shipping,
        shipToDifferentAddress: state.shipToDifferentAddress,
        selectedRateId: state.selectedRateId,
        giftNote: state.giftNote,
        pendingOrder: state.pendingOrder,
      }),
    },
  ),
);

export const selectCartCount = (state: Pick<CartState, 'items'>): number =>
  state.items.reduce((sum, item) => sum + item.quantity, 0);
