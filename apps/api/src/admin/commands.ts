import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, extname } from 'node:path';
import type { ParseArgsConfig } from 'node:util';
import {
  ApiKeyCreateSchema,
  CARRIERS,
  centsOf,
  CustomerCreateSchema,
  formatCents,
  isOwnerRole,
  MoneyInputError,
  OrderRefundCreateSchema,
  OWNER_ROLES,
  OwnerOrderUpdateSchema,
  parseMoneyInput,
  ProductUpdateSchema,
  toMoneyString,
  VariationUpdateSchema,
  type Order,
} from '@larder/contract';
import { asc, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  contactSubmissions,
  newsletterSubscribers,
  products,
  productVariations,
} from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { commandLineOwner } from '../http/viewer.ts';
import { createAccountsRepo, isUniqueViolation } from '../modules/accounts/accounts.repo.ts';
import { hashPassword, weakPasswordReason } from '../modules/accounts/passwords.ts';
import { carrierName } from '../modules/orders/carrier-tracking.ts';
import { OWNER_ORDER_STATUSES } from '../modules/orders/orders.service.ts';
import { orderText as orderSummaryText } from '../modules/mail/email.ts';
import { orderView } from '../modules/mail/email-format.ts';
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

/** A contract schema's refusal, each problem named by the option the owner typed. */
function parseWith<S extends z.ZodType>(
  schema: S,
  value: unknown,
  flags: Record<string, string>,
): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new CliError(
    parsed.error.issues
      .map((issue) => {
        const path = issue.path.join('.');
        return `${flags[path] ?? path}: ${issue.message}`;
      })
      .join('\n'),
  );
}

/** A dollar amount the owner typed, in cents, through the contract's money parser. */
function moneyArg(what: string, value: string): number {
  try {
    return parseMoneyInput(value);
  } catch (error) {
    if (error instanceof MoneyInputError) throw new CliError(`${what}: ${error.message}.`);
    throw error;
  }
}

/**
 * After a service's write: it sends its email once the change is committed and only logs a
 * failure, so the command says the email went only when no failure was logged meanwhile.
 */
