import { describe, expect, it } from 'vitest';
import {
  applyCoupons,
  spreadCents,
  type CouponBuyer,
  type CouponRule,
  type DiscountableLine,
} from './coupon-rules.ts';

const NOW = new Date('2026-11-26T12:00:00Z');

let nextId = 1;
const coupon = (overrides: Partial<CouponRule> = {}): CouponRule => ({
  id: nextId++,
  code: 'SAVE',
  discountType: 'percent',
  amount: 1000,
  freeShipping: false,
  minimumCents: 0,
  usageLimit: null,
  usageLimitPerUser: null,
  usageCount: 0,
  productIds: [],
  excludedProductIds: [],
  categoryIds: [],
  excludedCategoryIds: [],
  individualUse: false,
  priceList: 'any',
  firstOrderOnly: false,
  dateStarts: null,
  dateExpires: null,
  ...overrides,
});

const line = (
  productId: number,
  totalCents: number,
  overrides: Partial<DiscountableLine> = {},
): DiscountableLine => ({
  productId,
  variationId: 0,
  quantity: 1,
  totalCents,
  categoryIds: [],
  ...overrides,
});

const buyer = (overrides: Partial<CouponBuyer> = {}): CouponBuyer => ({
  now: NOW,
  priceList: 'retail',
  earlierOrders: 0,
  usesByBuyer: new Map(),
  ...overrides,
});

function applied(outcome: ReturnType<typeof applyCoupons>) {
  if (outcome.kind !== 'applied') throw new Error(`refused: ${outcome.message}`);
  return outcome;
}
function refused(outcome: ReturnType<typeof applyCoupons>) {
  if (outcome.kind !== 'refused') throw new Error('the code was applied');
  return outcome;
}

describe('applyCoupons: each type', () => {
  it('a percent code takes its share off every line, rounded per line', () => {
    const result = applied(
      applyCoupons([line(1, 1295), line(2, 2005)], [coupon({ amount: 1000 })], buyer()),
    );
    // 129.5 → 130, 200.5 → 201
    expect(result.lineDiscounts).toEqual([130, 201]);
    expect(result.discountCents).toBe(331);
    expect(result.coupons[0]!.discountCents).toBe(331);
  });

  it('a fractional percent is exact: 12.5 % of $8.00 is $1.00', () => {
    const result = applied(applyCoupons([line(1, 800)], [coupon({ amount: 1250 })], buyer()));
    expect(result.lineDiscounts).toEqual([100]);
  });

  it('a fixed-per-product code takes its amount off each unit, never below 0', () => {
    const result = applied(
      applyCoupons(
        [line(1, 1500, { quantity: 3 }), line(2, 300, { quantity: 1 })],
        [coupon({ discountType: 'fixed_product', amount: 400 })],
        buyer(),
      ),
    );
    expect(result.lineDiscounts).toEqual([1200, 300]);
  });

  it('a fixed-cart code is spread in proportion over the lines', () => {
    const result = applied(
      applyCoupons(
        [line(1, 3000), line(2, 1000)],
        [coupon({ discountType: 'fixed_cart', amount: 1000 })],
        buyer(),
      ),
    );
    expect(result.lineDiscounts).toEqual([750, 250]);
  });

  it('a fixed-cart code whose cents do not divide gives them to the largest lines and sums exactly', () => {
    const result = applied(
      applyCoupons(
        [line(1, 1000), line(2, 1000), line(3, 1001)],
        [coupon({ discountType: 'fixed_cart', amount: 100 })],
        buyer(),
      ),
    );
    // 33.32, 33.32, 33.35 → 33, 33, 33 and the one cent left to the largest line.
    expect(result.lineDiscounts).toEqual([33, 33, 34]);
    expect(result.discountCents).toBe(100);
  });

  it('a fixed-cart code larger than the cart takes the cart to 0 and no further', () => {
    const result = applied(
      applyCoupons(
        [line(1, 500), line(2, 250)],
        [coupon({ discountType: 'fixed_cart', amount: 5000 })],
        buyer(),
      ),
    );
    expect(result.lineDiscounts).toEqual([500, 250]);
    expect(result.coupons[0]!.discountCents).toBe(750);
  });

  it('a free-shipping code with no amount takes nothing off the lines and frees shipping', () => {
    const result = applied(
      applyCoupons(
        [line(1, 4000)],
        [coupon({ discountType: 'fixed_cart', amount: 0, freeShipping: true })],
        buyer(),
      ),
    );
    expect(result.discountCents).toBe(0);
    expect(result.freeShipping).toBe(true);
  });

  it('no codes: nothing off and shipping as quoted', () => {
    const result = applied(applyCoupons([line(1, 4000)], [], buyer()));
    expect(result).toMatchObject({ discountCents: 0, freeShipping: false, lineDiscounts: [0] });
  });
});

