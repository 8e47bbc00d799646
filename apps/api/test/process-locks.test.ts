import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createDatabase } from '../src/db/client.ts';
import { defaultMigrationsDir } from '../src/paths.ts';
import { untilUnused } from './database-templates.ts';
import { tempDataDir, testConfig } from './test-app.ts';

// Several shop processes on one PostgreSQL (decision 0013): the PostgreSQL stage of `npm test`
// (scripts/with-postgres.mjs) gives TEST_DATABASE_URL; PGlite is one process's database anyway.
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('processes sharing one PostgreSQL', () => {
  const name = `larder_locks_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const databaseUrl = () => {
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const admin = () => new pg.Client({ connectionString: serverUrl });

  beforeAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`create database "${name}"`);
    await client.end();
  });
  afterAll(async () => {
    const client = admin();
    await client.connect();
    await untilUnused(client, name);
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.end();
  });

  it('start together on a fresh database: every start succeeds and the migrations are applied once', async () => {
    const apps: FastifyInstance[] = [];
    // One data folder, as `npm run cluster` gives its processes. (The demo data, seeded under a
    // lock of its own, is left out: its image sizes cost a minute of CPU; the cluster seeds it.)
    const dataDir = tempDataDir();
    const configs = Array.from({ length: 4 }, () =>
      testConfig({ databaseUrl: databaseUrl(), seedDemoData: false, dataDir }),
    );
    try {
      const started = await Promise.allSettled(configs.map((config) => buildApp(config)));
      for (const start of started) if (start.status === 'fulfilled') apps.push(start.value);
      expect(started.filter((start) => start.status === 'rejected')).toEqual([]);

      const journal = JSON.parse(
        readFileSync(join(defaultMigrationsDir(), 'meta', '_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      const client = new pg.Client({ connectionString: databaseUrl() });
      await client.connect();
      try {
        const migrations = await client.query('select hash from drizzle.__drizzle_migrations');
        expect(migrations.rowCount).toBe(journal.entries.length);
        expect(new Set(migrations.rows.map((row: { hash: string }) => row.hash)).size).toBe(
          journal.entries.length,
        );
      } finally {
        await client.end();
      }
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('run a background job on one process at a time; the others skip their turn', async () => {
    const [one, other] = [
      createDatabase({ databaseUrl: databaseUrl() }),
      createDatabase({ databaseUrl: databaseUrl() }),
    ];
    try {
      let finishJob!: () => void;
      let jobStarted!: () => void;
      const started = new Promise<void>((resolve) => (jobStarted = resolve));
      const running = one.ifNoneOther('orderHoldSweep', async () => {
        jobStarted();
        await new Promise<void>((resolve) => (finishJob = resolve));
      });
      await started;

      let otherRan = false;
      expect(
        await other.ifNoneOther('orderHoldSweep', async () => {
          otherRan = true;
        }),
      ).toBe(false);
      expect(otherRan).toBe(false);
      // Another job's lock is free meanwhile.
      expect(await other.ifNoneOther('startupData', async () => undefined)).toBe(true);

      finishJob();
      expect(await running).toBe(true);
      expect(
        await other.ifNoneOther('orderHoldSweep', async () => {
          otherRan = true;
        }),
      ).toBe(true);
      expect(otherRan).toBe(true);
    } finally {
      await Promise.all([one.close(), other.close()]);
    }
  });

  it('wait for each other under oneAtATime, so the tasks never overlap', async () => {
    const handles = Array.from({ length: 3 }, () => createDatabase({ databaseUrl: databaseUrl() }));
    try {
      let inside = 0;
      let mostInside = 0;
      await Promise.all(
        handles.map((handle) =>
          handle.oneAtATime('startupData', async () => {
            inside += 1;
            mostInside = Math.max(mostInside, inside);
            await new Promise((resolve) => setTimeout(resolve, 50));
            inside -= 1;
          }),
        ),
      );
      expect(mostInside).toBe(1);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
    }
  });
});
