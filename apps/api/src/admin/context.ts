import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { createDatabase, type Database, type DatabaseHandle } from '../db/client.ts';
import { createAccountsRepo } from '../modules/accounts/accounts.repo.ts';
import { createMailer, outboxDir, type Mailer } from '../modules/mail/mailer.ts';
import { createOrdersService, type OrdersService } from '../modules/orders/orders.service.ts';
import { createPaymentsRepo, type PaymentsRepo } from '../modules/payments/payments.repo.ts';
import { purchaseRecordsFromOrders } from '../modules/reviews/purchase-records.ts';
import { createReviewsRepo } from '../modules/reviews/reviews.repo.ts';
import { createReviewsService, type ReviewsService } from '../modules/reviews/reviews.service.ts';
import { createShippingRepo } from '../modules/shipping/shipping.repo.ts';
import { createShippingService } from '../modules/shipping/shipping.service.ts';
import {
  createWholesaleService,
  type WholesaleService,
} from '../modules/wholesale/wholesale.service.ts';

/** The services the commands use: the same ones the shop's routes use. */
export interface AdminContext {
  config: Config;
  db: Database;
  mailer: Mailer;
  orders: OrdersService;
  /** The payment attempts recorded per order: what `orders show` says was paid. */
  payments: PaymentsRepo;
  reviews: ReviewsService;
  accounts: ReturnType<typeof createAccountsRepo>;
  wholesale: WholesaleService;
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
  const log = quietLogger();
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: outboxDir(config.dataDir),
    log,
  });
  const shipping = createShippingService(db, createShippingRepo(db));
  return {
    config,
    db,
    mailer,
    orders: createOrdersService(db, {
      holdMinutes: config.orderHoldMinutes,
      maxHeldUnits: config.orderHoldMaxUnits,
      shipping,
    }),
    payments: createPaymentsRepo(db),
    reviews: createReviewsService(createReviewsRepo(db), {
      publicUrl: config.publicUrl,
      shopOwnerEmail: config.shopOwnerEmail,
      mailer,
      purchases: purchaseRecordsFromOrders(db),
      log,
    }),
    accounts: createAccountsRepo(db),
    wholesale: createWholesaleService(db, {
      mailer,
      shopOwnerEmail: config.shopOwnerEmail,
      publicUrl: config.publicUrl,
      dataDir: config.dataDir,
      log,
    }),
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
