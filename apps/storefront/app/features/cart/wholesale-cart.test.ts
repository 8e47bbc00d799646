import type { Product } from '@larder/contract';
import { describe, expect, it } from 'vitest';
import type { CartItem } from './cart-store.ts';
import { wholesaleLines, wholesaleProgress, wholesaleRefusals } from './wholesale-cart.ts';

const rules = {
  case_size: 12,
  min_quantity: 12,
  tiers: [
    { min_quantity: 60, price: '5.70' },
    { min_quantity: 120, price: '5.40' },
  ],
};

const honeyOat = {
  id: 5,
  name: 'Honey Oat Classic',
  price: '12.00',
  variations: [
    {
      variation_id: 51,
      attributes: { Size: '12 oz' },
      display_price: 12,
      wholesale_price: 6,
      wholesale: rules,
    },
  ],
} as unknown as Product;

const line = (quantity: number): CartItem => ({
  id: 51,
  variation_id: 51,
  quantity,
  price: 6,
  variation: { Size: '12 oz' },
  product: { id: 5, slug: 'honey-oat', name: 'Honey Oat Classic', type: 'variable', images: [] },
});

describe('wholesaleRefusals', () => {
  it('lists only the refused lines, by line id, in the cart’s words', () => {
    const whole = { ...line(24), id: 52 };
    expect(wholesaleRefusals([line(13), whole], [honeyOat])).toEqual(
      new Map([[51, 'Honey Oat Classic | 12 oz comes in cases of 12: order 12, 24, 36…']]),
    );
    expect(wholesaleRefusals([whole], [honeyOat]).size).toBe(0);
  });
});

describe('wholesaleLines', () => {
  it('prices a line at the break its quantity reaches, as the server charges', () => {
    expect(wholesaleLines([line(24)], [honeyOat]).get(51)?.unitCents).toBe(600);
    expect(wholesaleLines([line(60)], [honeyOat]).get(51)?.unitCents).toBe(570);
    expect(wholesaleLines([line(120)], [honeyOat]).get(51)?.unitCents).toBe(540);
  });

  it('names a part case with the cart title and the quantities to order', () => {
    expect(wholesaleLines([line(13)], [honeyOat]).get(51)?.refusal).toBe(
      'Honey Oat Classic | 12 oz comes in cases of 12: order 12, 24, 36…',
    );
    expect(wholesaleLines([line(12)], [honeyOat]).get(51)?.refusal).toBeNull();
  });

  it('leaves out lines the shop sent no rules for (a retail shopper’s)', () => {
    const retail = {
      ...honeyOat,
      variations: [{ variation_id: 51, attributes: { Size: '12 oz' }, display_price: 12 }],
    } as unknown as Product;
    expect(wholesaleLines([line(13)], [retail]).size).toBe(0);
  });
});

describe('wholesaleProgress', () => {
  const terms = {
    minimum_kind: 'opening' as const,
    minimum: '150.00',
    opening_order_minimum: '150.00',
    reorder_minimum: '100.00',
  };

  it('says what is still needed for the opening minimum, and when a reorder meets its own', () => {
    expect(wholesaleProgress(terms, 14400)).toMatchObject({
      remainingCents: 600,
      met: false,
      message:
        'A first wholesale order has a $150.00 minimum before shipping and tax: add $6.00 more.',
    });
    expect(wholesaleProgress({ ...terms, minimum_kind: 'reorder' }, 10000).met).toBe(true);
  });
});
