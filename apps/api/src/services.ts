import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createAfterAnswer } from './http/after-answer.ts';
import { createReadCacheVersion, type ReadCacheVersion } from './http/read-cache.ts';
import { createMemoryCounters, type SharedCounters } from './http/shared-counters.ts';
import { createActivityRepo } from './modules/activity/activity.repo.ts';
import { createActivityService } from './modules/activity/activity.service.ts';
import { createAccountsRepo } from './modules/accounts/accounts.repo.ts';
import { createAccountsService, viewerOf } from './modules/accounts/accounts.service.ts';
import { createApiKeysService } from './modules/api-keys/api-keys.service.ts';
import { loadAuthSecret } from './modules/accounts/auth-secret.ts';
import { createEmailChangeRepo } from './modules/accounts/email-change.repo.ts';
import { createEmailChangeService } from './modules/accounts/email-change.service.ts';
import { createPasswordResetRepo } from './modules/accounts/password-reset.repo.ts';
import { createPasswordResetService } from './modules/accounts/password-reset.service.ts';
import {
  createSignInThrottle,
  DEFAULT_SIGN_IN_THROTTLE,
} from './modules/accounts/sign-in-throttle.ts';
import { createTokenSigner } from './modules/accounts/tokens.ts';
import { createCatalogRepo } from './modules/catalog/catalog.repo.ts';
import { createCatalogService } from './modules/catalog/catalog.service.ts';
import { createProductWritesService } from './modules/catalog/product-writes.service.ts';
import { createCatalogTransferService } from './modules/catalog-transfer/catalog-transfer.service.ts';
import { createContentRepo } from './modules/content/content.repo.ts';
import { createContentService } from './modules/content/content.service.ts';
import { createFormsRepo } from './modules/forms/forms.repo.ts';
import { createFormsService } from './modules/forms/forms.service.ts';
import { createEmailQueue } from './modules/mail/email-queue.ts';
import { createQueuedEmailsService } from './modules/mail/queued-emails.service.ts';
import { createMailer, outboxDir } from './modules/mail/mailer.ts';
import { createMediaLibraryService } from './modules/media/media-library.service.ts';
import { createUploads } from './modules/media/uploads.ts';
import { createOrderDocumentsService } from './modules/order-documents/order-documents.service.ts';
import { createOrderManagementService } from './modules/order-management/order-management.service.ts';
import { createOrdersService, type OrdersService } from './modules/orders/orders.service.ts';
import { createPaymentSetup } from './modules/payments/payment-gateways.ts';
import { createPaymentsRepo } from './modules/payments/payments.repo.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { createReportsRepo } from './modules/reports/reports.repo.ts';
import { createReportsService } from './modules/reports/reports.service.ts';
import { purchaseRecordsFromOrders } from './modules/reviews/purchase-records.ts';
import { createReviewsRepo } from './modules/reviews/reviews.repo.ts';
import { createReviewsService } from './modules/reviews/reviews.service.ts';
import { createShippingRepo } from './modules/shipping/shipping.repo.ts';
import {
  createShippingService,
  type ShippingServiceOptions,
} from './modules/shipping/shipping.service.ts';
import { createShippingZonesService } from './modules/shipping/shipping-zones.service.ts';
import { createCouponsService, type CouponsService } from './modules/coupons/coupons.service.ts';
import { createQuickOrderService } from './modules/quick-order/quick-order.service.ts';
import { createStockNotificationsRepo } from './modules/stock-notifications/stock-notifications.repo.ts';
import { createStockNotificationsService } from './modules/stock-notifications/stock-notifications.service.ts';
import { createTaxService, taxableLine, type TaxService } from './modules/tax/tax.service.ts';
import { createWholesaleService } from './modules/wholesale/wholesale.service.ts';
import { createWholesaleOrderingService } from './modules/wholesale/wholesale-ordering.service.ts';
import { createLineSheetService } from './modules/line-sheet/line-sheet.service.ts';
import { createStockistsService } from './modules/stockists/stockists.service.ts';
import { createInvoiceReminderClaims } from './modules/orders/invoice-reminders.ts';
import { createInvoiceRemindersService } from './modules/payments/invoice-reminders.ts';
import { wcResourceReader } from './modules/webhooks/webhook-payloads.ts';
import { createWebhooksService } from './modules/webhooks/webhooks.service.ts';
import { createDiskStore, type ObjectStore } from './storage/object-store.ts';
import { createS3Store } from './storage/s3-store.ts';

/** Where uploads are kept: the S3-compatible bucket when S3_BUCKET is set, DATA_DIR otherwise. */
export const createObjectStore = (config: Config): ObjectStore =>
  config.s3 ? createS3Store(config.s3) : createDiskStore(config.dataDir);

/**
 * Each quoted shipping rate carries the order's tax, on the lines after the cart's codes; a quote
 * short of stock first releases lapsed holds, as an order does.
 */
