import type { Database } from '../../db/client.ts';
import { createDrainLoop } from '../../http/background-worker.ts';
import { emailQueueRepo } from './email-queue.repo.ts';
import type { Email } from './email.ts';
import type { Mailer } from './mailer.ts';

export { EMAIL_QUEUE_CHANNEL } from './email-queue.repo.ts';

/** A failed send is tried again after 1, 5, 30, 120 and 360 minutes, as webhooks are (0042). */
export const EMAIL_RETRY_DELAYS_MS = [1, 5, 30, 120, 360].map((minutes) => minutes * 60_000);
/** Longer than a send can take (the SMTP transport gives up after 40 s at most). */
const CLAIM_LEASE_MS = 60_000;
const CLAIM_BATCH = 10;
const SENT_KEPT_DAYS = 30;

/** An e-mail as the queue's JSON keeps it: attachments' bytes in base64. */
type StoredEmail = Omit<Email, 'attachments'> & {
  attachments?: { filename: string; contentType: string; base64: string }[];
};

const toStored = ({ attachments, ...email }: Email): StoredEmail => ({
  ...email,
  ...(attachments?.length
    ? {
        attachments: attachments.map(({ filename, contentType, content }) => ({
          filename,
          contentType,
          base64: content.toString('base64'),
        })),
      }
    : {}),
});

const fromStored = ({ attachments, ...email }: StoredEmail): Email => ({
  ...email,
  ...(attachments
    ? {
        attachments: attachments.map(({ filename, contentType, base64 }) => ({
          filename,
          contentType,
          content: Buffer.from(base64, 'base64'),
        })),
      }
    : {}),
});

const queuedRows = (about: string, messages: Email[]) =>
  messages.map((message) => ({ message: toStored(message), about }));

export interface EmailQueueOptions {
  mailer: Mailer;
  log: {
    warn(object: object, message: string): void;
    error(object: object, message: string): void;
  };
  now?: () => Date;
  /**
   * Whether this process sends queued e-mails (SEND_EMAILS, default true). A shop's processes
   * that answer shoppers can leave sending to one that does not (decision 0057).
   */
  sends: boolean;
}

/**
 * E-mails that must not be lost (a paid order's confirmation and the owner's notice): queued in
 * the transaction that makes them due, so they exist exactly when it commits, then rendered and
 * sent off the request path, at least once, retried while the mail server refuses them.
 */
export function createEmailQueue(db: Database, options: EmailQueueOptions) {
  const now = options.now ?? (() => new Date());

  async function send(id: number, attempts: number, message: Email): Promise<boolean> {
    try {
      await options.mailer.send(message);
      return true;
    } catch (error) {
      const delay = EMAIL_RETRY_DELAYS_MS[attempts - 1];
      const retryAt = delay === undefined ? undefined : new Date(now().getTime() + delay);
      const reason = error instanceof Error ? error.message : String(error);
      await emailQueueRepo.markFailed(db, id, reason.slice(0, 1000), retryAt);
      if (retryAt) {
        options.log.warn(
          { err: error, emailId: id, retryAt },
          `could not send "${message.subject}"; it will be tried again`,
        );
      } else {
        options.log.error(
          { err: error, emailId: id },
          `gave up sending "${message.subject}" after ${attempts} attempts`,
        );
      }
      return false;
    }
  }

  const queue = {
    /**
     * Queues `messages` on `executor`: in a transaction they are sent once it commits, and never
     * when it rolls back. `about` names what they are about in the log (`order 12`).
     */
    async add(about: string, messages: Email[], executor: Database = db): Promise<void> {
      if (messages.length === 0) return;
      await emailQueueRepo.insert(executor, queuedRows(about, messages));
    },

    /**
     * `messages` as the queue stores them, for a statement that inserts them itself (a payment's,
     * with its paid mark: decision 0059) through `emailQueueRepo.insertWhen`.
     */
    stored(about: string, messages: Email[]): string {
      return JSON.stringify(queuedRows(about, messages));
    },

    /** Sends what is due now; answers how many e-mails this call took. */
    async deliverDue(): Promise<number> {
      const at = now();
      const claimed = await emailQueueRepo.claimDue(
        db,
        at,
        new Date(at.getTime() + CLAIM_LEASE_MS),
        CLAIM_BATCH,
      );
      const results = await Promise.all(
        claimed.map((row) => send(row.id, row.attempts, fromStored(row.message as StoredEmail))),
      );
      const sent = claimed.filter((_, index) => results[index]).map((row) => row.id);
      if (sent.length > 0) await emailQueueRepo.markSent(db, sent, now());
      return claimed.length;
    },

    /** Deletes e-mails sent more than 30 days ago; answers how many went. */
    pruneSent(): Promise<number> {
      return emailQueueRepo.pruneSent(
        db,
        new Date(now().getTime() - SENT_KEPT_DAYS * 24 * 60 * 60_000),
      );
    },

    ...createDrainLoop(
      (): Promise<number> => queue.deliverDue(),
      (error) => options.log.error({ err: error }, 'queued e-mails failed to send'),
    ),
  };
  // A process that leaves sending to another never starts a run.
  if (!options.sends) queue.kick = async () => undefined;
  return queue;
}

export type EmailQueue = ReturnType<typeof createEmailQueue>;
