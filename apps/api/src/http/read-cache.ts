import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import { apiPaths } from '@larder/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { SESSION_COOKIE } from './session-cookies.ts';
import { viewerFromRequest, type Viewer } from './viewer.ts';

/**
 * The catalogue and content reads answered from memory (docs/decisions/0012-caching.md): each
 * serialized 200 is kept under its normalized URL and the viewer's price class, with a strong
 * ETag, and is good while the database's read-cache version (bumped at commit by triggers on
 * every table these reads show, whoever writes) is the one it was built under.
 */
export const cachedReadRoutes = new Set<string>([
  ...[
    apiPaths.products,
    apiPaths.productCategories,
    apiPaths.productReviews,
    apiPaths.pages,
    apiPaths.posts,
    apiPaths.team,
    apiPaths.locations,
    apiPaths.postCategories,
  ].flatMap((path) => [path, `${path}/:id`]),
]);

/** Built once when the process starts: ETag and Cache-Control, but nothing to keep or check. */
const staticReadRoutes = new Set<string>([apiPaths.index]);

/** Browsers and shared caches may keep an anonymous read briefly, then use it while revalidating. */
export const PUBLIC_READ_CACHE_CONTROL = 'public, max-age=10, stale-while-revalidate=60';
/** Signed-in reads may carry wholesale prices or owner-only records: never stored anywhere. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/** Headers a cached answer repeats; the rest (CSP, cookies) belong to each request. */
const keptHeaders = ['content-type', 'x-wp-total', 'x-wp-totalpages', 'link'] as const;

const MAX_ENTRIES = 2000;
const MAX_BYTES = 64 * 1024 * 1024;
/**
 * How long an answer out of date only in stock, sales or a rating may still be sent while it is
 * rebuilt: the second within which every process must show an owner's write.
 */
const STALE_FIGURES_MS = 1000;

/**
 * What a committed write changed, as the version's triggers record it (migrations 0024, 0025): one
 * product's stock or sales, anything else in the catalogue, reviews, content, the shipping zones,
 * tax rates, or everything.
 */
export type ChangedScope =
  `product:${string}` | 'catalog' | 'reviews' | 'content' | 'shipping' | 'tax' | 'all';

/**
 * What a kept answer shows: the scopes that evict it, plus 'product-lists' (any product's change,
 * since a list may gain or lose it) and '*' (any change at all).
 */
export type Dependency = Exclude<ChangedScope, 'all'> | 'product-lists' | '*';

/** Whether a change makes an entry that depends on `dependency` stale. */
export function evicts(change: string, dependency: Dependency): boolean {
  return (
    change === 'all' ||
    dependency === '*' ||
    change === dependency ||
    (dependency === 'product-lists' && change.startsWith('product:'))
  );
}

/** How many versions' changes a process remembers; a store further behind empties itself. */
const CHANGE_LOG_VERSIONS = 5000;

/**
 * The database's read-cache version, read so that every caller gets a value read after it asked:
 * callers arriving while a read is in flight share the next one, so under load one small query
 * serves a whole batch of requests and a write committed before a request is never missed. The
 * same query brings what each newer version changed, which the stores evict by.
 */
