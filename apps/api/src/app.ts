import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { apiPaths } from '@larder/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { secureDataDir } from './data-dir.ts';
import { createDatabase, type DatabaseHandle } from './db/client.ts';
import type { AfterAnswer } from './http/after-answer.ts';
import { runInBackground } from './http/background-worker.ts';
import { trustProxyOption } from './http/client-key.ts';
import { registerErrorHandling } from './http/errors.ts';
import { registerJsonBodies } from './http/json-body.ts';
import { registerNulGuard } from './http/nul-guard.ts';
import { originFormTarget } from './http/request-target.ts';
import { parseQueryString } from './http/query-string.ts';
import { registerFieldsFilter } from './http/fields.ts';
import { createPageCache } from './http/page-cache.ts';
import { createReadCacheVersion, registerReadCache } from './http/read-cache.ts';
import { healthRoutes, type Readiness } from './http/health.ts';
import { echoRequestIds, loggerOptions, type LogStream } from './http/request-logs.ts';
import { registerRateLimiting } from './http/write-guards.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { createSharedCounters } from './http/shared-counters.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { activityRoutes } from './modules/activity/activity.routes.ts';
import { registerApiKeySignIn } from './modules/api-keys/api-key-sign-in.ts';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes.ts';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.ts';
import type { WebhooksService } from './modules/webhooks/webhooks.service.ts';
import { passwordResetRoutes } from './modules/accounts/password-reset.routes.ts';
import { registerSignIn } from './modules/accounts/sign-in-hook.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { productWritesRoutes } from './modules/catalog/product-writes.routes.ts';
import { catalogTransferRoutes } from './modules/catalog-transfer/catalog-transfer.routes.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { siteRoutes } from './modules/site/site.routes.ts';
import { contactMessagesRoutes } from './modules/forms/contact-messages.routes.ts';
import { formsRoutes } from './modules/forms/forms.routes.ts';
import { twoFactorRoutes } from './modules/accounts/two-factor.routes.ts';
import { newsletterSubscribersRoutes } from './modules/forms/newsletter-subscribers.routes.ts';
import { orderDocumentsRoutes } from './modules/order-documents/order-documents.routes.ts';
import { orderManagementRoutes } from './modules/order-management/order-management.routes.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { withPaymentSources } from './modules/payments/payment-csp.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { stockNotificationsRoutes } from './modules/stock-notifications/stock-notifications.routes.ts';
import { wholesaleApplicationsRoutes } from './modules/wholesale/wholesale-applications.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { wholesaleRoutes } from './modules/wholesale/wholesale.routes.ts';
import { wholesaleOrderingRoutes } from './modules/wholesale/wholesale-ordering.routes.ts';
import { wholesaleAccountRoutes } from './modules/wholesale/wholesale-account.routes.ts';
import { lineSheetRoutes } from './modules/line-sheet/line-sheet.routes.ts';
import { EMAIL_QUEUE_CHANNEL } from './modules/mail/email-queue.ts';
import { queuedEmailsRoutes } from './modules/mail/queued-emails.routes.ts';
import { stockistsRoutes } from './modules/stockists/stockists.routes.ts';
import { reviewsRoutes } from './modules/reviews/reviews.routes.ts';
import { ensureMediaVariants } from './modules/media/media-variants.ts';
import { createUploads, type Uploads } from './modules/media/uploads.ts';
import { uploadsRoutes } from './modules/media/uploads.routes.ts';
import { mediaLibraryRoutes } from './modules/media/media-library.routes.ts';
import { shippingRoutes } from './modules/shipping/shipping.routes.ts';
import { shippingZonesRoutes } from './modules/shipping/shipping-zones.routes.ts';
import { taxRoutes } from './modules/tax/tax.routes.ts';
import { couponsRoutes } from './modules/coupons/coupons.routes.ts';
import { quickOrderRoutes } from './modules/quick-order/quick-order.routes.ts';
import { locateStorefrontBuild } from './web/locate-build.ts';
import { withAnalyticsSources } from './web/analytics-csp.ts';
import { registerStorefront } from './web/storefront.ts';
import { seedDemoData } from '../seed/seed.ts';
import { createObjectStore, createServices } from './services.ts';
import { runAdmin } from './admin/cli.ts';
import { commandSocketPath, serveCommands } from './admin/command-socket.ts';
import { createAdminContext } from './admin/context.ts';

