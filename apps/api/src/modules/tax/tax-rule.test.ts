import { describe, expect, it } from 'vitest';
import { computeTax, matchingRates, rateCode, taxOnCents, type TaxRate } from './tax-rule.ts';

let nextId = 0;
const rate = (overrides: Partial<TaxRate> & Pick<TaxRate, 'rateMicros' | 'name'>): TaxRate => ({
  id: ++nextId,
  country: 'US',
  state: '',
  postcodes: [],
  cities: [],
  priority: 1,
  compound: false,
  shipping: true,
  rateOrder: 0,
  taxClass: 'standard',
  ...overrides,
});

// The seeded shape: Durham's 7.5 % is the state's 4.75 %, the county's 2.25 % and transit's 0.5 %.
const ncState = rate({ state: 'NC', rateMicros: 47_500, name: 'NC State Tax' });
const durhamCounty = rate({
  state: 'NC',
  postcodes: ['277*'],
  rateMicros: 22_500,
  name: 'Durham County Tax',
  priority: 2,
});
const durhamTransit = rate({
  state: 'NC',
  postcodes: ['27700...27799'],
  rateMicros: 5_000,
  name: 'Durham Transit Tax',
  priority: 3,
});
const ncFood = rate({
  state: 'NC',
  rateMicros: 20_000,
  name: 'NC Food Tax',
  taxClass: 'reduced-rate',
});
const caState = rate({ state: 'CA', rateMicros: 72_500, name: 'CA State Tax', shipping: false });
const rates = [ncState, durhamCounty, durhamTransit, ncFood, caState];

const durham = { country: 'US', state: 'NC', postcode: '27701', city: 'Durham' };
const asheville = { country: 'US', state: 'NC', postcode: '28801', city: 'Asheville' };
const portland = { country: 'US', state: 'OR', postcode: '97201', city: 'Portland' };
const losAngeles = { country: 'US', state: 'CA', postcode: '90012', city: 'Los Angeles' };

const standardLine = (cents: number) =>
  ({ taxableCents: cents, taxStatus: 'taxable', taxClass: 'standard' }) as const;
const foodLine = (cents: number) =>
  ({ taxableCents: cents, taxStatus: 'taxable', taxClass: 'reduced-rate' }) as const;

describe('taxOnCents', () => {
  it('rounds half a cent up and anything less down', () => {
    expect(taxOnCents(1000, 75_000)).toBe(75);
    expect(taxOnCents(1999, 75_000)).toBe(150); // 149.925
    expect(taxOnCents(695, 47_500)).toBe(33); // 33.0125
    expect(taxOnCents(10, 50_000)).toBe(1); // 0.5
    expect(taxOnCents(9, 50_000)).toBe(0); // 0.45
  });
});

describe('rateCode', () => {
  it("is WooCommerce's COUNTRY-STATE-NAME-PRIORITY", () => {
    expect(rateCode(ncState)).toBe('US-NC-NC STATE TAX-1');
    expect(rateCode({ country: '', state: '', name: 'Tax', priority: 2 })).toBe('TAX-2');
  });
});

describe('matchingRates', () => {
  it('adds the rates of each priority where the postcode matches', () => {
    expect(matchingRates(rates, durham, 'standard')).toEqual([
      ncState,
      durhamCounty,
      durhamTransit,
    ]);
    expect(matchingRates(rates, asheville, 'standard')).toEqual([ncState]);
  });

  it('takes only the first match (by order) at one priority', () => {
    const first = rate({ state: 'NY', rateMicros: 40_000, name: 'First', rateOrder: 1 });
    const second = rate({ state: 'NY', rateMicros: 90_000, name: 'Second', rateOrder: 2 });
    const ny = { country: 'US', state: 'NY', postcode: '10001', city: 'New York' };
    expect(matchingRates([second, first], ny, 'standard')).toEqual([first]);
  });

  it('matches a rate limited to cities by name, whatever the case', () => {
    const cityRate = rate({ state: 'NC', cities: ['durham'], rateMicros: 10_000, name: 'City' });
    expect(matchingRates([cityRate], durham, 'standard')).toEqual([cityRate]);
    expect(matchingRates([cityRate], asheville, 'standard')).toEqual([]);
  });
});

