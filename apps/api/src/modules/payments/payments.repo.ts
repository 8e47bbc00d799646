import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { encoded, prepared } from '../../db/prepared.ts';
import { orderPayments, orders } from '../../db/schema.ts';

export type PaymentRow = typeof orderPayments.$inferSelect;
export type PaymentStatus = PaymentRow['status'];

export type ClaimResult =
  | { kind: 'claimed'; attempt: PaymentRow }
  /** Another request's charge for this order has not finished yet. */
  | { kind: 'in-progress' }
  /** The order is no longer pending (paid, cancelled) or a payment already succeeded. */
  | { kind: 'not-payable' };

export interface ClaimInput {
  orderId: number;
  provider: string;
  amountCents: number;
  /** Builds the attempt's idempotency key from its number (1 for the first attempt). */
  idempotencyKey: (attemptNumber: number) => string;
  now: Date;
  /** A pending attempt older than this was abandoned (the process stopped mid-charge). */
  staleBefore: Date;
}

/** What every payment runs, built once per process (decision 0055); values go by name. */
const statements = {
  /** The order's status under a row lock, and what its attempts so far say, in one statement. */
  lockOrderForPayment: prepared('larder_lock_order_for_payment', (db) => {
    const ofOrder = sql`from ${orderPayments} p where p.order_id = ${orders.id}`;
    const staleBefore = encoded('staleBefore', orderPayments.createdAt);
    return db
      .select({
        status: orders.status,
        attempts: sql<number>`(select count(*) ${ofOrder})::int`,
        succeeded: sql<boolean>`exists (select 1 ${ofOrder} and p.status = 'succeeded')`,
        inFlight: sql<boolean>`exists (select 1 ${ofOrder} and p.status = 'pending' and p.created_at >= ${staleBefore})`,
        abandoned: sql<boolean>`exists (select 1 ${ofOrder} and p.status = 'pending' and p.created_at < ${staleBefore})`,
      })
      .from(orders)
      .where(eq(orders.id, sql.placeholder('orderId')))
      .for('update', { of: orders });
  }),
  attemptsOf: prepared('larder_payment_attempts_of', (db) =>
    db
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, sql.placeholder('orderId')))
      .orderBy(asc(orderPayments.id)),
  ),
  insertAttempt: prepared('larder_insert_payment_attempt', (db) =>
    db
      .insert(orderPayments)
      .values({
        orderId: sql`${sql.placeholder('orderId')}`,
        provider: sql`${sql.placeholder('provider')}`,
        idempotencyKey: sql`${sql.placeholder('idempotencyKey')}`,
        status: 'pending',
        amountCents: sql`${sql.placeholder('amountCents')}`,
        createdAt: encoded('now', orderPayments.createdAt),
      })
      .onConflictDoNothing({ target: orderPayments.idempotencyKey })
      .returning(),
  ),
  settle: prepared('larder_settle_payment_attempt', (db) =>
    db
      .update(orderPayments)
      .set({
        status: sql`${sql.placeholder('status')}`,
        providerRef: sql`${sql.placeholder('providerRef')}`,
        message: sql`${sql.placeholder('message')}`,
      })
      .where(eq(orderPayments.id, sql.placeholder('id'))),
  ),
};

export function createPaymentsRepo(db: Database) {
  return {
    /**
     * Records a pending attempt before the provider is called, under a row lock on the order, so
     * two concurrent requests for one order never both reach the provider. The attempt's number
     * is part of its idempotency key (unique), which is the second line of defence.
     */
    async claim(input: ClaimInput): Promise<ClaimResult> {
      return db.transaction(async (tx) => {
        const [order] = await statements.lockOrderForPayment(tx, {
          orderId: input.orderId,
          staleBefore: input.staleBefore,
        });
        if (order?.status !== 'pending' || order.succeeded) return { kind: 'not-payable' };
        if (order.inFlight) return { kind: 'in-progress' };
        if (order.abandoned) {
          await tx
            .update(orderPayments)
            .set({
              status: 'failed',
              message: 'Abandoned: the server stopped before the provider answered.',
            })
            .where(
              and(
                eq(orderPayments.orderId, input.orderId),
                eq(orderPayments.status, 'pending'),
                lt(orderPayments.createdAt, input.staleBefore),
              ),
            );
        }
        const [attempt] = await statements.insertAttempt(tx, {
          orderId: input.orderId,
          provider: input.provider,
          idempotencyKey: input.idempotencyKey(order.attempts + 1),
          amountCents: input.amountCents,
          now: input.now,
        });
        return attempt ? { kind: 'claimed', attempt } : { kind: 'in-progress' };
      });
    },

    /** Closes a pending attempt with the provider's answer, in the caller's transaction if given. */
    async settle(
      id: number,
      outcome: {
        status: Exclude<PaymentStatus, 'pending'>;
        providerRef?: string;
        message?: string;
      },
      executor: Database = db,
    ): Promise<void> {
      await statements.settle(executor, {
        id,
        status: outcome.status,
        providerRef: outcome.providerRef ?? '',
        message: outcome.message ?? '',
      });
    },

    listForOrder(orderId: number): Promise<PaymentRow[]> {
      return statements.attemptsOf(db, { orderId });
    },

    transaction<T>(fn: (tx: Database) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(tx as unknown as Database));
    },
  };
}

export type PaymentsRepo = ReturnType<typeof createPaymentsRepo>;