export interface BuildAppOptions {
  /** An already-open database (tests); the app then neither migrates, seeds nor closes it. */
  database?: DatabaseHandle;
  /** Serve the built storefront (assets and SSR) after the API routes: the shop process does. */
  serveStorefront?: boolean;
  /** The clock for order holds; tests pass their own to expire holds without waiting. */
  now?: () => Date;
  /** Where log lines go instead of stdout: tests read them. */
  logStream?: LogStream;
  /**
   * Take the owner's command line over DATA_DIR/admin.sock while running on the embedded
   * database, which only this process can open (decision 0026). The shop process does.
   */
  serveCommands?: boolean;
  /**
   * Assemble the products list from each product's kept text (decision 0050), as the shop does;
   * false builds every list whole, as before it (tests compare the two answers).
   */
  productFragments?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    /** From now on /readyz answers 503 (the balancer stops sending requests); all else still works. */
    startDraining(): void;
    /** The files under /wp-content/uploads/, wherever they are kept (decision 0044). */
    uploads: Uploads;
    /** Work requests left running after their answer (a payment's emails): tests wait for it. */
    afterAnswer: Pick<AfterAnswer, 'settled'>;
    /** The webhook deliveries' worker: tests run it, wait for it and prune its log. */
    webhooks: Pick<WebhooksService, 'kick' | 'idle' | 'pruneDeliveries'>;
  }
}

/** Content-Security-Policy; a page's answer adds its own nonce to script-src (security-headers.ts). */
const cspDirectives = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'object-src': ["'none'"],
  'frame-ancestors': ["'self'"],
  'form-action': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'script-src': ["'self'"],
  // Inline styles: React's style attributes and the critical CSS. No nonce is listed for styles, so
  // browsers honour 'unsafe-inline' here.
  'style-src': ["'self'", "'unsafe-inline'"],
  'script-src-attr': ["'none'"],
};

/**
 * X-Cache (hit/miss) tells anyone which reads and pages others asked for lately: tests only. Its own
 * switch, not NODE_ENV=test, which would also run React's development build (decision 0054).
 */
const showCacheState = process.env.SHOW_CACHE_STATE === 'true';

