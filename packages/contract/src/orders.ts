import { z } from 'zod';
import { MAX_ID, MoneyStringSchema, PaginationQuerySchema } from './common.ts';
import { CouponLinesInputSchema, OrderCouponLineSchema } from './coupons.ts';
import { EmailSchema } from './forms.ts';
import { OrderInvoiceSchema, PurchaseOrderNumberSchema } from './invoices.ts';
import { centsOf } from './money.ts';
import { CartLineRequestSchema, ShippingMethodIdSchema } from './shipping.ts';

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `Enter ${label}.` })
    .trim()
    .min(1, `Enter ${label}.`)
    .max(max, `Keep ${label} under ${max} characters.`);

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `Enter ${label} as text.` })
    .trim()
    .max(max, `Keep ${label} under ${max} characters.`)
    .default('');

const countryCode = z
  .string({ error: 'Choose a country.' })
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'Choose a country.')
  .transform((code) => code.toUpperCase());

/** Checkout's address fields with the spec's validators (§3 billing data, §5 generic validators). */
export const CheckoutShippingAddressSchema = z.object({
  first_name: requiredText('a first name', 100),
  last_name: requiredText('a last name', 100),
  company: optionalText('the company', 100),
  address_1: requiredText('the street address', 200),
  address_2: optionalText('the apartment or suite', 200),
  city: requiredText('the city', 100),
  /** Required where the country has states; the server checks it against the country's list. */
  state: optionalText('the state', 100),
  postcode: requiredText('the postcode', 20).regex(
    /^[A-Za-z0-9][A-Za-z0-9 -]*$/,
    'Use letters, digits, spaces and - only.',
  ),
  country: countryCode,
});
export type CheckoutShippingAddress = z.infer<typeof CheckoutShippingAddressSchema>;

export const CheckoutBillingAddressSchema = CheckoutShippingAddressSchema.extend({
  email: EmailSchema,
  phone: requiredText('a phone number', 30).regex(
    /^[0-9+().\-\s]+$/,
    'Use digits, spaces and + ( ) - only.',
  ),
});
export type CheckoutBillingAddress = z.infer<typeof CheckoutBillingAddressSchema>;

/**
 * `POST /wp-json/wc/v3/orders` (spec §7): the order plus customer_id. Only ids, quantities, the
 * addresses, the chosen rate, the payment method and a note are taken; prices, totals and status
 * are the server's to decide and are dropped if sent. `set_paid` is the owner's alone (decision 0041).
 */
export const OrderCreateSchema = z.object({
  /**
   * 0 for a guest; otherwise the signed-in customer's own id, or for an owner any customer's: the
   * order is then priced and checked as that customer (decision 0041).
   */
  customer_id: z.number().int().min(0).max(MAX_ID).default(0),
  payment_method: z.string({ error: 'Choose how to pay.' }).min(1, 'Choose how to pay.').max(50),
  payment_method_title: z.string().max(100).optional(),
  billing: CheckoutBillingAddressSchema,
  /** Absent: ship to the billing address. */
  shipping: CheckoutShippingAddressSchema.optional(),
  line_items: z
    .array(CartLineRequestSchema, { error: 'Send the cart lines as line_items.' })
    .min(1, 'The cart is empty.')
    .max(100, 'At most 100 lines per order.'),
  /** Exactly one: the rate the shopper chose, as `method_id` and `instance_id` of a quoted rate. */
  shipping_lines: z
    .array(
      z.object({
        method_id: ShippingMethodIdSchema,
        instance_id: z.coerce.number().int().min(0).max(MAX_ID),
      }),
      { error: 'Choose a shipping method.' },
    )
    .length(1, 'Choose one shipping method.'),
  /** The gift note (spec §3 cart state). */
  customer_note: optionalText('the note', 1000),
  /** Discount codes, checked and applied by the server (400 `woocommerce_rest_invalid_coupon`). */
  coupon_lines: CouponLinesInputSchema,
  /** The buyer's purchase-order number, kept on the order (`invoice.purchase_order_number`). */
  purchase_order_number: PurchaseOrderNumberSchema.optional(),
  /**
   * An owner's order paid another way (bank transfer, cheque, card by phone): processing at once.
   * Ignored for anyone else, as WooCommerce's checkout ignores it.
   */
  set_paid: z.boolean().optional(),
  /** The payment's reference when `set_paid` (a cheque number, a bank reference). */
  transaction_id: z.string().trim().max(100).optional(),
});
export type OrderCreate = z.input<typeof OrderCreateSchema>;

export const OrderStatusSchema = z.enum([
  'pending',
  'processing',
  'on-hold',
  'completed',
  'cancelled',
  'refunded',
  'failed',
]);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

const AddressFields = {
  first_name: z.string(),
  last_name: z.string(),
  company: z.string(),
  address_1: z.string(),
  address_2: z.string(),
  city: z.string(),
  state: z.string(),
  postcode: z.string(),
  country: z.string(),
  phone: z.string(),
};
export const OrderBillingSchema = z.object({ ...AddressFields, email: z.string() });
export const OrderShippingSchema = z.object(AddressFields);

