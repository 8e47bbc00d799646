import { act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CART_STORAGE_KEY,
  addItem,
  cartItemTitle,
  makeCartItem,
  removeItem,
  selectCartCount,
  selectCartSubtotal,
  selectCartSubtotalCents,
  setItemQuantity,
  toCartProduct,
  useCartStore,
  type CartItem,
} from './cart-store.ts';

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
    expect(selectCartSubtotal({ items: [dime, twenty] })).toBe(0.3);
    const items: CartItem[] = [
      { ...b, id: 3, price: 11.5, quantity: 3 },
      { ...b, id: 4, price: 25.99, quantity: 2 },
    ];
    expect(selectCartSubtotal({ items })).toBe(86.48);
  });
});

describe('useCartStore', () => {
  afterEach(() => {
    act(() => useCartStore.getState().empty());
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
});
