import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { DEMO_SHOP, type Config } from '../src/config.ts';
import { createDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { untilUnused } from './database-templates.ts';
import { saveMinimums } from '../src/modules/pricing/wholesale-minimums.ts';

/** Limits high enough that no test meets them unless it sets its own. */
const roomyLimit = { max: 1000, windowMs: 60_000 };

/** The embedded database, the default test run; TEST_DATABASE_URL selects PostgreSQL instead. */
export const onPglite = !process.env.TEST_DATABASE_URL;

/** A fresh temporary data directory: mail written to its outbox never lands in the repository. */
export const tempDataDir = () => mkdtempSync(join(tmpdir(), 'larder-api-test-'));

/** Config overrides; a test may set only the rate limits it is about. */
export type TestConfigOverrides = Omit<Partial<Config>, 'rateLimits'> & {
  rateLimits?: Partial<Config['rateLimits']>;
};

export const testConfig = ({ rateLimits, ...overrides }: TestConfigOverrides = {}): Config => ({
  port: 0,
  host: '127.0.0.1',
  // Made only when not given: a folder made and then overridden was left behind, empty.
  dataDir: overrides.dataDir ?? tempDataDir(),
  publicUrl: 'http://shop.test',
  trustProxy: ['loopback'],
  logLevel: 'silent',
  newsletterSignupUrl: 'https://newsletter.test/subscribe',
  seedDemoData: true,
  // The tests' webhook receivers listen on loopback.
  webhookAllowPrivateUrls: true,
  sendEmails: true,
  mailFrom: 'Larder & Oat <hello@larderandoat.test>',
  shopOwnerEmail: 'owner@larderandoat.test',
  shop: DEMO_SHOP,
  rateLimits: {
    review: roomyLimit,
    contact: roomyLimit,
    newsletter: roomyLimit,
    shippingRates: roomyLimit,
    order: roomyLimit,
    payment: roomyLimit,
    login: roomyLimit,
    signUp: roomyLimit,
    profileUpdate: roomyLimit,
    passwordReset: roomyLimit,
    wholesale: roomyLimit,
    ...rateLimits,
  },
  orderHoldMinutes: 60,
  // As the rate limits: only the tests about the hold limit meet it.
  orderHoldMaxUnits: 999,
  rememberMeDays: 30,
  shutdownDrainMs: 0,
  ...overrides,
});

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** The test database's URL on PostgreSQL (TEST_DATABASE_URL), for a second process's pool. */
  databaseUrl?: string;
  config: Config;
  close(): Promise<void>;
}

/**
 * A template's bytes as PGlite's `loadDataDir` takes them, read from disk once per worker. Node 20's
 * own `Blob.arrayBuffer()` streamed a 44 MB template back in small chunks: 0.8 s of every file's
 * start. PGlite only reads the bytes (it copies each file out of the archive), so one copy serves
 * every file.
 */
class TemplateBlob extends Blob {
  private static readonly read = new Map<string, ArrayBuffer>();

  constructor(private readonly path: string) {
    super([], { type: 'application/x-tar' });
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    let bytes = TemplateBlob.read.get(this.path);
    if (!bytes) {
      const file = readFileSync(this.path);
      bytes = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer;
      TemplateBlob.read.set(this.path, bytes);
    }
    return Promise.resolve(bytes);
  }
}

/**
 * A database for one test file, a copy of the run's template (test/database-templates.ts):
 * in-memory PGlite, or a fresh database on TEST_DATABASE_URL's server.
 */
async function createTestDatabase(
  seeded: boolean,
  withReplica = false,
): Promise<{
  database: DatabaseHandle;
  databaseUrl?: string;
  dispose(): Promise<void>;
}> {
  const templates = inject('databaseTemplates');
  const template = seeded ? templates.seeded : templates.migrated;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = createDatabase({
      inMemory: true,
      loadDataDir: new TemplateBlob(template),
    });
    return { database, dispose: () => database.close() };
  }
  const name = `larder_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}" template "${template}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const replicaUrl = withReplica ? await onReplica(name) : undefined;
  const database = createDatabase({ databaseUrl: url.toString(), readDatabaseUrl: replicaUrl });
  return {
    database,
    databaseUrl: url.toString(),
    async dispose() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await untilUnused(cleanup, name);
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * The address of database `name` on TEST_READ_DATABASE_URL's replica, once the replica has
 * replayed its creation (a replica's databases appear as the primary's WAL reaches it).
 */
async function onReplica(name: string): Promise<string> {
  const replicaServer = process.env.TEST_READ_DATABASE_URL;
  if (!replicaServer) throw new Error('a replica test needs TEST_READ_DATABASE_URL');
  const url = new URL(replicaServer);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: replicaServer });
  await client.connect();
  try {
    for (let attempt = 0; attempt < 100; attempt++) {
      const { rows } = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (rows.length > 0) return url.toString();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`database ${name} did not reach the replica`);
  } finally {
    await client.end();
  }
}

/** Builds the app on a migrated, seeded database of its own. Call once per test file (beforeAll). */
export async function buildTestApp(
  options: {
    seed?: boolean;
    config?: TestConfigOverrides;
    now?: () => Date;
    /** Receives the app's log lines (set config.logLevel too: tests log nothing by default). */
    logStream?: { write(line: string): void };
    /**
     * Keep the demo's wholesale order minimums ($150 opening). Left out, they are set to none, so
     * a test's one-item wholesale order is about what it tests; minimum tests set their own.
     */
    demoWholesaleMinimums?: boolean;
    /** PostgreSQL only: cacheable reads on TEST_READ_DATABASE_URL's replica (READ_DATABASE_URL). */
    replica?: boolean;
  } = {},
): Promise<TestApp> {
  const { database, databaseUrl, dispose } = await createTestDatabase(
    options.seed ?? true,
    options.replica,
  );
  const config = testConfig(options.config);
  const app = await buildApp(config, { database, now: options.now, logStream: options.logStream });
  await app.ready();
  if (!options.demoWholesaleMinimums) {
    await saveMinimums(database.db, { openingCents: 0, reorderCents: 0 });
  }
  return {
    app,
    database,
    databaseUrl,
    config,
    async close() {
      await app.close();
      await dispose();
      if (options.config?.dataDir === undefined)
        rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
