import {
  and,
  count,
  desc,
  eq,
  inArray,
  lt,
  ne,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queuedEmails } from '../../db/schema.ts';

/** The channel the queue's trigger notifies at commit (migration 0026). */
export const EMAIL_QUEUE_CHANNEL = 'queued_emails';

export type QueuedEmailRow = typeof queuedEmails.$inferSelect;
export type QueuedEmailStatus = QueuedEmailRow['status'];

/**
 * What the owner's list shows of a queued e-mail: its head and attachments' names, read out of the
 * stored message in the database, so no attachment's bytes are ever fetched for it.
 */
const summaryColumns = {
  id: queuedEmails.id,
  about: queuedEmails.about,
  status: queuedEmails.status,
  attempts: queuedEmails.attempts,
  lastError: queuedEmails.lastError,
  nextAttemptAt: queuedEmails.nextAttemptAt,
  sentAt: queuedEmails.sentAt,
  createdAt: queuedEmails.createdAt,
  to: sql<QueuedEmailSummary['to']>`${queuedEmails.message} -> 'to'`,
  subject: sql<string>`${queuedEmails.message} ->> 'subject'`,
  attachments: sql<QueuedEmailSummary['attachments']>`coalesce((
    select jsonb_agg(jsonb_build_object('filename', file ->> 'filename', 'contentType', file ->> 'contentType'))
    from jsonb_array_elements(${queuedEmails.message} -> 'attachments') as file), '[]'::jsonb)`,
};
export interface QueuedEmailSummary extends Pick<
  QueuedEmailRow,
  'id' | 'about' | 'status' | 'attempts' | 'lastError' | 'nextAttemptAt' | 'sentAt' | 'createdAt'
> {
  to: string | { name?: string; address: string };
  subject: string;
  attachments: { filename: string; contentType: string }[];
}

/** Every function takes the database or a transaction, so the service decides what is atomic. */
export const emailQueueRepo = {
  async insert(db: Database, rows: { message: unknown; about: string }[]): Promise<void> {
    await db.insert(queuedEmails).values(rows);
  },

  /**
   * The insert of `rows` (the JSON of what `queuedRows` gives, often a placeholder) when `only`
   * holds, for a statement that writes more with it.
   */
  insertWhen(only: SQL, rows: SQL | Placeholder | string): SQL {
    return sql`
      insert into ${queuedEmails} (message, about)
      select queued.value -> 'message', queued.value ->> 'about'
      from jsonb_array_elements(${rows}::jsonb) as queued
      where ${only}`;
  },

  /**
   * Takes up to `limit` due e-mails for this sender: their next attempt moves to `leaseUntil`, so
   * a process that dies while sending leaves them to be sent when the lease runs out, and SKIP
   * LOCKED lets several processes take disjoint batches at once.
   */
  async claimDue(
    db: Database,
    at: Date,
    leaseUntil: Date,
    limit: number,
  ): Promise<QueuedEmailRow[]> {
    return db
      .update(queuedEmails)
      .set({ nextAttemptAt: leaseUntil, attempts: sql`${queuedEmails.attempts} + 1` })
      .where(
        inArray(
          queuedEmails.id,
          sql`(select id from ${queuedEmails}
            where status = 'pending'
              and (next_attempt_at is null or next_attempt_at <= ${at.toISOString()})
            order by next_attempt_at nulls first, id limit ${limit} for update skip locked)`,
        ),
      )
      .returning();
  },

  async markSent(db: Database, ids: number[], at: Date): Promise<void> {
    await db
      .update(queuedEmails)
      .set({ status: 'sent', sentAt: at, nextAttemptAt: null, lastError: null })
      .where(inArray(queuedEmails.id, ids));
  },

  /** A failed attempt: tried again at `retryAt`, or given up when there is none. */
  async markFailed(db: Database, id: number, error: string, retryAt: Date | undefined) {
    await db
      .update(queuedEmails)
      .set(
        retryAt
          ? { nextAttemptAt: retryAt, lastError: error }
          : { status: 'failed', nextAttemptAt: null, lastError: error },
      )
      .where(eq(queuedEmails.id, id));
  },

  /** A page of queued e-mails, newest first, of one status or all. */
  async list(
    db: Database,
    filter: { status?: QueuedEmailStatus; limit: number; offset: number },
  ): Promise<{ rows: QueuedEmailSummary[]; total: number }> {
    const where = filter.status ? eq(queuedEmails.status, filter.status) : undefined;
    const [rows, [total]] = await Promise.all([
      db
        .select(summaryColumns)
        .from(queuedEmails)
        .where(where)
        .orderBy(desc(queuedEmails.createdAt), desc(queuedEmails.id))
        .limit(filter.limit)
        .offset(filter.offset),
      db.select({ total: count() }).from(queuedEmails).where(where),
    ]);
    return { rows, total: total?.total ?? 0 };
  },

  async status(db: Database, id: number): Promise<QueuedEmailStatus | undefined> {
    const [row] = await db
      .select({ status: queuedEmails.status })
      .from(queuedEmails)
      .where(eq(queuedEmails.id, id));
    return row?.status;
  },

  /**
   * Makes an e-mail not yet sent due at `at` with its retries starting over, and wakes every
   * process that sends (at commit, as a queued one does); undefined when there is no such e-mail.
   */
  async sendAgain(db: Database, id: number, at: Date): Promise<QueuedEmailSummary | undefined> {
    const [row] = await db
      .update(queuedEmails)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: at })
      .where(and(eq(queuedEmails.id, id), ne(queuedEmails.status, 'sent')))
      .returning(summaryColumns);
    // The queue's trigger notifies on INSERT only (migration 0026).
    if (row) await db.execute(sql`select pg_notify(${EMAIL_QUEUE_CHANNEL}, '')`);
    return row;
  },

  /** Deletes e-mails sent before `before`; those pending or given up on stay for the owner. */
  async pruneSent(db: Database, before: Date): Promise<number> {
    const removed = await db
      .delete(queuedEmails)
      .where(and(eq(queuedEmails.status, 'sent'), lt(queuedEmails.sentAt, before)))
      .returning({ id: queuedEmails.id });
    return removed.length;
  },
};
