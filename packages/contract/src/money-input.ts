// Amounts typed by a person, read strictly: apart from money.ts, which every shop page loads, so
// only the back office and the API carry the parser.

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
