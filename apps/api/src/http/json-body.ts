import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors.ts';

/** Far deeper than any request of the shop; walking a deeper body could exhaust the stack. */
export const MAX_JSON_DEPTH = 64;

export const invalidJson = () =>
  new ApiError(400, 'rest_invalid_json', 'The request body is not valid JSON.');

/** Whether arrays and objects nest deeper than `limit`, found in one pass without recursion. */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index++;
      else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
    } else if (char === '[' || char === '{') {
      if (++depth > limit) return true;
    } else if (char === ']' || char === '}') {
      depth--;
    }
  }
  return false;
}

/**
 * Fastify's JSON parser (with its prototype-poisoning checks) behind a depth limit, and every
 * failure, whatever the parser threw, answered 400 rest_invalid_json rather than a 500.
 */
export function registerJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return done(invalidJson(), undefined);
    // Fastify's parser catches whatever JSON.parse throws (SyntaxError, RangeError) itself.
    parse(request, text, (error, value) =>
      error ? done(invalidJson(), undefined) : done(null, value),
    );
  });
}