function reportEmail(
  context: AdminContext,
  failuresBefore: number,
  sent: string,
  notSent: string,
  io: Io,
): void {
  if (context.failuresLogged() === failuresBefore) return io.out(sent);
  throw new CliError(`${notSent} Send the buyer a note yourself, or check SMTP_URL and try later.`);
}

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
    ...orderSummaryText({ ...orderView(order), paidBy: '-' }).map((line) =>
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
    const passwordHash = await hashPassword(input.password);
    try {
      const row = await context.db.transaction(async (tx) => {
        const row = await createAccountsRepo(tx).insert({
          email,
          username: email,
          passwordHash,
          firstName: input.first_name,
          lastName: input.last_name,
          role,
          emailVerified: true,
        });
        await context.activity.record(
          commandLineOwner,
          {
            action: 'customer.created',
            subjectType: 'customer',
            subjectId: row.id,
            summary: `Created the ${role} account #${row.id} for ${row.email}`,
          },
          tx,
        );
        return row;
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
            certificateLocation: context.wholesale.certificateLocation(application),
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
          'Tax ID',
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
          context.wholesale.certificateLocation(application),
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
  summary: 'move an order on, as the back office does (completed emails the buyer)',
  details: [
    'processing  paid another way (from pending), or reopened (from on-hold or completed)',
    'on-hold     a paid order set aside (from processing)',
    'completed   from processing or on-hold; the buyer is emailed (`orders fulfil` adds tracking)',
    'cancelled   from pending, processing or on-hold; the stock it holds goes back on sale',
    '',
    'An order becomes refunded when its money goes back: run `orders refund <id>`.',
    'Each change writes an order note and an activity entry, as in the back office.',
  ].join('\n'),
  options: {},
  positionals: ['id', 'status'],
  async run(context, args, io) {
    const id = positiveId('The order id', args.positionals[0]);
    if (args.positionals[1] === 'refunded') {
      throw new CliError(
        `An order becomes refunded when its money is given back: run \`npm run admin -- orders refund ${id}\` (all that is left, unless you give --amount).`,
      );
    }
    const status = oneOf('The status', args.positionals[1], OWNER_ORDER_STATUSES);
    const before = await context.orders
      .findForOwner(id)
      .catch(notFoundAs(`There is no order #${id}.`));
    const failures = context.failuresLogged();
    const order = await context.orderManagement
      .update(id, { status }, commandLineOwner)
      .catch(notFoundAs(`There is no order #${id}.`));
    io.out(`Order #${id}: ${before.status} → ${order.status}.`);
    if (status === 'cancelled') io.out('Its stock is back on sale.');
    if (status === 'completed') {
      reportEmail(
        context,
        failures,
        `Emailed ${order.billing.email} that the order is complete.`,
        `The order is completed, but the email to ${order.billing.email} could not be sent.`,
        io,
      );
    }
  },
};

const ordersFulfil: Command = {
  name: 'orders fulfil',
  usage: `<id> --carrier ${CARRIERS.join('|')} --tracking <number>`,
  summary: 'mark an order shipped: completed, and the buyer is emailed the tracking link',
  details:
    'A processing or on-hold order is completed with its shipment; a completed one has the shipment\n' +
    "added. The buyer's email links to the carrier's tracking page (carrier other: the number only).\n" +
    'As in the back office, it writes an order note and an activity entry.',
  options: { carrier: { type: 'string' }, tracking: { type: 'string' } },
  positionals: ['id'],
  async run(context, args, io) {
    const id = positiveId('The order id', args.positionals[0]);
    const carrier = oneOf('--carrier', requiredOption(args, 'carrier'), CARRIERS);
    const update = parseWith(
      OwnerOrderUpdateSchema,
      {
        status: 'completed',
        shipment: { carrier, tracking_number: requiredOption(args, 'tracking') },
      },
      { 'shipment.tracking_number': '--tracking' },
    );
    const before = await context.orders
      .findForOwner(id)
      .catch(notFoundAs(`There is no order #${id}.`));
    const failures = context.failuresLogged();
    const order = await context.orderManagement
      .update(id, update, commandLineOwner)
      .catch(notFoundAs(`There is no order #${id}.`));
    const shipment = order.shipment!;
    const moved =
      before.status === order.status ? order.status : `${before.status} → ${order.status}`;
    const shipped = carrier === 'other' ? 'shipped' : `shipped with ${carrierName(carrier)}`;
    io.out(`Order #${id}: ${moved}, ${shipped}, tracking number ${shipment.tracking_number}.`);
    if (shipment.tracking_url) io.out(`Tracking: ${shipment.tracking_url}`);
    reportEmail(
      context,
      failures,
      `Emailed ${order.billing.email} the ${shipment.tracking_url ? 'tracking link' : 'tracking number'}.`,
      `The order is fulfilled, but the email to ${order.billing.email} could not be sent.`,
      io,
    );
  },
};

/** The refund service's advice names the API's flag; the command line's is --record-only. */
const inCommandLineTerms = (error: unknown) => {
  throw error instanceof ApiError && error.message.includes('api_refund false')
    ? new CliError(error.message.replaceAll('api_refund false', '--record-only'))
    : error;
};

const ordersRefund: Command = {
  name: 'orders refund',
  usage: '<id> [--amount 12.50] [--reason "…"] [--record-only]',
  summary: "give an order's money back (all that is left unless --amount); the buyer is emailed",
  details: [
    'The payment provider that took the money (Stripe, PayPal or the built-in test provider) gives',
    'it back first; if it refuses, nothing is recorded. Giving back all that is left marks the',
    'order refunded. As in the back office, it writes an order note and an activity entry.',
    '',
    '--amount       dollars, such as 12.50: at most what was paid and not refunded yet',
    '--reason       told to the buyer in the refund email',
    "--record-only  the money went back another way (cash, the provider's dashboard): record it",
    '',
    'Stock is not changed: if goods come back, put them on sale with `stock set`.',
  ].join('\n'),
  options: {
    amount: { type: 'string' },
    reason: { type: 'string', default: '' },
    'record-only': { type: 'boolean', default: false },
  },
  positionals: ['id'],
  async run(context, args, io) {
    const id = positiveId('The order id', args.positionals[0]);
    const given = args.values.amount;
    const askedCents = typeof given === 'string' ? moneyArg('--amount', given) : undefined;
    const order = await context.orders
      .findForOwner(id)
      .catch(notFoundAs(`There is no order #${id}.`));
    const refundedCents = order.refunds.reduce((sum, refund) => sum - centsOf(refund.total), 0);
    const leftCents = centsOf(order.total) - refundedCents;
    if (askedCents === undefined && leftCents <= 0) {
      throw new CliError(`Order #${id} has been refunded in full already.`);
    }
    const amountCents = askedCents ?? leftCents;
    const input = parseWith(
      OrderRefundCreateSchema,
      {
        amount: toMoneyString(amountCents),
        reason: args.values.reason,
        api_refund: !args.values['record-only'],
      },
      { amount: '--amount', reason: '--reason' },
    );
    const failures = context.failuresLogged();
    const refund = await context.orderManagement
      .refund(id, input, commandLineOwner)
      .catch(inCommandLineTerms);
    const charged = (await context.payments.listForOrder(id)).find(
      (payment) => payment.status === 'succeeded',
    );
    const how = refund.refunded_payment
      ? `through ${PROVIDER_NAMES[charged?.provider ?? ''] ?? charged?.provider ?? 'the payment provider'}`
      : '(recorded only: the money went back another way)';
    io.out(`Refunded ${formatCents(amountCents)} of order #${id} ${how}.`);
    const after = await context.orders.findForOwner(id);
    io.out(
      after.status === 'refunded'
        ? `Order #${id} is refunded in full: ${order.status} → refunded.`
        : `${formatCents(leftCents - amountCents)} of order #${id} is left to refund.`,
    );
    reportEmail(
      context,
      failures,
      `Emailed ${order.billing.email} about the refund.`,
      `The refund stands, but the email to ${order.billing.email} could not be sent.`,
      io,
    );
  },
};

/** The product or variation a SKU names, with its prices as they are now. */
async function findBySku(db: AdminContext['db'], sku: string) {
  const [variation] = await db
    .select({
      productId: productVariations.productId,
      variationId: productVariations.id,
      name: products.name,
      regularCents: productVariations.regularPriceCents,
      saleCents: productVariations.salePriceCents,
      wholesaleCents: productVariations.wholesalePriceCents,
    })
    .from(productVariations)
    .innerJoin(products, eq(products.id, productVariations.productId))
    .where(eq(productVariations.sku, sku))
    .limit(1);
  if (variation) return { ...variation, label: `variation ${sku} of "${variation.name}"` };
  const [product] = await db
    .select({
      productId: products.id,
      name: products.name,
      type: products.type,
      regularCents: products.regularPriceCents,
      saleCents: products.salePriceCents,
      wholesaleCents: products.wholesalePriceCents,
    })
    .from(products)
    .where(eq(products.sku, sku))
    .limit(1);
  if (!product) throw new CliError(`No product or variation has the SKU ${sku}.`);
  return { ...product, variationId: null, label: `"${product.name}" (${sku})` };
}

function skuArg(value: string | undefined): string {
  const sku = (value ?? '').trim();
  if (sku === '') throw new CliError('Give the SKU of a product or a variation.');
  return sku;
}

const stockSet: Command = {
  name: 'stock set',
  usage: '<sku> <quantity>',
  summary: "set a product's or variation's stock (0 marks it out of stock)",
  details:
    "Through the back office's product writes: counted from now on, and in the activity log.",
  options: {},
  positionals: ['sku', 'quantity'],
  async run(context, args, io) {
    const sku = skuArg(args.positionals[0]);
    const raw = args.positionals[1]!;
    if (!/^\d+$/.test(raw) || Number(raw) > 1_000_000) {
      throw new CliError(
        `The quantity must be a whole number from 0 (got ${JSON.stringify(raw)}).`,
      );
    }
    const quantity = Number(raw);
    const stock = {
      manage_stock: true,
      stock_quantity: quantity,
      stock_status: quantity > 0 ? ('instock' as const) : ('outofstock' as const),
    };
    const target = await findBySku(context.db, sku);
    if (target.variationId !== null) {
      await context.productWrites.updateVariation(
        target.productId,
        target.variationId,
        VariationUpdateSchema.parse(stock),
        commandLineOwner,
      );
      // The process may exit next: the back-in-stock emails the change started go out first.
      await context.stockNotifications.idle();
      return io.out(`Stock of variation ${sku}: ${quantity} (${stock.stock_status}).`);
    }
    await context.productWrites.update(
      target.productId,
      ProductUpdateSchema.parse(stock),
      commandLineOwner,
    );
    await context.stockNotifications.idle();
    io.out(`Stock of ${sku}: ${quantity} (${stock.stock_status}).`);
  },
};

/** `--sale 7.50` → cents, `--sale none` → null (no sale), left out → undefined (unchanged). */
function optionalPrice(args: ParsedArgs, name: 'sale' | 'wholesale'): number | null | undefined {
  const value = args.values[name];
  if (typeof value !== 'string') return undefined;
  return value.trim().toLowerCase() === 'none' ? null : moneyArg(`--${name}`, value);
}

const PRICE_FIELDS = [
  ['regular', 'regular_price', 'regularCents'],
  ['sale', 'sale_price', 'saleCents'],
  ['wholesale', 'wholesale_price', 'wholesaleCents'],
] as const;

const priceSet: Command = {
  name: 'price set',
  usage: '<sku> <regular> [--sale <price|none>] [--wholesale <price|none>]',
  summary: "set a product's or variation's prices, as the back office does",
  details: [
    'Prices are dollars, such as 12.50 or 7.5. --sale none ends a sale and --wholesale none removes',
    'the wholesale price; left out, they stay as they are. A sale price is below the regular price.',
    "A variable product's prices are its variations': give a variation's SKU. The shop shows the",
    'new prices at once, and the change is in the activity log.',
  ].join('\n'),
  options: { sale: { type: 'string' }, wholesale: { type: 'string' } },
  positionals: ['sku', 'regular'],
  async run(context, args, io) {
    const sku = skuArg(args.positionals[0]);
    const prices = {
      regular: moneyArg('The regular price', args.positionals[1]!),
      sale: optionalPrice(args, 'sale'),
      wholesale: optionalPrice(args, 'wholesale'),
    };
    const before = await findBySku(context.db, sku);
    if (before.variationId === null && before.type === 'variable') {
      const variations = await context.db
        .select({ sku: productVariations.sku })
        .from(productVariations)
        .where(eq(productVariations.productId, before.productId))
        .orderBy(asc(productVariations.menuOrder), asc(productVariations.id));
      const skus = variations.map((variation) => variation.sku).filter(Boolean);
      throw new CliError(
        `${before.label} is a variable product: its prices are its variations'.` +
          (skus.length > 0 ? ` Give one of their SKUs: ${skus.join(', ')}.` : ''),
      );
    }
    const input: Record<string, string> = {};
    for (const [name, field] of PRICE_FIELDS) {
      const cents = prices[name];
      if (cents !== undefined) input[field] = cents === null ? '' : toMoneyString(cents);
    }
    try {
      if (before.variationId !== null) {
        await context.productWrites.updateVariation(
          before.productId,
          before.variationId,
          VariationUpdateSchema.parse(input),
          commandLineOwner,
        );
      } else {
        await context.productWrites.update(
          before.productId,
          ProductUpdateSchema.parse(input),
          commandLineOwner,
        );
      }
    } catch (error) {
      if (!(error instanceof ApiError) || !error.params) throw error;
      // The service names the API's fields; say them as the options the owner typed.
      const params = error.params;
      throw new CliError(
        PRICE_FIELDS.filter(([, field]) => params[field])
          .map(([name, field]) => {
            // The sale price kept from before is what the new regular price broke.
            if (name === 'sale' && prices.sale === undefined && before.saleCents !== null) {
              return `The sale price, ${formatCents(before.saleCents)}, must stay below the regular price: give --sale with a lower one, or --sale none.`;
            }
            const flag = name === 'regular' ? 'The regular price' : `--${name}`;
            return `${flag}: ${params[field]}`;
          })
          .join('\n') || error.message,
      );
    }
    const after = await findBySku(context.db, sku);
    const shown = (cents: number | null) => (cents === null ? 'none' : formatCents(cents));
    io.out(`Prices of ${before.label}:`);
    for (const [name, , column] of PRICE_FIELDS) {
      const change =
        before[column] === after[column]
          ? `${shown(after[column])} (unchanged)`
          : `${shown(before[column])} → ${shown(after[column])}`;
      io.out(`  ${name.padEnd(9)}  ${change}`);
    }
  },
};

const API_KEY_PERMISSIONS_LIST = ['read', 'write', 'read_write'] as const;

const keysCreate: Command = {
  name: 'keys create',
  usage: '--user <owner email> --permissions read|write|read_write [--description <text>] [--json]',
  summary: 'make a REST API key for an owner account; prints the consumer key and secret once',
  details:
    'The key acts as that account with its role, limited to reading (GET), writing (POST, PUT, DELETE)\n' +
    'or both. Use it as Basic auth over https, or sign requests with OAuth 1.0a over http, as with\n' +
    'WooCommerce. Only a hash of the consumer key is kept: copy both now.',
  options: {
    user: { type: 'string' },
    permissions: { type: 'string' },
    description: { type: 'string' },
    ...jsonOption,
  },
  positionals: [],
  async run(context, args, io) {
    const email = requiredOption(args, 'user').trim().toLowerCase();
    const permissions = oneOf('--permissions', args.values.permissions, API_KEY_PERMISSIONS_LIST);
    const { description } = parseWith(
      ApiKeyCreateSchema,
      { description: args.values.description ?? '', permissions },
      { description: '--description' },
    );
    const account = await createAccountsRepo(context.db).findByLogin(email);
    if (!account) throw new CliError(`No account uses ${email}.`);
    if (!isOwnerRole(account.role)) {
      throw new CliError(
        `${account.email} is a ${account.role} account: keys are for the shop's owners ` +
          `(${OWNER_ROLES.join(', ')}).`,
      );
    }
    const key = await context.apiKeys.create(
      { customerId: account.id, description, permissions },
      commandLineOwner,
    );
    if (args.values.json) return io.out(json(key));
    io.out(
      [
        `Created API key #${key.id} for ${key.user_email} (${key.permissions}).`,
        `Consumer key:    ${key.consumer_key}`,
        `Consumer secret: ${key.consumer_secret}`,
        'Copy both now: they are not shown again.',
      ].join('\n'),
    );
  },
};

const keysList: Command = {
  name: 'keys list',
  usage: '[--json]',
  summary: 'REST API keys, newest first (the last 7 characters of each key, never the secret)',
  options: { ...jsonOption },
  positionals: [],
  async run(context, args, io) {
    const keys = await context.apiKeys.list();
    if (args.values.json) return io.out(json(keys));
    if (keys.length === 0) return io.out('No API keys.');
    io.out(
      table(
        ['ID', 'Description', 'User', 'Permissions', 'Key ends', 'Last used (UTC)'],
        keys.map((key) => [
          key.id,
          key.description,
          key.user_email,
          key.permissions,
          `…${key.truncated_key}`,
          key.last_access ? key.last_access.replace('T', ' ').slice(0, 16) : 'never',
        ]),
      ),
    );
  },
};

const keysRevoke: Command = {
  name: 'keys revoke',
  usage: '<id>',
  summary: 'revoke a REST API key: it stops working at once',
  options: {},
  positionals: ['id'],
  async run(context, args, io) {
    const id = positiveId('The key id', args.positionals[0]);
    const key = await context.apiKeys
      .revoke(id, commandLineOwner)
      .catch(notFoundAs(`No API key #${id}.`));
    io.out(`Revoked API key #${key.id} (…${key.truncated_key}) of ${key.user_email}.`);
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
      // The back-in-stock emails for what the file restocked go before the command ends.
      await context.stockNotifications.idle();
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
  ordersFulfil,
  ordersRefund,
  catalogExport,
  catalogImport,
  stockSet,
  priceSet,
  contactList,
  newsletterExport,
  keysCreate,
  keysList,
  keysRevoke,
];
