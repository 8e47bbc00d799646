import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema, apiPaths, toContactSubmission } from '@larder/contract';
import { createMemoryCounters, createRedisCounters } from '../src/http/shared-counters.ts';
import { startRedisServer, type RedisServer } from './redis-server.ts';
import { buildTestApp, type TestApp } from './test-app.ts';

// Two shop processes on one Redis, as `npm run cluster` runs three: what one client may do is
// counted once, whichever process answers.
let redis: RedisServer;
let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  redis = await startRedisServer();
  const config = {
    redisUrl: redis.url,
    rateLimits: { contact: { max: 2, windowMs: 600_000 } },
  };
  [first, second] = await Promise.all([
    buildTestApp({ seed: false, config }),
    buildTestApp({ seed: false, config }),
  ]);
});
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
  await redis?.stop();
});

const post = (t: TestApp, url: string, payload: object, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress });

const contactForm = toContactSubmission({
  first_name: 'Ada',
  last_name: 'Okafor',
  email: 'ada.okafor@example.com',
  phone: '',
  message: 'Do you ship the 5 lb bulk bags to Raleigh offices?',
});

describe('several processes on one Redis', () => {
  it('give a client a rate limit once, not once per process', async () => {
    const client = '203.0.113.40';
    expect((await post(first, apiPaths.formSubmit, contactForm, client)).statusCode).toBe(201);
    expect((await post(second, apiPaths.formSubmit, contactForm, client)).statusCode).toBe(201);
    for (const t of [first, second]) {
      const refused = await post(t, apiPaths.formSubmit, contactForm, client);
      expect(refused.statusCode).toBe(429);
      expect(ApiErrorSchema.parse(refused.json())).toMatchObject({
        code: 'rest_rate_limited',
        data: { status: 429 },
      });
    }
    // Other clients, and this client's other limits, are counted apart.
    expect((await post(second, apiPaths.formSubmit, contactForm, '203.0.113.41')).statusCode).toBe(
      201,
    );
    const newsletter = await post(
      first,
      apiPaths.newsletter,
      { email: 'ada.okafor@example.com' },
      client,
    );
    expect(newsletter.statusCode).not.toBe(429);
  });

  it('count failed sign-ins for a name together, so guesses spread over processes are slowed', async () => {
    const guesser = '203.0.113.50';
    const payload = (attempt: number) => ({
      username: 'spread-guesses@example.com',
      password: `guess number ${attempt}`,
    });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const t = attempt % 2 === 0 ? first : second;
      expect((await post(t, apiPaths.token, payload(attempt), guesser)).statusCode).toBe(401);
    }
    for (const t of [first, second]) {
      const slowed = await post(t, apiPaths.token, payload(5), guesser);
      expect(slowed.statusCode).toBe(429);
      expect(ApiErrorSchema.parse(slowed.json()).code).toBe('jwt_auth_too_many_attempts');
    }
  });

  it('send an address at most three reset emails an hour between them', async () => {
    const body = { email: 'three-links@example.com' };
    for (const t of [first, second, first]) {
      expect((await post(t, apiPaths.forgotPassword, body, '203.0.113.60')).statusCode).toBe(200);
    }
    // From another client too: the limit is the address's.
    const refused = await post(second, apiPaths.forgotPassword, body, '203.0.113.61');
    expect(refused.statusCode).toBe(429);
    expect(ApiErrorSchema.parse(refused.json()).code).toBe('rest_rate_limited');
  });
});

describe('the shared counters', () => {
  const fixed = { ttlMs: 60_000, extend: false };

  it('in Redis: count atomically when many add at once, and forget what is removed', async () => {
    const counters = createRedisCounters(redis.url, () => new Date());
    try {
      const tallies = await Promise.all(
        Array.from({ length: 50 }, () => counters.add('test:many', fixed)),
      );
      expect(tallies.map((tally) => tally.count).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 50 }, (_, index) => index + 1),
      );
      expect((await counters.read('test:many'))?.count).toBe(50);
      await counters.remove(['test:many']);
      expect(await counters.read('test:many')).toBeUndefined();
    } finally {
      await counters.close();
    }
  });

  it('in Redis: a fixed window ends a while after its first hit, an extended one after its last', async () => {
    const counters = createRedisCounters(redis.url, () => new Date());
    try {
      const window = { ttlMs: 60_000 };
      await counters.add('test:fixed', { ...window, extend: false });
      await counters.add('test:extended', { ...window, extend: true });
      await new Promise((done) => setTimeout(done, 100));
      await counters.add('test:fixed', { ...window, extend: false });
      await counters.add('test:extended', { ...window, extend: true });
      // Both read at one instant: the fixed window still ends where its first hit put it.
      const [[, fixedLeft], [, extendedLeft]] = (await counters
        .redis!.multi()
        .pttl('larder:test:fixed')
        .pttl('larder:test:extended')
        .exec()) as [[null, number], [null, number]];
      expect(fixedLeft).toBeGreaterThan(0);
      expect(extendedLeft - fixedLeft).toBeGreaterThanOrEqual(90);
    } finally {
      await counters.close();
    }
  });

  it('in memory: the same rules on the given clock', async () => {
    let nowMs = Date.parse('2026-11-26T10:00:00Z');
    const counters = createMemoryCounters(() => new Date(nowMs));
    await counters.add('fixed', { ttlMs: 1000, extend: false });
    await counters.add('extended', { ttlMs: 1000, extend: true });
    nowMs += 600;
    expect(await counters.add('fixed', { ttlMs: 1000, extend: false })).toEqual({
      count: 2,
      lastMs: nowMs,
    });
    await counters.add('extended', { ttlMs: 1000, extend: true });
    nowMs += 600;
    expect(await counters.read('fixed')).toBeUndefined();
    expect(await counters.read('extended')).toEqual({ count: 2, lastMs: nowMs - 600 });
    await counters.remove(['extended']);
    expect(await counters.read('extended')).toBeUndefined();
  });
});

// Last in the file: it stops the Redis the others use.
describe('with Redis gone', () => {
  it('refuses limited requests in the WooCommerce shape rather than letting them through uncounted', async () => {
    await redis.stop();
    const res = await post(first, apiPaths.formSubmit, contactForm, '203.0.113.90');
    expect(res.statusCode).toBe(500);
    expect(ApiErrorSchema.parse(res.json()).data.status).toBe(500);
    // What needs no counter still works.
    expect((await first.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });
});
