import type { Product } from '@larder/contract';
import { describe, expect, it } from 'vitest';
import { toProductCard } from './product-summary.ts';

const rules = (caseSize: number, minQuantity = caseSize) => ({
  case_size: caseSize,
  min_quantity: minQuantity,
  tiers: [],
});

const variation = (id: number, size: string, price: number, regular = price) => ({
  variation_id: id,
  attributes: { Size: size },
  display_price: price,
  display_regular_price: regular,
  is_in_stock: true,
  is_purchasable: true,
  stock_quantity: null,
  max_qty: null,
});

const simple = {
  id: 3,
  slug: 'apple-crumble',
  name: 'Apple &amp; Cinnamon',
  type: 'simple',
  price: '10.50',
  regular_price: '12.50',
  sale_price: '10.50',
  purchasable: true,
  stock_status: 'instock',
  average_rating: '0',
  rating_count: 0,
  short_description: '',
  categories: [],
  images: [],
  attributes: [],
  variations: [],
  food: { ingredients: '', allergens: [], may_contain: [], dietary_tags: [], nutrition: {} },
} as unknown as Product;

const sized = {
  ...simple,
  type: 'variable',
  price: '13.50',
  regular_price: '',
  sale_price: '',
  variations: [variation(11, '12 oz', 13.5), variation(12, '2 lb', 26, 29)],
} as unknown as Product;

describe('toProductCard: the sale on a card', () => {
  it('a simple product on sale shows its sale price with the regular price', () => {
    expect(toProductCard(simple).sale).toEqual({ size: null, price: 10.5, regularPrice: 12.5 });
  });

  it('a product with sizes names its cheapest size on sale', () => {
    expect(toProductCard(sized).sale).toEqual({ size: '2 lb', price: 26, regularPrice: 29 });
  });

  it('a wholesale buyer, who pays the wholesale price, is shown no sale', () => {
    expect(toProductCard({ ...simple, wholesale_price: '7.50' }).sale).toBeNull();
    const wholesaleSizes = sized.variations.map((entry) => ({ ...entry, wholesale_price: 9 }));
    expect(toProductCard({ ...sized, variations: wholesaleSizes }).sale).toBeNull();
  });
});

describe('toProductCard: quick add', () => {
  it('adds a simple product at the price the API gave this viewer', () => {
    expect(toProductCard(simple).quickAdd).toMatchObject({
      product: { id: 3, name: 'Apple & Cinnamon' },
      price: 10.5,
    });
  });

  it('adds the one size a product with a single buyable size has', () => {
    const [small, large] = sized.variations;
    const oneLeft = { ...sized, variations: [small, { ...large!, is_in_stock: false }] };
    expect(toProductCard(oneLeft as Product).quickAdd).toMatchObject({
      variation: { variation_id: 11, attributes: { Size: '12 oz' } },
      price: 13.5,
    });
    expect(toProductCard(sized).quickAdd).toBeNull();
  });

  it('leaves a wholesale buyer sold by the case to the product page, and adds by the unit otherwise', () => {
    const byTheCase = { ...simple, wholesale_price: '7.50', wholesale: rules(12) };
    expect(toProductCard(byTheCase).quickAdd).toBeNull();
    expect(toProductCard({ ...byTheCase, wholesale: rules(1, 2) }).quickAdd).toBeNull();
    expect(toProductCard({ ...byTheCase, wholesale: rules(1) }).quickAdd).toMatchObject({
      price: 7.5,
    });
  });

  it('offers nothing to add for a product that cannot be bought', () => {
    expect(toProductCard({ ...simple, stock_status: 'outofstock' }).quickAdd).toBeNull();
    expect(toProductCard({ ...simple, purchasable: false }).quickAdd).toBeNull();
  });
});
