import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  createRequestHandler,
  matchRoutes,
  type RouteObject,
  type ServerBuild,
} from 'react-router';
import type { ShopIdentity } from '@larder/contract';
import type { AnalyticsConfig } from '../config.ts';
import { bodyWithNonce, type PageCache, type RenderedPage } from '../http/page-cache.ts';
import { carriesCredentials, PRIVATE_CACHE_CONTROL } from '../http/read-cache.ts';
import { FORM_BODY_LIMIT, UPLOAD_FORM_BODY_LIMIT } from '../http/write-guards.ts';
import { createInProcessFetch } from './in-process-fetch.ts';

export interface StorefrontOptions {
  /** apps/storefront/build: holds client/ (static assets) and server/index.js (the SSR build). */
  buildDir: string;
  siteConfig: {
    newsletterSignupUrl: string;
    publicUrl: string;
    analytics: AnalyticsConfig | null;
    shop: ShopIdentity;
  };
  /** Anonymous pages kept briefly in memory; without it every page is rendered afresh. */
  pageCache?: PageCache;
  /** Send X-Cache (hit/stale/miss) with pages from the page cache: tests only. */
  showCacheState?: boolean;
}

/**
 * Pages whose output depends on more than the catalogue and content (shipping and payment settings,
 * an order's key, a reset link, the account): never kept in the page cache, even for a guest.
 */
const uncachedPaths = [
  '/cart',
  '/checkout',
  '/my-account',
  '/order-received',
  '/reset-password',
  '/admin',
];
/**
 * Of those, the pages that are someone's even for a guest (a secret key in the address, the
 * account): private, no-store. A guest's cart and checkout are the same for anyone (the cart lives
 * in the browser), so the offline worker may keep them.
 */
const personalPaths = ['/my-account', '/order-received', '/reset-password', '/admin'];

/** Whether the path, or its `.data` (the same page's data for a client-side navigation), is listed. */
const isUnder = (paths: readonly string[], url: string) => {
  const pathname = url.split('?')[0]!;
  return paths.some(
    (prefix) =>
      pathname === prefix || pathname.startsWith(`${prefix}/`) || pathname.startsWith(`${prefix}.`),
  );
};

/** A path without its query, and a `.data` request's path as the page it belongs to. */
function pagePathOf(url: string): string {
  const pathname = url.split('?')[0]!;
  if (!pathname.endsWith('.data')) return pathname;
  // React Router asks for the home page's data as /_root.data.
  return pathname === '/_root.data' ? '/' : pathname.slice(0, -'.data'.length);
}

const isDataRequest = (url: string) => url.split('?')[0]!.endsWith('.data');

/** Whether a form post to this page reaches a route that has an action to read it. */
function createActionMatcher(build: ServerBuild): (pagePath: string) => boolean {
  const manifest = Object.values(build.routes).filter((route) => route !== undefined);
  const withAction = new Set(
    manifest.filter((route) => typeof route.module.action === 'function').map((route) => route.id),
  );
  const tree = (parentId: string | undefined): RouteObject[] =>
    manifest
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, index: true, caseSensitive: route.caseSensitive }
          : {
              id: route.id,
              path: route.path,
              caseSensitive: route.caseSensitive,
              children: tree(route.id),
            },
      );
  const routes = tree(undefined);
  return (pagePath) =>
    (matchRoutes(routes, pagePath) ?? []).some((match) => withAction.has(match.route.id ?? ''));
}

/**
 * A short answer for a refused form post: a page for the browser, plain text for React Router's
 * client (a non-2xx `.data` answer without X-Remix-Response becomes the route's error).
 */
