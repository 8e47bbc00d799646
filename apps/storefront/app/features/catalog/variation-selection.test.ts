import { describe, expect, it } from 'vitest';
import {
  findVariation,
  initialSelection,
  maxQuantity,
  optionState,
  type VariationOption,
} from './variation-selection.ts';

const variation = (
  id: number,
  flavour: string,
  size: string,
  price: number,
  inStock = true,
): VariationOption => ({
  variation_id: id,
  attributes: { Flavour: flavour, Size: size },
  display_price: price,
  display_regular_price: price,
  is_in_stock: inStock,
  is_purchasable: true,
  stock_quantity: null,
  max_qty: null,
});

const attributes = [
  { name: 'Flavour', options: ['Honey', 'Cocoa', 'Peanut Butter'] },
  { name: 'Size', options: ['2 lb', '12 oz'] },
];
// Spec §7: sorted by ascending display_price. Honey 12 oz (the cheapest) is sold out; Peanut Butter has no 2 lb.
const variations = [
  variation(1, 'Honey', '12 oz', 11, false),
  variation(3, 'Cocoa', '12 oz', 11.5),
  variation(5, 'Peanut Butter', '12 oz', 11.5),
  variation(2, 'Honey', '2 lb', 25),
  variation(4, 'Cocoa', '2 lb', 26),
];

describe('choosing a variation', () => {
  it('preselects the cheapest variation in stock', () => {
    expect(initialSelection(attributes, variations)).toEqual({ Flavour: 'Cocoa', Size: '12 oz' });
  });

  it('preselects the cheapest size on sale in stock, so the sale shows from the first render', () => {
    const onSale = { ...variation(2, 'Honey', '2 lb', 22), display_regular_price: 25 };
    const soldOutSale = { ...variation(4, 'Cocoa', '2 lb', 20, false), display_regular_price: 26 };
    expect(initialSelection(attributes, [...variations.slice(0, 3), soldOutSale, onSale])).toEqual({
      Flavour: 'Honey',
      Size: '2 lb',
    });
  });

  it('keeps the cheapest for a wholesale buyer, who pays their own price and not the sale', () => {
    const onSale = { ...variation(2, 'Honey', '2 lb', 22), display_regular_price: 25 };
    expect(
      initialSelection(attributes, [...variations.slice(0, 3), { ...onSale, wholesale_price: 14 }]),
    ).toEqual({ Flavour: 'Cocoa', Size: '12 oz' });
  });

  it('falls back to the cheapest when nothing is in stock', () => {
    const soldOut = variations.map((entry) => ({ ...entry, is_in_stock: false }));
    expect(initialSelection(attributes, soldOut)).toEqual({ Flavour: 'Honey', Size: '12 oz' });
  });

  it('finds the variation for the chosen values, and none until every attribute is chosen', () => {
    expect(
      findVariation(attributes, variations, { Flavour: 'Cocoa', Size: '2 lb' })?.variation_id,
    ).toBe(4);
    expect(findVariation(attributes, variations, { Flavour: 'Cocoa' })).toBeUndefined();
    expect(
      findVariation(attributes, variations, { Flavour: 'Peanut Butter', Size: '2 lb' }),
    ).toBeUndefined();
  });

  it('treats an empty variation value as "any"', () => {
    const any = [{ ...variation(9, 'Honey', '', 10), attributes: { Flavour: 'Honey', Size: '' } }];
    expect(findVariation(attributes, any, { Flavour: 'Honey', Size: '2 lb' })?.variation_id).toBe(
      9,
    );
  });

  it('disables options that lead to no variation or to one out of stock, with a reason', () => {
    const selection = { Flavour: 'Peanut Butter', Size: '12 oz' };
    expect(optionState(variations, selection, 'Size', '2 lb')).toEqual({
      available: false,
      reason: 'Not available',
    });
    expect(optionState(variations, selection, 'Flavour', 'Honey')).toEqual({
      available: false,
      reason: 'Sold out',
    });
    expect(optionState(variations, selection, 'Flavour', 'Cocoa')).toEqual({ available: true });
    expect(optionState(variations, { Flavour: 'Honey', Size: '2 lb' }, 'Flavour', 'Honey')).toEqual(
      { available: true },
    );
  });

  it('limits the quantity by max_qty, else by stock, when known', () => {
    expect(maxQuantity({ max_qty: 5, stock_quantity: 20 })).toBe(5);
    expect(maxQuantity({ max_qty: null, stock_quantity: 8 })).toBe(8);
    expect(maxQuantity({ max_qty: null, stock_quantity: null })).toBeUndefined();
    expect(maxQuantity(undefined)).toBeUndefined();
  });
});
