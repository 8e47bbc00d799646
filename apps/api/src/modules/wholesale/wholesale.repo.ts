import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { likePattern } from '../../http/format.ts';
import { customers, wholesaleApplications } from '../../db/schema.ts';

export type WholesaleApplicationRow = typeof wholesaleApplications.$inferSelect;
export type NewWholesaleApplication = typeof wholesaleApplications.$inferInsert;
export type WholesaleApplicationStatus = WholesaleApplicationRow['status'];

/** The unique index that allows one pending application per account. */
export const ONE_PENDING_INDEX = 'wholesale_applications_one_pending_idx';

/** Which unique index a Postgres unique_violation broke, if any (drizzle wraps the driver's error). */
export const violatedConstraint = (error: unknown): string | undefined => {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    const { code, constraint } = cause as { code?: string; constraint?: string };
    if (code === '23505') return constraint ?? '';
  }
  return undefined;
};

/** Every function takes the database or a transaction, so the service decides what is atomic. */
export const wholesaleRepo = {
  async insertCustomer(tx: Database, customer: typeof customers.$inferInsert) {
    const [row] = await tx.insert(customers).values(customer).returning();
    return row!;
  },

  async insertApplication(tx: Database, application: NewWholesaleApplication) {
    const [row] = await tx.insert(wholesaleApplications).values(application).returning();
    return row!;
  },

  async find(tx: Database, id: number): Promise<WholesaleApplicationRow | undefined> {
    const [row] = await tx
      .select()
      .from(wholesaleApplications)
      .where(eq(wholesaleApplications.id, id));
    return row;
  },

  /** Oldest first: the order the owner should work through them. */
  list(tx: Database, status?: WholesaleApplicationStatus): Promise<WholesaleApplicationRow[]> {
    return tx
      .select()
      .from(wholesaleApplications)
      .where(status ? eq(wholesaleApplications.status, status) : undefined)
      .orderBy(asc(wholesaleApplications.createdAt), asc(wholesaleApplications.id));
  },

  /** One page of applications, oldest first, by status and a search over business, contact and email. */
  async listPage(
    tx: Database,
    filter: { status?: WholesaleApplicationStatus; search?: string; limit: number; offset: number },
  ): Promise<{ rows: WholesaleApplicationRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.status) conditions.push(eq(wholesaleApplications.status, filter.status));
    if (filter.search) {
      const pattern = likePattern(filter.search);
      conditions.push(
        or(
          ilike(wholesaleApplications.businessName, pattern),
          ilike(wholesaleApplications.contactName, pattern),
          ilike(wholesaleApplications.email, pattern),
        )!,
      );
    }
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const [rows, [total]] = await Promise.all([
      tx
        .select()
        .from(wholesaleApplications)
        .where(where)
        .orderBy(asc(wholesaleApplications.createdAt), asc(wholesaleApplications.id))
        .limit(filter.limit)
        .offset(filter.offset),
      tx.select({ total: count() }).from(wholesaleApplications).where(where),
    ]);
    return { rows, total: total?.total ?? 0 };
  },

  /** Pending → approved or rejected; undefined when the application is not pending (any more). */
  async decide(
    tx: Database,
    id: number,
    decision: { status: 'approved' | 'rejected'; decidedAt: Date; rejectionReason?: string },
  ): Promise<WholesaleApplicationRow | undefined> {
    const [row] = await tx
      .update(wholesaleApplications)
      .set(decision)
      .where(and(eq(wholesaleApplications.id, id), eq(wholesaleApplications.status, 'pending')))
      .returning();
    return row;
  },

  /** Only a plain customer becomes a wholesale customer; the shop owner keeps their role. */
  async grantWholesale(tx: Database, customerId: number, now: Date): Promise<void> {
    await tx
      .update(customers)
      .set({ role: 'wholesale_customer', modifiedAt: now })
      .where(and(eq(customers.id, customerId), eq(customers.role, 'customer')));
  },

  /** The account's most recent application, whatever its status. */
  async latestForCustomer(
    tx: Database,
    customerId: number,
  ): Promise<WholesaleApplicationRow | undefined> {
    const [row] = await tx
      .select()
      .from(wholesaleApplications)
      .where(eq(wholesaleApplications.customerId, customerId))
      .orderBy(desc(wholesaleApplications.createdAt), desc(wholesaleApplications.id))
      .limit(1);
    return row;
  },

  async findCustomer(tx: Database, id: number) {
    const [row] = await tx.select().from(customers).where(eq(customers.id, id));
    return row;
  },
};
