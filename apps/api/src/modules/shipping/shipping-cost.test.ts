import { describe, expect, it } from 'vitest';
import type { ShippingMethodSettings } from '../../db/schema.ts';
import { methodCostCents, settingCents } from './shipping-cost.ts';

const cart = (subtotalCents: number, itemCount: number) => ({ subtotalCents, itemCount });
const flatRate = (settings: ShippingMethodSettings) => ({
  methodId: 'flat_rate' as const,
  settings,
});
const freeShipping = (settings: ShippingMethodSettings) => ({
  methodId: 'free_shipping' as const,
  settings,
});

describe('settingCents', () => {
  it('reads a merchant cost to the cent: "7.5" is $7.50, not $7.05', () => {
    expect(settingCents('7.5')).toBe(750);
    expect(settingCents('7.05')).toBe(705);
    expect(settingCents('7.95')).toBe(795);
    expect(settingCents('12')).toBe(1200);
    expect(settingCents(' 4.00 ')).toBe(400);
  });

  it('counts a missing, empty or unreadable setting as 0, as WooCommerce does', () => {
    for (const value of [undefined, '', 'abc', '-1', '7.555', '1e3']) {
      expect(settingCents(value)).toBe(0);
    }
  });
});

describe('methodCostCents (reference §9 step 4)', () => {
  it('charges a flat rate its cost once plus its per-item cost for every item', () => {
    const method = flatRate({ cost: '5.95', per_item_cost: '0.5' });
    expect(methodCostCents(method, cart(6400, 3))).toBe(745);
    expect(methodCostCents(method, cart(1250, 1))).toBe(645);
  });

  it('charges a flat rate without a per-item cost its cost alone', () => {
    expect(methodCostCents(flatRate({ cost: '7.5' }), cart(1250, 4))).toBe(750);
  });

  it('charges local pickup its cost, without a per-item part', () => {
    const pickup = {
      methodId: 'local_pickup' as const,
      settings: { cost: '2.5', per_item_cost: '1' },
    };
    expect(methodCostCents(pickup, cart(1250, 4))).toBe(250);
    expect(methodCostCents({ ...pickup, settings: {} }, cart(1250, 4))).toBe(0);
  });

  it('offers free shipping that requires nothing always, at no cost', () => {
    expect(methodCostCents(freeShipping({}), cart(100, 1))).toBe(0);
    expect(methodCostCents(freeShipping({ requires: '' }), cart(100, 1))).toBe(0);
  });

  it('offers free shipping from the minimum amount on, not below', () => {
    for (const requires of ['min_amount', 'either']) {
      const method = freeShipping({ requires, min_amount: '75' });
      expect(methodCostCents(method, cart(7499, 5))).toBeNull();
      expect(methodCostCents(method, cart(7500, 5))).toBe(0);
      expect(methodCostCents(method, cart(9000, 5))).toBe(0);
    }
  });

  it('never offers free shipping that needs a coupon: the shop has none', () => {
    for (const requires of ['coupon', 'both']) {
      expect(
        methodCostCents(freeShipping({ requires, min_amount: '0' }), cart(9000, 5)),
      ).toBeNull();
    }
  });
});
