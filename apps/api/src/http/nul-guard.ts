import type { FastifyInstance } from 'fastify';
import { invalidParam } from './errors.ts';

const NUL = '\u0000';
/** In a `u` pattern a surrogate pair is one code point, so only a lone half is in category Cs. */
const LONE_SURROGATE = /\p{Cs}/u;
export const NUL_MESSAGE = 'Text may not contain the NUL character (U+0000).';
export const ILL_FORMED_MESSAGE =
  'Text must be well-formed Unicode (a lone UTF-16 surrogate cannot be stored).';

export interface UnstorableText {
  /** The top-level parameter holding it. */
  param: string;
  message: string;
}

const problemOf = (text: string): string | undefined =>
  text.includes(NUL) ? NUL_MESSAGE : LONE_SURROGATE.test(text) ? ILL_FORMED_MESSAGE : undefined;

/**
 * The first text PostgreSQL cannot store in `value`, in a string or a key, named by its
 * top-level parameter: U+0000 (text refuses it) or a lone surrogate (jsonb and UTF-8 refuse it).
 */
export function unstorableText(value: unknown, name?: string): UnstorableText | undefined {
  if (typeof value === 'string') {
    const message = problemOf(value);
    return message ? { param: name ?? 'request', message } : undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, child] of Object.entries(value)) {
    const param = name ?? key;
    const keyMessage = problemOf(key);
    if (keyMessage) return { param, message: keyMessage };
    const found = unstorableText(child, param);
    if (found) return found;
  }
  return undefined;
}

/**
 * Text PostgreSQL cannot hold would fail in the database with a 500, so a query, path or body
 * carrying it is refused with 400 before validation.
 * (Multipart bodies are read by their route, which checks its fields with `unstorableText`.)
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/wp-json')) return;
    const bad =
      unstorableText(request.params) ??
      unstorableText(request.query) ??
      unstorableText(request.body);
    if (bad) throw invalidParam(bad.param, bad.message);
  });
}
