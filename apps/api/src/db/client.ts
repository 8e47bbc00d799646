import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { PRIVATE_DIR_MODE } from '../data-dir.ts';
import { defaultMigrationsDir } from '../paths.ts';
import { lockDirectory } from './lock.ts';
import * as schema from './schema.ts';

/** The drizzle handle both drivers share; repositories only use this type. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies pending drizzle-kit migrations. */
  migrate(migrationsDir?: string): Promise<void>;
  close(): Promise<void>;
  /**
   * PGlite only: how many statements and transactions have finished in this process, which is
   * the only one that can write the embedded database. The read cache skips re-reading its
   * version while nothing but that read has run (decision 0012).
   */
  statementsFinished?: () => number;
}

/** Counts what the PGlite client finishes, in the client itself so no caller can bypass it. */
function countFinishedStatements(client: PGlite): () => number {
  let finished = 0;
  const counted =
    <Args extends unknown[], Result>(run: (...args: Args) => Promise<Result>) =>
    (...args: Args) =>
      run(...args).finally(() => {
        finished++;
      });
  client.query = counted(client.query.bind(client)) as typeof client.query;
  client.exec = counted(client.exec.bind(client)) as typeof client.exec;
  client.transaction = counted(client.transaction.bind(client)) as typeof client.transaction;
  return () => finished;
}

export interface DatabaseOptions {
  /** postgres://… → PostgreSQL through `pg`; otherwise the embedded PGlite. */
  databaseUrl?: string;
  /** PGlite data lives in `${dataDir}/db`; ignored with databaseUrl or inMemory. */
  dataDir?: string;
  /** A throwaway in-memory PGlite (tests). */
  inMemory?: boolean;
  /**
   * With inMemory: a PGlite data directory dump (`dumpDataDir`) to start from, so tests copy one
   * migrated database instead of creating and migrating one per file.
   */
  loadDataDir?: Blob;
}

export function createDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = drizzlePg({ client: pool, schema });
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      migrate: (dir) => migratePg(db, { migrationsFolder: dir ?? defaultMigrationsDir() }),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  let unlock = () => {};
  if (options.inMemory) {
    client = new PGlite({ loadDataDir: options.loadDataDir });
  } else {
    const dir = join(options.dataDir ?? './data', 'db');
    mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
    // One process at a time (the shop or the owner's command line): throws DatabaseInUseError.
    unlock = lockDirectory(dir);
    client = new PGlite(dir);
  }
  const statementsFinished = countFinishedStatements(client);
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    statementsFinished,
    migrate: (dir) => migratePglite(db, { migrationsFolder: dir ?? defaultMigrationsDir() }),
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}
