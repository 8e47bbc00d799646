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
  /**
   * Where the reads the read cache may keep are made, with the version they are kept under: a
   * streaming replica when one is configured (decision 0045), otherwise `db` itself.
   */
  readDb: Database;
  /**
   * Where the read cache reads its version, on readDb's database: on PostgreSQL a connection of
   * its own, so a hit never queues behind checkouts holding every pooled connection.
   */
  versionDb: Database;
  kind: 'pglite' | 'postgres';
  /** Applies pending drizzle-kit migrations. */
  migrate(migrationsDir?: string): Promise<void>;
  /**
   * Runs `task` while no other process runs one under the same lock, waiting its turn: on
   * PostgreSQL a session advisory lock, so several processes starting at once migrate one after
   * the other. PGlite has one process by design (its lock file), so it simply runs the task.
   */
  oneAtATime<T>(lock: ProcessLock, task: () => Promise<T>): Promise<T>;
  /**
   * Runs `task` unless another process is running one under the same lock (then it skips it and
   * resolves false): a background job done by one process per tick.
   */
  ifNoneOther(lock: ProcessLock, task: () => Promise<unknown>): Promise<boolean>;
  /**
   * Calls `onNotify` on each NOTIFY on `channel` (sent at commit, by any process on the database);
   * resolves to the function that stops listening.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /**
   * PGlite only: how many statements and transactions have finished in this process, which is
   * the only one that can write the embedded database. The read cache skips re-reading its
   * version while nothing but that read has run (decision 0012).
   */
  statementsFinished?: () => number;
}

/** Advisory lock keys (one number per job across the shop's processes). */
export const PROCESS_LOCKS = {
  /** drizzle's migrations: its journal is not safe against two processes migrating at once. */
  migrations: 0x4c_41_52_01,
  /** The demo data and the responsive image sizes a starting process adds when they are missing. */
  startupData: 0x4c_41_52_02,
  /** The sweep that cancels unpaid orders past their hold, and sends overdue-invoice reminders. */
  orderHoldSweep: 0x4c_41_52_03,
} as const;
export type ProcessLock = keyof typeof PROCESS_LOCKS;

/** Session advisory locks on one connection of the pool, held while the task runs. */
function advisoryLocks(pool: pg.Pool) {
  async function holding<T>(
    lock: ProcessLock,
    take: 'pg_advisory_lock' | 'pg_try_advisory_lock',
    task: () => Promise<T>,
  ): Promise<{ ran: true; result: T } | { ran: false }> {
    const key = PROCESS_LOCKS[lock];
    const client = await pool.connect();
    let broken = false;
    try {
      const { rows } = await client.query<{ locked: boolean }>(
        take === 'pg_advisory_lock'
          ? 'select pg_advisory_lock($1) is not null as locked'
          : 'select pg_try_advisory_lock($1) as locked',
        [key],
      );
      if (rows[0]?.locked !== true) return { ran: false };
      try {
        return { ran: true, result: await task() };
      } finally {
        await client.query('select pg_advisory_unlock($1)', [key]).catch((error: unknown) => {
          // A connection that cannot unlock must not go back to the pool still holding the lock.
          broken = true;
          throw error;
        });
      }
    } finally {
      client.release(broken);
    }
  }
  return {
    async oneAtATime<T>(lock: ProcessLock, task: () => Promise<T>): Promise<T> {
      const outcome = await holding(lock, 'pg_advisory_lock', task);
      if (!outcome.ran) throw new Error(`could not take the ${lock} lock`);
      return outcome.result;
    },
    ifNoneOther: async (lock: ProcessLock, task: () => Promise<unknown>) =>
      (await holding(lock, 'pg_try_advisory_lock', task)).ran,
  };
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
  /** With databaseUrl: a streaming replica of it for the cacheable reads (readDb). */
  readDatabaseUrl?: string;
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
    const locks = advisoryLocks(pool);
    const db = drizzlePg({ client: pool, schema });
    const readPool = options.readDatabaseUrl
      ? new pg.Pool({ connectionString: options.readDatabaseUrl, max: 10 })
      : undefined;
    // One connection: the version reader has at most one read in flight.
    const versionPool = new pg.Pool({
      connectionString: options.readDatabaseUrl ?? options.databaseUrl,
      max: 1,
    });
    return {
      db: db as unknown as Database,
      readDb: (readPool ? drizzlePg({ client: readPool, schema }) : db) as unknown as Database,
      versionDb: drizzlePg({ client: versionPool, schema }) as unknown as Database,
      kind: 'postgres',
      migrate: (dir) =>
        locks.oneAtATime('migrations', () =>
          migratePg(db, { migrationsFolder: dir ?? defaultMigrationsDir() }),
        ),
      ...locks,
      async listen(channel, onNotify) {
        // A connection of its own: LISTEN holds it for as long as it listens.
        const listener = new pg.Client({ connectionString: options.databaseUrl });
        // A lost listener only slows deliveries to the worker's tick; the pool is unaffected.
        listener.on('error', () => undefined);
        listener.on('notification', (message) => {
          if (message.channel === channel) onNotify();
        });
        await listener.connect();
        await listener.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        return () => listener.end();
      },
      close: async () => {
        await Promise.all([pool.end(), readPool?.end(), versionPool.end()]);
      },
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
    readDb: db as unknown as Database,
    versionDb: db as unknown as Database,
    kind: 'pglite',
    statementsFinished,
    migrate: (dir) => migratePglite(db, { migrationsFolder: dir ?? defaultMigrationsDir() }),
    oneAtATime: (_lock, task) => task(),
    ifNoneOther: async (_lock, task) => {
      await task();
      return true;
    },
    listen: (channel, onNotify) => client.listen(channel, onNotify),
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}
