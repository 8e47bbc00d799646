import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES } from '@larder/contract';
import type { RateLimit } from '../config.ts';
import { clientKey } from './client-key.ts';
import type { SharedCounters } from './shared-counters.ts';
import { ApiError } from './errors.ts';

/** Bodies of the public forms are a few kilobytes; anything far larger is refused with 413. */
export const FORM_BODY_LIMIT = 64 * 1024;

/** A cart quote: up to 100 cart items as the browser stores them, each with its full product (spec §3). */
export const CART_BODY_LIMIT = 1024 * 1024;

/** The back office's product forms carry an image (as `POST /wp/v2/media` takes it) and fields. */
export const UPLOAD_FORM_BODY_LIMIT = MAX_UPLOAD_BYTES + 1024 * 1024;

/**
 * @fastify/rate-limit for the public write routes only (`global: false`). The client is
 * `request.ip` (X-Forwarded-For believed per TRUST_PROXY) keyed by `clientKey`: an IPv6 /64.
 * Counts live in the shared counters' Redis when there is one (every process counts together),
 * else in this process's memory.
 */
export async function registerRateLimiting(
  app: FastifyInstance,
  counters: SharedCounters,
): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    redis: counters.redis,
    nameSpace: 'larder:rate-limit:',
    keyGenerator: (request) => clientKey(request.ip),
    errorResponseBuilder: (_request, context) =>
      new ApiError(
        429,
        'rest_rate_limited',
        `You have sent this several times in a short while. Please wait ${context.after} and try again.`,
      ),
  });
}

const limitNames = new WeakMap<object, Set<string>>();

/**
 * One counter per call, under its own name: pass the same hook to every path of one action (the
 * review route with and without its trailing slash) so the paths share the limit. The name keeps
 * the counts apart in Redis, where the plugin would otherwise count every hook under one key.
 */
export function limitPerClient(app: FastifyInstance, name: string, limit: RateLimit) {
  const names = limitNames.get(app.server) ?? new Set<string>();
  if (names.has(name)) throw new Error(`Two rate limits are both named "${name}".`);
  limitNames.set(app.server, names.add(name));
  return app.rateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request) => `${name}:${clientKey(request.ip)}`,
  });
}

/** These routes take JSON only; a form post or plain text gets a clear 415 instead of a 400. */
export async function requireJson(request: FastifyRequest): Promise<void> {
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') {
    throw new ApiError(
      415,
      'rest_unsupported_media_type',
      'Send the request body as JSON (Content-Type: application/json).',
    );
  }
}
