import type { Viewer } from '../../http/viewer.ts';

/** The price columns a product row and a variation row both have, in cents. */
export interface PriceColumns {
  regularPriceCents: number | null;
  salePriceCents: number | null;
  wholesalePriceCents: number | null;
}

/** What one viewer is shown and charged for a product or a variation. */
export interface ViewerPrice {
  /** What a shopper pays: the sale price when there is one, else the regular price. */
  retailCents: number;
  /** Spec §6: set only for a viewer allowed to see wholesale prices, when the item has one. */
  wholesaleCents: number | null;
  /** What this viewer pays: the wholesale price where they get one, else retail. */
  payCents: number;
}

/** The retail price (sale, else regular); null when the item has no price and so is not for sale. */
export const retailCents = (item: Omit<PriceColumns, 'wholesalePriceCents'>): number | null =>
  item.salePriceCents ?? item.regularPriceCents;

/**
 * The one price rule (issue 12): the catalogue shows, the cart and orders charge, and the owner's
 * files sort by what this returns. Null for an item without a price: it cannot be bought.
 */
export function viewerPrice(
  item: PriceColumns & { regularPriceCents: number },
  viewer: Pick<Viewer, 'canSeeWholesale'>,
): ViewerPrice;
export function viewerPrice(
  item: PriceColumns,
  viewer: Pick<Viewer, 'canSeeWholesale'>,
): ViewerPrice | null;
export function viewerPrice(
  item: PriceColumns,
  viewer: Pick<Viewer, 'canSeeWholesale'>,
): ViewerPrice | null {
  const retail = retailCents(item);
  if (retail === null) return null;
  const wholesale = viewer.canSeeWholesale ? item.wholesalePriceCents : null;
  return { retailCents: retail, wholesaleCents: wholesale, payCents: wholesale ?? retail };
}

/**
 * Viewers shown the same prices: viewerPrice reads nothing else of a viewer, so what is priced for
 * one viewer of a class is right for every other (the product fragments are kept per class).
 */
export const priceClass = (viewer: Pick<Viewer, 'canSeeWholesale'>): 'wholesale' | 'retail' =>
  viewer.canSeeWholesale ? 'wholesale' : 'retail';
