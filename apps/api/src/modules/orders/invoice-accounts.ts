import {
  INVOICE_PAYMENT_METHOD_ID,
  toMoneyString,
  type CustomerWholesaleTerms,
  type PaymentTerms,
} from '@larder/contract';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { customers, orders } from '../../db/schema.ts';

/** What an account's unpaid invoice orders add up to, and how many are past their due date. */
export interface InvoiceStanding {
  balanceCents: number;
  overdue: number;
}

/**
 * The statuses an unpaid invoice order can be in: on hold as placed, or completed when the owner
 * shipped it before the money came in (net terms: the goods go first).
 */
export const UNPAID_INVOICE_STATUSES = ['on-hold', 'completed'] as const;

/**
 * An invoice is unpaid until the owner records its payment (`date_paid`); cancelling the order
 * also takes it out of the balance.
 */
export const unpaidInvoice = and(
  eq(orders.paymentMethod, INVOICE_PAYMENT_METHOD_ID),
  inArray(orders.status, [...UNPAID_INVOICE_STATUSES]),
  isNull(orders.datePaid),
);

export async function invoiceStandings(
  db: Database,
  customerIds: number[],
  now: Date,
): Promise<Map<number, InvoiceStanding>> {
  const standings = new Map<number, InvoiceStanding>();
  if (customerIds.length === 0) return standings;
  const rows = await db
    .select({
      customerId: orders.customerId,
      balanceCents: sql<number>`coalesce(sum(${orders.totalCents}), 0)::int`,
      overdue: sql<number>`count(*) filter (where ${lt(orders.dateDue, now)})::int`,
    })
    .from(orders)
    .where(and(inArray(orders.customerId, customerIds), unpaidInvoice))
    .groupBy(orders.customerId);
  for (const row of rows) {
    standings.set(row.customerId, { balanceCents: row.balanceCents, overdue: row.overdue });
  }
  return standings;
}

export interface InvoiceAccount {
  role: (typeof customers.$inferSelect)['role'];
  paymentTerms: PaymentTerms | null;
  creditLimitCents: number | null;
}

/** The account's `wholesale` block; null for an account that is not wholesale and has no terms. */
export function toWholesaleTerms(
  account: InvoiceAccount,
  standing: InvoiceStanding | undefined,
): CustomerWholesaleTerms | null {
  if (account.role !== 'wholesale_customer' && account.paymentTerms === null) return null;
  // Terms count only while the account is wholesale: a buyer moved back to retail pays up front.
  const active = account.role === 'wholesale_customer';
  return {
    terms: active ? account.paymentTerms : null,
    credit_limit:
      active && account.creditLimitCents !== null ? toMoneyString(account.creditLimitCents) : null,
    balance: toMoneyString(standing?.balanceCents ?? 0),
    overdue_invoices: standing?.overdue ?? 0,
  };
}

/**
 * The buyer's terms with their account row locked until `tx` ends: two invoice orders placed at
 * once are checked against the limit one after the other, never both against the same balance.
 */
export async function lockedInvoiceTerms(
  tx: Database,
  customerId: number,
  now: Date,
): Promise<CustomerWholesaleTerms | null> {
  const [account] = await tx
    .select({
      role: customers.role,
      paymentTerms: customers.paymentTerms,
      creditLimitCents: customers.creditLimitCents,
    })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('update');
  if (!account) return null;
  const standing = (await invoiceStandings(tx, [customerId], now)).get(customerId);
  return toWholesaleTerms(account, standing);
}
