import { z } from 'zod';
import { MAX_ID } from './common.ts';
import { CouponLinesInputSchema } from './coupon-lines.ts';

/** `GET /wp-json/wc/v3/data/countries`: names may carry HTML entities, as in WooCommerce. */
export const CountryStateSchema = z.object({ code: z.string(), name: z.string() });
export const CountrySchema = z.object({
  code: z.string(),
  name: z.string(),
  /** `[]` for a country without states or provinces. */
  states: z.array(CountryStateSchema),
});
export type Country = z.infer<typeof CountrySchema>;
export type CountryState = z.infer<typeof CountryStateSchema>;

export const CountryCodeParamsSchema = z.object({
  code: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'A country code is two letters, such as US.')
    .transform((code) => code.toUpperCase()),
});

/** `GET /wp-json/wc/v3/shipping/zones`: zone 0 is the catch-all ("Locations not covered…"). */
export const ShippingZoneSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  order: z.number().int(),
});
export type ShippingZone = z.infer<typeof ShippingZoneSchema>;

export const ShippingMethodIdSchema = z.enum(['flat_rate', 'free_shipping', 'local_pickup']);
export type ShippingMethodId = z.infer<typeof ShippingMethodIdSchema>;

/** A method setting on read, as WooCommerce shows it: the cost is `settings.cost.value`. */
export const ShippingMethodSettingSchema = z.object({
  id: z.string(),
  label: z.string(),
  description: z.string(),
  type: z.string(),
  value: z.string(),
  default: z.string(),
  tip: z.string(),
  placeholder: z.string(),
});

/** `GET /wp-json/wc/v3/shipping/zones/{id}/methods`: shoppers see enabled methods only, owners all. */
export const ShippingZoneMethodSchema = z.object({
  instance_id: z.number().int(),
  title: z.string(),
  order: z.number().int(),
  enabled: z.boolean(),
  method_id: ShippingMethodIdSchema,
  method_title: z.string(),
  method_description: z.string(),
  settings: z.record(z.string(), ShippingMethodSettingSchema),
});
export type ShippingZoneMethod = z.infer<typeof ShippingZoneMethodSchema>;

export const ZoneIdParamsSchema = z.object({ id: z.coerce.number().int().min(0).max(MAX_ID) });

// ------------------------------------------------------------------ owner editing

/** The catch-all zone: it takes every address no other zone matches, and has no locations or new name. */
export const REST_OF_WORLD_ZONE_ID = 0;

const zoneName = z
  .string({ error: 'Enter the zone’s name.' })
  .trim()
  .min(1, 'Enter the zone’s name.')
  .max(100, 'Keep the name under 100 characters.');
const zoneOrder = z
  .number({ error: 'The order is a whole number.' })
  .int('The order is a whole number.')
  .min(0, 'The order starts at 0.')
  .max(10_000, 'The order is at most 10000.');

/** `POST /shipping/zones`: WooCommerce's {name, order}; lower orders are matched first. */
export const ShippingZoneCreateSchema = z.object({
  name: zoneName,
  order: zoneOrder.default(0),
});
export type ShippingZoneCreate = z.input<typeof ShippingZoneCreateSchema>;

/** `PUT /shipping/zones/{id}`: either field, or both. */
export const ShippingZoneUpdateSchema = z.object({
  name: zoneName.optional(),
  order: zoneOrder.optional(),
});
export type ShippingZoneUpdate = z.input<typeof ShippingZoneUpdateSchema>;

export const SHIPPING_LOCATION_TYPES = ['country', 'state', 'postcode', 'continent'] as const;
export const ShippingLocationTypeSchema = z.enum(SHIPPING_LOCATION_TYPES, {
  error: 'The type is country, state, postcode or continent.',
});
export type ShippingLocationType = z.infer<typeof ShippingLocationTypeSchema>;

/** The continents a `continent` location names (WooCommerce's codes). */
export const SHIPPING_CONTINENTS: Record<string, string> = {
  AF: 'Africa',
  AN: 'Antarctica',
  AS: 'Asia',
  EU: 'Europe',
  NA: 'North America',
  OC: 'Oceania',
  SA: 'South America',
};

/** `GET /shipping/zones/{id}/locations`: `US` (country), `US:OR` (state), `NA`, `277*`. */
export const ShippingZoneLocationSchema = z.object({
  code: z.string(),
  type: ShippingLocationTypeSchema,
});
export type ShippingZoneLocation = z.infer<typeof ShippingZoneLocationSchema>;

