import { IdParamsSchema } from '@larder/contract';
import { data } from 'react-router';
import { ApiError } from '../../lib/api/index.ts';
import type { ActionResult } from './action-result.ts';

/**
 * Runs one owner write and words its outcome: the API's own message on a refusal, with the HTTP
 * status it gave, so a failed post is a 4xx page too (and the form is shown again without JS).
 */
export async function runAction(write: () => Promise<string>) {
  try {
    return data<ActionResult>({ ok: true, message: await write() });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    return data<ActionResult>(
      { ok: false, message: error.message, fieldErrors: error.params },
      { status: error.status },
    );
  }
}

/** A refusal before the API is asked (a field the contract's schema refuses). */
export const refused = (message: string, fieldErrors: Partial<Record<string, string>> = {}) =>
  data<ActionResult>({ ok: false, message, fieldErrors }, { status: 400 });

/** The record id a form posts in its `id` field, or null when it is not one. */
export function postedId(formData: FormData): number | null {
  const parsed = IdParamsSchema.safeParse({ id: formData.get('id') });
  return parsed.success ? parsed.data.id : null;
}

/** A posted text field, or '' when it is missing or a file. */
export function postedText(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === 'string' ? value : '';
}
