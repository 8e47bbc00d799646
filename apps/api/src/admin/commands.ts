import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, extname } from 'node:path';
import type { ParseArgsConfig } from 'node:util';
import {
  CustomerCreateSchema,
  formatCents,
  isOwnerRole,
  OWNER_ROLES,
  toMoneyString,
  type Order,
} from '@larder/contract';
import { asc, desc, eq } from 'drizzle-orm';
import {
  contactSubmissions,
  newsletterSubscribers,
  products,
  productVariations,
} from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { commandLineOwner } from '../http/viewer.ts';
import { isUniqueViolation } from '../modules/accounts/accounts.repo.ts';
import { hashPassword, weakPasswordReason } from '../modules/accounts/passwords.ts';
import { OWNER_ORDER_STATUSES } from '../modules/orders/orders.service.ts';
import {
  orderCompletedEmail,
  orderLink,
  orderSummary,
} from '../modules/payments/payment-emails.ts';
import type { PaymentRow } from '../modules/payments/payments.repo.ts';
import { CatalogFileError, exportCatalog } from '../modules/catalog-transfer/catalog-file.ts';
import { catalogText } from '../modules/catalog-transfer/catalog-transfer.service.ts';
import type { AdminContext } from './context.ts';
import { csv } from '../http/format.ts';
import { CliError, json, shortDate, table, type Io } from './output.ts';

export interface ParsedArgs {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

export interface Command {
  /** "orders set-status" */
  name: string;
  /** What follows the name in the usage line. */
  usage: string;
  summary: string;
  /** Longer help for `<command> --help`. */
  details?: string;
  /** node's parseArgs options (no `multiple`: every value is one string or boolean). */
  options: NonNullable<ParseArgsConfig['options']>;
  /** Names of the positional arguments, all required. */
  positionals: string[];
  run(context: AdminContext, args: ParsedArgs, io: Io): Promise<void>;
}

const jsonOption = { json: { type: 'boolean' } } as const;

const ORDER_STATUSES = [
  'pending',
  'processing',
  'on-hold',
  'completed',
  'cancelled',
  'refunded',
  'failed',
] as const;
const REVIEW_STATUSES = ['hold', 'approved', 'spam', 'trash'] as const;

/** A positional or option value that must be one of a list. */
function oneOf<T extends string>(what: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value))
    return value as T;
  throw new CliError(
    `${what} must be one of: ${allowed.join(', ')} (got ${JSON.stringify(value)}).`,
  );
}

function positiveId(what: string, value: string | undefined): number {
  if (!value || !/^\d+$/.test(value) || Number(value) < 1) {
    throw new CliError(`${what} must be a positive whole number (got ${JSON.stringify(value)}).`);
  }
  return Number(value);
}

function requiredOption(args: ParsedArgs, name: string): string {
  const value = args.values[name];
  if (typeof value !== 'string' || value.trim() === '')
    throw new CliError(`--${name} is required.`);
  return value;
}

const limitOption = {
  limit: { type: 'string', default: '50' },
} as const;

function limitOf(args: ParsedArgs): number {
  const raw = String(args.values.limit ?? '50');
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 1000) {
    throw new CliError(`--limit must be between 1 and 1000 (got ${JSON.stringify(raw)}).`);
  }
  return Number(raw);
}

/** A service's 404 said the way the command line says it. */
const notFoundAs = (message: string) => (error: unknown) => {
  throw error instanceof ApiError && error.status === 404 ? new CliError(message) : error;
};

const PROVIDER_NAMES: Record<string, string> = {
  stripe: 'Stripe',
  paypal: 'PayPal',
  test: 'the built-in test provider (no money moved)',
};

/** What the payments module recorded for the order; the buyer's payment_method_title is their own words. */
function paymentText(payments: PaymentRow[]): string {
  const charged = payments.find((payment) => payment.status === 'succeeded');
  if (charged) {
    const provider = PROVIDER_NAMES[charged.provider] ?? charged.provider;
    return `Paid by:  ${provider}, ${formatCents(charged.amountCents)} (${charged.providerRef})`;
  }
  const last = payments.at(-1);
  return last
    ? `Paid by:  nothing charged (${payments.length} attempt(s), the last ${last.status})`
    : 'Paid by:  no payment recorded by the shop';
}