describe('applyCoupons: included and excluded products and categories', () => {
  const lines = [
    line(1, 1000, { categoryIds: [10] }),
    line(2, 2000, { variationId: 22, categoryIds: [20] }),
    line(3, 3000, { categoryIds: [10, 30] }),
  ];

  it('product_ids limit the code to those products (a variation by its own id or its parent)', () => {
    expect(
      applied(applyCoupons(lines, [coupon({ productIds: [1, 22] })], buyer())).lineDiscounts,
    ).toEqual([100, 200, 0]);
  });

  it('product_categories limit the code to products in them', () => {
    expect(
      applied(applyCoupons(lines, [coupon({ categoryIds: [10] })], buyer())).lineDiscounts,
    ).toEqual([100, 0, 300]);
  });

  it('excluded products and categories are left alone even when included', () => {
    expect(
      applied(
        applyCoupons(
          lines,
          [coupon({ categoryIds: [10], excludedCategoryIds: [30], excludedProductIds: [2] })],
          buyer(),
        ),
      ).lineDiscounts,
    ).toEqual([100, 0, 0]);
  });

  it('a fixed-cart code spreads over the covered lines only', () => {
    expect(
      applied(
        applyCoupons(
          lines,
          [coupon({ discountType: 'fixed_cart', amount: 400, categoryIds: [10] })],
          buyer(),
        ),
      ).lineDiscounts,
    ).toEqual([100, 0, 300]);
  });

  it('a code that covers no line is refused, naming it', () => {
    expect(
      refused(applyCoupons(lines, [coupon({ code: 'NUTS', productIds: [99] })], buyer())).message,
    ).toBe('The code NUTS does not apply to anything in your cart.');
  });
});

describe('applyCoupons: limits and dates', () => {
  const cart = [line(1, 4000)];

  it('refuses a code before its start date and after its end date, with the dates in words', () => {
    expect(
      refused(
        applyCoupons(
          cart,
          [coupon({ code: 'SOON', dateStarts: new Date('2026-12-01T00:00:00Z') })],
          buyer(),
        ),
      ).message,
    ).toBe('The code SOON is not valid yet: it starts on December 1, 2026.');
    expect(
      refused(
        applyCoupons(
          cart,
          [coupon({ code: 'OLD', dateExpires: new Date('2026-11-26T12:00:00Z') })],
          buyer(),
        ),
      ).message,
    ).toBe('The code OLD expired on November 26, 2026.');
  });

  it('takes a code in its window', () => {
    const windowed = coupon({
      dateStarts: new Date('2026-11-26T11:59:59Z'),
      dateExpires: new Date('2026-11-26T12:00:01Z'),
    });
    expect(applyCoupons(cart, [windowed], buyer()).kind).toBe('applied');
  });

  it('refuses a used-up code and lets the last use through', () => {
    expect(
      refused(applyCoupons(cart, [coupon({ code: 'GONE', usageLimit: 5, usageCount: 5 })], buyer()))
        .message,
    ).toBe('The code GONE has been used up.');
    expect(applyCoupons(cart, [coupon({ usageLimit: 5, usageCount: 4 })], buyer()).kind).toBe(
      'applied',
    );
  });

  it('refuses a buyer who reached the limit per customer', () => {
    const once = coupon({ code: 'ONCE', usageLimitPerUser: 1 });
    expect(
      refused(applyCoupons(cart, [once], buyer({ usesByBuyer: new Map([[once.id, 1]]) }))).message,
    ).toBe('You have already used the code ONCE.');
    const twice = coupon({ code: 'TWICE', usageLimitPerUser: 2 });
    expect(applyCoupons(cart, [twice], buyer({ usesByBuyer: new Map([[twice.id, 1]]) })).kind).toBe(
      'applied',
    );
  });

  it('refuses a cart under the minimum spend, saying both amounts', () => {
    expect(
      refused(applyCoupons(cart, [coupon({ code: 'BIG', minimumCents: 5000 })], buyer())).message,
    ).toBe(
      'The code BIG needs an order of at least $50.00 before discounts; your cart comes to $40.00.',
    );
    expect(applyCoupons(cart, [coupon({ minimumCents: 4000 })], buyer()).kind).toBe('applied');
  });

  it('keeps retail-only codes from wholesale buyers and wholesale-only codes from retail ones', () => {
    expect(
      refused(
        applyCoupons(
          cart,
          [coupon({ code: 'SHOP', priceList: 'retail' })],
          buyer({ priceList: 'wholesale' }),
        ),
      ).message,
    ).toBe('The code SHOP is for retail orders, not wholesale accounts.');
    expect(
      refused(applyCoupons(cart, [coupon({ code: 'TRADE', priceList: 'wholesale' })], buyer()))
        .message,
    ).toBe('The code TRADE is for approved wholesale accounts only.');
    expect(
      applyCoupons(cart, [coupon({ priceList: 'wholesale' })], buyer({ priceList: 'wholesale' }))
        .kind,
    ).toBe('applied');
  });

  it('a first-order code is refused after an earlier order and let through while the buyer is unknown', () => {
    const first = coupon({ code: 'HELLO', firstOrderOnly: true });
    expect(refused(applyCoupons(cart, [first], buyer({ earlierOrders: 1 }))).message).toBe(
      'The code HELLO is for a first order only.',
    );
    expect(applyCoupons(cart, [first], buyer({ earlierOrders: null })).kind).toBe('applied');
    expect(applyCoupons(cart, [first], buyer({ earlierOrders: 0 })).kind).toBe('applied');
  });
});

