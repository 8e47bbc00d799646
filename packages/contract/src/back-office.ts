import { z } from 'zod';
import {
  MAX_ID,
  PaginationQuerySchema,
  MoneyStringSchema,
  queryBoolean,
  queryInt,
} from './common.ts';
import {
  CustomerRoleSchema,
  MonthlyVolumeSchema,
  WholesaleApplicationStatusSchema,
} from './accounts.ts';
import { OrderSchema, OrderStatusSchema } from './orders.ts';
import { ReviewStatusSchema } from './reviews.ts';

/**
 * The owner-only paths the shop's pages never call. Not in `apiPaths`: that object ships whole in
 * every shop page's JavaScript, and the product page is at its first-load budget.
 */
export const ownerApiPaths = {
  /** Image uploads (`POST`, the raw file) and their alt text (`PUT /{id}`), as WordPress's. */
  media: '/wp-json/wp/v2/media',
  /** The whole catalogue as a file: `?format=json|csv`, an attachment. */
  catalogExport: '/wp-json/larder/v1/catalog/export',
  /** A catalogue file as the raw body: `?format=json|csv&dry_run=true|false`, all or nothing. */
  catalogImport: '/wp-json/larder/v1/catalog/import',
  /** An order's paperwork: `/{id}/invoice.pdf` and `/{id}/packing-slip.pdf`. */
  orderDocuments: '/wp-json/larder/v1/orders',
  /** WooCommerce's tax rates: list, `/{id}`, `/batch`; `/classes` lists the classes. */
  taxes: '/wp-json/wc/v3/taxes',
  taxClasses: '/wp-json/wc/v3/taxes/classes',
} as const;

// The owner-only API under the back office (/admin). WooCommerce's shapes where it has them;
// the same style where it has none (wholesale applications, contact messages, newsletter, activity).

export const IdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(MAX_ID),
});

/** An ISO 8601 date or date-time in a query (`after`, `before`), as WooCommerce takes them. */
const queryDate = z
  .string()
  .max(40)
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$/, {
    message: 'Use an ISO 8601 date such as 2026-11-25 or 2026-11-25T09:30:00.',
  });

const trimmedText = (label: string, max: number) =>
  z
    .string({ error: `Enter ${label}.` })
    .trim()
    .min(1, `Enter ${label}.`)
    .max(max, `Keep ${label} under ${max} characters.`);

// ------------------------------------------------------------------ wholesale applications

/** An application as an owner reviews it. The certificate is fetched from `certificate.href`. */
export const WholesaleApplicationRecordSchema = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  status: WholesaleApplicationStatusSchema,
  business_name: z.string(),
  contact_name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.object({
    company: z.string(),
    address_1: z.string(),
    address_2: z.string(),
    city: z.string(),
    state: z.string(),
    postcode: z.string(),
    country: z.string(),
  }),
  tax_id: z.string(),
  sales_channels: z.string(),
  monthly_volume: MonthlyVolumeSchema,
  certificate: z.object({
    /** Owner-only download path of the stored file. */
    href: z.string(),
    filename: z.string(),
    content_type: z.string(),
    bytes: z.number().int(),
  }),
  rejection_reason: z.string().nullable(),
  date_created_gmt: z.string(),
  date_decided_gmt: z.string().nullable(),
});
export type WholesaleApplicationRecord = z.infer<typeof WholesaleApplicationRecordSchema>;

export const WholesaleApplicationListQuerySchema = PaginationQuerySchema.extend({
  status: z.enum(['pending', 'approved', 'rejected', 'all']).default('all'),
  search: z.string().max(200).optional(),
});
export type WholesaleApplicationListQuery = z.infer<typeof WholesaleApplicationListQuerySchema>;

/** `PUT /wholesale-applications/{id}`: approve, or reject with the reason the applicant is sent. */
export const WholesaleApplicationDecisionSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('approved') }),
  z.object({ status: z.literal('rejected'), reason: trimmedText('the reason', 1000) }),
]);
export type WholesaleApplicationDecision = z.input<typeof WholesaleApplicationDecisionSchema>;

// ------------------------------------------------------------------ reviews

/** `PUT /products/reviews/{id}`: WooCommerce's moderation statuses. */
export const ReviewModerationSchema = z.object({ status: ReviewStatusSchema });
export type ReviewModeration = z.infer<typeof ReviewModerationSchema>;

// ------------------------------------------------------------------ contact messages, newsletter

export const ContactMessageSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  /** The owner was emailed about it when it arrived. */
  notified: z.boolean(),
  handled: z.boolean(),
  date_created_gmt: z.string(),
  date_handled_gmt: z.string().nullable(),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;

