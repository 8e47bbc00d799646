import { describe, expect, it } from 'vitest';
import {
  centsOf,
  formatCents,
  formatMoney,
  lineTotalCents,
  orderTotalCents,
  sumCents,
  toMoneyNumber,
  toMoneyString,
} from './money.ts';
import { MoneyInputError, parseMoneyInput } from './money-input.ts';

describe('toMoneyString', () => {
  it('writes cents as WooCommerce money strings with two decimals', () => {
    expect(toMoneyString(1250)).toBe('12.50');
    expect(toMoneyString(705)).toBe('7.05');
    expect(toMoneyString(5)).toBe('0.05');
    expect(toMoneyString(10)).toBe('0.10');
    expect(toMoneyString(0)).toBe('0.00');
    expect(toMoneyString(123456789)).toBe('1234567.89');
  });

  it('keeps the sign of a negative amount and rounds stray fractions of a cent', () => {
    expect(toMoneyString(-5)).toBe('-0.05');
    expect(toMoneyString(-1250)).toBe('-12.50');
    expect(toMoneyString(1249.6)).toBe('12.50');
  });
});

describe('toMoneyNumber', () => {
  it('gives the dollars as a number for numeric wire fields', () => {
    expect(toMoneyNumber(1250)).toBe(12.5);
    expect(toMoneyNumber(705)).toBe(7.05);
    expect(toMoneyNumber(1999.4)).toBe(19.99);
  });
});

describe('centsOf', () => {
  it('reads the wire decimal strings and numbers as whole cents', () => {
    expect(centsOf('12.50')).toBe(1250);
    expect(centsOf('0.10') + centsOf('0.20')).toBe(30);
    expect(centsOf(19.99)).toBe(1999);
    expect(centsOf(7.05)).toBe(705);
    expect(centsOf('-3.25')).toBe(-325);
  });

  it('counts a malformed or empty amount as 0', () => {
    expect(centsOf('')).toBe(0);
    expect(centsOf('   ')).toBe(0);
    expect(centsOf('abc')).toBe(0);
    expect(centsOf(Number.NaN)).toBe(0);
    expect(centsOf(Number.POSITIVE_INFINITY)).toBe(0);
  });
});

describe('parseMoneyInput', () => {
  it('reads what an owner types to the cent', () => {
    expect(parseMoneyInput('7.5')).toBe(750);
    expect(parseMoneyInput('7.05')).toBe(705);
    expect(parseMoneyInput('12')).toBe(1200);
    expect(parseMoneyInput('0.5')).toBe(50);
    expect(parseMoneyInput(' 12.50 ')).toBe(1250);
    expect(parseMoneyInput('9999999.99')).toBe(999999999);
  });

  it.each(['7.555', '-1', 'abc', '1e3', '7.', '.5', '', '12,50', '10000000', '1 2'])(
    'refuses %j with a message naming it',
    (input) => {
      expect(() => parseMoneyInput(input)).toThrow(MoneyInputError);
      expect(() => parseMoneyInput(input)).toThrow(
        expect.objectContaining({ name: 'MoneyInputError' }),
      );
      expect(() => parseMoneyInput(input)).toThrow(
        `"${input}" is not an amount: write dollars with up to two decimals, such as 12.50 or 7.5`,
      );
    },
  );
});

describe('formatCents and formatMoney', () => {
  it('show US dollars with cents and thousands separators', () => {
    expect(formatCents(1250)).toBe('$12.50');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(100000000)).toBe('$1,000,000.00');
    expect(formatCents(99999)).toBe('$999.99');
    expect(formatCents(-5)).toBe('-$0.05');
    expect(formatCents(-123456)).toBe('-$1,234.56');
    expect(formatCents(1249.6)).toBe('$12.50');
  });

  it('accept the wire amounts the API sends, numbers or strings', () => {
    expect(formatMoney(12.5)).toBe('$12.50');
    expect(formatMoney('8.99')).toBe('$8.99');
    expect(formatMoney('1000.00')).toBe('$1,000.00');
    expect(formatMoney(1234.567)).toBe('$1,234.57');
  });

  it('show $0.00 rather than NaN for a malformed amount', () => {
    expect(formatMoney('')).toBe('$0.00');
  });
});

describe('totals', () => {
  it('multiply a unit price by the quantity and add amounts in cents', () => {
    expect(lineTotalCents(750, 3)).toBe(2250);
    expect(sumCents([10, 20, 1250])).toBe(1280);
    expect(sumCents([])).toBe(0);
    expect(orderTotalCents(2250, 795)).toBe(3045);
  });
});