export function createReadCacheVersion(
  db: Database,
  /** PGlite's count of finished statements (DatabaseHandle.statementsFinished). */
  statementsFinished?: () => number,
) {
  let inFlight: Promise<string> | null = null;
  let next: Promise<string> | null = null;
  /** On PGlite: the version last read, good while no other statement has finished since. */
  let settled: { version: string; asOf: number } | null = null;
  /** The first version read; what changed before it is unknown. */
  let known: bigint | null = null;
  let latest: bigint | null = null;
  /** Scopes changed in each version after `known`, oldest first. */
  const changes = new Map<bigint, string[]>();

  const remember = (
    version: bigint,
    rows: { changed_in: string | null; scope: string | null }[],
  ) => {
    if (latest === null || version - latest > CHANGE_LOG_VERSIONS) {
      // The first read, or so far behind that the stores had better start again.
      changes.clear();
      known = latest = version;
      return;
    }
    for (const row of rows) {
      if (row.changed_in === null || row.scope === null) continue;
      const at = BigInt(row.changed_in);
      changes.set(at, [...(changes.get(at) ?? []), row.scope]);
    }
    // A version whose rows were pruned (the process was far behind): everything changed.
    for (let at = latest + 1n; at <= version; at += 1n)
      if (!changes.has(at)) changes.set(at, ['all']);
    if (version > latest) latest = version;
    for (const at of changes.keys()) {
      if (changes.size <= CHANGE_LOG_VERSIONS) break;
      changes.delete(at);
      known = at;
    }
  };

  const read = async () => {
    const before = statementsFinished?.();
    const since = latest ?? -1n;
    const result = (await db.execute(
      sql`select v.version::text as version, c.version::text as changed_in, c.scope
          from read_cache_version v
          left join read_cache_changes c on ${since >= 0n} and c.version > ${since.toString()}::bigint
            and c.version <= v.version and c.version > v.version - ${CHANGE_LOG_VERSIONS}
          where v.id = 1`,
    )) as unknown as {
      rows: { version: string; changed_in: string | null; scope: string | null }[];
    };
    const version = result.rows[0]?.version ?? '0';
    // Versions only grow; a replica answering from further back says nothing new.
    if (latest === null || BigInt(version) >= latest) remember(BigInt(version), result.rows);
    if (statementsFinished && before !== undefined) {
      // Only this read finished meanwhile: no write can have committed since it began.
      const after = statementsFinished();
      settled = after === before + 1 ? { version, asOf: after } : null;
    }
    return version;
  };
  /**
   * Whether the read in flight was started by code still running now, before any I/O was handled
   * since: every request being handled had arrived before it began, so it may serve them all. One
   * request that asks twice at once (an order's shipping zones and tax rates) reads once.
   */
  let startedThisTurn = false;
  const start = () => {
    inFlight = read().finally(() => {
      inFlight = null;
    });
    startedThisTurn = true;
    queueMicrotask(() => {
      startedThisTurn = false;
    });
    return inFlight;
  };
  return {
    current(): Promise<string> {
      if (settled && statementsFinished?.() === settled.asOf)
        return Promise.resolve(settled.version);
      if (!inFlight) return start();
      if (startedThisTurn) return inFlight;
      next ??= inFlight
        .catch(() => undefined)
        .then(() => {
          next = null;
          return inFlight ?? start();
        });
      return next;
    },
    /**
     * The scopes changed after version `from` up to and including `to` (both returned by
     * current()), or null when this process cannot tell: the store must then empty itself.
     */
    changedBetween(from: string, to: string): Set<string> | null {
      const start = BigInt(from);
      const end = BigInt(to);
      if (known === null || start < known || latest === null || end > latest) return null;
      const changed = new Set<string>();
      for (let at = start + 1n; at <= end; at += 1n)
        for (const scope of changes.get(at) ?? []) changed.add(scope);
      return changed;
    },
  };
}

export type ReadCacheVersion = ReturnType<typeof createReadCacheVersion>;

/**
 * A value loaded from the database once and kept while the version says nothing it shows changed
 * (decision 0055): settings every checkout reads, such as the shipping zones and tax rates, cost
 * the version read that concurrent callers share instead of their own statements. An owner's
 * change is seen by the next caller after its commit, in every process.
 */
export function createVersionedValue<Value>(
  versions: ReadCacheVersion,
  shows: Exclude<ChangedScope, 'all' | `product:${string}`>,
  load: () => Promise<Value>,
): () => Promise<Value> {
  let kept: { version: string; value: Promise<Value> } | null = null;
  return async () => {
    const version = await versions.current();
    if (kept) {
      const changed = versions.changedBetween(kept.version, version);
      if (changed && !changed.has(shows) && !changed.has('all')) {
        if (BigInt(version) > BigInt(kept.version)) kept.version = version;
        return kept.value;
      }
    }
    // Loaded after the version was read: what it reads is at least that new.
    const loading = { version, value: load() };
    kept = loading;
    loading.value.catch(() => {
      if (kept === loading) kept = null;
    });
    return loading.value;
  };
}

/** What a store asks of the version reader. */
export type ChangeLog = Pick<ReadCacheVersion, 'changedBetween'>;

/** A product's stock, sales or rating changed, and nothing else of it (migration 0024). */
const isProductFigures = (change: string) => change.startsWith('product:');

/**
 * What changes between two versions do to an entry: nothing, only products' figures it shows
 * (stock, sales, rating), or more (a price, a name, content, or changes the log cannot tell).
 */