export const ContactMessageListQuerySchema = PaginationQuerySchema.extend({
  status: z.enum(['unhandled', 'handled', 'all']).default('all'),
  search: z.string().max(200).optional(),
});
export type ContactMessageListQuery = z.infer<typeof ContactMessageListQuerySchema>;

export const ContactMessageUpdateSchema = z.object({ handled: z.boolean() });
export type ContactMessageUpdate = z.infer<typeof ContactMessageUpdateSchema>;

export const NewsletterSubscriberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  date_created_gmt: z.string(),
});
export type NewsletterSubscriber = z.infer<typeof NewsletterSubscriberSchema>;

export const NewsletterSubscriberListQuerySchema = PaginationQuerySchema.extend({
  search: z.string().max(200).optional(),
});

// ------------------------------------------------------------------ orders

/** `GET /orders` as an owner: every customer's orders, filtered (WooCommerce's names). */
export const OwnerOrderListQuerySchema = PaginationQuerySchema.extend({
  customer: queryInt(1).optional(),
  status: z.union([OrderStatusSchema, z.literal('any')]).default('any'),
  after: queryDate.optional(),
  before: queryDate.optional(),
  /** Retail or wholesale orders only (the price list the order was priced on). */
  price_list: z.enum(['retail', 'wholesale', 'any']).default('any'),
  /** An order number, or part of a buyer's name or email. */
  search: z.string().max(200).optional(),
  /** Invoice orders not yet paid, or only those past their due date. */
  invoice: z.enum(['unpaid', 'overdue']).optional(),
});
export type OwnerOrderListQuery = z.infer<typeof OwnerOrderListQuerySchema>;

/** The order as the back office reads it: WooCommerce's order plus fulfilment and refunds. */
export const OwnerOrderSchema = OrderSchema.extend({
  price_list: z.enum(['retail', 'wholesale']),
  shipment: z
    .object({
      carrier: z.string(),
      tracking_number: z.string(),
      tracking_url: z.string(),
      date_shipped_gmt: z.string(),
    })
    .nullable(),
  refunds: z.array(
    z.object({ id: z.number().int(), reason: z.string(), total: MoneyStringSchema }),
  ),
});
export type OwnerOrder = z.infer<typeof OwnerOrderSchema>;

/** An order's paperwork, as the file names under `ownerApiPaths.orderDocuments/{id}/`. */
export const ORDER_DOCUMENTS = ['invoice.pdf', 'packing-slip.pdf'] as const;
export type OrderDocumentFile = (typeof ORDER_DOCUMENTS)[number];

export const CARRIERS = ['usps', 'ups', 'fedex', 'dhl', 'other'] as const;
export const CarrierSchema = z.enum(CARRIERS, { error: 'Choose the carrier.' });

/**
 * `PUT /orders/{id}` by an owner. `completed` with `shipment` marks it fulfilled and emails the
 * buyer the tracking link; `cancelled` gives its stock back.
 */
export const OwnerOrderUpdateSchema = z.object({
  status: z.enum(['processing', 'on-hold', 'completed', 'cancelled']).optional(),
  shipment: z
    .object({
      carrier: CarrierSchema,
      tracking_number: trimmedText('the tracking number', 100),
    })
    .optional(),
});
export type OwnerOrderUpdate = z.infer<typeof OwnerOrderUpdateSchema>;

/** WooCommerce's order note. */
export const OrderNoteSchema = z.object({
  id: z.number().int(),
  author: z.string(),
  date_created: z.string(),
  date_created_gmt: z.string(),
  note: z.string(),
  customer_note: z.boolean(),
});
export type OrderNote = z.infer<typeof OrderNoteSchema>;

export const OrderNoteCreateSchema = z.object({
  note: trimmedText('the note', 5000),
  /** Sent to the customer by email when true; private to owners otherwise. */
  customer_note: z.boolean().default(false),
});
export type OrderNoteCreate = z.input<typeof OrderNoteCreateSchema>;

/** WooCommerce's refund: `POST /orders/{id}/refunds`. */
export const OrderRefundSchema = z.object({
  id: z.number().int(),
  date_created: z.string(),
  date_created_gmt: z.string(),
  amount: MoneyStringSchema,
  reason: z.string(),
  refunded_by: z.number().int(),
  /** The payment provider gave the money back (false: recorded only). */
  refunded_payment: z.boolean(),
});
export type OrderRefund = z.infer<typeof OrderRefundSchema>;

export const OrderRefundCreateSchema = z.object({
  /** Decimal string, e.g. "12.50"; at most what is left to refund. */
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, 'Enter an amount such as 12.50.'),
  reason: z.string().trim().max(1000).default(''),
  /** WooCommerce's flag: give the money back through the payment provider (default here). */
  api_refund: z.boolean().default(true),
});
export type OrderRefundCreate = z.input<typeof OrderRefundCreateSchema>;

