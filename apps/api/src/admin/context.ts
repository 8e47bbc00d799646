import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { createDatabase, type Database, type DatabaseHandle } from '../db/client.ts';
import { createServices, type Services } from '../services.ts';
import { CliError } from './output.ts';

/** The services the commands use: the same ones the shop's routes use. */
export interface AdminContext {
  config: Config;
  db: Database;
  orders: Services['orders'];
  /** The back office's order actions: status moves, fulfilment, refunds. */
  orderManagement: Services['orderManagement'];
  /** The back office's product and variation writes (prices, stock). */
  productWrites: Services['productWrites'];
  /** Back-in-stock emails a stock change starts: a command waits for them before it exits. */
  stockNotifications: Services['stockNotifications'];
  activity: Services['activity'];
  /** The payment attempts recorded per order: what `orders show` says was paid. */
  payments: Services['paymentsRepo'];
  reviews: Services['reviews'];
  wholesale: Services['wholesale'];
  catalogTransfer: Services['catalogTransfer'];
  /** REST API keys for outside tools (issue 17). */
  apiKeys: Services['apiKeys'];
  /** A file name the owner typed, resolved against their shell's folder (not the shop's). */
  resolvePath(file: string): string;
  /**
   * How many failures the services have logged so far (an email that could not be sent): a
   * service keeps its change and only logs those, so a command compares the count before and after.
   */
  failuresLogged(): number;
}

/** The services' log: quiet, except for failures, which go to stderr and are counted. */
function quietLogger(onFailure: () => void): FastifyBaseLogger {
  const noop = () => undefined;
  const failure = (...args: unknown[]) => {
    onFailure();
    console.error(...args);
  };
  const logger: FastifyBaseLogger = {
    level: 'error',
    fatal: failure,
    error: failure,
    warn: noop,
    info: noop,
    debug: noop,
    trace: noop,
    silent: noop,
    child: () => logger,
  };
  return logger;
}

export function createAdminContext(
  config: Config,
  db: Database,
  cwd = process.cwd(),
): AdminContext {
  // The shop's own services (createServices), so a command does exactly what the shop would.
  let failures = 0;
  const services = createServices({ config, db, log: quietLogger(() => (failures += 1)) });
  return {
    config,
    db,
    orders: services.orders,
    orderManagement: services.orderManagement,
    productWrites: services.productWrites,
    stockNotifications: services.stockNotifications,
    activity: services.activity,
    payments: services.paymentsRepo,
    reviews: services.reviews,
    wholesale: services.wholesale,
    catalogTransfer: services.catalogTransfer,
    apiKeys: services.apiKeys,
    resolvePath: (file) => resolve(cwd, file),
    failuresLogged: () => failures,
  };
}

const noShop = (where: string) =>
  new CliError(
    `No shop in ${where}. Run the command line with the shop's settings (the DATA_DIR or ` +
      'DATABASE_URL that `npm start` uses), or start the shop once to create it.',
  );

/**
 * Opens the configured database (migrated, never seeded) for one command. A DATA_DIR or database
 * that holds no shop is refused instead of becoming a new empty one (a mistyped setting).
 */
export async function openDatabase(config: Config): Promise<DatabaseHandle> {
  if (!config.databaseUrl && !existsSync(join(config.dataDir, 'db', 'PG_VERSION'))) {
    throw noShop(`DATA_DIR=${resolve(config.dataDir)}`);
  }
  const database = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    if (config.databaseUrl) {
      const migrated = (await database.db.execute(
        sql`select to_regclass('drizzle.__drizzle_migrations')::text as table`,
      )) as unknown as { rows: Array<{ table: string | null }> };
      if (!migrated.rows[0]?.table) throw noShop('the database DATABASE_URL names');
    }
    await database.migrate(config.migrationsDir);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
