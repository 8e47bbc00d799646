import { z } from 'zod';
import { PaginationQuerySchema } from './common.ts';

// Sales tax (issue 14): WooCommerce's `/wc/v3/taxes` shapes. Prices are entered without tax; the
// server computes tax for each quote and order from these rates.

export const TAX_CLASSES = [
  { slug: 'standard', name: 'Standard rate' },
  { slug: 'reduced-rate', name: 'Reduced rate' },
  { slug: 'zero-rate', name: 'Zero rate' },
] as const;

export const TaxClassSlugSchema = z.enum(['standard', 'reduced-rate', 'zero-rate'], {
  error: 'Choose a tax class: standard, reduced-rate or zero-rate.',
});
export type TaxClassSlug = z.infer<typeof TaxClassSlugSchema>;

export const TaxClassSchema = z.object({ slug: TaxClassSlugSchema, name: z.string() });
export type TaxClass = z.infer<typeof TaxClassSchema>;

/** A product's class as WooCommerce writes it: '' is the standard class. */
export const ProductTaxClassSchema = z.enum(['', 'reduced-rate', 'zero-rate'], {
  error: "Choose a tax class: '' (standard), reduced-rate or zero-rate.",
});
/** A variation's class: `parent` (the default) takes its product's, as in WooCommerce. */
export const VariationTaxClassSchema = z.enum(['parent', '', 'reduced-rate', 'zero-rate'], {
  error: "Choose a tax class: parent, '' (standard), reduced-rate or zero-rate.",
});
export const TaxStatusSchema = z.enum(['taxable', 'shipping', 'none'], {
  error: 'Choose a tax status: taxable, shipping or none.',
});

export const TaxRateSchema = z.object({
  id: z.number().int(),
  country: z.string(),
  state: z.string(),
  /** The first of `postcodes` ('' when none), as WooCommerce still sends it. */
  postcode: z.string(),
  city: z.string(),
  postcodes: z.array(z.string()),
  cities: z.array(z.string()),
  /** Percent with four decimals: "7.5000". */
  rate: z.string(),
  name: z.string(),
  priority: z.number().int(),
  compound: z.boolean(),
  shipping: z.boolean(),
  order: z.number().int(),
  class: TaxClassSlugSchema,
});
export type TaxRate = z.infer<typeof TaxRateSchema>;

const RATE_INPUT = /^(\d{1,3})(?:\.(\d{1,4}))?$/;

/**
 * "7.5" or 7.5 → 75000 (ten-thousandths of a percent), exactly; undefined for anything that is not
 * a percentage from 0 to 100 with up to four decimals.
 */
export function parseRatePercent(input: string | number): number | undefined {
  const match = RATE_INPUT.exec(String(input).trim());
  if (!match) return undefined;
  const micros = Number(match[1]) * 10_000 + Number((match[2] ?? '').padEnd(4, '0'));
  return micros <= 1_000_000 ? micros : undefined;
}

const rateInput = z
  .union([z.string().max(20), z.number()], {
    error: 'Enter the rate as a percentage, such as 7.5.',
  })
  .refine((value) => parseRatePercent(value) !== undefined, {
    message: 'Enter the rate as a percentage from 0 to 100 with up to four decimals, such as 7.5.',
  })
  .transform((value) => parseRatePercent(value)!);

const codeList = (label: string) =>
  z
    .array(z.string().trim().min(1, `Leave out empty ${label}.`).max(40), {
      error: `Send ${label} as a list of strings.`,
    })
    .max(200, `At most 200 ${label}.`);

const TaxRateFields = {
  country: z
    .string()
    .trim()
    .regex(
      /^([A-Za-z]{2})?$/,
      'Use a two-letter country code such as US, or leave it empty for all.',
    )
    .transform((value) => value.toUpperCase()),
  state: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{0,10}$/, 'Use a state code such as NC, or leave it empty for all.')
    .transform((value) => value.toUpperCase()),
  /** WooCommerce's single `postcode`/`city` (";"-separated) are accepted too. */
  postcode: z.string().max(2000),
  city: z.string().max(2000),
  postcodes: codeList('postcodes'),
  cities: codeList('cities'),
  rate: rateInput,
  name: z.string().trim().max(200, 'Keep the name under 200 characters.'),
  priority: z.number().int().min(1).max(999),
  compound: z.boolean(),
  shipping: z.boolean(),
  order: z.number().int().min(0).max(1_000_000),
  class: TaxClassSlugSchema,
};

export const TaxRateCreateSchema = z.object({
  ...TaxRateFields,
  country: TaxRateFields.country.default(''),
  state: TaxRateFields.state.default(''),
  postcode: TaxRateFields.postcode.optional(),
  city: TaxRateFields.city.optional(),
  postcodes: TaxRateFields.postcodes.optional(),
  cities: TaxRateFields.cities.optional(),
  name: TaxRateFields.name.default(''),
  priority: TaxRateFields.priority.default(1),
  compound: TaxRateFields.compound.default(false),
  shipping: TaxRateFields.shipping.default(true),
  order: TaxRateFields.order.default(0),
  class: TaxRateFields.class.default('standard'),
});
export type TaxRateCreate = z.input<typeof TaxRateCreateSchema>;

export const TaxRateUpdateSchema = z.object(TaxRateFields).partial();
export type TaxRateUpdate = z.input<typeof TaxRateUpdateSchema>;

export const TaxRateListQuerySchema = PaginationQuerySchema.extend({
  class: TaxClassSlugSchema.optional(),
  orderby: z.enum(['id', 'order', 'priority']).default('order'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type TaxRateListQuery = z.output<typeof TaxRateListQuerySchema>;
