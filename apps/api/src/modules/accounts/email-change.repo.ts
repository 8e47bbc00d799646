import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { customers, customerSessions, emailChangeKeys } from '../../db/schema.ts';
import { findCustomerByEmail, type CustomerRow } from './accounts.repo.ts';

export type EmailChangeKeyRow = typeof emailChangeKeys.$inferSelect;

export function createEmailChangeRepo(db: Database) {
  return {
    findCustomerByEmail: (email: string) => findCustomerByEmail(db, email),

    /** One pending change per customer: a new request replaces the last, whose link stops working. */
    async storeKey(key: Omit<EmailChangeKeyRow, 'usedAt'>): Promise<void> {
      await db
        .insert(emailChangeKeys)
        .values({ ...key, usedAt: null })
        .onConflictDoUpdate({
          target: emailChangeKeys.customerId,
          set: {
            newEmail: key.newEmail,
            keyHash: key.keyHash,
            createdAt: key.createdAt,
            expiresAt: key.expiresAt,
            usedAt: null,
          },
        });
    },

    async findKey(
      customerId: number,
    ): Promise<{ key: EmailChangeKeyRow; customer: CustomerRow } | undefined> {
      const [row] = await db
        .select({ key: emailChangeKeys, customer: customers })
        .from(emailChangeKeys)
        .innerJoin(customers, eq(customers.id, emailChangeKeys.customerId))
        .where(eq(emailChangeKeys.customerId, customerId));
      return row;
    },

    /**
     * Spends the key, moves the account (and a billing email that was the old address) to the new
     * address and ends the account's sessions but `keepSessionHash`, all at once. Undefined when the
     * key was spent or replaced meanwhile; a unique violation when the address was taken meanwhile.
     */
    async changeEmail(
      customerId: number,
      keyHash: string,
      now: Date,
      keepSessionHash: string | undefined,
    ): Promise<CustomerRow | undefined> {
      return db.transaction(async (tx) => {
        const [spent] = await tx
          .update(emailChangeKeys)
          .set({ usedAt: now })
          .where(
            and(
              eq(emailChangeKeys.customerId, customerId),
              eq(emailChangeKeys.keyHash, keyHash),
              isNull(emailChangeKeys.usedAt),
            ),
          )
          .returning({ newEmail: emailChangeKeys.newEmail });
        if (!spent) return undefined;
        const [current] = await tx.select().from(customers).where(eq(customers.id, customerId));
        if (!current) return undefined;
        const billing =
          current.billing && current.billing.email === current.email
            ? { ...current.billing, email: spent.newEmail }
            : current.billing;
        const [changed] = await tx
          .update(customers)
          .set({ email: spent.newEmail, billing, modifiedAt: now })
          .where(eq(customers.id, customerId))
          .returning();
        await tx
          .update(customerSessions)
          .set({ revokedAt: now })
          .where(
            and(
              eq(customerSessions.customerId, customerId),
              isNull(customerSessions.revokedAt),
              ...(keepSessionHash ? [ne(customerSessions.idHash, keepSessionHash)] : []),
            ),
          );
        return changed;
      });
    },

    /** A new password cancels a pending change: it may have been asked for by whoever knew the old one. */
    async cancel(customerId: number): Promise<void> {
      await db.delete(emailChangeKeys).where(eq(emailChangeKeys.customerId, customerId));
    },
  };
}
export type EmailChangeRepo = ReturnType<typeof createEmailChangeRepo>;
