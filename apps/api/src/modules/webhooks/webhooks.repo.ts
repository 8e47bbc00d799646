import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { customers, webhookDeliveries, webhooks } from '../../db/schema.ts';

export type WebhookRow = typeof webhooks.$inferSelect;
export type NewWebhook = typeof webhooks.$inferInsert;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Every function takes the database or a transaction, so the service decides what is atomic. */
export const webhooksRepo = {
  async insert(db: Database, webhook: NewWebhook): Promise<WebhookRow> {
    const [row] = await db.insert(webhooks).values(webhook).returning();
    return row!;
  },

  async find(db: Database, id: number): Promise<WebhookRow | undefined> {
    const [row] = await db.select().from(webhooks).where(eq(webhooks.id, id));
    return row;
  },

  async list(
    db: Database,
    filter: { status?: WebhookRow['status']; limit: number; offset: number },
  ): Promise<{ rows: WebhookRow[]; total: number }> {
    const where = filter.status ? eq(webhooks.status, filter.status) : undefined;
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(webhooks)
        .where(where)
        .orderBy(desc(webhooks.id))
        .limit(filter.limit)
        .offset(filter.offset),
      db.select({ total: count() }).from(webhooks).where(where),
    ]);
    return { rows, total: total?.total ?? 0 };
  },

  async update(db: Database, id: number, changes: Partial<NewWebhook>, at: Date) {
    const [row] = await db
      .update(webhooks)
      .set({ ...changes, modifiedAt: at })
      .where(eq(webhooks.id, id))
      .returning();
    return row;
  },

  async remove(db: Database, id: number): Promise<boolean> {
    const removed = await db
      .delete(webhooks)
      .where(eq(webhooks.id, id))
      .returning({ id: webhooks.id });
    return removed.length > 0;
  },

  /** WooCommerce's ping, queued like any delivery so it is sent after the commit and listed. */
  async queuePing(db: Database, webhookId: number): Promise<void> {
    await db
      .insert(webhookDeliveries)
      .values({
        webhookId,
        topic: 'webhook.ping',
        resourceId: webhookId,
        txid: sql`txid_current()`,
      })
      .onConflictDoNothing();
    await db.execute(sql`select pg_notify('webhook_deliveries', '')`);
  },

  /**
   * Takes up to `limit` due deliveries of active webhooks for this worker: their next attempt
   * moves to `leaseUntil`, so a process that dies while sending leaves them to be retried, and
   * SKIP LOCKED lets several processes take disjoint batches at once.
   */
  async claimDue(db: Database, at: Date, leaseUntil: Date, limit: number) {
    const claimed = await db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: leaseUntil, attempts: sql`${webhookDeliveries.attempts} + 1` })
      .where(
        inArray(
          webhookDeliveries.id,
          sql`(select d.id from ${webhookDeliveries} d join ${webhooks} w on w.id = d.webhook_id
            where d.status = 'pending' and w.status = 'active'
              and (d.next_attempt_at is null or d.next_attempt_at <= ${at.toISOString()})
            order by d.next_attempt_at nulls first, d.id limit ${limit} for update of d skip locked)`,
        ),
      )
      .returning();
    if (claimed.length === 0) return [];
    const owners = await db
      .select({ webhook: webhooks, ownerEmail: customers.email })
      .from(webhooks)
      .innerJoin(customers, eq(customers.id, webhooks.customerId))
      .where(inArray(webhooks.id, [...new Set(claimed.map((row) => row.webhookId))]));
    const byId = new Map(owners.map((row) => [row.webhook.id, row]));
    return claimed.map((delivery) => ({ delivery, ...byId.get(delivery.webhookId)! }));
  },

  async recordAttempt(db: Database, id: number, changes: Partial<DeliveryRow>): Promise<void> {
    await db.update(webhookDeliveries).set(changes).where(eq(webhookDeliveries.id, id));
  },

  /** Counts a failed attempt; answers the webhook as it now is. */
  async countFailure(db: Database, id: number): Promise<WebhookRow | undefined> {
    const [row] = await db
      .update(webhooks)
      .set({ failureCount: sql`${webhooks.failureCount} + 1` })
      .where(eq(webhooks.id, id))
      .returning();
    return row;
  },

  async resetFailures(db: Database, id: number): Promise<void> {
    await db
      .update(webhooks)
      .set({ failureCount: 0 })
      .where(and(eq(webhooks.id, id), sql`${webhooks.failureCount} <> 0`));
  },

  /** active → disabled once; false when another process (or the owner) changed it first. */
  async disable(db: Database, id: number, at: Date): Promise<boolean> {
    const changed = await db
      .update(webhooks)
      .set({ status: 'disabled', modifiedAt: at })
      .where(and(eq(webhooks.id, id), eq(webhooks.status, 'active')))
      .returning({ id: webhooks.id });
    return changed.length > 0;
  },

  /**
   * Deletes finished deliveries created before `before`, except each webhook's `keep` newest:
   * the log stays bounded, and the back office still shows a quiet webhook's last deliveries.
   */
  async pruneDeliveries(db: Database, before: Date, keep: number): Promise<number> {
    const result = (await db.execute(sql`
      delete from ${webhookDeliveries}
      where ${webhookDeliveries.status} <> 'pending'
        and ${webhookDeliveries.createdAt} < ${before}
        and ${webhookDeliveries.id} not in (
          select id from (
            select id, row_number() over (partition by webhook_id order by id desc) as recency
            from ${webhookDeliveries}
          ) ranked
          where recency <= ${keep}
        )
      returning ${webhookDeliveries.id}`)) as unknown as { rows: unknown[] };
    return result.rows.length;
  },

  async deliveries(db: Database, webhookId: number, limit: number): Promise<DeliveryRow[]> {
    return db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, webhookId))
      .orderBy(desc(webhookDeliveries.id))
      .limit(limit);
  },
};
