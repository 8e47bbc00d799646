import { and, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queuedEmails } from '../../db/schema.ts';

export type QueuedEmailRow = typeof queuedEmails.$inferSelect;

/** Every function takes the database or a transaction, so the service decides what is atomic. */
export const emailQueueRepo = {
  async insert(db: Database, rows: { message: unknown; about: string }[]): Promise<void> {
    await db.insert(queuedEmails).values(rows);
  },

  /** The insert of `rows` when `only` holds, for a statement that writes more with it. */
  insertWhen(only: SQL, rows: { message: unknown; about: string }[]): SQL {
    return sql`
      insert into ${queuedEmails} (message, about)
      select queued.value -> 'message', queued.value ->> 'about'
      from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) as queued
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

  /** Deletes e-mails sent before `before`; those pending or given up on stay for the owner. */
  async pruneSent(db: Database, before: Date): Promise<number> {
    const removed = await db
      .delete(queuedEmails)
      .where(and(eq(queuedEmails.status, 'sent'), lt(queuedEmails.sentAt, before)))
      .returning({ id: queuedEmails.id });
    return removed.length;
  },
};
