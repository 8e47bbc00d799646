import type { StoredLineTax, StoredTaxLine } from '../../db/schema.ts';
import { postcodeMatches } from '../shipping/zone-matching.ts';

/** A tax class's slug as rates carry it; a product's '' is `standard`. */
export type TaxClassSlug = 'standard' | 'reduced-rate' | 'zero-rate';

export interface TaxRate {
  id: number;
  country: string;
  state: string;
  postcodes: string[];
  cities: string[];
  /** Ten-thousandths of a percent: 7.5 % is 75000. */
  rateMicros: number;
  name: string;
  priority: number;
  compound: boolean;
  shipping: boolean;
  rateOrder: number;
  taxClass: TaxClassSlug;
}

export interface TaxDestination {
  country: string;
  state: string;
  postcode: string;
  city: string;
}

export interface TaxableLine {
  /**
   * What the line is taxed on, in cents: its total after any discount (the order's money is made
   * lines, then discounts, then shipping, then tax).
   */
  taxableCents: number;
  taxStatus: 'taxable' | 'shipping' | 'none';
  taxClass: TaxClassSlug;
}

export interface TaxInput {
  rates: readonly TaxRate[];
  destination: TaxDestination;
  lines: readonly TaxableLine[];
  shippingCents: number;
  /** Set for a buyer who need not pay tax (an approved resale certificate): nothing is charged. */
  exemptReason: string | null;
}

export interface LineTax {
  cents: number;
  taxes: StoredLineTax[];
}

export interface TaxResult {
  lines: LineTax[];
  shipping: LineTax;
  cartTaxCents: number;
  shippingTaxCents: number;
  totalTaxCents: number;
  taxLines: StoredTaxLine[];
  exemptReason: string | null;
}

/** 7.5 % of 1999 cents: 149.925 → 150. Half a cent rounds up, as WooCommerce rounds. */
export const taxOnCents = (cents: number, rateMicros: number): number =>
  Math.round((cents * rateMicros) / 1_000_000);

/** 75000 → "7.5000", WooCommerce's rate string. */
export const ratePercentString = (rateMicros: number): string => (rateMicros / 10_000).toFixed(4);

/** WooCommerce's rate code: COUNTRY-STATE-NAME-PRIORITY, e.g. US-NC-NC STATE TAX-1. */
export const rateCode = (rate: Pick<TaxRate, 'country' | 'state' | 'name' | 'priority'>): string =>
  [rate.country, rate.state, rate.name.toUpperCase() || 'TAX', String(rate.priority)]
    .filter((part) => part !== '')
    .join('-');

function rateMatches(rate: TaxRate, destination: TaxDestination): boolean {
  if (rate.country !== '' && rate.country.toUpperCase() !== destination.country.toUpperCase()) {
    return false;
  }
  if (rate.state !== '' && rate.state.toUpperCase() !== destination.state.toUpperCase()) {
    return false;
  }
  if (
    rate.postcodes.length > 0 &&
    !rate.postcodes.some((rule) => postcodeMatches(rule, destination.postcode))
  ) {
    return false;
  }
  const city = destination.city.trim().toUpperCase();
  if (rate.cities.length > 0 && !rate.cities.some((name) => name.trim().toUpperCase() === city)) {
    return false;
  }
  return true;
}

/**
 * WooCommerce's lookup: of the rates of one class that match the address, the first (by
 * rate_order, then id) at each priority, lowest priority first.
 */
export function matchingRates(
  rates: readonly TaxRate[],
  destination: TaxDestination,
  taxClass: TaxClassSlug,
): TaxRate[] {
  const byPriority = new Map<number, TaxRate>();
  const ordered = rates
    .filter((rate) => rate.taxClass === taxClass && rateMatches(rate, destination))
    .sort((a, b) => a.priority - b.priority || a.rateOrder - b.rateOrder || a.id - b.id);
  for (const rate of ordered) {
    if (!byPriority.has(rate.priority)) byPriority.set(rate.priority, rate);
  }
  return [...byPriority.values()];
}

