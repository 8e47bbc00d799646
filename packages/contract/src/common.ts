import { z } from 'zod';

/** The largest id a PostgreSQL `integer` column holds: a larger one names nothing, and the database
 * would refuse to compare with it (a 500 instead of a 400 or 404). */
export const MAX_ID = 2_147_483_647;

/** Query-string helpers: values arrive as strings, WordPress accepts CSV lists and 0/1 booleans. */
// At most MAX_ID unless told: every such number is compared with an integer column.
export const queryInt = (min: number, max: number = MAX_ID) =>
  z.coerce.number().int().min(min).max(max);

export const queryBoolean = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

export const queryCsv = z
  .string()
  .max(2000)
  .transform((value) =>
    value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  );

export const queryIdList = z
  .string()
  .max(2000)
  .regex(/^\d+(,\d+)*$/, 'Expected a comma-separated list of ids.')
  .transform((value) => value.split(',').map(Number))
  .refine((ids) => ids.every((id) => id <= MAX_ID), 'An id is too large.');

/** `?_embed` with or without a value turns embedding on. */
export const queryEmbed = z.string().max(200).optional();

export const SortOrderSchema = z.enum(['asc', 'desc']);

/** Page size: spec §9 asks for 100, WordPress allows 1 to 100 and defaults to 10. */
export const PaginationQuerySchema = z.object({
  page: queryInt(1).default(1),
  per_page: queryInt(1, 100).default(10),
});

export const RenderedSchema = z.object({ rendered: z.string() });
export const ProtectedRenderedSchema = z.object({ rendered: z.string(), protected: z.boolean() });

/** Money on the wire is a decimal string such as "12.50", as in WooCommerce. */
export const MoneyStringSchema = z.string().regex(/^-?\d+\.\d{2}$/);

export const MetaDataSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  value: z.unknown(),
});
