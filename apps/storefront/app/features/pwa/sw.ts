/// <reference lib="webworker" />
// The service worker, built on its own by vite-plugin-pwa (injectManifest) into build/client/sw.js.
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types.js';

declare let self: ServiceWorkerGlobalScope;

const OFFLINE_PAGE = '/offline.html';
const PAGES_CACHE = 'pages';
/** Warmed at install: the cart lives in local storage, so its page must open offline even unvisited. */
const PAGES_KEPT_FROM_INSTALL = ['/cart'];

// The app shell: hashed scripts, styles, fonts, icons and the offline page.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
void self.skipWaiting();
clientsClaim();

/**
 * Only responses meant for anyone are kept: a signed-in visitor's pages and prices (marked private,
 * no-store by the server) never reach a cache another visitor of this device could read.
 */
const sharedResponsesOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => {
    const cacheControl = response.headers.get('cache-control') ?? '';
    return response.status === 200 && !/private|no-store/i.test(cacheControl) ? response : null;
  },
};

const pages = new NetworkFirst({
  cacheName: PAGES_CACHE,
  plugins: [sharedResponsesOnly, new ExpirationPlugin({ maxEntries: 60 })],
});

// Pages the shopper opened: fresh from the network, the last copy when offline, else the offline page.
registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' &&
    url.origin === self.location.origin &&
    !url.pathname.startsWith('/wp-json/'),
  async (options) => {
    try {
      return await pages.handle(options);
    } catch {
      return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
    }
  },
);

// The last-seen catalogue. Customers, orders and payments are never cached (not matched here).
registerRoute(
  ({ request, url }) =>
    url.origin === self.location.origin &&
    /^\/wp-json\/wc\/v3\/products(\/|\?|$)/.test(url.pathname + url.search) &&
    !request.headers.has('authorization'),
  new NetworkFirst({
    cacheName: 'catalogue',
    plugins: [sharedResponsesOnly, new ExpirationPlugin({ maxEntries: 100 })],
  }),
);

/** Keeps a page as any visitor sees it (fetched without cookies), never someone's signed-in copy. */
async function keepPage(cache: Cache, path: string) {
  const response = await fetch(path, { credentials: 'omit' }).catch(() => null);
  if (!response || response.redirected) return;
  if (await sharedResponsesOnly.cacheWillUpdate!({ response } as never)) {
    await cache.put(path, response);
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(PAGES_CACHE).then(async (cache) => {
      for (const path of PAGES_KEPT_FROM_INSTALL) await keepPage(cache, path);
    }),
  );
});

// The page that installed the worker loaded before it: keep it too, so it is part of the last-seen shop.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(PAGES_CACHE);
      for (const client of await self.clients.matchAll({ type: 'window' })) {
        const url = new URL(client.url);
        if (url.origin !== self.location.origin || url.pathname.startsWith('/wp-json/')) continue;
        if (!(await cache.match(url.pathname + url.search))) {
          await keepPage(cache, url.pathname + url.search);
        }
      }
    })(),
  );
});
