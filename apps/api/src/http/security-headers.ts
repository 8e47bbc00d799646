import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

declare module 'fastify' {
  interface FastifyReply {
    /** This answer's CSP nonce for script tags; null where no page is rendered (the API, uploads). */
    cspNonce: string | null;
  }
}

/** Where no page is ever rendered: JSON answers and uploaded files run no script of ours. */
const NO_PAGE_PREFIXES = ['/wp-json/', '/wp-content/'];

const otherHeaders = {
  // Same-origin images and fonts are all we serve; cross-origin embedding stays off.
  crossOriginEmbedderPolicy: false,
  // Not no-referrer: under it browsers send `Origin: null` with a plain form post, and React
  // Router's CSRF check refuses forms sent without JavaScript. Other sites still get nothing.
  referrerPolicy: { policy: 'same-origin' },
  // Sent below over https only: over plain http it would tell browsers nothing true.
  strictTransportSecurity: false,
} as const;

/**
 * helmet's headers on every answer, and on pages a per-answer nonce in script-src. Each helmet
 * middleware is built once here: @fastify/helmet, used before, built one for every request, parsing
 * the directives again each time, and made nonces for JSON answers too: about 0.15 ms of a
 * checkout's CPU, and half of what a small kept answer cost (decision 0060).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  directives: Record<string, string[]>,
) {
  const nonces = new WeakMap<ServerResponse, string>();
  const forAnswers = helmet({
    ...otherHeaders,
    contentSecurityPolicy: { useDefaults: false, directives },
  });
  const forPages = helmet({
    ...otherHeaders,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...directives,
        'script-src': [
          ...(directives['script-src'] ?? []),
          (_request, response) => `'nonce-${nonces.get(response as ServerResponse)}'`,
        ],
      },
    },
  });
  app.decorateReply('cspNonce', null);
  app.addHook('onRequest', (request, reply, done) => {
    // request.protocol believes X-Forwarded-Proto from trusted proxies only (app.ts's trustProxy).
    if (request.protocol === 'https')
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (NO_PAGE_PREFIXES.some((prefix) => request.url.startsWith(prefix))) {
      forAnswers(request.raw, reply.raw, () => done());
      return;
    }
    const nonce = randomBytes(16).toString('hex');
    reply.cspNonce = nonce;
    nonces.set(reply.raw, nonce);
    forPages(request.raw, reply.raw, () => done());
  });
}
