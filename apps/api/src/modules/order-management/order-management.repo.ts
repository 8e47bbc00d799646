import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { customers, orderNotes, orderPayments, orderRefunds } from '../../db/schema.ts';

export type OrderNoteRow = typeof orderNotes.$inferSelect;
export type OrderRefundRow = typeof orderRefunds.$inferSelect;

/** Notes and refunds of orders. Each function takes the executor (the database or a transaction). */
export const orderManagementRepo = {
  async insertNote(
    db: Database,
    note: { orderId: number; note: string; customerNote: boolean; author: string; createdAt: Date },
  ): Promise<OrderNoteRow> {
    const [row] = await db.insert(orderNotes).values(note).returning();
    return row!;
  },

  /** Newest first, as WooCommerce lists them. */
  async notesOf(db: Database, orderId: number): Promise<OrderNoteRow[]> {
    return db
      .select()
      .from(orderNotes)
      .where(eq(orderNotes.orderId, orderId))
      .orderBy(desc(orderNotes.createdAt), desc(orderNotes.id));
  },

  async insertRefund(
    db: Database,
    refund: {
      orderId: number;
      amountCents: number;
      reason: string;
      providerRef: string;
      refundedBy: number;
      createdAt: Date;
    },
  ): Promise<OrderRefundRow> {
    const [row] = await db.insert(orderRefunds).values(refund).returning();
    return row!;
  },

  /** Newest first, as WooCommerce lists them. */
  async refundsOf(db: Database, orderId: number): Promise<OrderRefundRow[]> {
    return db
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, orderId))
      .orderBy(desc(orderRefunds.createdAt), desc(orderRefunds.id));
  },

  async refundCount(db: Database, orderId: number): Promise<number> {
    const [row] = await db
      .select({ total: count() })
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, orderId));
    return row?.total ?? 0;
  },

  /** The payment that took the order's money at a provider; undefined when it was paid by hand. */
  async takenPayment(
    db: Database,
    orderId: number,
  ): Promise<{ provider: string; providerRef: string } | undefined> {
    const [row] = await db
      .select({ provider: orderPayments.provider, providerRef: orderPayments.providerRef })
      .from(orderPayments)
      .where(and(eq(orderPayments.orderId, orderId), eq(orderPayments.status, 'succeeded')))
      .orderBy(asc(orderPayments.id))
      .limit(1);
    return row;
  },

  /** The owner's name as a note's author: full name, else email. */
  async authorName(db: Database, customerId: number): Promise<string> {
    const [row] = await db
      .select({
        name: sql<string>`coalesce(nullif(trim(${customers.firstName} || ' ' || ${customers.lastName}), ''), ${customers.email})`,
      })
      .from(customers)
      .where(eq(customers.id, customerId));
    return row?.name ?? 'owner';
  },
};
