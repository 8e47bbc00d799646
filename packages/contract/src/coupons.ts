import { z } from 'zod';
import { MAX_ID, MoneyStringSchema, PaginationQuerySchema } from './common.ts';
import { CouponCodeSchema } from './coupon-lines.ts';
import { CartQuoteSchema } from './shipping.ts';

export { CouponCodeSchema, CouponLinesInputSchema } from './coupon-lines.ts';

/**
 * Discount codes: WooCommerce's coupons (`/wp-json/wc/v3/coupons`, owners only) and the cart's
 * discount quote. Not in `apiPaths`, which ships whole in every shop page: only the cart, checkout
 * and back office import these.
 */
export const couponApiPaths = {
  coupons: '/wp-json/wc/v3/coupons',
  /** The cart's and checkout's quote: what the codes take off these lines, checked as an order would. */
  cartDiscounts: '/wp-json/larder/v1/cart/discounts',
} as const;

export const DISCOUNT_TYPES = ['percent', 'fixed_cart', 'fixed_product'] as const;
export const DiscountTypeSchema = z.enum(DISCOUNT_TYPES, {
  error: 'The discount type is percent, fixed_cart or fixed_product.',
});
export type DiscountType = z.infer<typeof DiscountTypeSchema>;

/** Ours: which buyers may use a code (`retail` shoppers, approved `wholesale` accounts, or `any`). */
export const CouponPriceListSchema = z.enum(['any', 'retail', 'wholesale'], {
  error: 'The price list is any, retail or wholesale.',
});
export type CouponPriceList = z.infer<typeof CouponPriceListSchema>;

/** A code on an order, as WooCommerce shows it: what it took off (tax is never discounted here). */
export const OrderCouponLineSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  discount: MoneyStringSchema,
  discount_tax: MoneyStringSchema,
  /** Ours: the code made shipping free. */
  free_shipping: z.boolean(),
});
export type OrderCouponLine = z.infer<typeof OrderCouponLineSchema>;

// ------------------------------------------------------------------ the cart's quote

/** `POST /wp-json/larder/v1/cart/discounts`: the lines, the codes and, at checkout, the buyer's email. */
export const CartDiscountsRequestSchema = CartQuoteSchema;
export type CartDiscountsRequest = z.input<typeof CartDiscountsRequestSchema>;

export const CartDiscountsSchema = z.object({
  subtotal: MoneyStringSchema,
  discount_total: MoneyStringSchema,
  /** Shipping is free whatever rate is chosen. */
  free_shipping: z.boolean(),
  coupon_lines: z.array(OrderCouponLineSchema),
  /** In the request's order: each line's subtotal and its total after the codes. */
  line_items: z.array(z.object({ subtotal: MoneyStringSchema, total: MoneyStringSchema })),
});
export type CartDiscounts = z.infer<typeof CartDiscountsSchema>;

// ------------------------------------------------------------------ owners' coupons

export const CouponSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  /** Dollars for the fixed types, a percentage for `percent` ("10.00" is 10 %). */
  amount: MoneyStringSchema,
  discount_type: DiscountTypeSchema,
  description: z.string(),
  date_created: z.string(),
  date_created_gmt: z.string(),
  date_modified: z.string(),
  date_modified_gmt: z.string(),
  /** Ours: the code works from this moment (GMT); null for at once. */
  date_starts: z.string().nullable(),
  date_starts_gmt: z.string().nullable(),
  /** The code stops working at this moment (GMT), as WooCommerce's; null for never. */
  date_expires: z.string().nullable(),
  date_expires_gmt: z.string().nullable(),
  usage_count: z.number().int(),
  individual_use: z.boolean(),
  product_ids: z.array(z.number().int()),
  excluded_product_ids: z.array(z.number().int()),
  usage_limit: z.number().int().nullable(),
  usage_limit_per_user: z.number().int().nullable(),
  free_shipping: z.boolean(),
  product_categories: z.array(z.number().int()),
  excluded_product_categories: z.array(z.number().int()),
  minimum_amount: MoneyStringSchema,
  /** Ours: `retail` or `wholesale` limits the code to buyers on that price list. */
  price_list: CouponPriceListSchema,
  /** Ours: only for a buyer (account or billing email) with no earlier order that was not cancelled. */
  first_order_only: z.boolean(),
});
export type Coupon = z.infer<typeof CouponSchema>;

