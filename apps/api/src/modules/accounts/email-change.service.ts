import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ConfirmEmailRequestSchema } from '@larder/contract';
import type { z } from 'zod';
import { ApiError } from '../../http/errors.ts';
import type { Viewer } from '../../http/viewer.ts';
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

/** The three messages of an email change, one place each. */
function emailChangeMails(mailer: Mailer, publicUrl: string, shopName: string) {
  return {
    /** To the new address: the link that makes the change. */
    confirmLink: (customer: CustomerRow, newEmail: string, link: string) =>
      mailer.send({
        to: { name: nameOf(customer), address: newEmail },
        subject: `Confirm your new ${shopName} email address`,
        text: [
          `Hello ${nameOf(customer)},`,
          '',
          `Someone (we hope you) asked to use this address, ${newEmail}, for a ${shopName} account.`,
          'Open this link within 24 hours to make the change. It works once:',
          '',
          link,
          '',
          'If you did not ask for this, ignore this email: nothing changes.',
        ].join('\n'),
      }),

    /** To the old address, so a change nobody there asked for does not go unnoticed. */
    changeRequested: (customer: CustomerRow, newEmail: string) =>
      mailer.send({
        to: { name: nameOf(customer), address: customer.email },
        subject: `Your ${shopName} email address is about to change`,
        text: [
          `Hello ${nameOf(customer)},`,
          '',
          `Someone signed in to your ${shopName} account asked to change its email address to ${newEmail}.`,
          'The change happens only when the link we sent to that address is opened.',
          '',
          'If this was not you, reset your password now: that cancels the change and signs everyone out.',
          '',
          `${publicUrl}/forgot-password`,
        ].join('\n'),
      }),

    /** To an address that already has an account: no link, since it cannot be used twice. */
    addressInUse: (newEmail: string) =>
      mailer.send({
        to: newEmail,
        subject: `This address already has a ${shopName} account`,
        text: [
          'Hello,',
          '',
          `Someone asked to move another ${shopName} account to this address, which already has an account of its own.`,
          'Nothing has changed. If it was you, sign in with this address instead, or reset its password.',
          '',
          'If you did not ask for this, ignore this email.',
        ].join('\n'),
      }),
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
