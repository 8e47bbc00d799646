// The one place where money changes shape: integer cents inside, "12.50" strings and 12.5 numbers on
// the wire (WooCommerce), "$12.50" on the page, owner-typed amounts such as "7.5" parsed exactly.
// No zod and no side effects, so a storefront page pulls in only the functions it calls. Money is
// integer cents, 100 to the dollar, written as a plain 100: a named constant costs first-load bytes.

/** 1250 → 12.5: WooCommerce's numeric money fields (display_price, a rate's cost, a line's price). */
export const toMoneyNumber = (cents: number): number => Math.round(cents) / 100;

/**
 * 1250 → "12.50", -5 → "-0.05": WooCommerce's money strings. toFixed is exact here: for whole cents
 * n, the two-decimal value nearest to n / 100 is always n's own digits.
 */
export const toMoneyString = (cents: number): string => toMoneyNumber(cents).toFixed(2);

/**
 * A wire amount (12.5 or "12.50") in integer cents, so sums never drift ($0.10 + $0.20 = 30 cents);
 * 0 for something that is not a number, so a page shows $0.00 rather than NaN.
 */
export function centsOf(amount: number | string): number {
  const value = Number(amount);
  return Number.isFinite(value) ? Math.round(value * 100) : 0;
}

// Pure: a bundle that never formats drops it.
const usd = /* @__PURE__ */ new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** 123456 → "$1,234.56", -5 → "-$0.05" (spec §9: en-US, USD). */
export const formatCents = (cents: number): string => usd.format(toMoneyNumber(cents));

/** A wire amount (12.5 or "12.50") as the page shows it: "$12.50". */
export const formatMoney = (amount: number | string): string => formatCents(centsOf(amount));

/** Quantity × unit price, in cents. */
export const lineTotalCents = (unitCents: number, quantity: number): number => unitCents * quantity;

/** The sum of amounts in cents. */
export const sumCents = (amounts: readonly number[]): number =>
  amounts.reduce((sum, amount) => sum + amount, 0);

/** What an order charges: its lines plus shipping plus sales tax (prices are entered without tax). */
export const orderTotalCents = (
  subtotalCents: number,
  shippingCents: number,
  taxCents = 0,
): number => subtotalCents + shippingCents + taxCents;
