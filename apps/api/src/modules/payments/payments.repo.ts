import { and, asc, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
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

export function createPaymentsRepo(db: Database) {
  return {
    /**
     * Records a pending attempt before the provider is called, under a row lock on the order, so
     * two concurrent requests for one order never both reach the provider. The attempt's number
     * is part of its idempotency key (unique), which is the second line of defence.
     */
    async claim(input: ClaimInput): Promise<ClaimResult> {
      return db.transaction(async (tx) => {
        const [order] = await tx
          .select({ status: orders.status })
          .from(orders)
          .where(eq(orders.id, input.orderId))
          .for('update');
        if (order?.status !== 'pending') return { kind: 'not-payable' };

        const attempts = await tx
          .select()
          .from(orderPayments)
          .where(eq(orderPayments.orderId, input.orderId))
          .orderBy(asc(orderPayments.id));
        if (attempts.some((attempt) => attempt.status === 'succeeded')) {
          return { kind: 'not-payable' };
        }
        const inFlight = attempts.filter((attempt) => attempt.status === 'pending');
        if (inFlight.some((attempt) => attempt.createdAt >= input.staleBefore)) {
          return { kind: 'in-progress' };
        }
        if (inFlight.length > 0) {
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
        const [attempt] = await tx
          .insert(orderPayments)
          .values({
            orderId: input.orderId,
            provider: input.provider,
            idempotencyKey: input.idempotencyKey(attempts.length + 1),
            status: 'pending',
            amountCents: input.amountCents,
            createdAt: input.now,
          })
          .onConflictDoNothing({ target: orderPayments.idempotencyKey })
          .returning();
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
      await executor
        .update(orderPayments)
        .set({
          status: outcome.status,
          providerRef: outcome.providerRef ?? '',
          message: outcome.message ?? '',
        })
        .where(eq(orderPayments.id, id));
    },

    listForOrder(orderId: number): Promise<PaymentRow[]> {
      return db
        .select()
        .from(orderPayments)
        .where(eq(orderPayments.orderId, orderId))
        .orderBy(asc(orderPayments.id));
    },

    transaction<T>(fn: (tx: Database) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(tx as unknown as Database));
    },
  };
}

export type PaymentsRepo = ReturnType<typeof createPaymentsRepo>;