function orderText(order: Order, payments: PaymentRow[]): string {
  return [
    `Status:   ${order.status}${order.customer_id ? ` (customer #${order.customer_id})` : ' (guest)'}`,
    // The emails' summary, with its payment line taken from the payment records instead.
    ...orderSummary(order).map((line) =>
      line.startsWith('Paid by:') ? paymentText(payments) : line,
    ),
  ].join('\n');
}

const ownerCreate: Command = {
  name: 'owner create',
  usage:
    '--email <email> --password <password> --first-name <name> --last-name <name> [--role administrator|shop_manager]',
  summary: 'create an owner account for the back office at /admin (role administrator by default)',
  details:
    'The password follows the sign-up rules: at least 10 characters, not a common one, not your email.\n' +
    'An administrator and a shop manager both run the shop from /admin.',
  options: {
    role: { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
  },
  positionals: [],
  async run(context, args, io) {
    const parsed = CustomerCreateSchema.safeParse({
      email: requiredOption(args, 'email'),
      password: requiredOption(args, 'password'),
      first_name: requiredOption(args, 'first-name'),
      last_name: requiredOption(args, 'last-name'),
    });
    if (!parsed.success) {
      const flag = { first_name: 'first-name', last_name: 'last-name' } as Record<string, string>;
      throw new CliError(
        parsed.error.issues
          .map((issue) => {
            const field = String(issue.path[0]);
            return `--${flag[field] ?? field}: ${issue.message}`;
          })
          .join('\n'),
      );
    }
    const input = parsed.data;
    const role = args.values.role ?? 'administrator';
    if (typeof role !== 'string' || !isOwnerRole(role)) {
      throw new CliError(`--role: use one of ${OWNER_ROLES.join(', ')}.`);
    }
    const email = input.email.toLowerCase();
    const weak = weakPasswordReason(input.password, email);
    if (weak) throw new CliError(`--password: ${weak}`);
    try {
      const row = await context.accounts.insert({
        email,
        username: email,
        passwordHash: await hashPassword(input.password),
        firstName: input.first_name,
        lastName: input.last_name,
        role,
        emailVerified: true,
      });
      io.out(`Created the ${role} account #${row.id} for ${row.email}. Sign in at /login.`);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw new CliError(`An account already uses ${email}.`);
    }
  },
};

const WHOLESALE_STATUSES = ['pending', 'approved', 'rejected'] as const;

const wholesaleList: Command = {
  name: 'wholesale list',
  usage: '[--status pending|approved|rejected] [--json]',
  summary: 'wholesale applications, oldest first',
  options: { status: { type: 'string' }, ...jsonOption },
  positionals: [],
  async run(context, args, io) {
    const status =
      args.values.status === undefined
        ? undefined
        : oneOf('--status', args.values.status, WHOLESALE_STATUSES);
    const applications = await context.wholesale.listApplications(status);
    if (args.values.json) {
      return io.out(
        json(
          applications.map((application) => ({
            ...application,
            certificatePath: context.wholesale.certificatePath(application),
          })),
        ),
      );
    }
    if (applications.length === 0) {
      return io.out(`No wholesale applications${status ? ` (${status})` : ''}.`);
    }
    io.out(
      table(
        [
          'ID',
          'Date (UTC)',
          'Status',
          'Business',
          'Contact',
          'Email',
          'Tax id',
          'Volume',
          'Certificate',
        ],
        applications.map((application) => [
          application.id,
          shortDate(application.createdAt),
          application.status,
          application.businessName,
          application.contactName,
          application.email,
          application.taxId,
          application.monthlyVolume,
          context.wholesale.certificatePath(application),
        ]),
        80,
      ),
    );
  },
};

const wholesaleApprove: Command = {
  name: 'wholesale approve',
  usage: '<id>',
  summary: 'approve an application: the account sees wholesale prices, the buyer is emailed',
  options: {},
  positionals: ['id'],
  async run(context, args, io) {
    const id = positiveId('The application id', args.positionals[0]);
    const { application, emailed } = await context.wholesale.approveApplication(
      id,
      commandLineOwner,
    );
    io.out(
      `Approved wholesale application #${id} for ${application.businessName}: customer #${application.customerId} is a wholesale customer now.`,
    );
    if (!emailed)
      throw new CliError(
        `The approval stands, but the email to ${application.email} could not be sent.`,
      );
    io.out(`Emailed ${application.email}.`);
  },
};

const wholesaleReject: Command = {
  name: 'wholesale reject',
  usage: '<id> --reason "…"',
  summary: 'reject an application; the reason is emailed to the applicant',
  options: { reason: { type: 'string' } },
  positionals: ['id'],
  async run(context, args, io) {
    const id = positiveId('The application id', args.positionals[0]);
    const reason = requiredOption(args, 'reason');
    const { application, emailed } = await context.wholesale.rejectApplication(
      id,
      reason,
      commandLineOwner,
    );
    io.out(`Rejected wholesale application #${id} for ${application.businessName}.`);
    if (!emailed)
      throw new CliError(
        `The rejection stands, but the email to ${application.email} could not be sent.`,
      );
    io.out(`Emailed ${application.email} the reason.`);
  },
};

const reviewsList: Command = {
  name: 'reviews list',
  usage: '[--status hold|approved|spam|trash|all] [--limit 50] [--json]',
  summary: 'list reviews, newest first (default: those awaiting approval)',
  options: { status: { type: 'string', default: 'hold' }, ...limitOption, ...jsonOption },
  positionals: [],
  async run(context, args, io) {
    const status = oneOf('--status', args.values.status, [...REVIEW_STATUSES, 'all'] as const);
    const { reviews, total } = await context.reviews.listForModeration(
      status === 'all' ? undefined : [status],
      limitOf(args),
    );
    if (args.values.json) return io.out(json(reviews));
    if (reviews.length === 0) return io.out(`No reviews${status === 'all' ? '' : ` (${status})`}.`);
    io.out(
      table(
        ['ID', 'Date', 'Status', 'Rating', 'Product', 'Reviewer', 'Review'],
        reviews.map((review) => [
          review.id,
          review.date_created.slice(0, 10),
          review.status + (review.verified ? ' ✓' : ''),
          `${review.rating}/5`,
          review.product_name,
          `${review.reviewer} <${review.reviewer_email}>`,
          review.review,
        ]),
        40,
      ),
    );
    io.out(`${reviews.length} of ${total} shown.`);
  },
};

const reviewModeration = (action: 'approve' | 'reject'): Command => ({
  name: `reviews ${action}`,
  usage: '<id>',
  summary:
    action === 'approve'
      ? 'publish a review on its product page'
      : 'reject a review (moved to the trash)',
  options: {},
  positionals: ['id'],
  async run(context, args, io) {
    const id = positiveId('The review id', args.positionals[0]);
    const review = await context.reviews
      .moderate(id, action === 'approve' ? 'approved' : 'trash', commandLineOwner)
      .catch(notFoundAs(`There is no review #${id}.`));
    io.out(
      action === 'approve'
        ? `Approved review #${review.id} of ${review.product_name}: it is on the product page now.`
        : `Rejected review #${review.id} of ${review.product_name} (moved to the trash).`,
    );
  },
});

const ordersList: Command = {
  name: 'orders list',
  usage: `[--status ${ORDER_STATUSES.join('|')}] [--limit 50] [--json]`,
  summary: 'list orders, newest first',
  options: { status: { type: 'string' }, ...limitOption, ...jsonOption },
  positionals: [],
  async run(context, args, io) {
    const status =
      args.values.status === undefined
        ? undefined
        : oneOf('--status', args.values.status, ORDER_STATUSES);
    const { orders, total } = await context.orders.listAll({
      status,
      page: 1,
      perPage: limitOf(args),
    });
    if (args.values.json) {
      return io.out(
        json(
          orders.map((order) => ({
            id: order.id,
            status: order.status,
            date_created: order.dateCreated.toISOString(),
            customer_id: order.customerId,
            email: order.billing.email ?? '',
            total: toMoneyString(order.totalCents),
          })),
        ),
      );
    }
    if (orders.length === 0) return io.out(`No orders${status ? ` (${status})` : ''}.`);
    io.out(
      table(
        ['ID', 'Date (UTC)', 'Status', 'Customer', 'Email', 'Total'],
        orders.map((order) => [
          order.id,
          shortDate(order.dateCreated),
          order.status,
          `${order.billing.first_name} ${order.billing.last_name}`.trim() +
            (order.customerId ? ` (#${order.customerId})` : ''),
          order.billing.email ?? '',
          formatCents(order.totalCents),
        ]),
      ),
    );
    io.out(`${orders.length} of ${total} shown.`);
  },
};

const ordersShow: Command = {
  name: 'orders show',
  usage: '<id> [--json]',
  summary: 'one order: lines, totals, addresses, payment',
  options: { ...jsonOption },
  positionals: ['id'],
  async run(context, args, io) {
    const id = positiveId('The order id', args.positionals[0]);
    const order = await context.orders.findAny(id);
    if (!order) throw new CliError(`There is no order #${id}.`);
    io.out(
      args.values.json
        ? json(order)
        : orderText(order, await context.payments.listForOrder(order.id)),
    );
  },
};

const ordersSetStatus: Command = {
  name: 'orders set-status',
  usage: `<id> <${OWNER_ORDER_STATUSES.join('|')}>`,
  summary: 'move an order on (completed emails the buyer)',
  details: [
    'processing  paid another way (from pending), or reopened (from on-hold or completed)',
    'on-hold     a paid order set aside (from processing)',
    'completed   from processing or on-hold; the buyer is emailed',
    'cancelled   from pending, processing or on-hold; the stock it holds goes back on sale',
    'refunded    from processing, on-hold or completed; return the money in your payment provider too',
  ].join('\n'),
  options: {},
  positionals: ['id', 'status'],
  async run(context, args, io) {
    const id = positiveId('The order id', args.positionals[0]);
    const status = oneOf('The status', args.positionals[1], OWNER_ORDER_STATUSES);
    const { from, order } = await context.orders
      .setStatus(id, status)
      .catch(notFoundAs(`There is no order #${id}.`));
    io.out(`Order #${id}: ${from} → ${order.status}.`);
    if (status === 'cancelled') io.out('Its stock is back on sale.');
    if (status === 'refunded') {
      io.out('Return the money in your payment provider if you have not already.');
    }
    if (status === 'completed') {
      try {
        await context.mailer.send(
          orderCompletedEmail(
            order,
            orderLink(context.config.publicUrl, order),
            context.config.shop.name,
          ),
        );
        io.out(`Emailed ${order.billing.email} that the order is complete.`);
      } catch (error) {
        // The status change stands; only the email is missing.
        io.err(
          `The order is completed, but the email to ${order.billing.email} could not be sent: ${(error as Error).message}`,
        );
        throw new CliError('Send the buyer a note yourself, or check SMTP_URL and try later.');
      }
    }
  },
};

const stockSet: Command = {
  name: 'stock set',
  usage: '<sku> <quantity>',
  summary: "set a product's or variation's stock (0 marks it out of stock)",
  options: {},
  positionals: ['sku', 'quantity'],
  async run(context, args, io) {
    const sku = args.positionals[0]!;
    const raw = args.positionals[1]!;
    if (!/^\d+$/.test(raw) || Number(raw) > 1_000_000) {
      throw new CliError(
        `The quantity must be a whole number from 0 (got ${JSON.stringify(raw)}).`,
      );
    }
    const quantity = Number(raw);
    const stockStatus = quantity > 0 ? ('instock' as const) : ('outofstock' as const);
    const { db } = context;
    const variations = await db
      .update(productVariations)
      .set({ stockQuantity: quantity, stockStatus })
      .where(eq(productVariations.sku, sku))
      .returning({ id: productVariations.id });
    if (variations.length > 0) {
      return io.out(`Stock of variation ${sku}: ${quantity} (${stockStatus}).`);
    }
    const updated = await db
      .update(products)
      .set({ manageStock: true, stockQuantity: quantity, stockStatus, modifiedAt: new Date() })
      .where(eq(products.sku, sku))
      .returning({ id: products.id, type: products.type });
    if (updated.length === 0) throw new CliError(`No product or variation has the SKU ${sku}.`);
    io.out(`Stock of ${sku}: ${quantity} (${stockStatus}).`);
  },
};

const contactList: Command = {
  name: 'contact list',
  usage: '[--limit 50] [--json]',
  summary: 'contact messages, newest first',
  options: { ...limitOption, ...jsonOption },
  positionals: [],
  async run(context, args, io) {
    const rows = await context.db
      .select()
      .from(contactSubmissions)
      .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id))
      .limit(limitOf(args));
    if (args.values.json) return io.out(json(rows));
    if (rows.length === 0) return io.out('No contact messages.');
    io.out(
      table(
        ['ID', 'Date (UTC)', 'From', 'Email', 'Phone', 'Emailed', 'Message'],
        rows.map((row) => [
          row.id,
          shortDate(row.createdAt),
          `${row.firstName} ${row.lastName}`,
          row.email,
          row.phone,
          row.notifiedAt ? 'yes' : 'NO',
          row.message,
        ]),
      ),
    );
  },
};

