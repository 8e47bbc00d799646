import { sql, type Column, type SQL } from 'drizzle-orm';
import type { Database } from './client.ts';

/** What a Drizzle query builder's `.prepare(name)` gives: the SQL and row mapping, built. */
interface PreparedQuery<Result> {
  execute(values?: Record<string, unknown>): Promise<Result>;
}

/**
 * Drizzle's prepared query keeps the connection it was made on in `client`, and a handle (the
 * pool, a pooled connection in a transaction, PGlite or its transaction) keeps its own in
 * `session.client`. Neither is public API: `prepared` checks both before it relies on them.
 */
const sessionOf = (executor: Database): { client: object } => {
  const session = (executor as unknown as { session?: { client?: object } }).session;
  if (!session?.client) throw new Error('prepared: this Drizzle handle has no session.client');
  return session as { client: object };
};

type Template<Result> = PreparedQuery<Result> & { client?: object };

/**
 * A statement Drizzle builds once, run on whichever handle each call gives: the pool or a
 * transaction's connection (decision 0055). Building a query's SQL and its row mapping costs more
 * Node CPU than sending it; a checkout's hot statements are built once per process instead of on
 * every call. On PostgreSQL the statement is named, so each connection also parses it once.
 * Values come in as named placeholders (`sql.placeholder('id')`, or `encoded` for a column whose
 * values need converting, such as dates and JSON).
 */
export function prepared<Result>(
  name: string,
  build: (db: Database) => { prepare(name: string): PreparedQuery<Result> },
): (executor: Database, values?: Record<string, unknown>) => Promise<Result> {
  // One per driver (PGlite's and node-postgres' prepared queries call their clients differently).
  const templates = new Map<unknown, Template<Result>>();
  return (executor, values) => {
    const session = sessionOf(executor);
    let template = templates.get(session.constructor);
    if (!template) {
      template = build(executor).prepare(name) as Template<Result>;
      if (!template.client) throw new Error('prepared: Drizzle prepared queries have no client');
      templates.set(session.constructor, template);
    }
    if (template.client === session.client) return template.execute(values);
    // The built statement on this call's connection: only `client` differs.
    const onClient = Object.create(template) as Template<Result>;
    onClient.client = session.client;
    return onClient.execute(values);
  };
}

/**
 * A placeholder whose value is converted as `column` converts values (dates, JSON), with null
 * sent as SQL NULL, as Drizzle does for a value given in place. An SQL fragment, which inserts,
 * updates and conditions all take as it is.
 */
export const encoded = (name: string, column: Column): SQL =>
  sql`${sql.param(sql.placeholder(name), {
    mapToDriverValue: (value: unknown) =>
      value === null || value === undefined ? null : column.mapToDriverValue(value),
  })}`;

interface DrizzleInternals {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      isResponseInArrayMode: boolean,
    ): PreparedQuery<unknown>;
  };
}

/**
 * A statement written in SQL, for what Drizzle's builders cannot say (a data-modifying WITH whose
 * insert selects its rows), built and named once as `prepared` does (decision 0059). Values go by
 * placeholder; rows come back as the database sends them: snake_case names, nothing converted.
 */
export function preparedSql<Row>(
  name: string,
  build: (db: Database) => SQL,
): (executor: Database, values?: Record<string, unknown>) => Promise<{ rows: Row[] }> {
  return prepared(name, (db) => ({
    prepare: (statementName) => {
      const drizzle = db as unknown as DrizzleInternals;
      return drizzle.session.prepareQuery(
        drizzle.dialect.sqlToQuery(build(db)),
        undefined,
        statementName,
        false,
      ) as PreparedQuery<{ rows: Row[] }>;
    },
  }));
}