export function shippingQuoteHooks(
  tax: TaxService,
  coupons: CouponsService,
  orders: () => Pick<OrdersService, 'releaseExpiredHolds'>,
): Omit<ShippingServiceOptions, 'versions'> {
  return {
    releaseLapsedHolds: () => orders().releaseExpiredHolds(),
    taxFor: ({ lines, lineDiscounts, ...quote }) =>
      tax.calculator({
        ...quote,
        lines: lines.map((line, index) =>
          taxableLine(line, line.totalCents - lineDiscounts[index]!),
        ),
      }),
    discountFor: ({ lines, codes, email, viewer }) =>
      coupons.discountOrNone(lines, codes, viewer, {
        customerId: viewer.isGuest ? 0 : viewer.customerId,
        email,
      }),
  };
}

export interface ServicesOptions {
  config: Config;
  db: Database;
  /** Where the cacheable catalogue and content reads go (DatabaseHandle.readDb); `db` if unset. */
  readDb?: Database;
  log: FastifyBaseLogger;
  /** The clock for holds, tokens and throttles; tests pass their own. */
  now?: () => Date;
  /** Where throttles count (Redis with several processes); this process's memory without. */
  counters?: SharedCounters;
  /** Where uploads are kept; the one config names when not given. */
  store?: ObjectStore;
  /** The process's read-cache version (the app's); one read from `db` when not given. */
  versions?: ReadCacheVersion;
}

export type Services = ReturnType<typeof createServices>;

/**
 * Every service of the shop, built once with the same options: the API's routes and the owner's
 * command line both take them from here, so the two can never be wired differently.
 */