/** Each rate's tax on one amount: simple rates on the amount, compound ones on amount + those. */
function taxesOn(cents: number, rates: readonly TaxRate[]): LineTax {
  const simple = rates
    .filter((rate) => !rate.compound)
    .map((rate) => ({ rateId: rate.id, cents: taxOnCents(cents, rate.rateMicros) }));
  const simpleCents = simple.reduce((sum, tax) => sum + tax.cents, 0);
  const compound = rates
    .filter((rate) => rate.compound)
    .map((rate) => ({ rateId: rate.id, cents: taxOnCents(cents + simpleCents, rate.rateMicros) }));
  const taxes = [...simple, ...compound];
  return { cents: taxes.reduce((sum, tax) => sum + tax.cents, 0), taxes };
}

const noTax: LineTax = { cents: 0, taxes: [] };

const classWeight: Record<TaxClassSlug, number> = {
  standard: 3,
  'reduced-rate': 2,
  'zero-rate': 1,
};

/**
 * WooCommerce's "shipping tax class based on cart items": shipping follows the goods it carries,
 * at the highest class among lines whose shipping is taxable (standard over reduced over zero), so
 * a box of food ships at the food rate. Null when no line's shipping is taxable.
 */
export function shippingTaxClass(lines: readonly TaxableLine[]): TaxClassSlug | null {
  let chosen: TaxClassSlug | null = null;
  for (const line of lines) {
    if (line.taxStatus === 'none') continue;
    if (chosen === null || classWeight[line.taxClass] > classWeight[chosen]) chosen = line.taxClass;
  }
  return chosen;
}

/**
 * The one tax rule, for the quote and the order alike: each line taxed at its class's rates for the
 * destination and rounded to the cent, then the lines summed (rounding per line: a line's tax on an
 * invoice is what it adds up to). Shipping is taxed at the rates that say so of the class its goods
 * decide (shippingTaxClass). Prices are entered without tax.
 */
export function computeTax(input: TaxInput): TaxResult {
  const { rates, destination, shippingCents, exemptReason } = input;
  if (exemptReason !== null) {
    return {
      lines: input.lines.map(() => noTax),
      shipping: noTax,
      cartTaxCents: 0,
      shippingTaxCents: 0,
      totalTaxCents: 0,
      taxLines: [],
      exemptReason,
    };
  }
  const lines = input.lines.map((line) =>
    line.taxStatus === 'taxable'
      ? taxesOn(line.taxableCents, matchingRates(rates, destination, line.taxClass))
      : noTax,
  );
  const shippingClass = shippingTaxClass(input.lines);
  const shipping =
    shippingClass && shippingCents > 0
      ? taxesOn(
          shippingCents,
          matchingRates(rates, destination, shippingClass).filter((rate) => rate.shipping),
        )
      : noTax;

  const byRate = new Map<number, { taxCents: number; shippingTaxCents: number }>();
  const add = (taxes: StoredLineTax[], field: 'taxCents' | 'shippingTaxCents') => {
    for (const tax of taxes) {
      const entry = byRate.get(tax.rateId) ?? { taxCents: 0, shippingTaxCents: 0 };
      entry[field] += tax.cents;
      byRate.set(tax.rateId, entry);
    }
  };
  lines.forEach((line) => add(line.taxes, 'taxCents'));
  add(shipping.taxes, 'shippingTaxCents');

  const taxLines = rates
    .filter((rate) => byRate.has(rate.id))
    .sort((a, b) => a.priority - b.priority || a.rateOrder - b.rateOrder || a.id - b.id)
    .map((rate): StoredTaxLine => {
      const totals = byRate.get(rate.id)!;
      return {
        rateId: rate.id,
        rateCode: rateCode(rate),
        label: rate.name,
        compound: rate.compound,
        ratePercent: ratePercentString(rate.rateMicros),
        taxCents: totals.taxCents,
        shippingTaxCents: totals.shippingTaxCents,
      };
    });
  const cartTaxCents = lines.reduce((sum, line) => sum + line.cents, 0);
  return {
    lines,
    shipping,
    cartTaxCents,
    shippingTaxCents: shipping.cents,
    totalTaxCents: cartTaxCents + shipping.cents,
    taxLines,
    exemptReason: null,
  };
}
