import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { encoded, prepared, preparedSql } from '../../db/prepared.ts';
import { orderPayments, orders } from '../../db/schema.ts';
import { emailQueueRepo } from '../mail/email-queue.repo.ts';
import { ordersRepo } from '../orders/orders.repo.ts';

export type PaymentRow = typeof orderPayments.$inferSelect;
export type PaymentStatus = PaymentRow['status'];

/** What the service needs of a claimed attempt. */
export type ClaimedAttempt = Pick<PaymentRow, 'id' | 'orderId' | 'idempotencyKey'>;

export type ClaimResult =
  | { kind: 'claimed'; attempt: ClaimedAttempt }
  /** Another request's charge for this order has not finished yet. */
  | { kind: 'in-progress' }
  /** The order is no longer pending (paid, cancelled) or a payment already succeeded. */
  | { kind: 'not-payable' };

export interface ClaimInput {
  orderId: number;
  provider: string;
  amountCents: number;
  /** The attempt's number (1 for the first) is appended to make its idempotency key. */
  idempotencyKeyPrefix: string;
  now: Date;
  /** A pending attempt older than this was abandoned (the process stopped mid-charge). */
  staleBefore: Date;
}

/** What every payment runs, built once per process (decision 0055); values go by name. */
const statements = {
  /**
   * Records a pending attempt unless the order is paid, not pending, or has one in flight; one
   * statement, its own transaction: the order's row lock is held from reading what its attempts
   * say until the new attempt is written (decision 0059).
   */
  claim: preparedSql<{
    status: string;
    succeeded: boolean;
    in_flight: boolean;
    id: number | null;
    idempotency_key: string | null;
  }>('larder_claim_payment_attempt', () => {
    const orderId = sql.placeholder('orderId');
    const staleBefore = encoded('staleBefore', orderPayments.createdAt);
    return sql`
      with state as (
        select o.status,
          (select count(*) from ${orderPayments} p where p.order_id = o.id)::int as attempts,
          exists (select 1 from ${orderPayments} p
            where p.order_id = o.id and p.status = 'succeeded') as succeeded,
          exists (select 1 from ${orderPayments} p
            where p.order_id = o.id and p.status = 'pending' and p.created_at >= ${staleBefore}) as in_flight
        from ${orders} o where o.id = ${orderId}
        for update of o
      ),
      payable as (
        select attempts from state where status = 'pending' and not succeeded and not in_flight
      ),
      abandoned as (
        update ${orderPayments}
        set status = 'failed', message = 'Abandoned: the server stopped before the provider answered.'
        where order_id = ${orderId} and status = 'pending'
          and created_at < ${staleBefore} and exists (select 1 from payable)
      ),
      attempt as (
        insert into ${orderPayments} (order_id, provider, idempotency_key, status, amount_cents, created_at)
        select ${orderId}, ${sql.placeholder('provider')},
          ${sql.placeholder('idempotencyKeyPrefix')} || (attempts + 1),
          'pending', ${sql.placeholder('amountCents')}, ${encoded('now', orderPayments.createdAt)}
        from payable
        on conflict (idempotency_key) do nothing
        returning id, idempotency_key
      )
      select state.status, state.succeeded, state.in_flight, attempt.id, attempt.idempotency_key
      from state left join attempt on true`;
  }),
  /**
   * A successful charge settled (decision 0059): the order marked paid when it still can be, with
   * its sales counted and its e-mails queued; the attempt succeeded, with `refundMessage` when the
   * order could not be marked.
   */
  completeCharge: preparedSql<{ paid: boolean }>('larder_complete_charge', (db) => {
    const ifPaid = sql`exists (select 1 from paid)`;
    const { mark, sales } = ordersRepo.paidMarkStatements(db, ifPaid);
    return sql`
      with paid as (${mark}),
      settled as (
        update ${orderPayments}
        set status = 'succeeded', provider_ref = ${sql.placeholder('transactionId')},
          message = case when ${ifPaid} then '' else ${sql.placeholder('refundMessage')} end
        where id = ${sql.placeholder('attemptId')}
      ),
      sales as (${sales}),
      queued as (${emailQueueRepo.insertWhen(ifPaid, sql.placeholder('emails'))})
      select ${ifPaid} as paid`;
  }),
  attemptsOf: prepared('larder_payment_attempts_of', (db) =>
    db
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, sql.placeholder('orderId')))
      .orderBy(asc(orderPayments.id)),
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
      const {
        rows: [state],
      } = await statements.claim(db, { ...input });
      if (state?.status !== 'pending' || state.succeeded) return { kind: 'not-payable' };
      if (state.in_flight || state.id === null) return { kind: 'in-progress' };
      return {
        kind: 'claimed',
        attempt: { id: state.id, orderId: input.orderId, idempotencyKey: state.idempotency_key! },
      };
    },

    /**
     * Settles a successful charge in one statement; answers whether the order was marked paid.
     * `emails` is the e-mail queue's rows for the paid order (EmailQueue.stored).
     */
    async completeCharge(input: {
      attemptId: number;
      orderId: number;
      transactionId: string;
      method: { id: string; title: string };
      now: Date;
      refundMessage: string;
      emails: string;
    }): Promise<boolean> {
      const {
        rows: [result],
      } = await statements.completeCharge(db, {
        attemptId: input.attemptId,
        orderId: input.orderId,
        transactionId: input.transactionId,
        paymentMethod: input.method.id,
        paymentMethodTitle: input.method.title,
        now: input.now,
        refundMessage: input.refundMessage,
        emails: input.emails,
      });
      return result?.paid === true;
    },

    /** Closes a pending attempt with the provider's answer. */
    async settle(
      id: number,
      outcome: {
        status: Exclude<PaymentStatus, 'pending'>;
        providerRef?: string;
        message?: string;
      },
    ): Promise<void> {
      await statements.settle(db, {
        id,
        status: outcome.status,
        providerRef: outcome.providerRef ?? '',
        message: outcome.message ?? '',
      });
    },

    listForOrder(orderId: number): Promise<PaymentRow[]> {
      return statements.attemptsOf(db, { orderId });
    },
  };
}

export type PaymentsRepo = ReturnType<typeof createPaymentsRepo>;
