import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { orderPayments, orders } from '../../db/schema.ts';
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

const ABANDONED = 'Abandoned: the server stopped before the provider answered.';

/** What every payment runs, built once per process (decision 0055); values go by name. */
const statements = {
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
      // One statement, its own transaction: the order's row lock is held from reading what its
      // attempts say until the new attempt is written (decision 0058).
      const at = (date: Date) => sql.param(date, orderPayments.createdAt);
      const result = (await db.execute(sql`
        with state as (
          select o.status,
            (select count(*) from ${orderPayments} p where p.order_id = o.id)::int as attempts,
            exists (select 1 from ${orderPayments} p
              where p.order_id = o.id and p.status = 'succeeded') as succeeded,
            exists (select 1 from ${orderPayments} p
              where p.order_id = o.id and p.status = 'pending' and p.created_at >= ${at(input.staleBefore)}) as in_flight
          from ${orders} o where o.id = ${input.orderId}
          for update of o
        ),
        payable as (
          select attempts from state where status = 'pending' and not succeeded and not in_flight
        ),
        abandoned as (
          update ${orderPayments} set status = 'failed', message = ${ABANDONED}
          where order_id = ${input.orderId} and status = 'pending'
            and created_at < ${at(input.staleBefore)} and exists (select 1 from payable)
        ),
        attempt as (
          insert into ${orderPayments} (order_id, provider, idempotency_key, status, amount_cents, created_at)
          select ${input.orderId}, ${input.provider}, ${input.idempotencyKeyPrefix} || (attempts + 1),
            'pending', ${input.amountCents}, ${at(input.now)}
          from payable
          on conflict (idempotency_key) do nothing
          returning id, idempotency_key
        )
        select state.status, state.succeeded, state.in_flight, attempt.id, attempt.idempotency_key
        from state left join attempt on true`)) as unknown as {
        rows: {
          status: string;
          succeeded: boolean;
          in_flight: boolean;
          id: number | null;
          idempotency_key: string | null;
        }[];
      };
      const [state] = result.rows;
      if (state?.status !== 'pending' || state.succeeded) return { kind: 'not-payable' };
      if (state.in_flight || state.id === null) return { kind: 'in-progress' };
      return {
        kind: 'claimed',
        attempt: { id: state.id, orderId: input.orderId, idempotencyKey: state.idempotency_key! },
      };
    },

    /**
     * Settles a successful charge in one statement (decision 0058): the order marked paid (when it
     * still can be) with its sales counted and `emails` queued; the attempt succeeded, with
     * `refundMessage` when the order could not be marked. Answers whether the order was marked.
     */
    async completeCharge(input: {
      attemptId: number;
      orderId: number;
      transactionId: string;
      method: { id: string; title: string };
      now: Date;
      refundMessage: string;
      /** The queue's insert of the paid order's e-mails, given the condition that it was paid. */
      emails: (ifPaid: SQL) => SQL;
    }): Promise<boolean> {
      const ifPaid = sql`exists (select 1 from paid)`;
      const { mark, sales } = ordersRepo.paidMarkStatements(
        db,
        input.orderId,
        {
          transactionId: input.transactionId,
          paymentMethod: input.method.id,
          paymentMethodTitle: input.method.title,
        },
        input.now,
        ifPaid,
      );
      const result = (await db.execute(sql`
        with paid as (${mark}),
        settled as (
          update ${orderPayments}
          set status = 'succeeded', provider_ref = ${input.transactionId},
            message = case when ${ifPaid} then '' else ${input.refundMessage} end
          where id = ${input.attemptId}
        ),
        sales as (${sales}),
        queued as (${input.emails(ifPaid)})
        select ${ifPaid} as paid`)) as unknown as { rows: { paid: boolean }[] };
      return result.rows[0]?.paid === true;
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