function impactOn(
  changed: Set<string> | null,
  dependsOn: readonly Dependency[],
): 'none' | 'figures' | 'more' {
  if (changed === null) return 'more';
  let impact: 'none' | 'figures' = 'none';
  // Walks the changes in place: a store may keep a whole catalogue's products, each checked.
  for (const change of changed) {
    if (!dependsOn.some((dependency) => evicts(change, dependency))) continue;
    if (!isProductFigures(change)) return 'more';
    impact = 'figures';
  }
  return impact;
}

export interface VersionedStoreOptions {
  /**
   * Keep an entry that only products' figures have made out of date, for `recent()` to hand out
   * for this long after the first newer version was seen (0: such an entry is evicted at once).
   */
  staleFiguresMs?: number;
  now?: () => number;
}

/**
 * Entries kept under the version they were built at, each with what it shows: a newer version
 * evicts the entries its changes touch (all of them when the changes are unknown), and an entry
 * built under an older version is stored only if nothing it shows has changed since. With
 * `staleFiguresMs`, an entry out of date only in stock, sales or ratings stays, for `recent()`.
 */
export function createVersionedStore<Entry extends { bytes: number }>(
  log: ChangeLog,
  maxEntries = MAX_ENTRIES,
  maxBytes = MAX_BYTES,
  { staleFiguresMs = 0, now = Date.now }: VersionedStoreOptions = {},
) {
  let version: string | null = null;
  let bytes = 0;
  const entries = new Map<
    string,
    { entry: Entry; dependsOn: readonly Dependency[]; builtUnder: bigint; current: boolean }
  >();
  /** When this store first saw each newer version, for the last `staleFiguresMs`, oldest first. */
  const seen: { version: bigint; at: number }[] = [];
  /** The newest version dropped from `seen`: an entry built before it is too old to hand out. */
  let forgottenUpTo = -1n;
  /** impactOn, where a store without a window evicts for stale figures as for anything else. */
  const impactHere = (changed: Set<string> | null, dependsOn: readonly Dependency[]) => {
    const impact = impactOn(changed, dependsOn);
    return impact === 'figures' && staleFiguresMs === 0 ? 'more' : impact;
  };
  const remove = (key: string) => {
    const kept = entries.get(key);
    if (!kept) return;
    entries.delete(key);
    bytes -= kept.entry.bytes;
  };
  const sync = (current: string) => {
    if (version === current) return true;
    if (version !== null && BigInt(current) < BigInt(version)) return false;
    const previous = version;
    const changed = previous === null ? null : log.changedBetween(previous, current);
    version = current;
    if (staleFiguresMs > 0) {
      const time = now();
      seen.push({ version: BigInt(current), at: time });
      while (seen.length > 1 && time - seen[0]!.at > staleFiguresMs)
        forgottenUpTo = seen.shift()!.version;
    }
    if (changed === null || changed.has('all')) {
      entries.clear();
      bytes = 0;
    } else if (changed.size > 0) {
      for (const [key, kept] of entries) {
        const impact = impactHere(changed, kept.dependsOn);
        if (impact === 'more') remove(key);
        else if (impact === 'figures' && kept.current) {
          // It showed everything up to the version before this one.
          kept.current = false;
          kept.builtUnder = BigInt(previous!);
        }
      }
    }
    return true;
  };
  /** Whether an entry built under `builtUnder` has been out of date for at most staleFiguresMs. */
  const recentEnough = (builtUnder: bigint) => {
    if (builtUnder < forgottenUpTo) return false;
    const firstNewer = seen.find((newer) => newer.version > builtUnder);
    return firstNewer !== undefined && now() - firstNewer.at <= staleFiguresMs;
  };
  return {
    get(key: string, current: string): Entry | undefined {
      if (!sync(current)) return undefined;
      const kept = entries.get(key);
      if (!kept?.current) return undefined;
      // Least recently used goes first when the store is full.
      entries.delete(key);
      entries.set(key, kept);
      return kept.entry;
    },
    /**
     * The entry as last built, when it is out of date only in products' stock, sales or ratings,
     * and only since at most staleFiguresMs; call after get() under the current version.
     */
    recent(key: string): Entry | undefined {
      const kept = entries.get(key);
      return kept && !kept.current && recentEnough(kept.builtUnder) ? kept.entry : undefined;
    },
    set(key: string, builtUnder: string, entry: Entry, dependsOn: readonly Dependency[]) {
      if (entry.bytes > maxBytes / 4) return;
      let current = true;
      if (version === null || BigInt(builtUnder) > BigInt(version)) sync(builtUnder);
      else if (builtUnder !== version) {
        const impact = impactHere(log.changedBetween(builtUnder, version), dependsOn);
        if (impact === 'more') return;
        current = impact === 'none';
        // An out-of-date build only replaces an entry more out of date.
        const kept = entries.get(key);
        if (!current && kept && (kept.current || kept.builtUnder > BigInt(builtUnder))) return;
      }
      remove(key);
      entries.set(key, { entry, dependsOn, builtUnder: BigInt(builtUnder), current });
      bytes += entry.bytes;
      for (const [oldest] of entries) {
        if (entries.size <= maxEntries && bytes <= maxBytes) break;
        remove(oldest);
      }
    },
    get size() {
      return entries.size;
    },
  };
}

