import { z } from 'zod';
import { MAX_ID } from './common.ts';

/**
 * The wholesale quick order's file import (issue 15). Not in `apiPaths`, which ships whole in every
 * shop page: only the quick order page imports this.
 */
export const quickOrderApiPaths = {
  /** A buyer's spreadsheet of SKU and quantity, read into lines of the catalogue. */
  importFile: '/wp-json/larder/v1/wholesale/quick-order/import',
} as const;

/** At most this many characters of CSV: a few thousand rows, far more than a catalogue has. */
export const QUICK_ORDER_FILE_MAX = 100_000;

/** `POST …/quick-order/import`: the file's text, as the browser read it. */
export const QuickOrderImportRequestSchema = z.object({
  csv: z
    .string({ error: 'Send the file’s text as csv.' })
    .min(1, 'The file is empty.')
    .max(QUICK_ORDER_FILE_MAX, 'The file is too large: at most 100,000 characters.'),
});
export type QuickOrderImportRequest = z.infer<typeof QuickOrderImportRequestSchema>;

export const QuickOrderImportSchema = z.object({
  /** One per SKU found, in the file's order; a SKU given twice has its quantities added. */
  lines: z.array(
    z.object({
      sku: z.string(),
      quantity: z.number().int().positive(),
      product_id: z.number().int().min(1).max(MAX_ID),
      /** 0 for a simple product. */
      variation_id: z.number().int().min(0).max(MAX_ID),
    }),
  ),
  /** The rows that could not be read, each naming its row number (1-based, as a spreadsheet). */
  problems: z.array(z.object({ row: z.number().int().positive(), message: z.string() })),
});
export type QuickOrderImport = z.infer<typeof QuickOrderImportSchema>;
