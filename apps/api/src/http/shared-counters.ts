import { Redis } from 'ioredis';

/** How many times something was counted under one key, and when the last one was. */
export interface Tally {
  count: number;
  lastMs: number;
}

export interface AddOptions {
  /** How long the tally is kept. */
  ttlMs: number;
  /** Keep it `ttlMs` after this hit (forgotten after a quiet spell) instead of after the first (a fixed window). */
  extend: boolean;
}

/**
 * Counters every process of the shop shares: in Redis when REDIS_URL is set (decision 0013: limits
 * kept per process would give a client the limit once per process), else in this process's memory.
 */
export interface SharedCounters {
  /** The client when the counters live in Redis; @fastify/rate-limit keeps its counts there too. */
  readonly redis?: Redis;
  /** Counts one more under `key` and returns the tally including it. */
  add(key: string, options: AddOptions): Promise<Tally>;
  read(key: string): Promise<Tally | undefined>;
  remove(keys: string[]): Promise<void>;
  close(): Promise<void>;
}

/** Keys of every Redis counter start with this, so the shop's keys are easy to find and drop. */
const KEY_PREFIX = 'larder:';

// One round trip and atomic: two processes counting the same key at once both count.
const ADD_SCRIPT = `
local count = redis.call('HINCRBY', KEYS[1], 'count', 1)
redis.call('HSET', KEYS[1], 'last', ARGV[1])
if count == 1 or ARGV[3] == '1' then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return count
`;

type CountingRedis = Redis & {
  addTally(key: string, lastMs: number, ttlMs: number, extend: '0' | '1'): Promise<number>;
};

/** Where Redis's connection troubles go (the app's log); ioredis would print them itself. */
export type CountersLog = { warn(object: object, message: string): void };

export function createRedisCounters(
  url: string,
  now: () => Date,
  log?: CountersLog,
): SharedCounters {
  const redis = new Redis(url, {
    // A request waits for Redis rather than failing at once while it reconnects; a limit that
    // cannot be counted fails the request (500) rather than letting it through uncounted.
    maxRetriesPerRequest: 2,
    enableAutoPipelining: true,
  }) as CountingRedis;
  redis.defineCommand('addTally', { numberOfKeys: 1, lua: ADD_SCRIPT });
  // It reconnects by itself; each failed attempt is worth a line, not a crash.
  redis.on('error', (error: Error) => log?.warn({ err: error }, 'Redis is not answering'));
  return {
    redis,
    async add(key, options) {
      const lastMs = now().getTime();
      const count = await redis.addTally(
        KEY_PREFIX + key,
        lastMs,
        options.ttlMs,
        options.extend ? '1' : '0',
      );
      return { count, lastMs };
    },
    async read(key) {
      const [count, last] = await redis.hmget(KEY_PREFIX + key, 'count', 'last');
      return count === null ? undefined : { count: Number(count), lastMs: Number(last) };
    },
    async remove(keys) {
      if (keys.length > 0) await redis.del(...keys.map((key) => KEY_PREFIX + key));
    },
    async close() {
      // quit waits for the answers still due; with Redis gone there are none to wait for.
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

export function createMemoryCounters(now: () => Date): SharedCounters {
  const tallies = new Map<string, Tally & { expiresMs: number }>();
  let addsSinceSweep = 0;
  const live = (key: string) => {
    const tally = tallies.get(key);
    return tally && tally.expiresMs > now().getTime() ? tally : undefined;
  };
  /** Drops expired tallies now and then, so keys nobody counts again do not pile up. */
  function sweep() {
    if (++addsSinceSweep < 1000) return;
    addsSinceSweep = 0;
    const nowMs = now().getTime();
    for (const [key, tally] of tallies) if (tally.expiresMs <= nowMs) tallies.delete(key);
  }
  return {
    async add(key, options) {
      const nowMs = now().getTime();
      const previous = live(key);
      const tally = {
        count: (previous?.count ?? 0) + 1,
        lastMs: nowMs,
        expiresMs:
          previous && !options.extend ? previous.expiresMs : nowMs + Math.max(1, options.ttlMs),
      };
      tallies.set(key, tally);
      sweep();
      return { count: tally.count, lastMs: tally.lastMs };
    },
    async read(key) {
      const tally = live(key);
      return tally && { count: tally.count, lastMs: tally.lastMs };
    },
    async remove(keys) {
      for (const key of keys) tallies.delete(key);
    },
    async close() {},
  };
}

/** Redis when a URL is given, memory otherwise: the rest of the shop does not care which. */
export const createSharedCounters = (
  redisUrl: string | undefined,
  options: { now?: () => Date; log?: CountersLog } = {},
): SharedCounters => {
  const now = options.now ?? (() => new Date());
  return redisUrl ? createRedisCounters(redisUrl, now, options.log) : createMemoryCounters(now);
};
