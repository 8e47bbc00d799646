import { act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CART_STORAGE_KEY,
  CART_STORAGE_VERSION,
  INITIAL_CART,
  addItem,
  migrateCart,
  makeCartItem,
  removeItem,
  selectCartCount,
  setItemQuantity,
  toCartProduct,
  useCartStore,
  type CartItem,
} from './cart-store.ts';
import {
  cartLinesKey,
  pendingOrderFor,
  toLineRequests,
  cartItemTitle,
  selectCartSubtotalCents,
} from './cart-derived.ts';

const bites = toCartProduct({
  id: 7,
  slug: 'granola-bites',
  name: 'Granola Bites',
  type: 'variable',
  images: [
    { id: 1, src: '/bites.svg', name: 'bites', alt: 'A jar of bites', width: 800, height: 800 },
    {
      id: 2,
      src: '/bites-2.svg',
      name: 'bites 2',
      alt: 'Bites in a bowl',
      width: 800,
      height: 800,
    },
  ],
});
const tin = toCartProduct({
  id: 9,
  slug: 'gift-tin',
  name: 'Holiday Gift Tin',
  type: 'simple',
  images: [],
});
const cocoa2lb = {
  variation_id: 71,
  attributes: { Flavour: 'Cocoa', Size: '2 lb' },
  display_price: 26,
};

describe('cart lines', () => {
  it('a variation line takes the variation id, carries the variation and its display price', () => {
    const item = makeCartItem(bites, 2, { variation: cocoa2lb });
    expect(item).toEqual({
      id: 71,
      variation_id: 71,
      quantity: 2,
      product: bites,
      price: 26,
      variation: { Flavour: 'Cocoa', Size: '2 lb' },
    });
  });

  it('a variation with a wholesale price is priced at the wholesale price', () => {
    expect(
      makeCartItem(bites, 1, { variation: { ...cocoa2lb, wholesale_price: 15.6 } }).price,
    ).toBe(15.6);
  });

  it('a simple product line uses the product id and the given price', () => {
    expect(makeCartItem(tin, 1, { price: 34, notes: 'Gift wrap' })).toEqual({
      id: 9,
      quantity: 1,
      product: tin,
      price: 34,
      notes: 'Gift wrap',
    });
  });

  it('keeps only the first image of the product', () => {
    expect(bites.images).toEqual([{ src: '/bites.svg', alt: 'A jar of bites' }]);
  });

  it('titles a variation line with its values joined by commas, a simple line with the name alone', () => {
    expect(cartItemTitle(makeCartItem(bites, 1, { variation: cocoa2lb }))).toBe(
      'Granola Bites | Cocoa, 2 lb',
    );
    expect(cartItemTitle(makeCartItem(tin, 1, { price: 34 }))).toBe('Holiday Gift Tin');
  });
});

describe('cart rules', () => {
  const a = makeCartItem(bites, 2, { variation: cocoa2lb });
  const b = makeCartItem(tin, 1, { price: 34 });

  it('adding the same id merges by adding quantities', () => {
    const items = addItem(addItem([a], b), makeCartItem(bites, 3, { variation: cocoa2lb }));
    expect(items.map((line) => [line.id, line.quantity])).toEqual([
      [71, 5],
      [9, 1],
    ]);
  });

  it('adding a different variation of the same product adds a new line', () => {
    const other = makeCartItem(bites, 1, {
      variation: { ...cocoa2lb, variation_id: 72, attributes: { Flavour: 'Honey', Size: '2 lb' } },
    });
    expect(addItem([a], other)).toHaveLength(2);
  });

  it('ignores an add with no quantity', () => {
    expect(addItem([a], { ...b, quantity: 0 })).toEqual([a]);
  });

  it('removes by id', () => {
    expect(removeItem([a, b], 71)).toEqual([b]);
  });

  it('sets a quantity, and a quantity of 0 or less drops the line', () => {
    expect(setItemQuantity([a, b], 9, 4).map((line) => line.quantity)).toEqual([2, 4]);
    expect(setItemQuantity([a, b], 9, 0)).toEqual([a]);
    expect(setItemQuantity([a, b], 71, -1)).toEqual([b]);
  });

  it('counts items as the sum of quantities', () => {
    expect(selectCartCount({ items: [a, b] })).toBe(3);
    expect(selectCartCount({ items: [] })).toBe(0);
  });

  it('sums the subtotal in integer cents without floating-point drift', () => {
    const dime = { ...b, id: 1, price: 0.1, quantity: 1 };
    const twenty = { ...b, id: 2, price: 0.2, quantity: 1 };
    expect(selectCartSubtotalCents({ items: [dime, twenty] })).toBe(30);
    const items: CartItem[] = [
      { ...b, id: 3, price: 11.5, quantity: 3 },
      { ...b, id: 4, price: 25.99, quantity: 2 },
    ];
    expect(selectCartSubtotalCents({ items })).toBe(8648);
  });
});

