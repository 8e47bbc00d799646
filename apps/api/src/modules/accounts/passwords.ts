import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

/** argon2id with the library's defaults (19 MiB, 2 passes): OWASP's recommended minimum. */
export const hashPassword = (password: string): Promise<string> => hash(password);

/** A malformed stored hash counts as a wrong password, never as a server error. */
export const verifyPassword = (passwordHash: string, password: string): Promise<boolean> =>
  verify(passwordHash, password).catch(() => false);

/** Checked when no account matches, so a wrong email takes as long as a wrong password. */
const decoyHash = hash('no account has this password');
export const spendVerifyTime = async (password: string): Promise<void> => {
  await verifyPassword(await decoyHash, password);
};

/**
 * The 49,000 passwords people pick most (zxcvbn's breach-list dictionary, MIT), plus a few this
 * shop's own customers would guess first.
 */
const COMMON_PASSWORDS = new Set([
  ...dictionary['passwords-common'],
  '0123456789',
  'abcdefghij',
  'passw0rd123',
  'granola123',
  'larderandoat',
]);

/** Why a password of the right length is still weak, or null. Length itself is the contract's rule. */
export function weakPasswordReason(password: string, email: string): string | null {
  const lowered = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lowered) || new Set(lowered).size <= 2) {
    return 'That password is one of the most common ones. Choose something harder to guess.';
  }
  const name = email.split('@')[0]!.toLowerCase();
  if (name.length >= 4 && lowered.includes(name)) {
    return 'Leave your email address out of your password.';
  }
  return null;
}
