import type { Order } from '@larder/contract';
import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { unpaidInvoice } from './invoice-accounts.ts';
import { ordersRepo } from './orders.repo.ts';
import { toOrder } from './orders.service.ts';

/** Unpaid invoices past their due date whose buyer has not been reminded. */
const overdueUnreminded = (now: Date) =>
  and(unpaidInvoice, lt(orders.dateDue, now), isNull(orders.overdueRemindedAt));

/** At most this many per run: a backlog (a shop turning reminders on) goes out over a few ticks. */
const REMINDERS_PER_RUN = 50;

/**
 * The overdue-invoice reminders this process may send, each claimed first with a conditional
 * UPDATE: of several processes (or runs) looking at once, one gets each invoice, so a buyer is
 * reminded once. A claim whose sending fails is given back with `release`, for the next run.
 */
export function createInvoiceReminderClaims(db: Database) {
  return {
    async claimOverdue(now: Date): Promise<{ order: Order; claimedAt: Date }[]> {
      const candidates = await db
        .select({ id: orders.id })
        .from(orders)
        .where(overdueUnreminded(now))
        .orderBy(asc(orders.dateDue))
        .limit(REMINDERS_PER_RUN);
      const claimed: { order: Order; claimedAt: Date }[] = [];
      for (const { id } of candidates) {
        // Checked again in the UPDATE: paid, cancelled or reminded since the look above, it is skipped.
        const [won] = await db
          .update(orders)
          .set({ overdueRemindedAt: now })
          .where(and(eq(orders.id, id), overdueUnreminded(now)))
          .returning({ id: orders.id });
        if (!won) continue;
        const found = await ordersRepo.find(db, id);
        if (found) claimed.push({ order: toOrder(found, now), claimedAt: now });
      }
      return claimed;
    },

    /** Gives a claim back when the reminder could not be sent, so a later run tries again. */
    async release(orderId: number, claimedAt: Date): Promise<void> {
      await db
        .update(orders)
        .set({ overdueRemindedAt: null })
        .where(and(eq(orders.id, orderId), eq(orders.overdueRemindedAt, claimedAt)));
    },
  };
}

export type InvoiceReminderClaims = ReturnType<typeof createInvoiceReminderClaims>;