const newsletterExport: Command = {
  name: 'newsletter export',
  usage: '[--out file.csv]',
  summary: 'newsletter sign-ups as CSV (email, signed_up_at), oldest first',
  options: { out: { type: 'string' } },
  positionals: [],
  async run(context, args, io) {
    const rows = await context.db
      .select()
      .from(newsletterSubscribers)
      .orderBy(asc(newsletterSubscribers.createdAt), asc(newsletterSubscribers.id));
    const text = csv(
      ['email', 'signed_up_at'],
      rows.map((row) => [row.email, row.createdAt.toISOString()]),
    );
    const out = args.values.out;
    if (typeof out !== 'string') return io.out(text.trimEnd());
    writeFileSync(context.resolvePath(out), text);
    io.err(`Wrote ${rows.length} sign-ups to ${out}.`);
  },
};

const catalogFormatOf = (value: unknown, file?: string): 'json' | 'csv' => {
  if (value === undefined) return file && extname(file).toLowerCase() === '.csv' ? 'csv' : 'json';
  if (value === 'json' || value === 'csv') return value;
  throw new CliError(`--format is json or csv, not "${String(value)}".`);
};

const catalogExport: Command = {
  name: 'catalog export',
  usage: '[--format json|csv] [--out file]',
  summary: 'the catalogue (products with variations) as JSON or CSV',
  options: { out: { type: 'string' }, format: { type: 'string' } },
  positionals: [],
  async run(context, args, io) {
    const out = args.values.out;
    const format = catalogFormatOf(args.values.format, typeof out === 'string' ? out : undefined);
    const file = await exportCatalog(context.db);
    // CSV as the API sends it (CRLF lines, RFC 4180); JSON as it has always been written.
    const text = format === 'json' ? `${json(file)}\n` : catalogText(file, 'csv');
    if (typeof out !== 'string') return io.out(text.trimEnd());
    writeFileSync(context.resolvePath(out), text);
    io.err(`Wrote ${file.products.length} products to ${out}.`);
  },
};

