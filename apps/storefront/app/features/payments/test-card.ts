import { cardDigits } from '@larder/contract';

/**
 * How the test provider's card fields look as the shopper types. The checks themselves are the
 * contract's `TestCardSchema` (Luhn, expiry, CVC), the same rules the API documents.
 */

/** American Express: 15 digits in 4-6-5 groups and a 4-digit code; other brands 16 and 3. */
const isAmex = (digits: string) => /^3[47]/.test(digits);
const onlyDigits = (value: string) => value.replace(/\D/g, '');

export function cvcLength(cardNumber: string): number {
  return isAmex(cardDigits(cardNumber)) ? 4 : 3;
}

/** "4242424242424242" → "4242 4242 4242 4242"; Amex "3782 822463 10005". */
export function formatCardNumber(value: string): string {
  const digits = onlyDigits(value);
  if (isAmex(digits)) {
    const amex = digits.slice(0, 15);
    return [amex.slice(0, 4), amex.slice(4, 10), amex.slice(10)].filter(Boolean).join(' ');
  }
  return digits.slice(0, 16).replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1240" → "12 / 40", "4" → "04 / ": the separator comes by itself and goes with a backspace. */
export function formatExpiry(value: string, previous = ''): string {
  const digits = onlyDigits(value).slice(0, 4);
  if (previous.endsWith(' / ') && value.length < previous.length) return digits.slice(0, 1);
  if (digits.length === 1 && Number(digits) > 1) return `0${digits} / `;
  if (digits.length < 2) return digits;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

export function formatCvc(value: string, cardNumber: string): string {
  return onlyDigits(value).slice(0, cvcLength(cardNumber));
}
