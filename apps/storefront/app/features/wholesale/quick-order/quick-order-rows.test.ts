import type { Product, ProductVariation } from '@larder/contract';
import { describe, expect, it } from 'vitest';
import { anOrder, anOrderLine } from '../../orders/test-data.ts';
import {
  cartItemsFor,
  nextBreak,
  quantitiesFromImport,
  quantitiesFromOrder,
  quickOrderLines,
  quickOrderRows,
} from './quick-order-rows.ts';

const CASE_OF_12 = {
  case_size: 12,
  min_quantity: 12,
  tiers: [
    { min_quantity: 60, price: '6.25' },
    { min_quantity: 120, price: '5.90' },
  ],
};

function aVariation(overrides: Partial<ProductVariation> = {}): ProductVariation {
  return {
    variation_id: 71,
    sku: 'LO-HOC-12',
    attributes: { Size: '12 oz' },
    display_price: 12,
    display_regular_price: 12,
    wholesale_price: 6.6,
    wholesale: CASE_OF_12,
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

function aProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 7,
    slug: 'honey-oat-classic',
    name: 'Honey Oat Classic',
    type: 'variable',
    status: 'publish',
    sku: 'LO-HOC',
    price: '12.00',
    purchasable: true,
    manage_stock: false,
    stock_quantity: null,
    stock_status: 'instock',
    images: [],
    variations: [aVariation()],
    ...overrides,
  } as Product;
}

const bulk = aProduct({
  id: 9,
  slug: 'bulk-granola',
  name: 'Bulk Granola 5 lb',
  type: 'simple',
  sku: 'LO-BULK-5',
  price: '48.00',
  wholesale_price: '30.00',
  wholesale: { case_size: 1, min_quantity: 2, tiers: [] },
  manage_stock: true,
  stock_quantity: 10,
  variations: [],
});

describe('quickOrderRows', () => {
  it('lists each size and each simple product at the buyer’s price, with the retail price beside it', () => {
    const rows = quickOrderRows([aProduct(), bulk]);
    expect(
      rows.map((row) => [row.key, row.sku, row.option, row.unitCents, row.retailCents]),
    ).toEqual([
      ['7:71', 'LO-HOC-12', '12 oz', 660, 1200],
      ['9:0', 'LO-BULK-5', '', 3000, 4800],
    ]);
    expect(rows[0]?.rules).toEqual({
      caseSize: 12,
      minQuantity: 12,
      tiers: [
        { minQuantity: 60, priceCents: 625 },
        { minQuantity: 120, priceCents: 590 },
      ],
    });
    expect(rows[1]?.stockLeft).toBe(10);
  });

  it('leaves out what cannot be bought', () => {
    const rows = quickOrderRows([
      aProduct({ purchasable: false }),
      aProduct({ id: 8, variations: [aVariation({ is_purchasable: false })] }),
    ]);
    expect(rows).toEqual([]);
  });
});

describe('quickOrderLines', () => {
  const rows = quickOrderRows([aProduct(), bulk]);

  it('prices each quantity at its break, as the order will', () => {
    const lines = quickOrderLines(
      rows,
      new Map([
        ['7:71', 60],
        ['9:0', 2],
      ]),
    );
    expect(
      lines.map((line) => [line.row.key, line.unitCents, line.totalCents, line.problem]),
    ).toEqual([
      ['7:71', 625, 37_500, null],
      ['9:0', 3000, 6000, null],
    ]);
    expect(quickOrderLines(rows, new Map([['7:71', 48]]))[0]?.unitCents).toBe(660);
  });

  it('names the rule a quantity breaks, in the server’s words, and short stock', () => {
    const lines = quickOrderLines(
      rows,
      new Map([
        ['7:71', 13],
        ['9:0', 11],
      ]),
    );
    expect(lines.map((line) => line.problem)).toEqual([
      'Honey Oat Classic – 12 oz comes in cases of 12: order 12, 24, 36…',
      'Only 10 left of Bulk Granola 5 lb.',
    ]);
    expect(quickOrderLines(rows, new Map([['9:0', 1]]))[0]?.problem).toBe(
      'Bulk Granola 5 lb has a wholesale minimum of 2: order at least 2.',
    );
  });

  it('skips rows left at 0', () => {
    expect(quickOrderLines(rows, new Map([['7:71', 0]]))).toEqual([]);
  });
});

describe('nextBreak', () => {
  const [row] = quickOrderRows([aProduct()]);
  it('tells the next cheaper quantity, then none past the last', () => {
    expect(nextBreak(row!, 24)).toEqual({ minQuantity: 60, priceCents: 625 });
    expect(nextBreak(row!, 60)).toEqual({ minQuantity: 120, priceCents: 590 });
    expect(nextBreak(row!, 120)).toBeNull();
  });
});

describe('filling the table', () => {
  const rows = quickOrderRows([aProduct(), bulk]);

  it('takes an earlier order’s quantities for what is still sold', () => {
    const order = anOrder({
      line_items: [
        anOrderLine({ product_id: 7, variation_id: 71, quantity: 24 }),
        anOrderLine({ product_id: 3, variation_id: 0, quantity: 5 }),
      ],
    });
    expect([...quantitiesFromOrder(rows, order)]).toEqual([['7:71', 24]]);
  });

  it('takes an imported sheet’s lines and names SKUs the table cannot sell', () => {
    const { quantities, notForSale } = quantitiesFromImport(rows, {
      lines: [
        { sku: 'LO-BULK-5', quantity: 4, product_id: 9, variation_id: 0 },
        { sku: 'LO-OLD-1', quantity: 12, product_id: 5, variation_id: 0 },
      ],
      problems: [],
    });
    expect([...quantities]).toEqual([['9:0', 4]]);
    expect(notForSale).toEqual(['LO-OLD-1']);
  });

  it('makes the cart lines the product page would add', () => {
    const items = cartItemsFor(
      quickOrderLines(
        rows,
        new Map([
          ['7:71', 24],
          ['9:0', 2],
        ]),
      ),
    );
    expect(items).toMatchObject([
      { id: 71, variation_id: 71, quantity: 24, price: 6.6 },
      { id: 9, quantity: 2, price: 30 },
    ]);
  });
});
