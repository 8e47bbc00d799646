import { z } from 'zod';
import { MAX_ID, PaginationQuerySchema } from './common.ts';

/**
 * A wholesale buyer's own paths (issue 15): their application's status, the line sheet, and the
 * stockist listing they ask for; and the owner's review of those listings. In the shop's own
 * namespace, as WooCommerce has none of them. Apart from `apiPaths`, which ships in every shop
 * page's JavaScript.
 */
export const wholesaleAccountPaths = {
  /** GET: the signed-in account's wholesale status. */
  account: '/wp-json/larder/v1/wholesale/account',
  /** GET: the line sheet (application/pdf), for approved wholesale buyers and owners. */
  lineSheet: '/wp-json/larder/v1/wholesale/line-sheet.pdf',
  /** GET the account's own listing requests; POST a new one. */
  ownListings: '/wp-json/larder/v1/wholesale/stockist-listings',
  /** Owners: GET the requests; `/{id}` PUT approves or declines, DELETE takes a listing down. */
  stockistListings: '/wp-json/larder/v1/stockist-listings',
} as const;

/** The storefront's path of the line sheet (a resource route passing the session on). */
export const LINE_SHEET_PAGE = '/wholesale/line-sheet.pdf';
/** The storefront's wholesale order form (decision 0040). */
export const QUICK_ORDER_PAGE = '/wholesale/quick-order';

export const WholesaleAccountStatusSchema = z.enum(['none', 'pending', 'approved', 'rejected']);
export type WholesaleAccountStatus = z.infer<typeof WholesaleAccountStatusSchema>;

/**
 * `GET wholesaleAccountPaths.account`: where the signed-in account stands. `approved` for a
 * wholesale account (however it became one); otherwise the latest application's status, or `none`.
 */
export const WholesaleAccountSchema = z.object({
  status: WholesaleAccountStatusSchema,
  application: z
    .object({
      id: z.number().int(),
      business_name: z.string(),
      date_created_gmt: z.string(),
      date_decided_gmt: z.string().nullable(),
      /** The owner's reason, for a rejected application. */
      rejection_reason: z.string().nullable(),
    })
    .nullable(),
  /** The API path of the line sheet when this account may download it, else null. */
  line_sheet: z.string().nullable(),
});
export type WholesaleAccount = z.infer<typeof WholesaleAccountSchema>;

const text = (label: string, max: number) =>
  z
    .string({ error: `Enter ${label}.` })
    .trim()
    .min(1, `Enter ${label}.`)
    .max(max, `Keep ${label} under ${max} characters.`);

const optionalText = (label: string, max: number) =>
  z.string().trim().max(max, `Keep ${label} under ${max} characters.`).optional().default('');

/**
 * `POST wholesaleAccountPaths.ownListings`: a wholesale account asks to be listed on the store
 * locator. US addresses only (the locator lists US stores); the ZIP places it on the map.
 */
export const StockistListingRequestSchema = z.object({
  business_name: text('the business name', 120),
  address: text('the street address', 200),
  city: text('the city', 100),
  state: z
    .string({ error: 'Enter the state.' })
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'Enter the two-letter state code, e.g. NC.')
    .transform((value) => value.toUpperCase()),
  postcode: z
    .string({ error: 'Enter the ZIP code.' })
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, 'Enter a ZIP code such as 27701.'),
  phone: optionalText('the phone number', 40),
  website: z
    .string()
    .trim()
    .max(300, 'Keep the website under 300 characters.')
    .refine(
      (value) => value === '' || /^https?:\/\/[^\s/?#]+\.[^\s/?#]+(?:[/?#]\S*)?$/i.test(value),
      'Enter the website as a full address, e.g. https://example.com.',
    )
    .optional()
    .default(''),
  note: optionalText('the note', 500),
});
export type StockistListingRequest = z.input<typeof StockistListingRequestSchema>;

export const StockistListingStatusSchema = z.enum(['pending', 'approved', 'declined', 'removed']);
export type StockistListingStatus = z.infer<typeof StockistListingStatusSchema>;

/** A listing request as its buyer and the owner see it. */
export const StockistListingSchema = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  status: StockistListingStatusSchema,
  business_name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  postcode: z.string(),
  country: z.string(),
  phone: z.string(),
  website: z.string(),
  note: z.string(),
  /** The owner's reason, for a declined request. */
  decline_reason: z.string().nullable(),
  /** The store locator's entry (`/wp/v2/locations/{id}`) while the listing is approved. */
  location_id: z.number().int().nullable(),
  date_created_gmt: z.string(),
  date_decided_gmt: z.string().nullable(),
});
export type StockistListing = z.infer<typeof StockistListingSchema>;

export const StockistListingListQuerySchema = PaginationQuerySchema.extend({
  status: z.enum(['pending', 'approved', 'declined', 'removed', 'all']).default('all'),
});
export type StockistListingListQuery = z.infer<typeof StockistListingListQuerySchema>;

/**
 * `PUT stockistListings/{id}` by an owner: approve (the listing becomes a store location, placed
 * by its ZIP code unless a position is given) or decline with a reason the buyer is sent.
 */
export const StockistListingDecisionSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('approved'),
    latitude: z.number().min(-90).max(90).optional(),
    longitude: z.number().min(-180).max(180).optional(),
  }),
  z.object({ status: z.literal('declined'), reason: text('the reason', 1000) }),
]);
export type StockistListingDecision = z.input<typeof StockistListingDecisionSchema>;

export const StockistListingIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(MAX_ID),
});
