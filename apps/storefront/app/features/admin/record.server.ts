import { IdParamsSchema } from '@larder/contract';
import { data } from 'react-router';
import { ApiError } from '../../lib/api/index.ts';

/** The record id in the route (`/admin/orders/:id`), or the back office's 404 page. */
export function recordIdOf(params: { id?: string }): number {
  const parsed = IdParamsSchema.safeParse({ id: params.id });
  if (!parsed.success) throw data(null, { status: 404 });
  return parsed.data.id;
}

/** A record the API says does not exist is the back office's 404 page, not an error. */
export async function foundOr404<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}