function sendRefusal(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  { title, text }: { title: string; text: string },
) {
  // The unread rest of the body is not waited for: the connection ends with this answer.
  reply.code(status).header('connection', 'close').header('cache-control', 'no-store');
  if (isDataRequest(request.url)) return reply.type('text/plain; charset=utf-8').send(text);
  return reply
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title><h1>${title}</h1><p>${text}</p></html>`,
    );
}

const TOO_LARGE = {
  title: 'Too much to send',
  text: `That was more than this form takes (${FORM_BODY_LIMIT / 1024} KB at most). Go back, shorten it and send it again.`,
};
const UPLOAD_TOO_LARGE = {
  title: 'Too much to send',
  text: `That was more than this form takes (${UPLOAD_FORM_BODY_LIMIT / 1024 / 1024} MB at most, the file included). Go back, choose a smaller file and send it again.`,
};
/**
 * The back office's pages whose forms send a file (a product's image, a catalogue to import): a
 * larger body, for signed-in visitors only.
 */
const FILE_FORM_PAGES = ['/admin/products', '/admin/catalogue'];
const FILE_FORM_ROUTES = ['/admin/products/*', '/admin/catalogue', '/admin/catalogue.data'];
const NO_FORM_HERE = { title: 'Nothing to send here', text: 'This page takes no form posts.' };

/**
 * The Web Request React Router gets: the parsed path on this request's host (React Router's CSRF
 * check compares the Origin header with it) and the body already read within the limit.
 */
function toWebRequest(
  request: FastifyRequest,
  reply: FastifyReply,
  body: Buffer | undefined,
): Request | null {
  let url: URL;
  try {
    url = new URL(`${request.protocol}://${request.host}${request.url}`);
  } catch {
    return null;
  }
  const headers = new Headers();
  const raw = request.raw.rawHeaders;
  for (let index = 0; index + 1 < raw.length; index += 2) {
    // HTTP/2 pseudo-headers (:path, :authority) are not headers a Request may carry.
    if (!raw[index]!.startsWith(':')) headers.append(raw[index]!, raw[index + 1]!);
  }
  const controller = new AbortController();
  // A visitor who leaves before the answer is complete stops the render.
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    body: hasBody ? (body ?? Buffer.alloc(0)) : undefined,
  });
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
  const takesFormPosts = createActionMatcher(build);

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

  // Encapsulated so that replacing the body parsers leaves the API's JSON parsing untouched:
  // React Router actions get the raw body, read here only up to the forms' limit (larger → 413).
  await app.register(async (ssr) => {
    ssr.removeAllContentTypeParsers();
    ssr.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    // Before the body is read: a page without an action has no use for it.
    ssr.addHook('onRequest', async (request, reply) => {
      if (request.method === 'GET' || request.method === 'HEAD') return;
      if (apiPrefixes.some((prefix) => request.url.startsWith(prefix))) return;
      if (!takesFormPosts(pagePathOf(request.url))) {
        reply.header('allow', 'GET, HEAD');
        return sendRefusal(request, reply, 405, NO_FORM_HERE);
      }
      // Only a signed-in visitor's post may be larger than a form: a stranger's is not read past it.
      const declared = Number(request.headers['content-length'] ?? Number.NaN);
      if (
        isUnder(FILE_FORM_PAGES, request.url) &&
        !carriesCredentials(request) &&
        !(declared <= FORM_BODY_LIMIT)
      )
        return sendRefusal(request, reply, 413, TOO_LARGE);
    });
    ssr.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
        return sendRefusal(
          request,
          reply,
          413,
          isUnder(FILE_FORM_PAGES, request.url) ? UPLOAD_TOO_LARGE : TOO_LARGE,
        );
      // Anything else is answered by the app's own error handler.
      throw error;
    });

    const methods: Array<'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'> = [
      'GET',
      'HEAD',
      'POST',
      'PUT',
      'PATCH',
      'DELETE',
    ];
    const render = async (request: FastifyRequest, reply: FastifyReply) => {
      if (apiPrefixes.some((prefix) => request.url.startsWith(prefix))) {
        return reply.callNotFound();
      }
      const webRequest = toWebRequest(
        request,
        reply,
        Buffer.isBuffer(request.body) ? request.body : undefined,
      );
      if (!webRequest) return reply.code(400).type('text/plain; charset=utf-8').send('Bad Host.');
      const nonce = reply.cspNonce ?? '';
      const { pageCache } = options;
      // The viewer's own page (signed in, a secret link, what they posted): rendered for them
      // alone and kept by no browser history or shared cache, HTML and `.data` alike.
      const isPersonal =
        (request.method !== 'GET' && request.method !== 'HEAD') ||
        carriesCredentials(request) ||
        isUnder(personalPaths, request.url);
      if (
        !pageCache ||
        request.method !== 'GET' ||
        isPersonal ||
        isUnder(uncachedPaths, request.url)
      ) {
        const response = await handleRequest(webRequest, {
          cspNonce: nonce,
          apiFetch: createInProcessFetch(app, request.headers, request.ip),
          siteConfig: options.siteConfig,
        });
        return sendWebResponse(reply, response, isPersonal ? PRIVATE_CACHE_CONTROL : undefined);
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
    };
    ssr.route({ method: methods, url: '/*', handler: render });
    // The route's own limit overrides the parser's: the back office's forms that send a file.
    for (const url of FILE_FORM_ROUTES) {
      ssr.route({ method: methods, url, bodyLimit: UPLOAD_FORM_BODY_LIMIT, handler: render });
    }
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

function sendWebResponse(reply: FastifyReply, response: Response, cacheControl?: string) {
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    reply.header(name, value);
  }
  if (cacheControl) reply.header('cache-control', cacheControl);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  // No body (HEAD, redirects): send nothing rather than a JSON `null`.
  if (!response.body) return reply.send();
  // A Node stream, so @fastify/compress can compress the HTML as it streams.
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
}
