import type { Product } from '@larder/contract';
import { describe, expect, it } from 'vitest';
import { makeCartItem } from '../cart/cart-store.ts';
import { cartItemTitle } from '../cart/cart-derived.ts';
import { toProductDetail } from './product-detail.ts';

const variation = (
  id: number,
  attributes: Record<string, string>,
  price: number,
  wholesale?: number,
) => ({
  variation_id: id,
  sku: `B-${id}`,
  attributes,
  display_price: price,
  display_regular_price: price,
  ...(wholesale !== undefined ? { wholesale_price: wholesale } : {}),
  is_in_stock: true,
  is_purchasable: true,
  stock_status: 'instock',
  stock_quantity: null,
  max_qty: null,
  weight: '1',
  tax_class: 'parent',
  image: null,
});

const product = {
  id: 7,
  slug: 'granola-bites',
  name: 'Granola Bites &amp; Clusters',
  type: 'variable',
  price: '11.00',
  regular_price: '',
  purchasable: true,
  stock_status: 'instock',
  manage_stock: false,
  stock_quantity: null,
  average_rating: '4.50',
  rating_count: 2,
  short_description: '<p>Bite-size.</p>',
  description: '<h1>Bites</h1>',
  categories: [{ id: 1, name: 'Snacks', slug: 'snacks' }],
  images: [{ id: 1, src: '/bites.svg', name: 'bites', alt: '', width: 800, height: 800 }],
  attributes: [
    {
      id: 0,
      name: 'Flavour',
      slug: 'flavour',
      position: 0,
      visible: true,
      variation: true,
      options: ['Honey', 'Cocoa'],
    },
    {
      id: 0,
      name: 'Origin',
      slug: 'origin',
      position: 1,
      visible: true,
      variation: false,
      options: ['Durham'],
    },
    {
      id: 0,
      name: 'Size',
      slug: 'size',
      position: 2,
      visible: true,
      variation: true,
      options: ['2 lb', '12 oz'],
    },
  ],
  // The API's JSON object may list Size before Flavour.
  variations: [
    variation(11, { Size: '12 oz', Flavour: 'Honey' }, 11),
    variation(12, { Size: '2 lb', Flavour: 'Cocoa' }, 26, 15.6),
  ],
  food: { ingredients: '', allergens: [], may_contain: [], dietary_tags: [], nutrition: {} },
} as unknown as Product;

describe('toProductDetail', () => {
  it('keeps only the variation attributes, with options in the given order', () => {
    expect(toProductDetail(product).attributes).toEqual([
      { name: 'Flavour', options: ['Honey', 'Cocoa'] },
      { name: 'Size', options: ['2 lb', '12 oz'] },
    ]);
  });

  it("orders each variation's values as the attributes are ordered, so the cart title reads naturally", () => {
    const detail = toProductDetail(product);
    expect(Object.keys(detail.variations[0]!.attributes)).toEqual(['Flavour', 'Size']);
    const item = makeCartItem(detail.cartProduct, 1, { variation: detail.variations[0]! });
    expect(cartItemTitle(item)).toBe('Granola Bites & Clusters | Honey, 12 oz');
  });

  it('passes the wholesale price through only where the API returned one', () => {
    const [retail, wholesale] = toProductDetail(product).variations;
    expect(retail).not.toHaveProperty('wholesale_price');
    expect(wholesale?.wholesale_price).toBe(15.6);
  });

  it("passes a simple product's wholesale price through only where the API returned one", () => {
    const simple = { ...product, type: 'simple', variations: [], attributes: [] } as Product;
    const retail = toProductDetail({ ...simple, price: '12.50', regular_price: '12.50' });
    expect(retail.simple).not.toHaveProperty('wholesalePrice');
    const wholesale = toProductDetail({ ...simple, price: '12.50', wholesale_price: '7.50' });
    expect(wholesale.simple).toMatchObject({ price: 12.5, wholesalePrice: 7.5 });
    expect(wholesale.price).toEqual({ min: 7.5, max: 7.5, wholesale: true });
  });

  it('gives the image an alt text and the card a rating', () => {
    const detail = toProductDetail(product);
    expect(detail.images[0]?.alt).toBe('Granola Bites & Clusters');
    expect(detail.rating).toEqual({ average: 4.5, count: 2 });
    expect(
      toProductDetail({ ...product, rating_count: 0, average_rating: '0.00' }).rating,
    ).toBeNull();
  });
});
