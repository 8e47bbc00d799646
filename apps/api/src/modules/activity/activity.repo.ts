import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { activityLog, customers } from '../../db/schema.ts';

export type ActivityRow = typeof activityLog.$inferSelect;

export interface NewActivity {
  actorId: number;
  action: string;
  subjectType: string;
  subjectId: number;
  summary: string;
}

export function createActivityRepo(db: Database) {
  return {
    /** In the caller's transaction when given, so an action and its log entry land together. */
    async insert(entry: NewActivity, tx: Database = db): Promise<ActivityRow> {
      // The actor's name as it is now: the log keeps reading right after a rename. Id 0 is the
      // owner's command line, which acts without an account.
      const actorName =
        entry.actorId === 0
          ? 'Command line'
          : sql<string>`coalesce((select nullif(trim(${customers.firstName} || ' ' || ${customers.lastName}), '') from ${customers} where ${customers.id} = ${entry.actorId}), (select ${customers.email} from ${customers} where ${customers.id} = ${entry.actorId}), 'unknown')`;
      const [row] = await tx
        .insert(activityLog)
        .values({ ...entry, actorName })
        .returning();
      return row!;
    },

    async list(filter: {
      subjectType?: string;
      subjectId?: number;
      limit: number;
      offset: number;
    }): Promise<{ rows: ActivityRow[]; total: number }> {
      const conditions: SQL[] = [];
      if (filter.subjectType) conditions.push(eq(activityLog.subjectType, filter.subjectType));
      if (filter.subjectId) conditions.push(eq(activityLog.subjectId, filter.subjectId));
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(activityLog)
          .where(where)
          .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
          .limit(filter.limit)
          .offset(filter.offset),
        db.select({ total: count() }).from(activityLog).where(where),
      ]);
      return { rows, total: total?.total ?? 0 };
    },
  };
}

export type ActivityRepo = ReturnType<typeof createActivityRepo>;
