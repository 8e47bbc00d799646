import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNull,
  lt,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { encoded, prepared } from '../../db/prepared.ts';
import { customers, customerSessions } from '../../db/schema.ts';
import { likePattern } from '../../http/format.ts';
import { invoiceStandings } from '../orders/invoice-accounts.ts';
import { PAID_ORDER_STATUSES } from '../orders/paid-statuses.ts';

export type CustomerRow = typeof customers.$inferSelect;
export type NewCustomer = typeof customers.$inferInsert;
export type CustomerChanges = Partial<
  Pick<
    NewCustomer,
    | 'email'
    | 'firstName'
    | 'lastName'
    | 'billing'
    | 'shipping'
    | 'passwordHash'
    | 'totpSecret'
    | 'totpPendingSecret'
    | 'totpLastStep'
    | 'role'
    | 'paymentTerms'
    | 'creditLimitCents'
  >
>;

export interface CustomerListFilter {
  search?: string;
  role?: CustomerRow['role'];
  orderby: 'id' | 'name' | 'registered_date';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** A customer with whether they ever paid for an order (WooCommerce's `is_paying_customer`). */
export interface ListedCustomer {
  row: CustomerRow;
  isPaying: boolean;
}

// Written out with table names: drizzle leaves columns unqualified in a select from one table, and
// inside the subquery an unqualified "id" would be the order's.
const hasPaidOrder = sql<boolean>`exists (select 1 from "orders" where "orders"."customer_id" = "customers"."id" and "orders"."status" in (${sql.join(
  PAID_ORDER_STATUSES.map((status) => sql`${status}`),
  sql`, `,
)}))`;

/** Postgres's unique_violation: here, the email (or username) is taken. */
export { isUniqueViolation } from '../../db/unique-violation.ts';

/** The account that uses this address (stored lower-cased); password reset and e-mail change ask. */
export async function findCustomerByEmail(
  db: Database,
  email: string,
): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.email, email));
  return row;
}

/**
 * The signed-in customer of a live session: read on every signed-in request, so built once
 * (decision 0055).
 */
const sessionCustomer = prepared('larder_session_customer', (db) =>
  db
    .select({ customer: customers })
    .from(customerSessions)
    .innerJoin(customers, eq(customers.id, customerSessions.customerId))
    .where(
      and(
        eq(customerSessions.idHash, sql.placeholder('idHash')),
        isNull(customerSessions.revokedAt),
        gt(customerSessions.expiresAt, encoded('now', customerSessions.expiresAt)),
      ),
    ),
);
export function createAccountsRepo(db: Database) {
  return {
    async insert(customer: NewCustomer): Promise<CustomerRow> {
      const [row] = await db.insert(customers).values(customer).returning();
      return row!;
    },

    async findById(id: number): Promise<CustomerRow | undefined> {
      const [row] = await db.select().from(customers).where(eq(customers.id, id));
      return row;
    },

    async isPayingCustomer(id: number): Promise<boolean> {
      const [row] = await db
        .select({ paying: hasPaidOrder })
        .from(customers)
        .where(eq(customers.id, id));
      return row?.paying ?? false;
    },

    /** The owner's customer list: search by email, first, last or full name; newest first by default. */
    async list(filter: CustomerListFilter): Promise<{ rows: ListedCustomer[]; total: number }> {
      const conditions: SQL[] = [];
      if (filter.role) conditions.push(eq(customers.role, filter.role));
      if (filter.search) {
        const pattern = likePattern(filter.search);
        conditions.push(
          or(
            ilike(customers.email, pattern),
            ilike(customers.firstName, pattern),
            ilike(customers.lastName, pattern),
            ilike(sql`${customers.firstName} || ' ' || ${customers.lastName}`, pattern),
          )!,
        );
      }
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const direction = filter.order === 'asc' ? asc : desc;
      const sortKey = {
        id: [],
        // WooCommerce sorts by display name: first name then last name, ignoring case.
        name: [direction(sql`lower(${customers.firstName} || ' ' || ${customers.lastName})`)],
        registered_date: [direction(customers.createdAt)],
      }[filter.orderby];
      const [rows, [total]] = await Promise.all([
        db
          .select({ row: customers, isPaying: hasPaidOrder })
          .from(customers)
          .where(where)
          // The id last: equal names or dates still come in one stable order across pages.
          .orderBy(...sortKey, direction(customers.id))
          .limit(filter.limit)
          .offset(filter.offset),
        db.select({ total: count() }).from(customers).where(where),
      ]);
      return { rows, total: total?.total ?? 0 };
    },

    /**
     * Sign-in takes the email or the username (both stored lower-cased). A login with an @ is an
     * email and matches emails only: a username kept from an earlier address must never sign in to
     * the account that uses that address now.
     */
    /**
     * Spends a two-factor time step: false when it (or a later one) was spent already, so two
     * sign-ins racing with one code cannot both pass.
     */
    async claimTotpStep(id: number, step: number): Promise<boolean> {
      const claimed = await db
        .update(customers)
        .set({ totpLastStep: step })
        .where(
          and(
            eq(customers.id, id),
            or(isNull(customers.totpLastStep), lt(customers.totpLastStep, step)),
          ),
        )
        .returning({ id: customers.id });
      return claimed.length > 0;
    },

    async findByLogin(login: string): Promise<CustomerRow | undefined> {
      const column = login.includes('@') ? customers.email : customers.username;
      const [row] = await db.select().from(customers).where(eq(column, login));
      return row;
    },

    async update(
      id: number,
      changes: CustomerChanges,
      tx: Database = db,
    ): Promise<CustomerRow | undefined> {
      const [row] = await tx
        .update(customers)
        .set({ ...changes, modifiedAt: new Date() })
        .where(eq(customers.id, id))
        .returning();
      return row;
    },

    /** Sets a shopper's role, unless the account is (by now) an owner's: undefined then. */
    async setShopperRole(
      id: number,
      role: 'customer' | 'wholesale_customer',
      tx: Database = db,
    ): Promise<CustomerRow | undefined> {
      const [row] = await tx
        .update(customers)
        .set({ role, modifiedAt: new Date() })
        .where(
          and(eq(customers.id, id), inArray(customers.role, ['customer', 'wholesale_customer'])),
        )
        .returning();
      return row;
    },

    /** Unpaid invoice balances and overdue counts, by customer id. */
    invoiceStandings(customerIds: number[], now: Date) {
      return invoiceStandings(db, customerIds, now);
    },

    transaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    async createSession(session: typeof customerSessions.$inferInsert): Promise<void> {
      await db.insert(customerSessions).values(session);
    },

    /** The customer behind a session that is neither ended nor expired. */
    async findSessionCustomer(idHash: string, now: Date): Promise<CustomerRow | undefined> {
      const [row] = await sessionCustomer(db, { idHash, now });
      return row?.customer;
    },

    async endSession(idHash: string, now: Date): Promise<void> {
      await db
        .update(customerSessions)
        .set({ revokedAt: now })
        .where(and(eq(customerSessions.idHash, idHash), isNull(customerSessions.revokedAt)));
    },

    /** After a password change every other signed-in device must sign in again. */
    async endOtherSessions(customerId: number, keepIdHash: string, now: Date): Promise<void> {
      await db
        .update(customerSessions)
        .set({ revokedAt: now })
        .where(
          and(
            eq(customerSessions.customerId, customerId),
            ne(customerSessions.idHash, keepIdHash),
            isNull(customerSessions.revokedAt),
          ),
        );
    },
  };
}
export type AccountsRepo = ReturnType<typeof createAccountsRepo>;