export function createServices({
  config,
  db,
  readDb = db,
  log,
  now,
  counters: given,
  store,
  versions = createReadCacheVersion(db),
}: ServicesOptions) {
  const counters = given ?? createMemoryCounters(now ?? (() => new Date()));
  const objectStore = store ?? createObjectStore(config);
  const uploads = createUploads(objectStore);
  const afterAnswer = createAfterAnswer(log);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: outboxDir(config.dataDir),
    brand: { shop: config.shop, publicUrl: config.publicUrl },
    log,
  });
  const emailQueue = createEmailQueue(db, { mailer, log, now, sends: config.sendEmails });
  const activity = createActivityService(createActivityRepo(db));
  const queuedEmails = createQueuedEmailsService(db, {
    queue: emailQueue,
    activity,
    afterAnswer,
    now,
  });
  const signInThrottle = createSignInThrottle(counters, {
    ...DEFAULT_SIGN_IN_THROTTLE,
    now: now ?? (() => new Date()),
  });
  const emailChange = createEmailChangeService(createEmailChangeRepo(db), {
    mailer,
    shopName: config.shop.name,
    publicUrl: config.publicUrl,
    log,
    now,
  });
  const accountsRepo = createAccountsRepo(db);
  /** A customer's account as the Viewer their own requests would have (decision 0041). */
  const viewerForCustomer = async (customerId: number) => {
    const row = await accountsRepo.findById(customerId);
    return row ? viewerOf(row) : undefined;
  };
  const accounts = createAccountsService(accountsRepo, {
    signer: createTokenSigner(
      loadAuthSecret(config.authSecret, config.dataDir),
      config.publicUrl,
      now,
    ),
    rememberDays: config.rememberMeDays,
    browserSessionHours: 12,
    ownerSessionHours: 8,
    shopName: config.shop.name,
    throttle: signInThrottle,
    emailChange,
    activity,
    mailer,
    publicUrl: config.publicUrl,
    log,
    now,
  });
  const passwordReset = createPasswordResetService(createPasswordResetRepo(db), {
    mailer,
    shopName: config.shop.name,
    publicUrl: config.publicUrl,
    perAddressLimit: { max: 3, windowMs: 60 * 60_000 },
    counters,
    signInThrottle,
    log,
    now,
  });
  const catalog = createCatalogService(createCatalogRepo(db), { publicUrl: config.publicUrl });
  const stockNotifications = createStockNotificationsService(db, createStockNotificationsRepo(db), {
    mailer,
    shopName: config.shop.name,
    publicUrl: config.publicUrl,
    log,
    now,
  });
  const productWrites = createProductWritesService(db, {
    catalog,
    activity,
    onProductWritten: stockNotifications.productChanged,
    now,
  });
  const mediaLibrary = createMediaLibraryService(db, { uploads, activity });
  const catalogTransfer = createCatalogTransferService(db, {
    activity,
    uploads,
    onProductWritten: stockNotifications.productChanged,
    now,
  });
  const content = createContentService(createContentRepo(db), { publicUrl: config.publicUrl });
  // The same reads on the replica, for the viewers the read cache serves (decision 0045).
  const onReplica = readDb !== db;
  const catalogReads = onReplica
    ? createCatalogService(createCatalogRepo(readDb), { publicUrl: config.publicUrl })
    : catalog;
  const contentReads = onReplica
    ? createContentService(createContentRepo(readDb), { publicUrl: config.publicUrl })
    : content;
  const reviews = createReviewsService(createReviewsRepo(db), {
    publicUrl: config.publicUrl,
    shopOwnerEmail: config.shopOwnerEmail,
    mailer,
    purchases: purchaseRecordsFromOrders(db),
    activity,
    log,
  });
  const forms = createFormsService(createFormsRepo(db), {
    shopOwnerEmail: config.shopOwnerEmail,
    shopName: config.shop.name,
    publicUrl: config.publicUrl,
    mailer,
    activity,
    log,
    now,
  });
  const wholesale = createWholesaleService(db, {
    mailer,
    shopName: config.shop.name,
    shopOwnerEmail: config.shopOwnerEmail,
    publicUrl: config.publicUrl,
    store: objectStore,
    activity,
    log,
    now,
  });
  const wholesaleOrdering = createWholesaleOrderingService(db, { activity });
  const tax = createTaxService(db, { activity, versions });
  const coupons = createCouponsService(db, { activity, now });
  const shippingRepo = createShippingRepo(db);
  const shipping = createShippingService(
    db,
    shippingRepo,
    // Bound late: the orders service is built on this one.
    { ...shippingQuoteHooks(tax, coupons, () => orders), versions },
  );
  const shippingZones = createShippingZonesService(db, shippingRepo, { activity });
  const orders = createOrdersService(db, {
    holdMinutes: config.orderHoldMinutes,
    maxHeldUnits: config.orderHoldMaxUnits,
    shipping,
    tax,
    coupons,
    now,
    // Bound late: payments and the invoice PDF are built from the orders service below.
    onInvoiceOrder: (order) => payments.invoiceOrderPlaced(order),
    onPaidOrder: (order) => payments.paidOrderPlaced(order),
    viewerForCustomer,
    activity,
  });
  const paymentSetup = createPaymentSetup(config);
  const paymentsRepo = createPaymentsRepo(db);
  const payments = createPaymentsService(paymentsRepo, {
    orders,
    card: paymentSetup.card,
    paypal: paymentSetup.paypal,
    emails: emailQueue,
    afterAnswer,
    invoiceDocument: (orderId) => orderDocuments.invoice(orderId),
    publicUrl: config.publicUrl,
    shopOwnerEmail: config.shopOwnerEmail,
    shopName: config.shop.name,
    log,
    now,
  });
  const reports = createReportsService(createReportsRepo(db), { now });
  const orderManagement = createOrderManagementService(db, {
    orders,
    activity,
    providers: [paymentSetup.card, paymentSetup.paypal],
    mailer,
    publicUrl: config.publicUrl,
    shopName: config.shop.name,
    log,
    now,
  });
  const orderDocuments = createOrderDocumentsService({
    orders,
    shop: config.shop,
    publicUrl: config.publicUrl,
  });
  return {
    mailer,
    emailQueue,
    queuedEmails,
    afterAnswer,
    activity,
    signInThrottle,
    accountsRepo,
    accounts,
    viewerForCustomer,
    emailChange,
    passwordReset,
    catalog,
    catalogReads,
    productWrites,
    stockNotifications,
    mediaLibrary,
    catalogTransfer,
    content,
    contentReads,
    reviews,
    forms,
    wholesale,
    wholesaleOrdering,
    shipping,
    shippingZones,
    tax,
    coupons,
    orders,
    orderManagement,
    orderDocuments,
    paymentSetup,
    paymentsRepo,
    payments,
    reports,
    apiKeys: createApiKeysService(db, { activity, publicUrl: config.publicUrl, now }),
    quickOrder: createQuickOrderService(db),
    lineSheet: createLineSheetService({
      catalog,
      shop: config.shop,
      publicUrl: config.publicUrl,
      uploads,
      now,
    }),
    invoiceReminders: createInvoiceRemindersService(createInvoiceReminderClaims(db), {
      mailer,
      invoiceDocument: (orderId) => orderDocuments.invoice(orderId),
      publicUrl: config.publicUrl,
      shopName: config.shop.name,
      shopOwnerEmail: config.shopOwnerEmail,
      log,
      now,
    }),
    webhooks: createWebhooksService(db, {
      activity,
      mailer,
      publicUrl: config.publicUrl,
      readResource: wcResourceReader({ orders, catalog, accounts, coupons }),
      viewerForCustomer,
      allowPrivateUrls: config.webhookAllowPrivateUrls,
      log,
      now,
    }),
    stockists: createStockistsService(db, {
      mailer,
      publicUrl: config.publicUrl,
      shopOwnerEmail: config.shopOwnerEmail,
      activity,
      log,
      now,
    }),
  };
}
