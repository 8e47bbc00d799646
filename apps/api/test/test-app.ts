import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { DEMO_SHOP, type Config } from '../src/config.ts';
import { createDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { seedDemoData } from '../seed/seed.ts';

/** Limits high enough that no test meets them unless it sets its own. */
const roomyLimit = { max: 1000, windowMs: 60_000 };

/** A fresh temporary data directory: mail written to its outbox never lands in the repository. */
export const tempDataDir = () => mkdtempSync(join(tmpdir(), 'larder-api-test-'));

/** Config overrides; a test may set only the rate limits it is about. */
export type TestConfigOverrides = Omit<Partial<Config>, 'rateLimits'> & {
  rateLimits?: Partial<Config['rateLimits']>;
};

export const testConfig = ({ rateLimits, ...overrides }: TestConfigOverrides = {}): Config => ({
  port: 0,
  host: '127.0.0.1',
  dataDir: tempDataDir(),
  publicUrl: 'http://shop.test',
  trustProxy: ['loopback'],
  logLevel: 'silent',
  newsletterSignupUrl: 'https://newsletter.test/subscribe',
  seedDemoData: true,
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
  ...overrides,
});

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

/** A database for one test file: in-memory PGlite, or a fresh database on TEST_DATABASE_URL's server. */
async function createTestDatabase(): Promise<{
  database: DatabaseHandle;
  dispose(): Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = createDatabase({ inMemory: true });
    return { database, dispose: () => database.close() };
  }
  const name = `larder_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = createDatabase({ databaseUrl: url.toString() });
  return {
    database,
    async dispose() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      // pool.end() resolves once its clients are told to end, not once their sockets close; a
      // forced drop before then reaches a closing client as an uncaught 57P01 error.
      for (let attempt = 0; attempt < 50; attempt++) {
        const { rows } = await cleanup.query<{ open: number }>(
          'select count(*)::int as open from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0]?.open === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}

/** Builds the app on a migrated, seeded database of its own. Call once per test file (beforeAll). */
export async function buildTestApp(
  options: {
    seed?: boolean;
    config?: TestConfigOverrides;
    now?: () => Date;
    /** Receives the app's log lines (set config.logLevel too: tests log nothing by default). */
    logStream?: { write(line: string): void };
  } = {},
): Promise<TestApp> {
  const { database, dispose } = await createTestDatabase();
  await database.migrate();
  if (options.seed ?? true) await seedDemoData(database.db);
  const config = testConfig(options.config);
  const app = await buildApp(config, { database, now: options.now, logStream: options.logStream });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await dispose();
      if (options.config?.dataDir === undefined)
        rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
