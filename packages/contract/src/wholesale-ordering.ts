import { z } from 'zod';
import { MAX_ID, MoneyStringSchema } from './common.ts';
import { MoneyInputError, parseMoneyInput } from './money-input.ts';
import { toMoneyString } from './money.ts';
import {
  MAX_WHOLESALE_QUANTITY,
  MAX_WHOLESALE_TIERS,
  sortedTiers,
  type MinimumProgress,
  type WholesaleRules,
  type WholesaleRulesOut,
} from './wholesale-rules.ts';

// The wire shapes of the wholesale ordering rules (issue 15, decision 0037): products' and
// variations' `wholesale` field, the owner's minimums and a buyer's progress towards them.

/** `wholesale` on a product or variation, shown only to viewers who may see wholesale prices. */
export const WholesaleRulesSchema: z.ZodType<WholesaleRulesOut> = z.object({
  case_size: z.number().int(),
  min_quantity: z.number().int(),
  tiers: z.array(z.object({ min_quantity: z.number().int(), price: MoneyStringSchema })),
});
const quantity = (what: string) =>
  z
    .number()
    .int(`Write the ${what} as a whole number.`)
    .min(1, `The ${what} is at least 1.`)
    .max(MAX_WHOLESALE_QUANTITY, `Keep the ${what} under ${MAX_WHOLESALE_QUANTITY}.`);

/** An amount the owner typed ("12.50"), required and above 0; read in cents by wholesaleRulesOf. */
const AmountInputSchema = z
  .string()
  .max(20)
  .superRefine((value, context) => {
    try {
      if (parseMoneyInput(value) === 0)
        context.addIssue({ code: 'custom', message: 'A price above 0.00.' });
    } catch (error) {
      if (!(error instanceof MoneyInputError)) throw error;
      context.addIssue({ code: 'custom', message: error.message });
    }
  });

/**
 * The owner's write of `wholesale`: case size, minimum and breaks, as typed (prices "5.50"), so
 * the back office can check a form with it and send what it parsed. wholesaleRulesOf reads it;
 * wholesaleRuleIssues checks it against the item's wholesale price.
 */
export const WholesaleRulesWriteSchema = z.object({
  case_size: quantity('case size').default(1),
  min_quantity: quantity('minimum quantity').default(1),
  tiers: z
    .array(z.object({ min_quantity: quantity('break quantity'), price: AmountInputSchema }))
    .max(MAX_WHOLESALE_TIERS, `At most ${MAX_WHOLESALE_TIERS} quantity breaks.`)
    .default([]),
});
export type WholesaleRulesWrite = z.input<typeof WholesaleRulesWriteSchema>;
export type WholesaleRulesWriteInput = z.output<typeof WholesaleRulesWriteSchema>;

/** A parsed write in cents, the breaks sorted by quantity as they are stored. */
export const wholesaleRulesOf = (rules: WholesaleRulesWriteInput): WholesaleRules => ({
  caseSize: rules.case_size,
  minQuantity: rules.min_quantity,
  tiers: sortedTiers(
    rules.tiers.map((tier) => ({
      minQuantity: tier.min_quantity,
      priceCents: parseMoneyInput(tier.price),
    })),
  ),
});

/** `GET/PUT /larder/v1/wholesale/settings`: the shop's order minimums, as money strings. */
export const WholesaleSettingsSchema = z.object({
  opening_order_minimum: MoneyStringSchema,
  reorder_minimum: MoneyStringSchema,
});
export type WholesaleSettings = z.infer<typeof WholesaleSettingsSchema>;

const MinimumInputSchema = z
  .string()
  .max(20)
  .transform((value, context) => {
    try {
      return parseMoneyInput(value);
    } catch (error) {
      if (!(error instanceof MoneyInputError)) throw error;
      context.addIssue({ code: 'custom', message: `${error.message}, or 0 for no minimum` });
      return z.NEVER;
    }
  });

export const WholesaleSettingsUpdateSchema = z.object({
  opening_order_minimum: MinimumInputSchema.optional(),
  reorder_minimum: MinimumInputSchema.optional(),
});
export type WholesaleSettingsUpdate = z.input<typeof WholesaleSettingsUpdateSchema>;

/** `GET /larder/v1/wholesale/terms`: the minimum that applies to the signed-in buyer. */
export const WholesaleTermsSchema = z.object({
  /** `opening` until the buyer has a paid order, then `reorder`. */
  minimum_kind: z.enum(['opening', 'reorder']),
  minimum: MoneyStringSchema,
  opening_order_minimum: MoneyStringSchema,
  reorder_minimum: MoneyStringSchema,
});
export type WholesaleTerms = z.infer<typeof WholesaleTermsSchema>;

/** An owner reads the terms of one wholesale customer, to enter an order for them (decision 0041). */
export const WholesaleTermsQuerySchema = z.object({
  customer: z.coerce.number().int().positive().max(MAX_ID).optional(),
});

export const toWholesaleTerms = (
  progress: Pick<MinimumProgress, 'kind' | 'minimumCents'>,
  minimums: { openingCents: number; reorderCents: number },
): WholesaleTerms => ({
  minimum_kind: progress.kind,
  minimum: toMoneyString(progress.minimumCents),
  opening_order_minimum: toMoneyString(minimums.openingCents),
  reorder_minimum: toMoneyString(minimums.reorderCents),
});
