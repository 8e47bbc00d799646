import { describe, expect, it } from 'vitest';
import {
  firstAllowedQuantity,
  minimumMessage,
  minimumProgress,
  nextAllowedQuantity,
  wholesaleLineRefusal,
  wholesaleRuleIssues,
  wholesaleUnitCents,
} from './wholesale-rules.ts';
import { WholesaleRulesWriteSchema, wholesaleRulesOf } from './wholesale-ordering.ts';

const tiers = [
  { minQuantity: 60, priceCents: 550 },
  { minQuantity: 120, priceCents: 500 },
];
const bag = { caseSize: 12, minQuantity: 12, tiers };

describe('wholesaleUnitCents', () => {
  it('charges the wholesale price below the first break', () => {
    expect(wholesaleUnitCents(600, tiers, 12)).toBe(600);
    expect(wholesaleUnitCents(600, tiers, 59)).toBe(600);
  });

  it('charges the highest break whose quantity is reached, from its first unit', () => {
    expect(wholesaleUnitCents(600, tiers, 60)).toBe(550);
    expect(wholesaleUnitCents(600, tiers, 119)).toBe(550);
    expect(wholesaleUnitCents(600, tiers, 120)).toBe(500);
    expect(wholesaleUnitCents(600, tiers, 1200)).toBe(500);
  });

  it('charges the wholesale price when there are no breaks', () => {
    expect(wholesaleUnitCents(600, [], 1000)).toBe(600);
  });
});

describe('wholesaleLineRefusal', () => {
  it('accepts whole cases at or above the minimum', () => {
    expect(wholesaleLineRefusal('Oat', bag, 12)).toBeNull();
    expect(wholesaleLineRefusal('Oat', bag, 36)).toBeNull();
  });

  it('refuses a part case, naming the line, the case and the quantities to order', () => {
    expect(wholesaleLineRefusal('Honey Oat Classic – 12 oz', bag, 13)).toEqual({
      code: 'larder_wholesale_case_size',
      message: 'Honey Oat Classic – 12 oz comes in cases of 12: order 12, 24, 36…',
    });
  });

  it('lists case quantities from the minimum when the minimum is several cases', () => {
    const refusal = wholesaleLineRefusal('Oat', { ...bag, minQuantity: 24 }, 5);
    expect(refusal?.message).toBe('Oat comes in cases of 12: order 24, 36, 48…');
  });

  it('refuses whole cases under the minimum, naming the minimum', () => {
    expect(wholesaleLineRefusal('Oat', { ...bag, minQuantity: 24 }, 12)).toEqual({
      code: 'larder_wholesale_min_quantity',
      message: 'Oat has a wholesale minimum of 24: order at least 24.',
    });
  });

  it('sells single units by the unit from the minimum on', () => {
    const single = { caseSize: 1, minQuantity: 2, tiers: [] };
    expect(wholesaleLineRefusal('Bulk', single, 3)).toBeNull();
    expect(wholesaleLineRefusal('Bulk', single, 1)?.code).toBe('larder_wholesale_min_quantity');
  });
});

describe('allowed quantities', () => {
  it('starts at the first case at or above the minimum and snaps up to a case', () => {
    expect(firstAllowedQuantity({ caseSize: 12, minQuantity: 13 })).toBe(24);
    expect(nextAllowedQuantity({ caseSize: 12, minQuantity: 12 }, 1)).toBe(12);
    expect(nextAllowedQuantity({ caseSize: 12, minQuantity: 12 }, 25)).toBe(36);
    expect(nextAllowedQuantity({ caseSize: 12, minQuantity: 12 }, 24)).toBe(24);
  });
});

describe('wholesaleRuleIssues', () => {
  it('accepts breaks that start above the minimum and cost less each time', () => {
    expect(wholesaleRuleIssues(bag, 600)).toEqual([]);
  });

  it('refuses a break at or above the wholesale price', () => {
    const issues = wholesaleRuleIssues(
      { ...bag, tiers: [{ minQuantity: 60, priceCents: 600 }] },
      600,
    );
    expect(issues).toEqual([
      {
        path: ['wholesale', 'tiers', 0, 'price'],
        message: 'A break must cost less than the wholesale price ($6.00).',
      },
    ]);
  });

  it('refuses a later break that does not cost less than the one before', () => {
    const issues = wholesaleRuleIssues(
      {
        ...bag,
        tiers: [
          { minQuantity: 120, priceCents: 560 },
          { minQuantity: 60, priceCents: 550 },
        ],
      },
      600,
    );
    expect(issues.map((issue) => issue.path)).toEqual([['wholesale', 'tiers', 1, 'price']]);
    expect(issues[0]!.message).toContain('at 120 must cost less than the one at 60');
  });

  it('refuses two breaks at one quantity, and a break at the minimum', () => {
    const issues = wholesaleRuleIssues(
      {
        ...bag,
        tiers: [
          { minQuantity: 12, priceCents: 590 },
          { minQuantity: 60, priceCents: 550 },
          { minQuantity: 60, priceCents: 500 },
        ],
      },
      600,
    );
    expect(issues.map((issue) => issue.message)).toEqual([
      'A break starts above the minimum quantity (12).',
      'Two breaks start at 60: keep one.',
    ]);
  });

  it('refuses breaks on an item without a wholesale price', () => {
    expect(wholesaleRuleIssues(bag, null)[0]!.path).toEqual(['wholesale', 'tiers']);
    expect(wholesaleRuleIssues({ ...bag, tiers: [] }, null)).toEqual([]);
  });
});

describe('WholesaleRulesWriteSchema', () => {
  it('reads the owner’s rules in cents with the breaks sorted by quantity', () => {
    expect(
      wholesaleRulesOf(
        WholesaleRulesWriteSchema.parse({
          case_size: 12,
          min_quantity: 12,
          tiers: [
            { min_quantity: 120, price: '5' },
            { min_quantity: 60, price: '5.50' },
          ],
        }),
      ),
    ).toEqual(bag);
  });

  it('refuses a zero case, a fractional minimum and a price that is not an amount', () => {
    const result = WholesaleRulesWriteSchema.safeParse({
      case_size: 0,
      min_quantity: 1.5,
      tiers: [{ min_quantity: 24, price: '5.555' }],
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path.join('.'))).toEqual([
      'case_size',
      'min_quantity',
      'tiers.0.price',
    ]);
  });
});

describe('minimumProgress', () => {
  const minimums = { openingCents: 15000, reorderCents: 7500 };

  it('holds a buyer without an earlier paid order to the opening minimum', () => {
    expect(minimumProgress(minimums, false, 11250)).toEqual({
      kind: 'opening',
      minimumCents: 15000,
      subtotalCents: 11250,
      remainingCents: 3750,
      met: false,
    });
  });

  it('holds a returning buyer to the reorder minimum', () => {
    const progress = minimumProgress(minimums, true, 11250);
    expect(progress).toMatchObject({ kind: 'reorder', remainingCents: 0, met: true });
  });

  it('is met exactly at the minimum', () => {
    expect(minimumProgress(minimums, false, 15000).met).toBe(true);
    expect(minimumProgress(minimums, false, 14999).remainingCents).toBe(1);
  });

  it('says what is still needed', () => {
    expect(minimumMessage(minimumProgress(minimums, false, 11250))).toBe(
      'A first wholesale order has a $150.00 minimum before shipping and tax: add $37.50 more.',
    );
    expect(minimumMessage(minimumProgress(minimums, true, 7500))).toBe(
      'A wholesale reorder has a $75.00 minimum: this order meets it.',
    );
  });
});
