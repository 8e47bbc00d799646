import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import fastifyStatic from '@fastify/static';
import { createRequest } from '@remix-run/node-fetch-server';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { AnalyticsConfig } from '../config.ts';
import { bodyWithNonce, type PageCache, type RenderedPage } from '../http/page-cache.ts';
import { carriesCredentials } from '../http/read-cache.ts';
import { createInProcessFetch } from './in-process-fetch.ts';

export interface StorefrontOptions {
  /** apps/storefront/build: holds client/ (static assets) and server/index.js (the SSR build). */
  buildDir: string;
  siteConfig: {
    newsletterSignupUrl: string;
    publicUrl: string;
    analytics: AnalyticsConfig | null;
  };
  /** Anonymous pages kept briefly in memory; without it every page is rendered afresh. */
  pageCache?: PageCache;
  /** Send X-Cache (hit/stale/miss) with pages from the page cache: tests only. */
  showCacheState?: boolean;
}

/**
 * Pages whose output depends on more than the catalogue and content (an order's key, a reset link,
 * shipping and payment settings, the account): never kept, even for a guest.
 */
const uncachedPaths = ['/cart', '/checkout', '/my-account', '/order-received', '/reset-password'];

function isCacheablePage(url: string): boolean {
  const pathname = url.split('?')[0]!;
  // `/checkout.data` is the same page's data for a client-side navigation.
  return !uncachedPaths.some(
    (prefix) =>
      pathname === prefix || pathname.startsWith(`${prefix}/`) || pathname.startsWith(`${prefix}.`),
  );
}

/** Anonymous HTML is never kept by browsers or shared caches: it carries a per-response CSP nonce. */
export const ANONYMOUS_PAGE_CACHE_CONTROL = 'no-cache';

/** Paths that belong to the shop API even when no API route matches them. */
const apiPrefixes = ['/wp-json/', '/wp-content/'];

/**
 * Serves the built storefront from the API's process: hashed assets from build/client with
 * immutable caching, and every other GET through React Router's server-side rendering.
 */
export async function registerStorefront(app: FastifyInstance, options: StorefrontOptions) {
  const serverEntry = path.join(options.buildDir, 'server', 'index.js');
  if (!existsSync(serverEntry)) {
    throw new Error(`The storefront is not built: ${serverEntry} is missing. Run "npm run build".`);
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const handleRequest = createRequestHandler(build, 'production');

  await app.register(fastifyStatic, {
    root: path.join(options.buildDir, 'client'),
    // Only files present at start get a route, so unknown paths fall through to SSR.
    wildcard: false,
    decorateReply: false,
    // The build writes .br and .gz copies (scripts/build.mjs): no compressing per request.
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, filePath) {
      const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header(
        'cache-control',
        isHashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
      // Checked on every visit, so a new release's worker replaces the old one at once.
      // filePath is the copy sent, so sw.js may arrive as sw.js.br.
      if (/^sw\.js(\.br|\.gz)?$/.test(path.basename(filePath)))
        reply.header('cache-control', 'no-cache');
    },
  });

  // Encapsulated so that removing the body parsers leaves the API's JSON parsing untouched:
  // React Router actions read the raw request body themselves.
  await app.register(async (ssr) => {
    ssr.removeAllContentTypeParsers();
    ssr.addContentTypeParser('*', (_request, _payload, done) => done(null));

    ssr.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      handler: async (request, reply) => {
        if (apiPrefixes.some((prefix) => request.url.startsWith(prefix))) {
          return reply.callNotFound();
        }
        const webRequest = createRequest(request.raw, reply.raw);
        const nonce = reply.cspNonce?.script ?? '';
        const { pageCache } = options;
        // A signed-in visitor's page carries their name and record: rendered for them alone.
        if (
          !pageCache ||
          request.method !== 'GET' ||
          carriesCredentials(request) ||
          !isCacheablePage(request.url)
        ) {
          const response = await handleRequest(webRequest, {
            cspNonce: nonce,
            apiFetch: createInProcessFetch(app, request.headers, request.ip),
            siteConfig: options.siteConfig,
          });
          return sendWebResponse(reply, response);
        }
        // Rendered as nobody in particular (no cookies, no user agent), so any visitor may get it;
        // not tied to this connection either, since others may be waiting for the same render.
        const anonymousHeaders = { 'accept-language': request.headers['accept-language'] };
        const { page, state } = await pageCache.get(request.url, (renderNonce) =>
          handleRequest(
            new Request(webRequest.url, {
              headers: { accept: webRequest.headers.get('accept') ?? '*/*' },
            }),
            {
              cspNonce: renderNonce,
              apiFetch: createInProcessFetch(app, anonymousHeaders, request.ip),
              siteConfig: options.siteConfig,
            },
          ),
        );
        if (options.showCacheState) reply.header('x-cache', state);
        return sendRenderedPage(reply, page, nonce);
      },
    });
  });
}

function sendRenderedPage(reply: FastifyReply, page: RenderedPage, nonce: string) {
  reply.code(page.status);
  for (const [name, value] of page.headers) reply.header(name, value);
  if (!reply.hasHeader('cache-control'))
    reply.header('cache-control', ANONYMOUS_PAGE_CACHE_CONTROL);
  if (page.raw.length === 0) return reply.send();
  return reply.send(bodyWithNonce(page, nonce));
}

function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  // No body (HEAD, redirects): send nothing rather than a JSON `null`.
  if (!response.body) return reply.send();
  // A Node stream, so @fastify/compress can compress the HTML as it streams.
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
}
