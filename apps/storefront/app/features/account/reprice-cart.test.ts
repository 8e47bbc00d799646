import type { Product } from '@larder/contract';
import { describe, expect, it } from 'vitest';
import { makeCartItem, toCartProduct } from '../cart/cart-store.ts';
import { repricedItems } from './reprice-cart.ts';

const bites = toCartProduct({ id: 7, slug: 'bites', name: 'Bites', type: 'variable', images: [] });
const tin = toCartProduct({ id: 9, slug: 'tin', name: 'Gift Tin', type: 'simple', images: [] });

/** The fields re-pricing reads of a product as the API answers it. */
function aProduct(fields: Pick<Product, 'id' | 'price'> & Partial<Product>): Product {
  return { variations: [], ...fields } as Product;
}

type Variation = Product['variations'][number];

const variation = (variation_id: number, display_price: number, wholesale_price?: number) => {
  const entry: Variation = {
    variation_id,
    sku: `V${variation_id}`,
    attributes: { Size: '12 oz' },
    display_price,
    display_regular_price: display_price,
    is_in_stock: true,
    is_purchasable: true,
    stock_status: 'instock',
    stock_quantity: null,
    max_qty: null,
    weight: '',
    tax_class: 'parent',
    image: null,
  };
  return wholesale_price === undefined ? entry : { ...entry, wholesale_price };
};

describe('repricedItems', () => {
  it("a wholesale buyer's variation line takes the wholesale price", () => {
    const line = makeCartItem(bites, 2, { variation: variation(71, 12) });
    const products = [
      aProduct({
        id: 7,
        price: '12.00',
        variations: [variation(71, 12, 9.6)],
      }),
    ];
    expect(repricedItems([line], products)[0]?.price).toBe(9.6);
  });

  it('back to the display price when the answer carries no wholesale price', () => {
    const line = makeCartItem(bites, 1, { variation: variation(71, 12, 9.6) });
    const products = [aProduct({ id: 7, price: '12.00', variations: [variation(71, 12)] })];
    expect(repricedItems([line], products)[0]?.price).toBe(12);
  });

  it("a simple product's line takes the product's price", () => {
    const line = makeCartItem(tin, 1, { price: 30 });
    expect(repricedItems([line], [aProduct({ id: 9, price: '34.00' })])[0]?.price).toBe(34);
  });

  it("a wholesale buyer's simple product line takes the wholesale price the API sent", () => {
    const line = makeCartItem(tin, 1, { price: 34 });
    const product = aProduct({ id: 9, price: '34.00', wholesale_price: '20.40' });
    expect(repricedItems([line], [product])[0]?.price).toBe(20.4);
  });

  it('a line whose product is gone keeps its price and quantity', () => {
    const line = makeCartItem(tin, 3, { price: 30 });
    expect(repricedItems([line], [])[0]).toEqual(line);
  });
});