/** `PUT /shipping/zones/{id}/locations`: the whole list, replacing the zone's (type defaults to country, as in WooCommerce). */
export const ShippingZoneLocationsUpdateSchema = z
  .array(
    z.object({
      code: z
        .string({ error: 'Each location needs a code.' })
        .trim()
        .min(1, 'Each location needs a code.')
        .max(40, 'A location code is at most 40 characters.'),
      type: ShippingLocationTypeSchema.default('country'),
    }),
    { error: 'Send the locations as a list of {code, type}.' },
  )
  .max(500, 'At most 500 locations per zone.');
export type ShippingZoneLocationsUpdate = z.input<typeof ShippingZoneLocationsUpdateSchema>;

/** An owner-typed amount such as "6.95" or "7.5"; empty means none (WooCommerce reads it as 0). */
const settingAmount = z
  .string({ error: 'Enter an amount such as 6.95.' })
  .trim()
  .regex(/^(\d{1,7}(\.\d{1,2})?)?$/, 'Enter an amount such as 6.95.');

/** What free shipping asks for: always (""), or an order of at least `min_amount`. */
export const FREE_SHIPPING_REQUIRES = ['', 'min_amount'] as const;

/**
 * A method's settings on write, as WooCommerce takes them: flat strings. Which keys a method has is
 * checked by the server (flat rate: cost, per_item_cost; local pickup: cost; free shipping:
 * requires, min_amount); keys WooCommerce knows but this shop does not use are ignored.
 */
export const ShippingMethodSettingsInputSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'Enter the title shoppers see.')
    .max(100, 'Keep the title under 100 characters.')
    .optional(),
  cost: settingAmount.optional(),
  per_item_cost: settingAmount.optional(),
  min_amount: settingAmount.optional(),
  requires: z
    .enum(FREE_SHIPPING_REQUIRES, {
      error: 'Free shipping requires "" (always) or "min_amount" (a minimum order amount).',
    })
    .optional(),
});
export type ShippingMethodSettingsInput = z.input<typeof ShippingMethodSettingsInputSchema>;

const methodFields = {
  enabled: z.boolean({ error: 'enabled is true or false.' }).optional(),
  order: zoneOrder.optional(),
  /** The same as `settings.title` (WooCommerce reads it from the settings). */
  title: ShippingMethodSettingsInputSchema.shape.title,
  settings: ShippingMethodSettingsInputSchema.optional(),
};

/** `POST /shipping/zones/{id}/methods`. */
export const ShippingZoneMethodCreateSchema = z.object({
  method_id: ShippingMethodIdSchema,
  ...methodFields,
});
export type ShippingZoneMethodCreate = z.input<typeof ShippingZoneMethodCreateSchema>;

/** `PUT /shipping/zones/{id}/methods/{instance_id}`: settings not sent are kept. */
export const ShippingZoneMethodUpdateSchema = z.object(methodFields);
export type ShippingZoneMethodUpdate = z.input<typeof ShippingZoneMethodUpdateSchema>;

export const ZoneMethodParamsSchema = ZoneIdParamsSchema.extend({
  instance_id: z.coerce.number().int().positive().max(MAX_ID),
});

const lineQuantity = z
  .number({ error: 'Each line needs a quantity.' })
  .int('Quantities are whole numbers.')
  .min(1, 'Quantities start at 1.')
  .max(999, 'At most 999 of one item per order.');
const lineProductId = z
  .number({ error: 'Each line needs a product_id.' })
  .int()
  .positive()
  .max(MAX_ID);

/** A cart line as WooCommerce's orders take it: ids and a quantity, never a price (the server prices). */
export const CartLineRequestSchema = z.object({
  product_id: lineProductId,
  /** 0 or absent for a simple product. */
  variation_id: z.number().int().min(0).max(MAX_ID).optional().default(0),
  quantity: lineQuantity,
});
export type CartLineRequest = z.input<typeof CartLineRequestSchema>;

/**
 * Spec §3's cart item as the browser stores it and §7 sends it to shipping-rates. Only the ids and
 * the quantity are read: the product and price it carries are what the shopper saw, and the server
 * prices the line itself (spec §6).
 */
