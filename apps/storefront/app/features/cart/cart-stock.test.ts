import type { Product } from '@larder/contract';
import { describe, expect, it } from 'vitest';
import { checkoutStockNote, lineStock, stockNote } from './cart-stock.ts';

const simple = (overrides: Partial<Product>): Product =>
  ({
    manage_stock: true,
    stock_quantity: 3,
    stock_status: 'instock',
    purchasable: true,
    variations: [],
    ...overrides,
  }) as Product;

const variation = (id: number, overrides: Partial<Product['variations'][number]>) =>
  ({
    variation_id: id,
    is_in_stock: true,
    stock_quantity: null,
    ...overrides,
  }) as Product['variations'][number];

describe('lineStock', () => {
  it('reads a simple product: counted, not counted, sold out', () => {
    expect(lineStock(simple({}), {})).toEqual({ available: 3, soldOut: false });
    expect(lineStock(simple({ manage_stock: false, stock_quantity: null }), {})).toEqual({
      available: null,
      soldOut: false,
    });
    expect(lineStock(simple({ stock_status: 'outofstock', stock_quantity: 0 }), {})).toEqual({
      available: 0,
      soldOut: true,
    });
  });

  it("reads a variation's own stock, else its parent's, and a variation that is gone as sold out", () => {
    const product = simple({
      stock_quantity: 9,
      variations: [
        variation(11, { stock_quantity: 2 }),
        variation(12, {}),
        variation(13, { is_in_stock: false }),
      ],
    });
    expect(lineStock(product, { variation_id: 11 })).toEqual({ available: 2, soldOut: false });
    expect(lineStock(product, { variation_id: 12 })).toEqual({ available: 9, soldOut: false });
    expect(lineStock(product, { variation_id: 13 })).toEqual({ available: 0, soldOut: true });
    expect(lineStock(product, { variation_id: 99 })).toEqual({ available: 0, soldOut: true });
  });
});

describe('stockNote', () => {
  it('names the short line and what the cart did about it', () => {
    const title = 'Maple Pecan Crunch | 12 oz';
    expect(stockNote(title, { available: 2, soldOut: false }, 5)).toBe(
      'Maple Pecan Crunch | 12 oz: only 2 left; we changed your quantity to 2.',
    );
    expect(stockNote(title, { available: 0, soldOut: true }, 1)).toBe(
      'Maple Pecan Crunch | 12 oz is sold out. Remove it to check out.',
    );
    expect(stockNote(title, { available: 2, soldOut: false }, 2)).toBeNull();
    expect(stockNote(title, { available: null, soldOut: false }, 50)).toBeNull();
  });
});

describe('checkoutStockNote', () => {
  it('names a sold-out or short line and changes nothing, and says nothing of a line it can fill', () => {
    expect(checkoutStockNote('Oats', { available: 0, soldOut: true }, 1)).toBe(
      'Oats is sold out: remove it from your cart to check out.',
    );
    expect(checkoutStockNote('Oats', { available: 2, soldOut: false }, 3)).toBe(
      'Only 2 of Oats left: lower the quantity in your cart to check out.',
    );
    expect(checkoutStockNote('Oats', { available: 3, soldOut: false }, 3)).toBe(null);
    expect(checkoutStockNote('Oats', { available: null, soldOut: false }, 50)).toBe(null);
  });
});
