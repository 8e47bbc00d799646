import { count, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';

/**
 * Step one of a list: the ids of one page plus the total, in one query (count(*) over()).
 * Step two loads those ids with drizzle's relational query. Filters stay in this plain query
 * because the relational builder re-aliases every column, which breaks correlated subqueries.
 * A total already known (kept from an earlier page of the same filter) is not counted again.
 */
export async function pageOfIds(
  db: Database,
  table: PgTable,
  idColumn: PgColumn,
  where: SQL | undefined,
  orderBy: SQL[],
  limit: number,
  offset: number,
  knownTotal?: number,
): Promise<{ ids: number[]; total: number }> {
  const page = (columns: { id: PgColumn; total?: SQL<number> }) =>
    db
      .select(columns)
      .from(table)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offset);
  if (knownTotal !== undefined) {
    const rows = await page({ id: idColumn });
    return { ids: rows.map((row) => row.id as number), total: knownTotal };
  }
  const rows = await page({ id: idColumn, total: sql<number>`count(*) over()`.mapWith(Number) });
  if (rows.length > 0) return { ids: rows.map((row) => row.id as number), total: rows[0]!.total! };
  if (offset === 0) return { ids: [], total: 0 };
  // Past the end: the window function saw no rows, so count separately.
  const [totalRow] = await db.select({ total: count() }).from(table).where(where);
  return { ids: [], total: totalRow?.total ?? 0 };
}

/** Puts rows back in the order of the id page. */
export function inIdOrder<T extends { id: number }>(ids: number[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

/**
 * `"table"."column"` always. Drizzle leaves columns unqualified in single-table selects, which
 * silently rebinds a correlated subquery's outer reference to an inner table with the same column.
 */
export const qualified = (column: PgColumn): SQL =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
