import { describe, expect, it } from 'vitest';
import { cvcLength, formatCardNumber, formatCvc, formatExpiry } from './test-card.ts';

describe('test card formatting', () => {
  it('groups a card number in fours, and an Amex number 4-6-5', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242 42a')).toBe('4242 42');
    expect(formatCardNumber('42424242424242429999')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
  });

  it('adds the expiry separator by itself and drops it on backspace', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('4')).toBe('04 / ');
    expect(formatExpiry('12')).toBe('12 / ');
    expect(formatExpiry('1240')).toBe('12 / 40');
    expect(formatExpiry('12/405')).toBe('12 / 40');
    expect(formatExpiry('12 /', '12 / ')).toBe('1');
  });

  it('keeps a 3-digit security code, 4 for Amex', () => {
    expect(cvcLength('4242 4242 4242 4242')).toBe(3);
    expect(cvcLength('3782 822463 10005')).toBe(4);
    expect(formatCvc('12345', '4242')).toBe('123');
    expect(formatCvc('1a2345', '3782')).toBe('1234');
  });
});
