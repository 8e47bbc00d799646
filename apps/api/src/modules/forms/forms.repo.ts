import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { contactSubmissions, newsletterSubscribers } from '../../db/schema.ts';

export type NewContactSubmission = typeof contactSubmissions.$inferInsert;

export function createFormsRepo(db: Database) {
  return {
    async insertContact(values: NewContactSubmission) {
      const [row] = await db.insert(contactSubmissions).values(values).returning();
      return row!;
    },

    async markContactNotified(id: number) {
      await db
        .update(contactSubmissions)
        .set({ notifiedAt: new Date() })
        .where(eq(contactSubmissions.id, id));
    },

    /** The id the next submission would probably get: what a bot caught by the honeypot is told. */
    async likelyNextContactId() {
      const [row] = await db
        .select({
          next: sql<number>`coalesce(max(${contactSubmissions.id}), 0) + 1`.mapWith(Number),
        })
        .from(contactSubmissions);
      return row?.next ?? 1;
    },

    /** False when the address (in any letter case) is already on the list. */
    async subscribe(email: string) {
      const inserted = await db
        .insert(newsletterSubscribers)
        .values({ email })
        .onConflictDoNothing()
        .returning({ id: newsletterSubscribers.id });
      return inserted.length > 0;
    },
  };
}

export type FormsRepo = ReturnType<typeof createFormsRepo>;