describe('applyCoupons: more than one code', () => {
  const cart = [line(1, 1000), line(2, 3000)];

  it('combines codes that allow it: percent first, then fixed cart on what is left', () => {
    const result = applied(
      applyCoupons(
        cart,
        [
          coupon({ code: 'FIVE', discountType: 'fixed_cart', amount: 500 }),
          coupon({ code: 'TEN', amount: 1000 }),
        ],
        buyer(),
      ),
    );
    // 10 % → 100 + 300; then $5 over 900 and 2700 → 125 + 375.
    expect(result.lineDiscounts).toEqual([225, 675]);
    expect(result.coupons.map((c) => [c.code, c.discountCents])).toEqual([
      ['FIVE', 500],
      ['TEN', 400],
    ]);
    expect(result.discountCents).toBe(900);
  });

  it('refuses to combine a code marked for individual use', () => {
    expect(
      refused(
        applyCoupons(
          cart,
          [coupon({ code: 'A' }), coupon({ code: 'SOLO', individualUse: true })],
          buyer(),
        ),
      ).message,
    ).toBe('The code SOLO cannot be used with other codes. Remove one of them.');
    expect(applyCoupons(cart, [coupon({ individualUse: true })], buyer()).kind).toBe('applied');
  });

  it('refuses the same code twice', () => {
    const twice = coupon({ code: 'DUP' });
    expect(refused(applyCoupons(cart, [twice, twice], buyer())).message).toBe(
      'The code DUP is already applied.',
    );
  });

  it('two codes never take a line below 0', () => {
    const result = applied(
      applyCoupons(
        cart,
        [
          coupon({ discountType: 'fixed_product', amount: 2500 }),
          coupon({ discountType: 'percent', amount: 5000 }),
        ],
        buyer(),
      ),
    );
    expect(result.lineDiscounts).toEqual([1000, 3000]);
  });
});

describe('spreadCents', () => {
  it('sums exactly for awkward amounts and never exceeds a line', () => {
    for (const [amount, weights] of [
      [1, [1, 1, 1]],
      [99, [333, 333, 334]],
      [7, [0, 5, 2]],
      [1000, [1, 2, 3]],
    ] as [number, number[]][]) {
      const shares = spreadCents(amount, weights);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(
        Math.min(
          amount,
          weights.reduce((a, b) => a + b, 0),
        ),
      );
      shares.forEach((share, index) => expect(share).toBeLessThanOrEqual(weights[index]!));
      shares.forEach((share) => expect(share).toBeGreaterThanOrEqual(0));
    }
  });

  it('gives nothing when there is nothing to spread over', () => {
    expect(spreadCents(500, [0, 0])).toEqual([0, 0]);
  });
});
