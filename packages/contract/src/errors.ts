import { z } from 'zod';

/** Every error the shop API sends, WordPress style. */
export const ApiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  data: z.object({
    status: z.number().int(),
    /** Per-parameter messages for 400 rest_invalid_param. */
    params: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
