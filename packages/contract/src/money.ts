// The one place where money changes shape: integer cents inside, "12.50" strings and 12.5 numbers on
// the wire (WooCommerce), "$12.50" on the page, owner-typed amounts such as "7.5" parsed exactly.
// No zod and no module-level state, so a storefront page pulls in only the functions it calls.

const CENTS_PER_DOLLAR = 100;

/** 1250 → "12.50", -5 → "-0.05": WooCommerce's money strings. */
export function toMoneyString(cents: number): string {
  const whole = Math.round(cents);
  const abs = Math.abs(whole);
  const dollars = Math.floor(abs / CENTS_PER_DOLLAR);
  const rest = abs % CENTS_PER_DOLLAR;
  return `${whole < 0 ? '-' : ''}${dollars}.${rest < 10 ? '0' : ''}${rest}`;
}

/** 1250 → 12.5: WooCommerce's numeric money fields (display_price, a rate's cost, a line's price). */
export const toMoneyNumber = (cents: number): number => Math.round(cents) / CENTS_PER_DOLLAR;

/**
 * A wire amount (12.5 or "12.50") in integer cents, so sums never drift ($0.10 + $0.20 = 30 cents);
 * 0 for something that is not a number, so a page shows $0.00 rather than NaN.
 */
export function centsOf(amount: number | string): number {
  const value = Number(amount);
  return Number.isFinite(value) ? Math.round(value * CENTS_PER_DOLLAR) : 0;
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
  return Number(match[1]) * CENTS_PER_DOLLAR + Number(fraction);
}

/** 123456 → "$1,234.56", -5 → "-$0.05" (spec §9: en-US, USD). */
export function formatCents(cents: number): string {
  const whole = Math.round(cents);
  const dollars = String(Math.floor(Math.abs(whole) / CENTS_PER_DOLLAR));
  const grouped = dollars.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${whole < 0 ? '-' : ''}$${grouped}.${toMoneyString(whole).slice(-2)}`;
}

/** A wire amount (12.5 or "12.50") as the page shows it: "$12.50". */
export const formatMoney = (amount: number | string): string => formatCents(centsOf(amount));

/** Quantity × unit price, in cents. */
export const lineTotalCents = (unitCents: number, quantity: number): number => unitCents * quantity;

/** The sum of amounts in cents. */
export const sumCents = (amounts: readonly number[]): number =>
  amounts.reduce((sum, amount) => sum + amount, 0);

/** What an order charges: its lines plus shipping (no taxes or coupons in this shop). */
export const orderTotalCents = (subtotalCents: number, shippingCents: number): number =>
  subtotalCents + shippingCents;