export const StoredCartItemSchema = z
  .object({
    /** The variation's id on a variation line, else the product's. */
    id: z.number({ error: 'Each cart item needs its id.' }).int().positive().max(MAX_ID),
    quantity: lineQuantity,
    product: z.object(
      { id: lineProductId },
      { error: 'Each cart item needs its product, with the product’s id.' },
    ),
    price: z.number({ error: 'A cart item’s price is a number.' }).optional(),
    notes: z.string({ error: 'A cart item’s notes are text.' }).max(1000).optional(),
    variation_id: z.number().int().min(0).max(MAX_ID).optional(),
    /** Attribute name → chosen value, e.g. { Size: '2 lb' }. */
    variation: z.record(z.string(), z.string()).optional(),
  })
  .refine((item) => item.id === (item.variation_id || item.product.id), {
    message: 'A cart item’s id is its variation_id for a variation, else its product’s id.',
    path: ['id'],
  })
  .transform((item): z.output<typeof CartLineRequestSchema> => ({
    product_id: item.product.id,
    variation_id: item.variation_id ?? 0,
    quantity: item.quantity,
  }));
export type StoredCartItem = z.input<typeof StoredCartItemSchema>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * One cart line in either shape, normalised to WooCommerce's line: `{product_id, variation_id,
 * quantity}`, or the stored cart item (no `product_id`, a `product`). When neither shape fits, the
 * message is the first problem of the shape the line was meant to be.
 */
export const CartItemInputSchema = z.union([CartLineRequestSchema, StoredCartItemSchema], {
  error: (issue) => {
    const sent = issue.input;
    if (
      issue.code !== 'invalid_union' ||
      !isRecord(sent) ||
      !('product_id' in sent || 'product' in sent)
    )
      return 'Send each line as {product_id, variation_id, quantity}, or as the cart stores it ({id, quantity, product}).';
    return issue.errors['product_id' in sent ? 0 : 1]?.[0]?.message;
  },
});

const addressPart = (label: string, max: number) =>
  z
    .string({ error: `Enter ${label}.` })
    .trim()
    .min(1, `Enter ${label}.`)
    .max(max, `Keep ${label} under ${max} characters.`);

/** Spec §3 "shipping info fields read" — all five are needed before rates are asked for (§5). */
export const ShippingDestinationSchema = z.object({
  address_1: addressPart('the street address', 200),
  city: addressPart('the city', 100),
  country: z
    .string({ error: 'Choose a country.' })
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'Choose a country.')
    .transform((code) => code.toUpperCase()),
  state: z.string().trim().max(100, 'Keep the state under 100 characters.').default(''),
  postcode: addressPart('the postcode', 20),
});
export type ShippingDestination = z.infer<typeof ShippingDestinationSchema>;

/** What a cart quote is asked for: the lines and the codes they carry. */
export const CartQuoteSchema = z.object({
  /** Spec §7: the cart items as stored in the browser, or WooCommerce's lines. */
  products: z
    .array(CartItemInputSchema, { error: 'Send the cart lines as products.' })
    .min(1, 'The cart is empty.')
    .max(100, 'At most 100 lines per cart.'),
  /**
   * The cart's discount codes. For shipping rates, so each rate's tax is on the discounted lines
   * (and none on shipping a code makes free); if the order would refuse one, the rates are taxed
   * without codes, as the cart then shows no discount and its discount quote says why.
   */
  coupon_lines: CouponLinesInputSchema,
  /** A guest's first-order and per-customer code limits are checked by email once it is known. */
  billing_email: z.string().trim().max(254).optional(),
});

/** `POST /wp-json/wc/v3/shipping-rates/`: the address plus the cart's lines (spec §7). */
export const ShippingRatesRequestSchema = ShippingDestinationSchema.extend({
  ...CartQuoteSchema.shape,
  /** An owner quotes as this customer, for an order they enter for them (decision 0041). */
  customer_id: z.number().int().min(0).max(MAX_ID).optional(),
});
export type ShippingRatesRequest = z.input<typeof ShippingRatesRequestSchema>;
/** The request as the server reads it: every line normalised to WooCommerce's. */
export type ShippingRatesQuery = z.output<typeof ShippingRatesRequestSchema>;

/** One rate, cheapest first in the response. `rate_id` is `method_id:instance_id`. */
export const ShippingRateSchema = z.object({
  rate_id: z.string(),
  label: z.string(),
  /** Dollars, like a product's display_price. */
  cost: z.number(),
  method_id: ShippingMethodIdSchema,
  instance_id: z.number().int(),
  /**
   * The order's sales tax if this rate is chosen, in dollars like `cost`: what the order will
   * charge for this address and cart (the tax on shipping differs from rate to rate).
   */
  tax: z.object({
    cart_tax: z.number(),
    shipping_tax: z.number(),
    total_tax: z.number(),
    /** Why no tax is charged (an approved resale certificate); null when taxed as usual. */
    exempt_reason: z.string().nullable(),
  }),
});
export type ShippingRate = z.infer<typeof ShippingRateSchema>;