const amountInput = z
  .union([z.string(), z.number()], { error: 'Enter the amount, such as 10 or 7.50.' })
  .transform((value) => String(value));
const idList = z
  .array(z.number().int().positive().max(MAX_ID), { error: 'Send a list of ids.' })
  .max(500, 'At most 500 ids.');
const limitInput = z
  .number({ error: 'The limit is a whole number, or null for none.' })
  .int('The limit is a whole number.')
  .min(1, 'The limit is at least 1, or null for none.')
  .max(1_000_000, 'The limit is at most 1000000.')
  .nullable();
/** WooCommerce's dates: `2026-12-31` or `2026-12-31T00:00:00`, GMT; null or "" for none. */
const dateInput = z
  .string({ error: 'Enter a date such as 2026-12-31.' })
  .trim()
  .max(40)
  .regex(/^(\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?(Z)?)?)?$/, 'Enter a date such as 2026-12-31.')
  .nullable();

const couponFields = {
  code: CouponCodeSchema,
  amount: amountInput,
  discount_type: DiscountTypeSchema,
  description: z.string().trim().max(500, 'Keep the description under 500 characters.'),
  date_starts: dateInput,
  date_starts_gmt: dateInput,
  date_expires: dateInput,
  date_expires_gmt: dateInput,
  individual_use: z.boolean({ error: 'individual_use is true or false.' }),
  product_ids: idList,
  excluded_product_ids: idList,
  usage_limit: limitInput,
  usage_limit_per_user: limitInput,
  free_shipping: z.boolean({ error: 'free_shipping is true or false.' }),
  product_categories: idList,
  excluded_product_categories: idList,
  minimum_amount: amountInput,
  price_list: CouponPriceListSchema,
  first_order_only: z.boolean({ error: 'first_order_only is true or false.' }),
};

/** `POST /coupons`: the code is required; everything else has WooCommerce's default. */
export const CouponCreateSchema = z.object({
  ...couponFields,
  amount: couponFields.amount.default('0'),
  discount_type: couponFields.discount_type.default('fixed_cart'),
  description: couponFields.description.default(''),
  individual_use: couponFields.individual_use.default(false),
  product_ids: couponFields.product_ids.default([]),
  excluded_product_ids: couponFields.excluded_product_ids.default([]),
  usage_limit: couponFields.usage_limit.default(null),
  usage_limit_per_user: couponFields.usage_limit_per_user.default(null),
  free_shipping: couponFields.free_shipping.default(false),
  product_categories: couponFields.product_categories.default([]),
  excluded_product_categories: couponFields.excluded_product_categories.default([]),
  minimum_amount: couponFields.minimum_amount.default('0'),
  price_list: couponFields.price_list.default('any'),
  first_order_only: couponFields.first_order_only.default(false),
  date_starts: couponFields.date_starts.optional(),
  date_starts_gmt: couponFields.date_starts_gmt.optional(),
  date_expires: couponFields.date_expires.optional(),
  date_expires_gmt: couponFields.date_expires_gmt.optional(),
});
export type CouponCreate = z.input<typeof CouponCreateSchema>;
export type CouponCreateInput = z.output<typeof CouponCreateSchema>;

/** `PUT /coupons/{id}`: any of the fields; the rest are kept. */
export const CouponUpdateSchema = z.object(
  Object.fromEntries(
    Object.entries(couponFields).map(([key, schema]) => [key, schema.optional()]),
  ) as { [K in keyof typeof couponFields]: z.ZodOptional<(typeof couponFields)[K]> },
);
export type CouponUpdate = z.input<typeof CouponUpdateSchema>;
export type CouponUpdateInput = z.output<typeof CouponUpdateSchema>;

/** `GET /coupons`: WooCommerce's `search` (part of the code) and `code` (exactly, any case). */
export const CouponListQuerySchema = PaginationQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  code: z.string().trim().max(50).optional(),
});
export type CouponListQuery = z.output<typeof CouponListQuerySchema>;

export const CouponIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(MAX_ID),
});
