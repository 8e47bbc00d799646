import { describe, expect, it } from 'vitest';
import {
  cardExpired,
  luhnValid,
  parseTestPaymentToken,
  TEST_CARD_NUMBERS,
  TestCardSchema,
  TestPaymentTokenSchema,
  testPaymentToken,
} from './payments.ts';

const fieldErrors = (card: { number: string; expiry: string; cvc: string }) => {
  const result = TestCardSchema.safeParse(card);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
};

describe('test card tokens', () => {
  it('turns the decline test card into a declined token and others into success tokens', () => {
    expect(testPaymentToken('4000 0000 0000 0002')).toBe('pm_test_declined_0002');
    expect(testPaymentToken('4242 4242 4242 4242')).toBe('pm_test_success_4242');
    expect(testPaymentToken('5555-5555-5555-4444')).toBe('pm_test_success_4444');
  });

  it('reads back only tokens of the documented shape', () => {
    expect(parseTestPaymentToken('pm_test_declined_0002')).toEqual({
      outcome: 'declined',
      last4: '0002',
    });
    expect(parseTestPaymentToken('pm_test_maybe_0002')).toBeNull();
    expect(parseTestPaymentToken('pm_1Nabc')).toBeNull();
    expect(TestPaymentTokenSchema.safeParse('pm_test_success_4242').success).toBe(true);
    expect(TestPaymentTokenSchema.safeParse('4242424242424242').success).toBe(false);
  });
});

describe('TestCardSchema', () => {
  it('accepts both test cards with a future expiry and a 3-digit code', () => {
    for (const number of Object.values(TEST_CARD_NUMBERS)) {
      expect(fieldErrors({ number, expiry: '12/99', cvc: '123' })).toEqual({});
    }
  });

  it('checks the Luhn digit, the expiry and the code length', () => {
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(fieldErrors({ number: '4242 4242 4242 4241', expiry: '12/99', cvc: '123' })).toEqual({
      number: 'Enter a valid card number.',
    });
    expect(fieldErrors({ number: '4242424242424242', expiry: '13/30', cvc: '123' })).toEqual({
      expiry: 'Enter the expiry date as MM/YY.',
    });
    expect(fieldErrors({ number: '4242424242424242', expiry: '01/20', cvc: '123' })).toEqual({
      expiry: 'This card has expired.',
    });
    expect(fieldErrors({ number: '4242424242424242', expiry: '12/99', cvc: '12' })).toEqual({
      cvc: 'Enter the 3-digit security code.',
    });
    expect(fieldErrors({ number: '378282246310005', expiry: '12/99', cvc: '123' })).toEqual({
      cvc: 'Enter the 4-digit security code.',
    });
  });

  it('counts a card as good until the end of its expiry month', () => {
    const now = new Date(2026, 10, 22);
    expect(cardExpired('11/26', now)).toBe(false);
    expect(cardExpired('10/26', now)).toBe(true);
    expect(cardExpired('01/27', now)).toBe(false);
  });
});
