import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ResetPasswordRequestSchema } from '@larder/contract';
import type { z } from 'zod';
import type { RateLimit } from '../../config.ts';
import { ApiError, invalidParam } from '../../http/errors.ts';
import type { SharedCounters } from '../../http/shared-counters.ts';
import { passwordChangedEmail, passwordResetEmail } from '../mail/account-emails.ts';
import type { Mailer } from '../mail/mailer.ts';
import { hashPassword, weakPasswordReason } from './passwords.ts';
import type { PasswordResetRepo } from './password-reset.repo.ts';
import type { SignInThrottle } from './sign-in-throttle.ts';

type ResetInput = z.output<typeof ResetPasswordRequestSchema>;

export interface PasswordResetOptions {
  mailer: Mailer;
  /** The shop's name (SHOP_NAME), as its e-mails sign and mention it. */
  shopName: string;
  /** The storefront's origin: the emailed link opens its /reset-password page. */
  publicUrl: string;
  /** Reset requests allowed per email address, whoever sends them. */
  perAddressLimit: RateLimit;
  /** Where the requests per address are counted (shared by every process of the shop). */
  counters: SharedCounters;
  /** A new password makes the failed sign-ins counted so far moot. */
  signInThrottle: SignInThrottle;
  log: { error(object: object, message: string): void };
  now?: () => Date;
}

/** ARCHITECTURE.md: reset keys are random, single-use, stored hashed and expire. */
export const RESET_KEY_LIFETIME_MS = 60 * 60_000;

export const FORGOT_PASSWORD_MESSAGE =
  'If an account uses that email address, we have sent it a link to choose a new password. The link works for one hour.';

const MAX_ID = 2_147_483_647;
const keyHash = (key: string) => createHash('sha256').update(key).digest();

export const invalidResetKey = () =>
  new ApiError(
    400,
    'invalid_key',
    'This reset link has expired or was already used. Ask for a new one.',
  );

export function createPasswordResetService(repo: PasswordResetRepo, options: PasswordResetOptions) {
  const now = options.now ?? (() => new Date());
  const limit = options.perAddressLimit;
  /** Records one request; false when the address has had its share in the window. */
  const takeAddressShare = async (address: string) =>
    (
      await options.counters.add(`password-reset:${encodeURIComponent(address)}`, {
        ttlMs: limit.windowMs,
        extend: false,
      })
    ).count <= limit.max;

  async function emailLink(to: { name: string; address: string }, link: string) {
    await options.mailer.send(passwordResetEmail(to, options.shopName, link));
  }

  /** Stores a new key and emails its link, when an account uses the address. */
  async function emailResetLinkIfKnown(email: string): Promise<void> {
    const customer = await repo.findCustomerByEmail(email);
    if (!customer) return;
    const key = randomBytes(32).toString('base64url');
    const createdAt = now();
    await repo.storeKey({
      customerId: customer.id,
      keyHash: keyHash(key).toString('hex'),
      createdAt,
      expiresAt: new Date(createdAt.getTime() + RESET_KEY_LIFETIME_MS),
    });
    const link = `${options.publicUrl}/reset-password?key=${key}&id=${customer.id}`;
    const name = `${customer.firstName} ${customer.lastName}`.trim() || customer.email;
    await emailLink({ name, address: customer.email }, link);
  }

  return {
    /**
     * Emails a reset link when an account uses the address. The answer never says whether one does:
     * it is given before the account is looked up, so every address costs the request the same.
     */
    async requestReset(rawEmail: string): Promise<void> {
      const email = rawEmail.toLowerCase();
      if (!(await takeAddressShare(email))) {
        throw new ApiError(
          429,
          'rest_rate_limited',
          'Several reset links were asked for this address already. Use the newest email, or wait an hour.',
        );
      }
      // Not awaited: the lookup, the key and a slow mail server would each tell who has an account.
      void emailResetLinkIfKnown(email).catch((error: unknown) => {
        options.log.error({ err: error }, 'could not email a password reset link');
      });
    },

    /** Sets a new password with a valid key: single-use, unexpired; ends every session. */
    async resetPassword(input: ResetInput): Promise<void> {
      // Ids beyond Postgres's integer are nobody's (and would be a database error, not a 400).
      const found = input.userId <= MAX_ID ? await repo.findKey(input.userId) : undefined;
      const sent = keyHash(input.key);
      const stored = found ? Buffer.from(found.key.keyHash, 'hex') : Buffer.alloc(sent.length);
      const matches = stored.length === sent.length && timingSafeEqual(stored, sent);
      if (!found || !matches || found.key.usedAt || found.key.expiresAt <= now()) {
        throw invalidResetKey();
      }
      const weak = weakPasswordReason(input.password, found.customer.email);
      if (weak) throw invalidParam('password', weak);
      const passwordHash = await hashPassword(input.password);
      const reset = await repo.resetPassword(
        found.customer.id,
        found.key.keyHash,
        passwordHash,
        now(),
      );
      if (!reset) throw invalidResetKey();
      await options.signInThrottle.clearAccount([found.customer.email, found.customer.username]);
      const { customer } = found;
      const name = `${customer.firstName} ${customer.lastName}`.trim() || customer.email;
      await options.mailer
        .send(
          passwordChangedEmail(
            { name, address: customer.email },
            options.shopName,
            `${options.publicUrl}/forgot-password`,
          ),
        )
        .catch((error: unknown) => {
          // The new password is set; a missed notice must not turn that into an error.
          options.log.error({ err: error }, 'could not email a password-changed notice');
        });
    },
  };
}
export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
