import type { Product, ProductVariation } from '@larder/contract';
import { describe, expect, it } from 'vitest';
import { anOrder, anOrderLine } from '../orders/test-data.ts';
import { planReorder, reorderNotes } from './reorder.ts';

function aVariation(overrides: Partial<ProductVariation> = {}): ProductVariation {
  return {
    variation_id: 71,
    sku: 'MPG-12',
    attributes: { Size: '12 oz' },
    display_price: 13,
    display_regular_price: 13,
    is_in_stock: true,
    is_purchasable: true,
    stock_status: 'instock',
    stock_quantity: null,
    max_qty: null,
    weight: '0.75',
    tax_class: 'parent',
    image: null,
    ...overrides,
  };
}

/** The fields planReorder reads; the rest of a product does not matter here. */
function aProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 7,
    slug: 'maple-pecan-granola',
    name: 'Maple Pecan Granola',
    type: 'variable',
    status: 'publish',
    price: '13.00',
    purchasable: true,
    manage_stock: false,
    stock_quantity: null,
    stock_status: 'instock',
    images: [],
    variations: [aVariation()],
    ...overrides,
  } as Product;
}

describe('planReorder', () => {
  it("adds each line at today's price for this buyer, the wholesale price where there is one", () => {
    const order = anOrder({ line_items: [anOrderLine({ quantity: 2, price: 12 })] });
    const retail = planReorder(order, [aProduct()]);
    expect(retail.items).toMatchObject([{ id: 71, variation_id: 71, quantity: 2, price: 13 }]);
    const wholesale = planReorder(order, [
      aProduct({ variations: [aVariation({ wholesale_price: 9.5 })] }),
    ]);
    expect(wholesale.items[0]?.price).toBe(9.5);
    expect(reorderNotes(retail)).toEqual([]);
  });

  it('prices a simple product from its own price', () => {
    const order = anOrder({
      line_items: [
        anOrderLine({
          product_id: 9,
          variation_id: 0,
          name: 'Gift Box',
          parent_name: null,
          meta_data: [],
        }),
      ],
    });
    const plan = planReorder(order, [
      aProduct({ id: 9, name: 'Gift Box', type: 'simple', price: '30.00', variations: [] }),
    ]);
    expect(plan.items).toMatchObject([{ id: 9, quantity: 2, price: 30 }]);
    expect(plan.items[0]?.variation_id).toBeUndefined();
    const giftBox = { id: 9, name: 'Gift Box', type: 'simple' as const, variations: [] };
    const wholesale = planReorder(order, [
      aProduct({ ...giftBox, price: '30.00', wholesale_price: '18.00' }),
    ]);
    expect(wholesale.items[0]?.price).toBe(18);
  });

  it('skips and names what is gone, unpublished or sold out, and keeps the rest', () => {
    const order = anOrder({
      line_items: [
        anOrderLine({ id: 1, product_id: 7, variation_id: 71 }),
        anOrderLine({
          id: 2,
          product_id: 8,
          variation_id: 0,
          name: 'Retired Bar',
          parent_name: null,
          meta_data: [],
        }),
        anOrderLine({ id: 3, product_id: 7, variation_id: 72, meta_data: [] }),
        anOrderLine({
          id: 4,
          product_id: 10,
          variation_id: 0,
          name: 'Honey Oat',
          parent_name: null,
          meta_data: [],
        }),
      ],
    });
    const plan = planReorder(order, [
      aProduct({
        variations: [aVariation(), aVariation({ variation_id: 72, is_in_stock: false })],
      }),
      aProduct({ id: 10, name: 'Honey Oat', type: 'simple', status: 'draft', variations: [] }),
    ]);
    expect(plan.items.map((item) => item.id)).toEqual([71]);
    expect(plan.skipped).toEqual([
      { name: 'Retired Bar', reason: 'unavailable' },
      { name: 'Maple Pecan Granola', reason: 'out-of-stock' },
      { name: 'Honey Oat', reason: 'unavailable' },
    ]);
    expect(reorderNotes(plan)).toEqual([
      'No longer available: Retired Bar; Honey Oat.',
      'Out of stock: Maple Pecan Granola.',
    ]);
  });

  it('adds only the units left when stock is short, and says so', () => {
    const order = anOrder({ line_items: [anOrderLine({ quantity: 5 })] });
    const plan = planReorder(order, [
      aProduct({ variations: [aVariation({ stock_quantity: 3 })] }),
    ]);
    expect(plan.items[0]?.quantity).toBe(3);
    expect(reorderNotes(plan)).toEqual([
      'Only 3 of Maple Pecan Granola (12 oz) left, so we added 3.',
    ]);
  });
});