export async function buildApp(
  config: Config,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    ...loggerOptions(config, options.logStream),
    // X-Forwarded-For is believed only from this machine (the SSR's in-process calls, a local
    // reverse proxy) and the proxies TRUST_PROXY names: anyone else could forge it.
    trustProxy: trustProxyOption(config.trustProxy),
    // Before routing: every later part sees `/path?query`, never `http://any.host/path`.
    rewriteUrl: (request) => originFormTarget(request.url ?? '/'),
    routerOptions: { querystringParser: parseQueryString },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerJsonBodies(app);
  registerNulGuard(app);
  echoRequestIds(app);
  // Before the read cache's hook: a kept answer is the filtered one, under its own URL.
  registerFieldsFilter(app);

  const ownsDatabase = options.database === undefined;
  const database =
    options.database ??
    createDatabase({
      databaseUrl: config.databaseUrl,
      readDatabaseUrl: config.readDatabaseUrl,
      dataDir: config.dataDir,
    });
  app.decorate('config', config);
  app.decorate('database', database);
  // Uploads on this disk, or in the bucket every process shares: checked before anything is served.
  const store = createObjectStore(config);
  app.addHook('onClose', async () => store.close());
  const uploads = createUploads(store);
  app.decorate('uploads', uploads);
  if (ownsDatabase) {
    // Closed after Fastify stops taking requests (onClose runs after the server closes).
    app.addHook('onClose', async () => {
      await database.close();
    });
    try {
      await store.check();
      await database.migrate(config.migrationsDir);
      // Processes starting together on one PostgreSQL would each seed an empty shop.
      const images = await database.oneAtATime('startupData', async () => {
        if (config.seedDemoData) await seedDemoData(database.db);
        // Before listening, so the first page already has every size (docs/decisions/0011).
        return ensureMediaVariants(database.db, { uploads });
      });
      if (images.generated > 0 || images.missing.length > 0) {
        app.log.info(images, 'generated the responsive image sizes');
      }
      secureDataDir(config.dataDir);
    } catch (error) {
      await database.close();
      throw error;
    }
  }

  registerSecurityHeaders(
    app,
    withAnalyticsSources(withPaymentSources(cspDirectives, config), config.analytics),
  );
  const readiness: Readiness = { draining: false };
  app.decorate('startDraining', () => {
    readiness.draining = true;
  });
  // While draining, answers ask clients and the balancer not to reuse the connection.
  app.addHook('onSend', async (_request, reply) => {
    if (readiness.draining) reply.header('connection', 'close');
  });
  await app.register(healthRoutes, {
    db: database.db,
    migrationsDir: config.migrationsDir,
    readiness,
  });
  // An answer made for one request (an order, a payment's result) is sent plain below 8 KB: it
  // fits the first round trip's congestion window either way, and compressing it cost a checkout
  // a twentieth of its CPU (decision 0059). Pages stream and are compressed; kept catalogue
  // answers are compressed once each (read-cache.ts).
  await app.register(fastifyCompress, { global: true, threshold: 8192 });
  // Rate limits, failed sign-ins and reset requests: in Redis when REDIS_URL is set.
  const counters = createSharedCounters(config.redisUrl, { now: options.now, log: app.log });
  app.addHook('onClose', async () => {
    await counters.close();
  });
  // Before the routes: the plugin attaches its hooks as routes are added.
  await registerRateLimiting(app, counters);

  // Sign-in is worked out before any route runs, so every handler knows its viewer.
  await app.register(fastifyCookie);
  // Read where the cacheable reads are (a replica may lag the primary): a version read there is
  // never newer than what those reads see, so nothing stale is kept under a new version.
  const readCacheVersion = createReadCacheVersion(database.versionDb, database.statementsFinished);
  const services = createServices({
    config,
    db: database.db,
    readDb: database.readDb,
    log: app.log,
    now: options.now,
    counters,
    store,
    versions: readCacheVersion,
  });
  app.decorate('afterAnswer', services.afterAnswer);
  // Before the database closes (hooks added earlier run later): no started email is lost.
  app.addHook('onClose', () => services.afterAnswer.settled());
  const { accounts, emailChange, passwordReset, catalog, content, reviews, forms } = services;
  const { wholesale, shipping, orders, orderManagement, paymentSetup, payments, activity } =
    services;
  const sessionCookies = { secure: config.publicUrl.startsWith('https://') };
  registerSignIn(app, accounts, sessionCookies);
  registerApiKeySignIn(app, services.apiKeys);
  // Catalogue and content reads: ETag/304, Cache-Control and the in-process cache.
  registerReadCache(app, readCacheVersion, { showCacheState });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Larder shop API',
        description: 'WordPress and WooCommerce compatible shop API for the storefront.',
        version: '0.1.0',
      },
      servers: [{ url: config.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: apiPaths.docs });

  await app.register(uploadsRoutes, { uploads });

  await app.register(catalogRoutes, {
    catalog,
    catalogReads: services.catalogReads,
    publicUrl: config.publicUrl,
    versions: options.productFragments === false ? undefined : readCacheVersion,
  });
  await app.register(contentRoutes, {
    content,
    contentReads: services.contentReads,
    publicUrl: config.publicUrl,
  });
  await app.register(siteRoutes, { publicUrl: config.publicUrl, shop: config.shop });

  await app.register(reviewsRoutes, {
    reviews,
    publicUrl: config.publicUrl,
    rateLimit: config.rateLimits.review,
  });
  await app.register(formsRoutes, { forms, rateLimits: config.rateLimits });
  await app.register(accountsRoutes, {
    accounts,
    publicUrl: config.publicUrl,
    emailChange,
    cookies: sessionCookies,
    rateLimits: {
      signUp: config.rateLimits.signUp,
      login: config.rateLimits.login,
      profileUpdate: config.rateLimits.profileUpdate,
    },
  });
  await app.register(passwordResetRoutes, {
    passwordReset,
    rateLimits: { request: config.rateLimits.passwordReset, reset: config.rateLimits.login },
  });
  await app.register(twoFactorRoutes, { accounts, rateLimit: config.rateLimits.login });
  await app.register(wholesaleRoutes, { wholesale, rateLimit: config.rateLimits.wholesale });

  // The back office's owner-only routes (issue 13).
  await app.register(wholesaleApplicationsRoutes, { wholesale, publicUrl: config.publicUrl });
  await app.register(wholesaleOrderingRoutes, {
    wholesaleOrdering: services.wholesaleOrdering,
    viewerForCustomer: services.viewerForCustomer,
  });
  await app.register(contactMessagesRoutes, { forms, publicUrl: config.publicUrl });
  await app.register(newsletterSubscribersRoutes, { forms, publicUrl: config.publicUrl });
  await app.register(activityRoutes, { activity, publicUrl: config.publicUrl });
  await app.register(queuedEmailsRoutes, {
    queuedEmails: services.queuedEmails,
    publicUrl: config.publicUrl,
  });
  await app.register(productWritesRoutes, { productWrites: services.productWrites });
  await app.register(stockNotificationsRoutes, {
    stockNotifications: services.stockNotifications,
    rateLimit: config.rateLimits.newsletter,
  });
  await app.register(mediaLibraryRoutes, { mediaLibrary: services.mediaLibrary });
  await app.register(catalogTransferRoutes, { catalogTransfer: services.catalogTransfer });

  await app.register(shippingRoutes, {
    shipping,
    rateLimit: config.rateLimits.shippingRates,
    viewerForCustomer: services.viewerForCustomer,
  });
  await app.register(shippingZonesRoutes, { shippingZones: services.shippingZones });
  await app.register(taxRoutes, { tax: services.tax, publicUrl: config.publicUrl });
  await app.register(couponsRoutes, {
    coupons: services.coupons,
    publicUrl: config.publicUrl,
    rateLimit: config.rateLimits.shippingRates,
  });
  await app.register(ordersRoutes, {
    orders,
    publicUrl: config.publicUrl,
    rateLimit: config.rateLimits.order,
    sweepIntervalMs: 60_000,
    // One process sweeps per tick; the others release holds lazily as they read orders.
    oneProcessAtATime: (task) => database.ifNoneOther('orderHoldSweep', task),
    alsoOnSweep: [
      { name: 'send overdue invoice reminders', run: () => services.invoiceReminders.sendDue() },
      { name: 'prune old webhook deliveries', run: () => services.webhooks.pruneDeliveries() },
      { name: 'prune sent e-mails', run: () => services.emailQueue.pruneSent() },
    ],
  });
  await app.register(orderManagementRoutes, { orderManagement });
  await app.register(orderDocumentsRoutes, { orderDocuments: services.orderDocuments });

  if (paymentSetup.testMode) {
    app.log.warn(
      'no payment keys configured: the built-in test provider takes payments, no money moves',
    );
  }
  await app.register(paymentsRoutes, {
    payments,
    gateways: paymentSetup.gateways,
    rateLimit: config.rateLimits.payment,
  });

  await app.register(reportsRoutes, { reports: services.reports });
  await app.register(apiKeysRoutes, { apiKeys: services.apiKeys });
  app.decorate('webhooks', services.webhooks);
  await app.register(webhooksRoutes, {
    webhooks: services.webhooks,
    publicUrl: config.publicUrl,
    listen: database.listen,
    // Retries are minutes apart; new deliveries wake the worker through the database at once.
    tickMs: 5_000,
  });
  if (config.sendEmails) {
    runInBackground(app, services.emailQueue, {
      listen: database.listen,
      channel: EMAIL_QUEUE_CHANNEL,
      // Retries are minutes apart; a commit anywhere that queues e-mails wakes this at once.
      tickMs: 5_000,
    });
  }
  await app.register(quickOrderRoutes, { quickOrder: services.quickOrder });
  await app.register(wholesaleAccountRoutes, { wholesale });
  await app.register(lineSheetRoutes, { lineSheet: services.lineSheet });
  await app.register(stockistsRoutes, {
    stockists: services.stockists,
    publicUrl: config.publicUrl,
  });

  // After every API route: the storefront's assets and server-side rendering take what is left.
  if (options.serveStorefront) {
    const buildDir = locateStorefrontBuild();
    if (!buildDir) throw new Error('Cannot find apps/storefront next to the API.');
    await registerStorefront(app, {
      buildDir,
      pageCache: createPageCache({ versions: readCacheVersion }),
      showCacheState,
      siteConfig: {
        newsletterSignupUrl: config.newsletterSignupUrl,
        publicUrl: config.publicUrl,
        analytics: config.analytics ?? null,
        shop: config.shop,
      },
    });
  }

  if (options.serveCommands && ownsDatabase && database.kind === 'pglite') {
    const commandServer = await serveCommands(commandSocketPath(config.dataDir), (argv, cwd, io) =>
      runAdmin(argv, {
        io,
        open: async () => ({
          context: createAdminContext(config, database.db, cwd),
          // The shop's database stays open: the command borrowed it.
          close: async () => undefined,
        }),
      }),
    );
    // Before the database closes (hooks run in reverse order of adding).
    app.addHook('onClose', async () => {
      await new Promise<void>((resolve) => commandServer.close(() => resolve()));
    });
  }

  return app;
}
