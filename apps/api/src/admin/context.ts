import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { createDatabase, type Database, type DatabaseHandle } from '../db/client.ts';
import { createServices, type Services } from '../services.ts';

/** The services the commands use: the same ones the shop's routes use. */
export interface AdminContext {
  config: Config;
  db: Database;
  mailer: Services['mailer'];
  orders: Services['orders'];
  /** The payment attempts recorded per order: what `orders show` says was paid. */
  payments: Services['paymentsRepo'];
  reviews: Services['reviews'];
  accounts: Services['accountsRepo'];
  wholesale: Services['wholesale'];
}

/** The mailer's log: quiet, except for failures, which go to stderr. */
function quietLogger(): FastifyBaseLogger {
  const noop = () => undefined;
  const logger: FastifyBaseLogger = {
    level: 'error',
    fatal: (...args: unknown[]) => console.error(...args),
    error: (...args: unknown[]) => console.error(...args),
    warn: noop,
    info: noop,
    debug: noop,
    trace: noop,
    silent: noop,
    child: () => logger,
  };
  return logger;
}

export function createAdminContext(config: Config, db: Database): AdminContext {
  // The shop's own services (createServices), so a command does exactly what the shop would.
  const services = createServices({ config, db, log: quietLogger() });
  return {
    config,
    db,
    mailer: services.mailer,
    orders: services.orders,
    payments: services.paymentsRepo,
    reviews: services.reviews,
    accounts: services.accountsRepo,
    wholesale: services.wholesale,
  };
}

/** Opens the configured database (migrated, never seeded) for one command. */
export async function openDatabase(config: Config): Promise<DatabaseHandle> {
  const database = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate(config.migrationsDir);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
