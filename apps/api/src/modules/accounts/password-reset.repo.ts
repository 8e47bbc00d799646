import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  customers,
  customerSessions,
  emailChangeKeys,
  passwordResetKeys,
} from '../../db/schema.ts';
import { findCustomerByEmail, type CustomerRow } from './accounts.repo.ts';

export type ResetKeyRow = typeof passwordResetKeys.$inferSelect;

export function createPasswordResetRepo(db: Database) {
  return {
    findCustomerByEmail: (email: string) => findCustomerByEmail(db, email),

    /** One key per customer: a new one replaces the last, which stops working. */
    async storeKey(key: Omit<ResetKeyRow, 'usedAt'>): Promise<void> {
      await db
        .insert(passwordResetKeys)
        .values({ ...key, usedAt: null })
        .onConflictDoUpdate({
          target: passwordResetKeys.customerId,
          set: {
            keyHash: key.keyHash,
            createdAt: key.createdAt,
            expiresAt: key.expiresAt,
            usedAt: null,
          },
        });
    },

    async findKey(
      customerId: number,
    ): Promise<{ key: ResetKeyRow; customer: CustomerRow } | undefined> {
      const [row] = await db
        .select({ key: passwordResetKeys, customer: customers })
        .from(passwordResetKeys)
        .innerJoin(customers, eq(customers.id, passwordResetKeys.customerId))
        .where(eq(passwordResetKeys.customerId, customerId));
      return row;
    },

    /**
     * Spends the key and sets the new password, ending every session, all at once. False when the
     * key was spent or replaced in the meantime (two tabs using one link).
     */
    async resetPassword(
      customerId: number,
      keyHash: string,
      passwordHash: string,
      now: Date,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const spent = await tx
          .update(passwordResetKeys)
          .set({ usedAt: now })
          .where(
            and(
              eq(passwordResetKeys.customerId, customerId),
              eq(passwordResetKeys.keyHash, keyHash),
              isNull(passwordResetKeys.usedAt),
            ),
          )
          .returning({ customerId: passwordResetKeys.customerId });
        if (spent.length === 0) return false;
        await tx
          .update(customers)
          .set({ passwordHash, modifiedAt: now })
          .where(eq(customers.id, customerId));
        // An email change asked for by whoever knew the old password dies with it.
        await tx.delete(emailChangeKeys).where(eq(emailChangeKeys.customerId, customerId));
        await tx
          .update(customerSessions)
          .set({ revokedAt: now })
          .where(
            and(eq(customerSessions.customerId, customerId), isNull(customerSessions.revokedAt)),
          );
        return true;
      });
    },
  };
}
export type PasswordResetRepo = ReturnType<typeof createPasswordResetRepo>;
