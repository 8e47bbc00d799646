import { z } from 'zod';
import { MAX_ID } from './common.ts';

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

/** `GET /wp-json/wc/v3/shipping/zones/{id}/methods`: the public read lists enabled methods only. */
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

/** A cart line as the browser asks for it: ids and a quantity, never a price (the server prices). */
export const CartLineRequestSchema = z.object({
  product_id: z.number({ error: 'Each line needs a product_id.' }).int().positive().max(MAX_ID),
  /** 0 or absent for a simple product. */
  variation_id: z.number().int().min(0).max(MAX_ID).optional().default(0),
  quantity: z
    .number({ error: 'Each line needs a quantity.' })
    .int('Quantities are whole numbers.')
    .min(1, 'Quantities start at 1.')
    .max(999, 'At most 999 of one item per order.'),
});
export type CartLineRequest = z.input<typeof CartLineRequestSchema>;

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

/** `POST /wp-json/wc/v3/shipping-rates/`: the address plus the cart's lines (spec §7). */
export const ShippingRatesRequestSchema = ShippingDestinationSchema.extend({
  products: z
    .array(CartLineRequestSchema, { error: 'Send the cart lines as products.' })
    .min(1, 'The cart is empty.')
    .max(100, 'At most 100 lines per cart.'),
});
export type ShippingRatesRequest = z.input<typeof ShippingRatesRequestSchema>;

/** One rate, cheapest first in the response. `rate_id` is `method_id:instance_id`. */
export const ShippingRateSchema = z.object({
  rate_id: z.string(),
  label: z.string(),
  /** Dollars, like a product's display_price. */
  cost: z.number(),
  method_id: ShippingMethodIdSchema,
  instance_id: z.number().int(),
});
export type ShippingRate = z.infer<typeof ShippingRateSchema>;
