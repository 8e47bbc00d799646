import { z } from 'zod';
import { MAX_ID } from '@larder/contract';
import { ApiError, apiErrorBody } from './errors.ts';

/** WooCommerce's limit on the items of one batch request (`woocommerce_rest_batch_items_limit`). */
export const BATCH_ITEMS_LIMIT = 100;

/**
 * WooCommerce's `POST …/batch` body: items to create, to update (each with its `id`) and ids to
 * delete. Each item is checked on its own, as WooCommerce does, so one bad item is reported in its
 * place and does not stop the rest.
 */
export const BatchRequestSchema = z.object({
  create: z.array(z.unknown()).default([]),
  update: z.array(z.unknown()).default([]),
  delete: z.array(z.unknown()).default([]),
});
export type BatchRequest = z.output<typeof BatchRequestSchema>;

/** An item that failed, in its place in the answer: WooCommerce's `{id, error}`. */
export const BatchItemErrorSchema = z.object({
  id: z.number(),
  error: z.object({
    code: z.string(),
    message: z.string(),
    data: z.record(z.string(), z.unknown()),
  }),
});

export type BatchItemError = z.infer<typeof BatchItemErrorSchema>;

export const batchResponseSchema = <T extends z.ZodType>(item: T) => {
  const entry = z.union([item, BatchItemErrorSchema]);
  return z.object({ create: z.array(entry), update: z.array(entry), delete: z.array(entry) });
};

export interface BatchHandlers<T, C, U> {
  createSchema: z.ZodType<C>;
  updateSchema: z.ZodType<U>;
  create(input: C): Promise<T>;
  update(id: number, input: U): Promise<T>;
  remove(id: number): Promise<T>;
}

// Above MAX_ID, PostgreSQL refuses the integer itself: a 500 instead of the item's 400.
const IdSchema = z.coerce.number().int().positive().max(MAX_ID);

/** An item's fields as its schema reads them, or the 400 a single request would get. */
function checked<T>(schema: z.ZodType<T>, item: unknown): T {
  const result = schema.safeParse(item);
  if (result.success) return result.data;
  const params: Record<string, string> = {};
  for (const issue of result.error.issues)
    params[String(issue.path[0] ?? 'item')] ??= issue.message;
  throw new ApiError(
    400,
    'rest_invalid_param',
    `Invalid parameter(s): ${Object.keys(params).join(', ')}`,
    params,
  );
}

function checkedId(id: { success: boolean; data?: number }): number {
  if (id.success && id.data !== undefined) return id.data;
  throw new ApiError(400, 'rest_invalid_param', 'Invalid parameter(s): id', {
    id: 'Send the id of an existing item.',
  });
}

/**
 * Runs a batch one item at a time, in WooCommerce's order (create, update, delete). Each item is
 * its own write, done or refused whole; a refusal is answered in the item's place.
 */
export async function runBatch<T, C, U>(request: BatchRequest, handlers: BatchHandlers<T, C, U>) {
  const items = request.create.length + request.update.length + request.delete.length;
  if (items > BATCH_ITEMS_LIMIT) {
    throw new ApiError(
      413,
      'rest_request_entity_too_large',
      `Unable to accept more than ${BATCH_ITEMS_LIMIT} items for this request.`,
    );
  }
  const attempt = async (id: number, write: () => Promise<T>): Promise<T | BatchItemError> => {
    try {
      return await write();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      return { id, error: apiErrorBody(error) };
    }
  };
  const answer: Record<'create' | 'update' | 'delete', (T | BatchItemError)[]> = {
    create: [],
    update: [],
    delete: [],
  };
  for (const item of request.create) {
    answer.create.push(
      await attempt(0, () => handlers.create(checked(handlers.createSchema, item))),
    );
  }
  for (const item of request.update) {
    const { id: sent, ...fields } = (item ?? {}) as Record<string, unknown>;
    const id = IdSchema.safeParse(sent);
    answer.update.push(
      await attempt(id.data ?? 0, () =>
        handlers.update(checkedId(id), checked(handlers.updateSchema, fields)),
      ),
    );
  }
  for (const sent of request.delete) {
    const id = IdSchema.safeParse(sent);
    answer.delete.push(await attempt(id.data ?? 0, () => handlers.remove(checkedId(id))));
  }
  return answer;
}