// ------------------------------------------------------------------ customers

export const OwnerCustomerListQuerySchema = PaginationQuerySchema.extend({
  search: z.string().max(200).optional(),
  role: z.union([CustomerRoleSchema, z.literal('all')]).default('all'),
  orderby: z.enum(['id', 'name', 'registered_date']).default('registered_date'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type OwnerCustomerListQuery = z.infer<typeof OwnerCustomerListQuerySchema>;

/** `PUT /customers/{id}` by an owner: the role between shopper and wholesale buyer. */
export const OwnerCustomerUpdateSchema = z.object({
  role: z.enum(['customer', 'wholesale_customer'], {
    error: 'Choose customer or wholesale_customer.',
  }),
});
export type OwnerCustomerUpdate = z.infer<typeof OwnerCustomerUpdateSchema>;

// ------------------------------------------------------------------ reports

/** `GET /reports/sales` (WooCommerce's shape, with retail and wholesale apart per day). */
export const SalesReportQuerySchema = z.object({
  period: z.enum(['day', 'week', 'month', 'last_month', 'year']).optional(),
  date_min: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  date_max: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});
export type SalesReportQuery = z.infer<typeof SalesReportQuerySchema>;

const SalesFiguresSchema = z.object({
  sales: MoneyStringSchema,
  orders: z.number().int(),
  items: z.number().int(),
  shipping: MoneyStringSchema,
  retail_sales: MoneyStringSchema,
  wholesale_sales: MoneyStringSchema,
});

export const SalesReportSchema = z.object({
  total_sales: MoneyStringSchema,
  net_sales: MoneyStringSchema,
  total_orders: z.number().int(),
  total_items: z.number().int(),
  total_shipping: MoneyStringSchema,
  total_refunds: MoneyStringSchema,
  totals_grouped_by: z.literal('day'),
  /** One entry per day of the period, `YYYY-MM-DD`, days without sales included. */
  totals: z.record(z.string(), SalesFiguresSchema),
});
export type SalesReport = z.infer<typeof SalesReportSchema>;

export const TopSellerSchema = z.object({
  title: z.string(),
  product_id: z.number().int(),
  quantity: z.number().int(),
});

// ------------------------------------------------------------------ activity log

export const ActivityEntrySchema = z.object({
  id: z.number().int(),
  actor_id: z.number().int(),
  actor_name: z.string(),
  /** A dotted verb: `order.fulfilled`, `review.status`, `wholesale.approved`, `customer.role`… */
  action: z.string(),
  subject_type: z.string(),
  subject_id: z.number().int(),
  summary: z.string(),
  date_created_gmt: z.string(),
});
export type ActivityEntry = z.infer<typeof ActivityEntrySchema>;

export const ActivityListQuerySchema = PaginationQuerySchema.extend({
  subject_type: z.string().max(40).optional(),
  subject_id: queryInt(1).optional(),
});
export type ActivityListQuery = z.infer<typeof ActivityListQuerySchema>;

// ------------------------------------------------------------------ catalogue import and export

/** The largest catalogue file an import takes: far above a few hundred products. */
export const CATALOG_FILE_MAX_BYTES = 5 * 1024 * 1024;

/** The catalogue file's two forms: the command line's JSON, or a spreadsheet's CSV. */
export const CatalogFileFormatSchema = z.enum(['json', 'csv']);
export type CatalogFileFormat = z.infer<typeof CatalogFileFormatSchema>;

export const CatalogExportQuerySchema = z.object({
  format: CatalogFileFormatSchema.default('json'),
});
export type CatalogExportQuery = z.infer<typeof CatalogExportQuerySchema>;

export const CatalogImportQuerySchema = z.object({
  format: CatalogFileFormatSchema.default('json'),
  /** true: check the file and say what would change, writing nothing. */
  dry_run: queryBoolean.default(false),
});
export type CatalogImportQuery = z.infer<typeof CatalogImportQuerySchema>;

export const CatalogImportChangeSchema = z.enum(['created', 'updated', 'unchanged']);
export type CatalogImportChange = z.infer<typeof CatalogImportChangeSchema>;

/** What an import did, or (dry run) would do: products are matched by slug. */
export const CatalogImportResultSchema = z.object({
  dry_run: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  products: z.array(
    z.object({ slug: z.string(), name: z.string(), change: CatalogImportChangeSchema }),
  ),
});
export type CatalogImportResult = z.infer<typeof CatalogImportResultSchema>;
