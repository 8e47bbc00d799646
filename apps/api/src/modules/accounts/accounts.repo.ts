import { and, eq, gt, isNull, lt, ne, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { customers, customerSessions } from '../../db/schema.ts';

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
  >
>;

/** Postgres's unique_violation: the email (or username) is taken. */
export const isUniqueViolation = (error: unknown): boolean => {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: string }).code === '23505') return true;
  }
  return false;
};

/** The account that uses this address (stored lower-cased); password reset and e-mail change ask. */
export async function findCustomerByEmail(
  db: Database,
  email: string,
): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.email, email));
  return row;
}

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

    async update(id: number, changes: CustomerChanges): Promise<CustomerRow | undefined> {
      const [row] = await db
        .update(customers)
        .set({ ...changes, modifiedAt: new Date() })
        .where(eq(customers.id, id))
        .returning();
      return row;
    },

    async createSession(session: typeof customerSessions.$inferInsert): Promise<void> {
      await db.insert(customerSessions).values(session);
    },

    /** The customer behind a session that is neither ended nor expired. */
    async findSessionCustomer(idHash: string, now: Date): Promise<CustomerRow | undefined> {
      const [row] = await db
        .select({ customer: customers })
        .from(customerSessions)
        .innerJoin(customers, eq(customers.id, customerSessions.customerId))
        .where(
          and(
            eq(customerSessions.idHash, idHash),
            isNull(customerSessions.revokedAt),
            gt(customerSessions.expiresAt, now),
          ),
        );
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
