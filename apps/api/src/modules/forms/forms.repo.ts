import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  isNotNull,
  isNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { contactSubmissions, newsletterSubscribers } from '../../db/schema.ts';
import { likePattern } from '../../http/format.ts';

export type NewContactSubmission = typeof contactSubmissions.$inferInsert;
export type ContactSubmissionRow = typeof contactSubmissions.$inferSelect;
export type NewsletterSubscriberRow = typeof newsletterSubscribers.$inferSelect;

interface Page {
  limit: number;
  offset: number;
}

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

    /** Newest first; `handled` undefined for both kinds, `search` over names, email and message. */
    async listContacts(filter: { handled?: boolean; search?: string } & Page) {
      const conditions: SQL[] = [];
      if (filter.handled !== undefined) {
        conditions.push(
          filter.handled
            ? isNotNull(contactSubmissions.handledAt)
            : isNull(contactSubmissions.handledAt),
        );
      }
      if (filter.search) {
        const pattern = likePattern(filter.search);
        conditions.push(
          or(
            ilike(
              sql`${contactSubmissions.firstName} || ' ' || ${contactSubmissions.lastName}`,
              pattern,
            ),
            ilike(contactSubmissions.email, pattern),
            ilike(contactSubmissions.message, pattern),
          )!,
        );
      }
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(contactSubmissions)
          .where(where)
          .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id))
          .limit(filter.limit)
          .offset(filter.offset),
        db.select({ total: count() }).from(contactSubmissions).where(where),
      ]);
      return { rows, total: total?.total ?? 0 };
    },

    async findContact(id: number): Promise<ContactSubmissionRow | undefined> {
      const [row] = await db.select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
      return row;
    },

    /** Handled keeps the first date it was handled on; unhandled clears it. Undefined: no such message. */
    async setContactHandled(id: number, handled: boolean, now: Date, tx: Database = db) {
      const [row] = await tx
        .update(contactSubmissions)
        .set({ handledAt: handled ? sql`coalesce(${contactSubmissions.handledAt}, ${now})` : null })
        .where(eq(contactSubmissions.id, id))
        .returning();
      return row;
    },

    /** Runs `work` in one transaction: a change and its activity entry land together. */
    transaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /** Newest first, `search` over the address. */
    async listSubscribers(filter: { search?: string } & Page) {
      const where = filter.search
        ? ilike(newsletterSubscribers.email, likePattern(filter.search))
        : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(newsletterSubscribers)
          .where(where)
          .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
          .limit(filter.limit)
          .offset(filter.offset),
        db.select({ total: count() }).from(newsletterSubscribers).where(where),
      ]);
      return { rows, total: total?.total ?? 0 };
    },

    /** Every sign-up, oldest first: the export. */
    allSubscribers(): Promise<NewsletterSubscriberRow[]> {
      return db
        .select()
        .from(newsletterSubscribers)
        .orderBy(asc(newsletterSubscribers.createdAt), asc(newsletterSubscribers.id));
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