const catalogImport: Command = {
  name: 'catalog import',
  usage: '<file.json|file.csv> [--dry-run]',
  summary: 'create or update products from a JSON or CSV file (all or nothing)',
  details:
    'Products are matched by slug and variations by SKU; products not in the file are left alone, ' +
    "a listed product's variations not in the file are removed. The whole file is checked first and " +
    'written in one transaction, so a bad file changes nothing; --dry-run only says what would ' +
    'change. A file ending in .csv is read as CSV (--format says otherwise). An image is a file in ' +
    'the media library or an image file beside the catalogue (a relative path), added with its AVIF ' +
    'and WebP sizes.',
  options: { 'dry-run': { type: 'boolean' }, format: { type: 'string' } },
  positionals: ['file'],
  async run(context, args, io) {
    const name = args.positionals[0]!;
    const path = context.resolvePath(name);
    const format = catalogFormatOf(args.values.format, path);
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      throw new CliError(`Cannot read ${path}: ${(error as Error).message}`);
    }
    const dryRun = args.values['dry-run'] === true;
    try {
      const result = await context.catalogTransfer.importFile(commandLineOwner, text, {
        format,
        dryRun,
        besideDir: dirname(path),
      });
      const total = result.created + result.updated + result.unchanged;
      const counts = `${result.created} created, ${result.updated} updated, ${result.unchanged} unchanged`;
      io.out(
        dryRun
          ? `${path} is ready to import (nothing was written): ${total} products, ${counts}.`
          : `Imported ${total} products: ${counts}.`,
      );
    } catch (error) {
      if (!(error instanceof CatalogFileError)) throw error;
      throw new CliError(
        `${path} has ${error.issues.length} problem(s); nothing was imported:\n` +
          error.issues.map((issue) => `  ${issue.where}: ${issue.message}`).join('\n'),
      );
    }
  },
};

export const commands: Command[] = [
  ownerCreate,
  wholesaleList,
  wholesaleApprove,
  wholesaleReject,
  reviewsList,
  reviewModeration('approve'),
  reviewModeration('reject'),
  ordersList,
  ordersShow,
  ordersSetStatus,
  catalogExport,
  catalogImport,
  stockSet,
  contactList,
  newsletterExport,
];