describe('cart lines for the API', () => {
  it('sends ids and quantities only: the product and variation for a variation line, the product for a simple one', () => {
    const items = [
      makeCartItem(bites, 2, { variation: cocoa2lb }),
      makeCartItem(tin, 1, { price: 34 }),
    ];
    expect(toLineRequests(items)).toEqual([
      { product_id: 7, variation_id: 71, quantity: 2 },
      { product_id: 9, variation_id: 0, quantity: 1 },
    ]);
  });

  it('keeps a pending order only while the cart holds the lines it was placed for', () => {
    const items = [makeCartItem(bites, 2, { variation: cocoa2lb })];
    const pendingOrder = { id: 1001, order_key: 'wc_order_abc', linesKey: cartLinesKey(items) };
    expect(pendingOrderFor({ items, pendingOrder })).toBe(pendingOrder);
    expect(pendingOrderFor({ items: setItemQuantity(items, 71, 3), pendingOrder })).toBeNull();
    expect(pendingOrderFor({ items: [], pendingOrder })).toBeNull();
    expect(pendingOrderFor({ items, pendingOrder: null })).toBeNull();
  });
});

describe('saved carts', () => {
  it('loads a cart saved before addresses existed (version 0) with empty details and a blank gift note', () => {
    const items = [makeCartItem(tin, 3, { price: 34 })];
    expect(migrateCart({ items }, 0)).toEqual({ ...INITIAL_CART, items });
    expect(INITIAL_CART.giftNote).toBe('');
  });

  it('reads a damaged save as an empty cart rather than failing', () => {
    expect(migrateCart(null, 0)).toEqual(INITIAL_CART);
    expect(migrateCart({ items: 'x', billing: 4, pendingOrder: { id: 'a' } }, 1)).toEqual(
      INITIAL_CART,
    );
  });
});

describe('useCartStore', () => {
  afterEach(() => {
    act(() => {
      useCartStore.getState().empty();
      useCartStore.setState(INITIAL_CART);
    });
  });

  it('adds, merges, sets, removes and empties, saving each change under shop-cart', () => {
    const store = useCartStore.getState();
    const saved = () =>
      JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? '{}').state.items as CartItem[];
    store.add(makeCartItem(bites, 2, { variation: cocoa2lb }));
    store.add(makeCartItem(bites, 2, { variation: cocoa2lb }));
    store.add(makeCartItem(tin, 1, { price: 34 }));
    expect(saved().map((line) => [line.id, line.quantity])).toEqual([
      [71, 4],
      [9, 1],
    ]);
    store.setQuantity(71, 1);
    expect(useCartStore.getState().items[0]?.quantity).toBe(1);
    store.remove(9);
    expect(saved().map((line) => line.id)).toEqual([71]);
    store.empty();
    expect(saved()).toEqual([]);
  });

  it('restores the saved cart from local storage', async () => {
    window.localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({ state: { items: [makeCartItem(tin, 3, { price: 34 })] }, version: 0 }),
    );
    await useCartStore.persist.rehydrate();
    expect(selectCartCount(useCartStore.getState())).toBe(3);
    expect(useCartStore.getState().items[0]?.product.name).toBe('Holiday Gift Tin');
  });

  it('restores a cart saved by an older version, keeping its lines', async () => {
    window.localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({ state: { items: [makeCartItem(tin, 2, { price: 34 })] }, version: 0 }),
    );
    await useCartStore.persist.rehydrate();
    const state = useCartStore.getState();
    expect(state.items.map((line) => [line.id, line.quantity])).toEqual([[9, 2]]);
    expect(state.billing).toEqual(INITIAL_CART.billing);
    expect(state.giftNote).toBe('');
  });

  it('saves the billing and shipping details, rate, gift note and pending order with the cart', async () => {
    const store = useCartStore.getState();
    store.add(makeCartItem(tin, 1, { price: 34 }));
    store.setBilling({ first_name: 'Ada', email: 'ada@example.com' });
    store.setShipping({ city: 'Austin', state: 'TX' });
    store.setShipToDifferentAddress(true);
    store.selectRate('flat_rate:3');
    store.setGiftNote('Happy birthday!');
    store.setPendingOrder({ id: 1001, order_key: 'wc_order_x', linesKey: '9:0x1' });
    const raw = window.localStorage.getItem(CART_STORAGE_KEY) ?? '{}';
    const saved = JSON.parse(raw);
    expect(saved.version).toBe(CART_STORAGE_VERSION);
    expect(saved.state).toMatchObject({
      billing: { first_name: 'Ada', email: 'ada@example.com', last_name: '' },
      shipping: { city: 'Austin', state: 'TX', postcode: '' },
      shipToDifferentAddress: true,
      selectedRateId: 'flat_rate:3',
      giftNote: 'Happy birthday!',
      pendingOrder: { id: 1001, order_key: 'wc_order_x' },
    });

    // A reload reads it all back.
    useCartStore.setState(INITIAL_CART);
    window.localStorage.setItem(CART_STORAGE_KEY, raw);
    await useCartStore.persist.rehydrate();
    expect(useCartStore.getState()).toMatchObject(saved.state);

    // Emptying after a purchase drops the lines, rate, note and order, and keeps the addresses.
    useCartStore.getState().empty();
    expect(useCartStore.getState()).toMatchObject({
      items: [],
      selectedRateId: null,
      giftNote: '',
      pendingOrder: null,
      billing: { first_name: 'Ada' },
    });
  });
});
