import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { defaultMigrationsDir } from '../paths.ts';
import { ApiError } from './errors.ts';

/** Outside /wp-json and the storefront's routes, as load balancers and orchestrators expect. */
export const healthPaths = { live: '/healthz', ready: '/readyz' } as const;

/** How many migrations the code expects: the entries of drizzle-kit's journal. */
function expectedMigrations(migrationsDir: string): number {
  const journal = JSON.parse(
    readFileSync(join(migrationsDir, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

async function appliedMigrations(db: Database): Promise<number> {
  const result = (await db.execute(
    sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { applied: number }[] };
  return result.rows[0]?.applied ?? 0;
}

/** Whether the process is on its way out (SIGTERM): it fails /readyz while it still answers. */
export interface Readiness {
  draining: boolean;
}

/**
 * GET /healthz: the process answers (no database). GET /readyz: the database answers, every
 * migration is applied and the process is not draining, else 503. Neither is rate-limited nor in
 * the OpenAPI document; their request lines are logged at debug (see request-logs.ts).
 */
export async function healthRoutes(
  app: FastifyInstance,
  options: { db: Database; migrationsDir?: string; readiness: Readiness },
) {
  const expected = expectedMigrations(options.migrationsDir ?? defaultMigrationsDir());
  const probe = { schema: { hide: true } };

  app.get(healthPaths.live, probe, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get(healthPaths.ready, probe, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (options.readiness.draining) {
      throw new ApiError(503, 'shutting_down', 'This process is shutting down.');
    }
    let applied: number;
    try {
      applied = await appliedMigrations(options.db);
    } catch (error) {
      request.log.warn({ err: error }, 'readiness: the database did not answer');
      throw new ApiError(503, 'not_ready', 'The database is not answering.');
    }
    if (applied < expected) {
      throw new ApiError(
        503,
        'not_ready',
        `The database is missing migrations (${applied} of ${expected} applied).`,
      );
    }
    return { status: 'ready', migrations: applied };
  });
}
