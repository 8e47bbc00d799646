// Vitest global setup for the API project: builds the test databases' starting points once per
// run (migrated, and migrated + demo data) instead of once per test file. Creating and migrating a
// PGlite database costs seconds of CPU per file; copying a dump of one costs a fraction of that.
// On PostgreSQL (TEST_DATABASE_URL) the starting points are template databases.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import type { Database } from '../src/db/client.ts';
import { createDatabase } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import { defaultMigrationsDir } from '../src/paths.ts';
import { seedDemoData } from '../seed/seed.ts';

/** Where each test file's database starts: a PGlite dump file, or a PostgreSQL template's name. */
export interface DatabaseTemplates {
  migrated: string;
  seeded: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

/**
 * Waits until nothing is connected to a PostgreSQL database: pool.end() resolves once its clients
 * are told to end, not once their sockets close, and a database in use can be neither copied nor
 * dropped cleanly (a forced drop reaches a closing client as an uncaught 57P01 error).
 */
export async function untilUnused(client: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const { rows } = await client.query<{ open: number }>(
      'select count(*)::int as open from pg_stat_activity where datname = $1',
      [name],
    );
    if (rows[0]?.open === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function pgliteTemplates(): Promise<{ templates: DatabaseTemplates; remove(): void }> {
  const folder = mkdtempSync(join(tmpdir(), 'larder-db-templates-'));
  const client = new PGlite();
  // Each file's database starts from this one's files, settings included. PostgreSQL zeroes its
  // buffer pool at start: at the default 128 MB that was half of a PGlite start (1.45 of 2.4 s);
  // a test database's pages fit in 16 MB many times over.
  await client.exec(`alter system set shared_buffers = '16MB'`);
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder: defaultMigrationsDir() });
  const save = async (name: string) => {
    const file = join(folder, `${name}.tar`);
    const dump = await client.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return file;
  };
  const migrated = await save('migrated');
  await seedDemoData(db as unknown as Database);
  const seeded = await save('seeded');
  await client.close();
  return {
    templates: { migrated, seeded },
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}

async function postgresTemplates(
  serverUrl: string,
): Promise<{ templates: DatabaseTemplates; remove(): Promise<void> }> {
  const prefix = `larder_template_${randomBytes(4).toString('hex')}`;
  const templates = { migrated: `${prefix}_migrated`, seeded: `${prefix}_seeded` };
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    for (const [kind, name] of Object.entries(templates)) {
      await admin.query(`create database "${name}"`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const database = createDatabase({ databaseUrl: url.toString() });
      await database.migrate();
      if (kind === 'seeded') await seedDemoData(database.db);
      await database.close();
      await untilUnused(admin, name);
    }
  } finally {
    await admin.end();
  }
  return {
    templates,
    async remove() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      for (const name of Object.values(templates)) {
        await cleanup.query(`drop database if exists "${name}" with (force)`);
      }
      await cleanup.end();
    },
  };
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const built = serverUrl ? await postgresTemplates(serverUrl) : await pgliteTemplates();
  project.provide('databaseTemplates', built.templates);
  return () => built.remove();
}