/** An ETag as the shop writes them all: a SHA-1 digest, base64url, quoted. */
const etagOf = (digest: Buffer) => `"${digest.toString('base64url')}"`;

export const strongEtag = (body: string | Buffer) =>
  etagOf(createHash('sha1').update(body).digest());

/**
 * ETags of bodies assembled from kept parts, worked out from those parts' own digests: hashing a
 * 460 KB products list again was an eighth of what a miss cost. Keyed by the body itself, so a body
 * another hook replaced (`_fields`) is hashed as sent.
 */
const assembledEtags = new WeakMap<Buffer, string>();

/**
 * Records the strong ETag of `body`, which must change whenever its bytes do (a hash over what it
 * is assembled from, in order, serves).
 */
export function rememberEtag(body: Buffer, digest: Buffer) {
  assembledEtags.set(body, etagOf(digest));
}

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2): W/ prefixes do not matter. */
export function matchesIfNoneMatch(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/** A session cookie, an Authorization header or an API key: the answer is this visitor's alone. */
export function carriesCredentials(request: FastifyRequest): boolean {
  if (request.headers.authorization) return true;
  // A key may come in the query (consumer_key, or OAuth's oauth_* parameters).
  if (request.viewer?.apiKeyId !== undefined) return true;
  const cookie = request.headers.cookie;
  return cookie !== undefined && new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=`).test(cookie);
}

/**
 * Which cached copy a viewer may get: one per role, since routes decide what to show and whom to
 * refuse by role (a guest is refused drafts a customer may ask for), never by the person.
 */
export function viewerClass(viewer: Viewer): 'guest' | 'customer' | 'wholesale' | null {
  // The owner also sees held reviews: answered fresh each time, never from or into the cache.
  if (viewer.isOwner) return null;
  if (viewer.isGuest) return 'guest';
  return viewer.canSeeWholesale ? 'wholesale' : 'customer';
}

/**
 * Which service answers a cached route's read: for a viewer the cache may serve, the one on the
 * read database (a replica, decision 0045), where the version that answer is kept under is read;
 * for the owner, whose reads are never kept, the primary's, so the back office sees its own
 * writes at once.
 */
export function readSource<Service>(request: FastifyRequest, primary: Service, reads: Service) {
  return viewerClass(viewerFromRequest(request)) === null ? primary : reads;
}

/** Path plus query parameters sorted by name, so `?a=1&b=2` and `?b=2&a=1` share an entry. */
export function normalizedUrl(url: string): string {
  const parsed = new URL(url, 'http://x');
  parsed.searchParams.sort();
  const query = parsed.searchParams.toString();
  return query ? `${parsed.pathname}?${query}` : parsed.pathname;
}

export type ContentCoding = 'br' | 'gzip';

interface CachedResponse {
  /** Bytes, so a hit sends them without encoding the text again. */
  body: Buffer;
  etag: string;
  headers: Partial<Record<(typeof keptHeaders)[number], string>>;
  /** The body's bytes; its compressed copies (about a tenth of it) are not counted. */
  bytes: number;
  /** The body compressed, made on the first hit that accepts each coding. */
  compressed: Partial<Record<ContentCoding, Promise<Buffer>>>;
}

/** Below this, compressing saves less than it costs (as @fastify/compress's threshold). */
const COMPRESS_FROM_BYTES = 1024;
/** Brotli first, as @fastify/compress negotiates; a client that accepts neither gets the bytes. */
const codings = new Negotiator<ContentCoding | 'identity'>({
  supportedValues: ['br', 'gzip', 'identity'],
  cache: new Map(),
});
type Compress = (body: Buffer, coding: ContentCoding) => Promise<Buffer>;
const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

/** Done once per kept answer, off the main thread (zlib's thread pool). */
const compressWithZlib = (body: Buffer, coding: ContentCoding) =>
  coding === 'br'
    ? compressBrotli(body, {
        params: {
          [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
          [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : compressGzip(body);

/** The kept body as the client accepts it: compressed once, then sent as those bytes each time. */
async function encodedFor(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedResponse,
  compress: Compress,
) {
  const accepted = request.headers['accept-encoding'];
  const coding = accepted && cached.bytes >= COMPRESS_FROM_BYTES && codings.negotiate(accepted);
  if (!coding || coding === 'identity') return cached.body;
  const body = await (cached.compressed[coding] ??= compress(cached.body, coding)).catch(() => {
    // Sent as it is this once; the next hit tries again.
    delete cached.compressed[coding];
    return null;
  });
  if (body === null) return cached.body;
  // As @fastify/compress marks what it compresses: the answer depends on Accept-Encoding.
  reply.header('vary', `${String(reply.getHeader('vary'))}, accept-encoding`);
  reply.header('content-encoding', coding);
  return body;
}

interface PendingFill {
  key: string | null;
  version: string | null;
  served: boolean;
  dependsOn: readonly Dependency[];
  /** Set for the request that builds the answer others with the same key are waiting for. */
  settle?: (built: CachedResponse | undefined) => void;
}

/**
 * What a cached route's answer shows, so that a write evicts only what it changes: one product's
 * stock leaves other products' entries, categories, reviews and content alone, but every product
 * list (a list may gain or lose the product, or order by sales).
 */
export function dependenciesOf(route: string, params: unknown): readonly Dependency[] {
  if (route === apiPaths.products) return ['catalog', 'product-lists'];
  if (route === `${apiPaths.products}/:id`) {
    return ['catalog', `product:${String((params as { id?: unknown }).id)}`];
  }
  if (route.startsWith(apiPaths.productReviews)) return ['catalog', 'reviews'];
  if (route.startsWith(apiPaths.productCategories)) return ['catalog'];
  return ['content'];
}

const versionReadBefore = new WeakMap<FastifyRequest, string>();

/**
 * The version a missed read's lookup read before its route ran, which what the route reads may be
 * kept under (product-fragments.ts); undefined for a read the cache does not keep.
 */
export const versionReadFor = (request: FastifyRequest): string | undefined =>
  versionReadBefore.get(request);

export interface ReadCacheOptions {
  /** Send X-Cache (hit/miss): it tells anyone which reads others made lately, so tests only. */
  showCacheState?: boolean;
  /** How a kept answer is compressed for a client that accepts it (zlib unless a test counts). */
  compress?: Compress;
}

/** Adds ETag/304, Cache-Control and the in-process cache to every route in cachedReadRoutes. */
export function registerReadCache(
  app: FastifyInstance,
  versions: ReadCacheVersion,
  options: ReadCacheOptions = {},
) {
  const compress = options.compress ?? compressWithZlib;
  const store = createVersionedStore<CachedResponse>(versions, MAX_ENTRIES, MAX_BYTES, {
    staleFiguresMs: STALE_FIGURES_MS,
  });
  const pending = new WeakMap<FastifyRequest, PendingFill>();
  /**
   * Answers being built, by version and key: a request missing the same entry meanwhile waits for
   * that one instead of building it again, so a burst after an eviction costs one build.
   */
  const building = new Map<string, Promise<CachedResponse | undefined>>();
  /** How many builds of each key are in flight, whatever version they are built under. */
  const rebuilds = new Map<string, number>();
  const cacheState = (reply: FastifyReply, state: 'hit' | 'stale' | 'miss') => {
    if (options.showCacheState) reply.header('x-cache', state);
  };

  const answer = async (
    request: FastifyRequest,
    reply: FastifyReply,
    cached: CachedResponse,
    state: 'hit' | 'stale',
  ) => {
    reply.header('etag', cached.etag);
    cacheState(reply, state);
    if (matchesIfNoneMatch(request, cached.etag)) return reply.code(304).send();
    for (const [name, value] of Object.entries(cached.headers)) reply.header(name, value);
    return reply.send(await encodedFor(request, reply, cached, compress));
  };

  const lookUp = async (request: FastifyRequest, reply: FastifyReply) => {
    const route = request.routeOptions.url ?? '';
    if (request.method !== 'GET') return;
    const isStatic = staticReadRoutes.has(route);
    if (!isStatic && !cachedReadRoutes.has(route)) return;
    reply.header(
      'cache-control',
      carriesCredentials(request) ? PRIVATE_CACHE_CONTROL : PUBLIC_READ_CACHE_CONTROL,
    );
    // A shared cache must not hand a guest's copy to a signed-in buyer or the other way round.
    reply.header('vary', 'Authorization, Cookie');
    const kind = viewerClass(viewerFromRequest(request));
    if (kind === null || isStatic) {
      pending.set(request, { key: null, version: null, served: false, dependsOn: [] });
      return;
    }
    const key = `${kind} ${normalizedUrl(request.url)}`;
    const dependsOn = dependenciesOf(route, request.params);
    const version = await versions.current();
    const id = `${version} ${key}`;
    const kept = store.get(key, version);
    // While another request rebuilds an answer that only stock, sales or a rating have made out
    // of date, the last one is sent rather than queueing behind the rebuild (decision 0053);
    // not to a client that asks for no stored answer without checking (Cache-Control: no-cache).
    const takesStale = !request.headers['cache-control']?.includes('no-cache');
    const recent = kept || !takesStale || !rebuilds.has(key) ? undefined : store.recent(key);
    const inFlight = building.get(id);
    const cached = kept ?? recent ?? (inFlight && (await inFlight));
    if (cached) {
      pending.set(request, { key, version, served: true, dependsOn });
      return answer(request, reply, cached, recent ? 'stale' : 'hit');
    }
    const fill: PendingFill = { key, version, served: false, dependsOn };
    if (!building.has(id)) {
      rebuilds.set(key, (rebuilds.get(key) ?? 0) + 1);
      building.set(
        id,
        new Promise((resolve) => {
          fill.settle = (built) => {
            // Once: the answer, or nothing when it failed or its client went away.
            fill.settle = undefined;
            building.delete(id);
            const left = (rebuilds.get(key) ?? 1) - 1;
            if (left > 0) rebuilds.set(key, left);
            else rebuilds.delete(key);
            resolve(built);
          };
        }),
      );
    }
    pending.set(request, fill);
    versionReadBefore.set(request, version);
    cacheState(reply, 'miss');
  };

  // The route's last preHandler: whatever the route itself checks first (who may ask) has passed
  // before a kept answer is sent, as it would before a fresh one.
  app.addHook('onRoute', (route) => {
    const path = route.url ?? route.path;
    if (!staticReadRoutes.has(path) && !cachedReadRoutes.has(path)) return;
    const own = route.preHandler ?? [];
    route.preHandler = [...(Array.isArray(own) ? own : [own]), lookUp];
  });

  // Global onSend hooks run before @fastify/compress's route-level one: the payload is the JSON,
  // as text or, from a route that assembles it (the products list), as bytes.
  app.addHook('onSend', async (request, reply, payload) => {
    const fill = pending.get(request);
    const isText = typeof payload === 'string';
    if (!fill || fill.served || reply.statusCode !== 200 || !(isText || Buffer.isBuffer(payload))) {
      return payload;
    }
    // Encoded once, then hashed, kept and sent as bytes: a large list's text is not encoded again.
    const body = isText ? Buffer.from(payload) : payload;
    const etag = assembledEtags.get(body) ?? strongEtag(body);
    reply.header('etag', etag);
    if (fill.key !== null && fill.version !== null) {
      const headers: CachedResponse['headers'] = {};
      for (const name of keptHeaders) {
        const value = reply.getHeader(name);
        if (value !== undefined) headers[name] = String(value);
      }
      const built = { body, etag, headers, bytes: body.length, compressed: {} };
      store.set(fill.key, fill.version, built, fill.dependsOn);
      fill.settle?.(built);
    }
    if (matchesIfNoneMatch(request, etag)) {
      reply.code(304);
      return null;
    }
    return body;
  });

  // An answer that was not a 200, failed or was abandoned leaves those waiting to build their own.
  const release = async (request: FastifyRequest) => pending.get(request)?.settle?.(undefined);
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
}
