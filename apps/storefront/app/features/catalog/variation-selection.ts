import type { ProductAttribute, ProductVariation } from '@larder/contract';
import { isAvailable, onSale } from './product-summary.ts';

/** The variation fields the product page reads. */
export type VariationOption = Pick<
  ProductVariation,
  | 'variation_id'
  | 'attributes'
  | 'display_price'
  | 'display_regular_price'
  | 'wholesale_price'
  | 'wholesale'
  | 'is_in_stock'
  | 'is_purchasable'
  | 'stock_quantity'
  | 'max_qty'
>;

export type Selection = Record<string, string>;

/** A variation matches when each of its attributes equals the choice; an empty value (WooCommerce "any") or no choice yet matches all. */
function matches(variation: VariationOption, selection: Selection): boolean {
  return Object.entries(variation.attributes).every(
    ([name, value]) => value === '' || !selection[name] || selection[name] === value,
  );
}

/** Spec §7: variations arrive sorted by ascending display_price, so the first match is the cheapest. */
export function findVariation<Variation extends VariationOption>(
  attributes: Pick<ProductAttribute, 'name'>[],
  variations: Variation[],
  selection: Selection,
): Variation | undefined {
  if (!attributes.every((attribute) => selection[attribute.name])) return undefined;
  return variations.find((variation) => matches(variation, selection));
}

/**
 * The cheapest available size on sale, else the cheapest available (spec: preselect the cheapest
 * available), else the cheapest: a sale shows from the first render (decision 0047).
 */
export function initialSelection(
  attributes: Pick<ProductAttribute, 'name' | 'options'>[],
  variations: VariationOption[],
): Selection {
  const available = variations.filter(isAvailable);
  const chosen = available.find(onSale) ?? available[0] ?? variations[0];
  const selection: Selection = {};
  for (const attribute of attributes) {
    const value = chosen?.attributes[attribute.name];
    const fallback = attribute.options[0];
    if (value) selection[attribute.name] = value;
    else if (fallback) selection[attribute.name] = fallback;
  }
  return selection;
}

export type OptionState =
  { available: true } | { available: false; reason: 'Sold out' | 'Not available' };

/** Whether choosing `option` for `attributeName`, keeping the other choices, leads to a variation in stock. */
export function optionState(
  variations: VariationOption[],
  selection: Selection,
  attributeName: string,
  option: string,
): OptionState {
  const matching = variations.filter((variation) =>
    matches(variation, { ...selection, [attributeName]: option }),
  );
  if (matching.length === 0) return { available: false, reason: 'Not available' };
  if (!matching.some(isAvailable)) return { available: false, reason: 'Sold out' };
  return { available: true };
}

/** The most a shopper may add: the variation's max quantity, else its stock, when known. */
export function maxQuantity(
  variation: Pick<VariationOption, 'max_qty' | 'stock_quantity'> | undefined,
): number | undefined {
  const limit = variation?.max_qty ?? variation?.stock_quantity ?? null;
  return limit !== null && limit > 0 ? limit : undefined;
}
