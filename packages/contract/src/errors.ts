import { z } from 'zod';

/** Every error the shop API sends, WordPress style. */
export const ApiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  data: z.object({
    status: z.number().int(),
    /** Per-parameter messages for 400 rest_invalid_param and rest_missing_callback_param. */
    params: z.record(z.string(), z.string()).optional(),
    /** The cart line a 409 `larder_out_of_stock` / `larder_not_purchasable` is about. */
    line: z.number().int().min(0).optional(),
    product_id: z.number().int().optional(),
    variation_id: z.number().int().optional(),
    name: z.string().optional(),
    /** The discount code a 400 `woocommerce_rest_invalid_coupon` refuses. */
    coupon: z.string().optional(),
    /** A 409 `larder_wholesale_case_size` / `_min_quantity`: the line's rule (decision 0037). */
    case_size: z.number().int().optional(),
    min_quantity: z.number().int().optional(),
    /** A 409 `larder_wholesale_order_minimum`: which minimum, its amount and what is missing. */
    minimum_kind: z.enum(['opening', 'reorder']).optional(),
    minimum: z.string().optional(),
    remaining: z.string().optional(),
  }),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
