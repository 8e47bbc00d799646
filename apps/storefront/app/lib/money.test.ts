import { describe, expect, it } from 'vitest';
import { centsOf, formatMoney } from './money.ts';

describe('formatMoney', () => {
  it('formats numbers as US dollars with cents', () => {
    expect(formatMoney(12.5)).toBe('$12.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(1234.567)).toBe('$1,234.57');
  });

  it('accepts the decimal strings the API sends', () => {
    expect(formatMoney('8.99')).toBe('$8.99');
    expect(formatMoney('1000.00')).toBe('$1,000.00');
  });

  it('shows $0.00 rather than NaN for a malformed amount', () => {
    expect(formatMoney('')).toBe('$0.00');
  });
});

describe('centsOf', () => {
  it('reads the API decimal strings and numbers as whole cents', () => {
    expect(centsOf('12.50')).toBe(1250);
    expect(centsOf('0.10') + centsOf('0.20')).toBe(30);
    expect(centsOf(19.99)).toBe(1999);
    expect(centsOf('')).toBe(0);
  });
});
