import type { FastifyInstance } from 'fastify';
import { invalidParam } from './errors.ts';

const NUL = '\u0000';
export const NUL_MESSAGE = 'Text may not contain the NUL character (U+0000).';

/** The top-level name under which `value` holds a NUL in a string or a key, if anywhere. */
export function nulParam(value: unknown, name?: string): string | undefined {
  if (typeof value === 'string') return value.includes(NUL) ? (name ?? 'request') : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, child] of Object.entries(value)) {
    const param = name ?? key;
    if (key.includes(NUL)) return param;
    const found = nulParam(child, param);
    if (found) return found;
  }
  return undefined;
}

/**
 * PostgreSQL text cannot hold U+0000, so a query, path or body carrying one would fail in the
 * database with a 500. Every API request is checked before validation and refused with 400.
 * (Multipart bodies are read by their route, which checks its fields with `nulParam`.)
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/wp-json')) return;
    const param = nulParam(request.params) ?? nulParam(request.query) ?? nulParam(request.body);
    if (param) throw invalidParam(param, NUL_MESSAGE);
  });
}
