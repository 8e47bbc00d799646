import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ConfirmEmailRequestSchema } from '@larder/contract';
import type { z } from 'zod';
import { ApiError } from '../../http/errors.ts';
import type { Viewer } from '../../http/viewer.ts';
import {
  addressInUseEmail,
  confirmNewEmailEmail,
  emailChangeRequestedEmail,
} from '../mail/account-emails.ts';
import type { Mailer } from '../mail/mailer.ts';
import { isUniqueViolation, type CustomerRow } from './accounts.repo.ts';
import type { EmailChangeRepo } from './email-change.repo.ts';

type ConfirmInput = z.output<typeof ConfirmEmailRequestSchema>;

export interface EmailChangeOptions {
  mailer: Mailer;
  /** The shop's name (SHOP_NAME), as its e-mails sign and mention it. */
  shopName: string;
  /** The storefront's origin: the emailed link opens its /my-account/confirm-email page. */
  publicUrl: string;
  log: { error(object: object, message: string): void };
  now?: () => Date;
}

/** decision 0019: a day, since a new mailbox is not always read at once; single-use and hashed like reset keys. */
export const EMAIL_CHANGE_KEY_LIFETIME_MS = 24 * 60 * 60_000;

const MAX_ID = 2_147_483_647;
const keyHash = (key: string) => createHash('sha256').update(key).digest();
const nameOf = (customer: CustomerRow) =>
  `${customer.firstName} ${customer.lastName}`.trim() || customer.email;

export const invalidEmailChangeKey = () =>
  new ApiError(
    400,
    'invalid_key',
    'This link has expired, was replaced by a newer one or was already used. Change your email again from your account.',
  );

/** The three messages of an email change. */
function emailChangeMails(mailer: Mailer, publicUrl: string, shopName: string) {
  return {
    confirmLink: (customer: CustomerRow, newEmail: string, link: string) =>
      mailer.send(
        confirmNewEmailEmail({ name: nameOf(customer), address: newEmail }, shopName, link),
      ),
    changeRequested: (customer: CustomerRow, newEmail: string) =>
      mailer.send(
        emailChangeRequestedEmail(
          { name: nameOf(customer), address: customer.email },
          newEmail,
          shopName,
          `${publicUrl}/forgot-password`,
        ),
      ),
    addressInUse: (newEmail: string) => mailer.send(addressInUseEmail(newEmail, shopName)),
  };
}

/**
 * Email changes (decision 0019): asked for with the current password, made when the link sent to
 * the new address is opened; the old address is told either way.
 */
export function createEmailChangeService(repo: EmailChangeRepo, options: EmailChangeOptions) {
  const now = options.now ?? (() => new Date());
  const mails = emailChangeMails(options.mailer, options.publicUrl, options.shopName);

  async function sendLinkOrNotice(customer: CustomerRow, newEmail: string): Promise<void> {
    const owner = await repo.findCustomerByEmail(newEmail);
    if (owner) {
      await mails.addressInUse(newEmail);
    } else {
      const key = randomBytes(32).toString('base64url');
      const createdAt = now();
      await repo.storeKey({
        customerId: customer.id,
        newEmail,
        keyHash: keyHash(key).toString('hex'),
        createdAt,
        expiresAt: new Date(createdAt.getTime() + EMAIL_CHANGE_KEY_LIFETIME_MS),
      });
      const link = `${options.publicUrl}/my-account/confirm-email?key=${key}&id=${customer.id}`;
      await mails.confirmLink(customer, newEmail, link);
    }
    await mails.changeRequested(customer, newEmail);
  }

  return {
    /**
     * Starts a change whose password was checked. The answer must not say whether the address is
     * taken, so the lookup, the key and the mails all happen after it.
     */
    requestChange(customer: CustomerRow, newEmail: string): void {
      void sendLinkOrNotice(customer, newEmail).catch((error: unknown) => {
        options.log.error(
          { err: error, customerId: customer.id },
          'could not start an email change',
        );
      });
    },

    /** Makes the change a valid link stands for; the session that opened it stays signed in. */
    async confirm(input: ConfirmInput, viewer: Viewer): Promise<CustomerRow> {
      const { userId } = input;
      // Ids beyond Postgres's integer are nobody's (and would be a database error, not a 400).
      const found = userId <= MAX_ID ? await repo.findKey(userId) : undefined;
      const sent = keyHash(input.key);
      const stored = found ? Buffer.from(found.key.keyHash, 'hex') : Buffer.alloc(sent.length);
      const matches = stored.length === sent.length && timingSafeEqual(stored, sent);
      if (!found || !matches || found.key.expiresAt <= now()) throw invalidEmailChangeKey();
      // Opened again (or first by a mail scanner): the change is made, so say so.
      if (found.key.usedAt) {
        if (found.customer.email === found.key.newEmail) return found.customer;
        throw invalidEmailChangeKey();
      }
      const keep =
        !viewer.isGuest && viewer.customerId === found.customer.id
          ? viewer.sessionIdHash
          : undefined;
      try {
        const changed = await repo.changeEmail(found.customer.id, found.key.keyHash, now(), keep);
        if (!changed) throw invalidEmailChangeKey();
        return changed;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        throw new ApiError(
          400,
          'registration-error-email-exists',
          'Another account has started using this address since you asked. Nothing has changed.',
        );
      }
    },

    cancel: (customerId: number) => repo.cancel(customerId),
  };
}
export type EmailChangeService = ReturnType<typeof createEmailChangeService>;
