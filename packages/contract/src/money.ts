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

/** Why an owner-typed amount was refused; the message says what to write instead. */
export class MoneyInputError extends Error {
  override name = 'MoneyInputError';
}

// Up to 7 whole digits keeps every amount under 2^31 cents, the database's integer columns.
const MONEY_INPUT = /^(\d{1,7})(?:\.(\d{1,2}))?$/;

/**
 * An amount typed by the owner ("7.5", "7.05", "12", " 12.50 ") in cents; refuses anything else
 * ("7.555", "-1", "abc", "1e3", "7.") with a MoneyInputError naming the value.
 */
export function parseMoneyInput(input: string): number {
  const match = MONEY_INPUT.exec(input.trim());
  if (!match) {
    throw new MoneyInputError(
      `"${input}" is not an amount: write dollars with up to two decimals, such as 12.50 or 7.5`,
    );
  }
  const fraction = (match[2] ?? '').padEnd(2, '0');
  return Number(match[1]) * 100 + Number(fraction);
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
