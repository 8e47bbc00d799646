import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { ApiError } from '../../http/errors.ts';
import type { AccountsService, SignedIn } from './accounts.service.ts';
import { SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '../../http/session-cookies.ts';
import { newXsrfToken } from './tokens.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const sameToken = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export interface CookieSettings {
  /** Cookies are marked Secure when the shop's PUBLIC_URL is https. */
  secure: boolean;
}

/** Secure when configured so, or when this request came over https (trusted proxy included). */
const isSecure = (reply: FastifyReply, settings: CookieSettings) =>
  settings.secure || reply.request.protocol === 'https';

/** Sets the session cookie (httpOnly) and the XSRF cookie the browser's script reads. */
export function setSessionCookies(
  reply: FastifyReply,
  signedIn: SignedIn,
  settings: CookieSettings,
) {
  // Without "remember me" both are browser-session cookies (no Max-Age).
  const maxAge = signedIn.remember
    ? Math.floor((signedIn.expiresAt.getTime() - Date.now()) / 1000)
    : undefined;
  const shared = { path: '/', sameSite: 'lax' as const, secure: isSecure(reply, settings), maxAge };
  reply.setCookie(SESSION_COOKIE, signedIn.token, { ...shared, httpOnly: true });
  reply.setCookie(XSRF_COOKIE, newXsrfToken(), { ...shared, httpOnly: false });
}

export function clearSessionCookies(reply: FastifyReply, settings: CookieSettings) {
  for (const name of [SESSION_COOKIE, XSRF_COOKIE]) {
    reply.clearCookie(name, { path: '/', sameSite: 'lax', secure: isSecure(reply, settings) });
  }
}

/**
 * Works out who sends each API request: a Bearer token (API clients) or the session cookie (the
 * browser). A bad Bearer token fails the request, as the JWT plugins do; a stale cookie is cleared
 * and the visitor is a guest. Cookie-signed requests that change something must echo the XSRF
 * cookie in the X-XSRF-TOKEN header (double submit), so another site cannot act for the customer.
 */
export function registerSignIn(
  app: FastifyInstance,
  accounts: AccountsService,
  settings: CookieSettings,
) {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.url.startsWith('/wp-json/')) return;
    const authorization = request.headers.authorization;
    if (authorization?.startsWith('Bearer ')) {
      const viewer = await accounts.viewerForToken(authorization.slice(7).trim());
      if (!viewer) {
        throw new ApiError(
          401,
          'jwt_auth_invalid_token',
          'Your session has ended. Please sign in again.',
        );
      }
      request.viewer = viewer;
      return;
    }

    const cookie = request.cookies[SESSION_COOKIE];
    if (!cookie) return;
    const viewer = await accounts.viewerForToken(cookie);
    if (!viewer) {
      clearSessionCookies(reply, settings);
      return;
    }
    if (!SAFE_METHODS.has(request.method)) {
      const sent = request.headers[XSRF_HEADER];
      const expected = request.cookies[XSRF_COOKIE];
      if (typeof sent !== 'string' || !expected || !sameToken(sent, expected)) {
        throw new ApiError(
          403,
          'rest_cookie_invalid_nonce',
          'Your session could not be confirmed. Reload the page and try again.',
        );
      }
    }
    request.viewer = viewer;
  });
}