describe('computeTax', () => {
  it('taxes a Durham order at 7.5 % on goods and shipping, rounding each line then summing', () => {
    const result = computeTax({
      rates,
      destination: durham,
      lines: [standardLine(1999), standardLine(1999)],
      shippingCents: 695,
      exemptReason: null,
    });
    // Per rate per line: 94.95 → 95, 44.98 → 45, 9.995 → 10: 150 a line (not 299.85 → 300 once).
    expect(result.lines.map((line) => line.cents)).toEqual([150, 150]);
    expect(result.cartTaxCents).toBe(300);
    expect(result.shippingTaxCents).toBe(33 + 16 + 3);
    expect(result.totalTaxCents).toBe(352);
    expect(result.taxLines).toEqual([
      expect.objectContaining({
        rateId: ncState.id,
        rateCode: 'US-NC-NC STATE TAX-1',
        ratePercent: '4.7500',
        taxCents: 190,
        shippingTaxCents: 33,
      }),
      expect.objectContaining({ rateId: durhamCounty.id, taxCents: 90, shippingTaxCents: 16 }),
      expect.objectContaining({ rateId: durhamTransit.id, taxCents: 20, shippingTaxCents: 3 }),
    ]);
  });

  it('taxes food at the reduced rate and other goods at the standard rates', () => {
    const result = computeTax({
      rates,
      destination: durham,
      lines: [foodLine(1200), standardLine(2000)],
      shippingCents: 0,
      exemptReason: null,
    });
    expect(result.lines[0]).toEqual({ cents: 24, taxes: [{ rateId: ncFood.id, cents: 24 }] });
    expect(result.lines[1]!.cents).toBe(150);
    expect(result.shippingTaxCents).toBe(0);
  });

  it('taxes the shipping of a box of food at the food rate, and of mixed goods at the standard rates', () => {
    const food = computeTax({
      rates,
      destination: durham,
      lines: [foodLine(1200)],
      shippingCents: 695,
      exemptReason: null,
    });
    expect(food.shippingTaxCents).toBe(14); // 2 % of 6.95 = 13.9
    expect(food.taxLines).toEqual([
      expect.objectContaining({ rateId: ncFood.id, taxCents: 24, shippingTaxCents: 14 }),
    ]);
    const mixed = computeTax({
      rates,
      destination: durham,
      lines: [foodLine(1200), standardLine(1000)],
      shippingCents: 695,
      exemptReason: null,
    });
    expect(mixed.shippingTaxCents).toBe(52);
  });

  it('charges nothing on zero-rate goods or on goods whose status is none', () => {
    const result = computeTax({
      rates,
      destination: durham,
      lines: [
        { taxableCents: 5000, taxStatus: 'taxable', taxClass: 'zero-rate' },
        { taxableCents: 5000, taxStatus: 'none', taxClass: 'standard' },
      ],
      shippingCents: 0,
      exemptReason: null,
    });
    expect(result.totalTaxCents).toBe(0);
    expect(result.taxLines).toEqual([]);
  });

  it('leaves shipping untaxed where the state does not tax it', () => {
    const result = computeTax({
      rates,
      destination: losAngeles,
      lines: [standardLine(1000)],
      shippingCents: 695,
      exemptReason: null,
    });
    expect(result.cartTaxCents).toBe(73); // 72.5
    expect(result.shippingTaxCents).toBe(0);
  });

  it('taxes only the shipping of a product whose status is shipping', () => {
    const result = computeTax({
      rates,
      destination: asheville,
      lines: [{ taxableCents: 1000, taxStatus: 'shipping', taxClass: 'standard' }],
      shippingCents: 1000,
      exemptReason: null,
    });
    expect(result.cartTaxCents).toBe(0);
    expect(result.shippingTaxCents).toBe(48); // 47.5
  });

  it('charges nothing in a state with no rates (Oregon)', () => {
    const result = computeTax({
      rates,
      destination: portland,
      lines: [standardLine(6450)],
      shippingCents: 695,
      exemptReason: null,
    });
    expect(result.totalTaxCents).toBe(0);
    expect(result.taxLines).toEqual([]);
  });

  it('charges an exempt buyer nothing and says why', () => {
    const result = computeTax({
      rates,
      destination: durham,
      lines: [standardLine(10_000)],
      shippingCents: 695,
      exemptReason: 'Resale certificate on file',
    });
    expect(result.totalTaxCents).toBe(0);
    expect(result.lines).toEqual([{ cents: 0, taxes: [] }]);
    expect(result.exemptReason).toBe('Resale certificate on file');
  });

  it('taxes the discounted amount it is given, not a list price', () => {
    const full = computeTax({
      rates,
      destination: durham,
      lines: [standardLine(2000)],
      shippingCents: 0,
      exemptReason: null,
    });
    const discounted = computeTax({
      rates,
      destination: durham,
      lines: [standardLine(1000)],
      shippingCents: 0,
      exemptReason: null,
    });
    expect(full.cartTaxCents).toBe(150);
    expect(discounted.cartTaxCents).toBe(48 + 23 + 5); // each rate rounds its own half cent up
  });

  it('applies a compound rate on the amount plus the simple taxes', () => {
    const simple = rate({ state: 'QC', rateMicros: 50_000, name: 'GST' });
    const compound = rate({
      state: 'QC',
      rateMicros: 100_000,
      name: 'PST',
      priority: 2,
      compound: true,
    });
    const result = computeTax({
      rates: [simple, compound],
      destination: { country: 'US', state: 'QC', postcode: '', city: '' },
      lines: [standardLine(1000)],
      shippingCents: 0,
      exemptReason: null,
    });
    expect(result.lines[0]!.taxes).toEqual([
      { rateId: simple.id, cents: 50 },
      { rateId: compound.id, cents: 105 },
    ]);
  });
});