export const OrderLineMetaSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  value: z.string(),
  display_key: z.string(),
  display_value: z.string(),
});

/** A line's tax: its total and its share by rate id (`taxes[].id` is the rate's id). */
const LineTaxFields = {
  total_tax: MoneyStringSchema,
  taxes: z.array(
    z.object({ id: z.number().int(), total: MoneyStringSchema, subtotal: z.string() }),
  ),
};

export const OrderLineItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The product's name for a variation line (WooCommerce's parent_name), else null. */
  parent_name: z.string().nullable(),
  product_id: z.number().int(),
  variation_id: z.number().int(),
  quantity: z.number().int(),
  sku: z.string(),
  /** Unit price: a number, as WooCommerce sends it (total ÷ quantity). */
  price: z.number(),
  subtotal: MoneyStringSchema,
  total: MoneyStringSchema,
  /** Variation attributes, e.g. { key: "Size", value: "2 lb" }. */
  meta_data: z.array(OrderLineMetaSchema),
  image: z.object({ id: z.number().int(), src: z.string() }),
  ...LineTaxFields,
  /** '' for the standard class. */
  tax_class: z.string(),
  subtotal_tax: MoneyStringSchema,
});
export type OrderLineItem = z.infer<typeof OrderLineItemSchema>;

export const OrderShippingLineSchema = z.object({
  id: z.number().int(),
  method_title: z.string(),
  method_id: ShippingMethodIdSchema,
  instance_id: z.string(),
  total: MoneyStringSchema,
  ...LineTaxFields,
});

/** One rate applied to the order, copied when it was placed (WooCommerce's tax_lines). */
export const OrderTaxLineSchema = z.object({
  id: z.number().int(),
  rate_code: z.string(),
  rate_id: z.number().int(),
  label: z.string(),
  compound: z.boolean(),
  tax_total: MoneyStringSchema,
  shipping_tax_total: MoneyStringSchema,
  /** The rate as a number of percent, e.g. 4.75. */
  rate_percent: z.number(),
});
export type OrderTaxLine = z.infer<typeof OrderTaxLineSchema>;

/** What one rate charged the order in all, on its lines and on its shipping (cents). */
export const taxLineCents = (line: Pick<OrderTaxLine, 'tax_total' | 'shipping_tax_total'>) =>
  centsOf(line.tax_total) + centsOf(line.shipping_tax_total);

/** The WooCommerce order shape (reference §4), with its taxes and discount codes; no fees. */
export const OrderSchema = z.object({
  id: z.number().int(),
  parent_id: z.number().int(),
  number: z.string(),
  /** `wc_order_…`: lets a guest see and pay their own order. */
  order_key: z.string(),
  created_via: z.string(),
  status: OrderStatusSchema,
  currency: z.literal('USD'),
  date_created: z.string(),
  date_created_gmt: z.string(),
  date_modified: z.string(),
  date_modified_gmt: z.string(),
  date_paid: z.string().nullable(),
  date_paid_gmt: z.string().nullable(),
  date_completed: z.string().nullable(),
  date_completed_gmt: z.string().nullable(),
  discount_total: MoneyStringSchema,
  shipping_total: MoneyStringSchema,
  cart_tax: MoneyStringSchema,
  shipping_tax: MoneyStringSchema,
  total: MoneyStringSchema,
  total_tax: MoneyStringSchema,
  prices_include_tax: z.boolean(),
  tax_lines: z.array(OrderTaxLineSchema),
  /** Why the order carries no tax (an approved resale certificate); null when it is taxed. */
  tax_exempt_reason: z.string().nullable(),
  customer_id: z.number().int(),
  customer_note: z.string(),
  billing: OrderBillingSchema,
  shipping: OrderShippingSchema,
  payment_method: z.string(),
  payment_method_title: z.string(),
  transaction_id: z.string(),
  line_items: z.array(OrderLineItemSchema),
  shipping_lines: z.array(OrderShippingLineSchema),
  coupon_lines: z.array(OrderCouponLineSchema),
  needs_payment: z.boolean(),
  /** Until this moment the order's stock is held for it; afterwards an unpaid order is cancelled. */
  date_hold_expires_gmt: z.string().nullable(),
  /** Ours: an order paid by invoice carries its terms, due date and PO number; null otherwise. */
  invoice: OrderInvoiceSchema.nullable().optional(),
});
export type Order = z.infer<typeof OrderSchema>;

export const OrderIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(MAX_ID),
});

/** `GET /wp-json/wc/v3/orders/{id}?key=`: the key stands in for sign-in (guest checkout). */
export const OrderGetQuerySchema = z.object({ key: z.string().max(64).optional() });

/** `GET /wp-json/wc/v3/orders?customer=` (spec §7): a customer's own orders only. */
export const OrderListQuerySchema = PaginationQuerySchema.extend({
  customer: z.coerce.number().int().positive().max(MAX_ID),
  status: OrderStatusSchema.optional(),
});
