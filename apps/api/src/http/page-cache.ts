import { randomBytes } from 'node:crypto';
import { createVersionedStore, type ReadCacheVersion } from './read-cache.ts';

/**
 * Anonymous server-rendered pages kept briefly in memory (docs/decisions/0012-caching.md). A page
 * is rendered once with a placeholder CSP nonce and cut at it; every visitor gets the page joined
 * with their own response's nonce, so each answer's scripts match its own CSP header. An entry is
 * good while the database's read-cache version is the one it was rendered under: fresh for
 * `freshMs`, then served while one background render replaces it, up to `staleMs` more.
 */
export interface RenderedPage {
  status: number;
  headers: [string, string][];
  /** The body cut at the render's nonce; null when it is not text (sent as it came). */
  parts: string[] | null;
  raw: Buffer;
  /** May be kept and given to other visitors. */
  storable: boolean;
}

interface Entry {
  page: RenderedPage;
  renderedAt: number;
  bytes: number;
}

export type PageCacheState = 'hit' | 'stale' | 'miss';

const textual = /^(text\/|application\/(json|xml|javascript)|[^;]*\+xml)/;

/** Turns a rendered Response into what can be kept and shared; the nonce is where the body is cut. */
export async function snapshotResponse(response: Response, nonce: string): Promise<RenderedPage> {
  const raw = Buffer.from(await response.arrayBuffer());
  const headers = [...response.headers].filter(([name]) => name !== 'set-cookie');
  const type = response.headers.get('content-type') ?? '';
  const isText = raw.length === 0 || textual.test(type);
  const cacheControl = response.headers.get('cache-control') ?? '';
  return {
    status: response.status,
    headers,
    parts: isText ? raw.toString('utf8').split(nonce) : null,
    raw,
    storable:
      response.status === 200 &&
      isText &&
      response.headers.getSetCookie().length === 0 &&
      !/private|no-store/.test(cacheControl),
  };
}

/** The page's body for one response, carrying that response's nonce. */
export const bodyWithNonce = (page: RenderedPage, nonce: string): string | Buffer =>
  page.parts === null ? page.raw : page.parts.join(nonce);

export function createPageCache(options: {
  versions: ReadCacheVersion;
  freshMs?: number;
  staleMs?: number;
  now?: () => number;
  maxEntries?: number;
  maxBytes?: number;
}) {
  const freshMs = options.freshMs ?? 5_000;
  const staleMs = options.staleMs ?? 60_000;
  const now = options.now ?? Date.now;
  const store = createVersionedStore<Entry>(
    options.versions,
    options.maxEntries ?? 500,
    options.maxBytes ?? 64 << 20,
  );
  /** Renders under way, by version and URL: visitors asking meanwhile share them. */
  const renders = new Map<string, Promise<RenderedPage>>();

  function renderOnce(
    key: string,
    version: string,
    render: (nonce: string) => Promise<Response>,
  ): Promise<RenderedPage> {
    const id = `${version} ${key}`;
    const running = renders.get(id);
    if (running) return running;
    const nonce = randomBytes(16).toString('base64');
    const rendering = render(nonce)
      .then((response) => snapshotResponse(response, nonce))
      .then((page) => {
        if (page.storable)
          // A page may show anything the API serves, so any change evicts it.
          store.set(key, version, { page, renderedAt: now(), bytes: page.raw.length }, ['*']);
        return page;
      })
      .finally(() => renders.delete(id));
    renders.set(id, rendering);
    return rendering;
  }

  return {
    /**
     * The page for `key` (the URL of an anonymous GET): from memory when its version still holds,
     * else rendered once for everyone asking at the same time.
     */
    async get(
      key: string,
      render: (nonce: string) => Promise<Response>,
    ): Promise<{ page: RenderedPage; state: PageCacheState }> {
      const version = await options.versions.current();
      const entry = store.get(key, version);
      if (entry) {
        const age = now() - entry.renderedAt;
        if (age < freshMs) return { page: entry.page, state: 'hit' };
        if (age < freshMs + staleMs) {
          // Served as it is while one render replaces it; a failed render keeps the old one.
          renderOnce(key, version, render).catch(() => undefined);
          return { page: entry.page, state: 'stale' };
        }
      }
      return { page: await renderOnce(key, version, render), state: 'miss' };
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
