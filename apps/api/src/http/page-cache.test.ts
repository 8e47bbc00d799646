import { describe, expect, it } from 'vitest';
import { bodyWithNonce, createPageCache } from './page-cache.ts';

/** A render that counts its calls and puts the nonce where React Router puts it. */
function counter(status = 200, headers: Record<string, string> = {}) {
  let calls = 0;
  const render = async (nonce: string) => {
    calls++;
    return new Response(`<script nonce="${nonce}">run(${calls})</script>`, {
      status,
      headers: { 'content-type': 'text/html; charset=utf-8', ...headers },
    });
  };
  return { render, calls: () => calls };
}

function setup() {
  let version = '1';
  let clock = 0;
  const cache = createPageCache({
    versions: { current: async () => version, changedBetween: () => null },
    freshMs: 1000,
    staleMs: 5000,
    now: () => clock,
  });
  return {
    cache,
    bump: () => (version = String(Number(version) + 1)),
    advance: (ms: number) => (clock += ms),
  };
}

describe('the anonymous page cache', () => {
  it('renders once, then gives each visitor the page with their own nonce', async () => {
    const { cache } = setup();
    const page = counter();
    const first = await cache.get('/shop', page.render);
    const second = await cache.get('/shop', page.render);
    expect(first.state).toBe('miss');
    expect(second.state).toBe('hit');
    expect(page.calls()).toBe(1);
    expect(bodyWithNonce(second.page, 'visitor-two')).toBe(
      '<script nonce="visitor-two">run(1)</script>',
    );
  });

  it('renders again once the database version moves, whatever the age', async () => {
    const { cache, bump } = setup();
    const page = counter();
    await cache.get('/shop', page.render);
    bump();
    const after = await cache.get('/shop', page.render);
    expect(after.state).toBe('miss');
    expect(bodyWithNonce(after.page, 'n')).toContain('run(2)');
  });

  it('serves a stale page while one render replaces it, and renders afresh past the stale window', async () => {
    const { cache, advance } = setup();
    const page = counter();
    await cache.get('/shop', page.render);
    advance(1500);
    const stale = await cache.get('/shop', page.render);
    expect(stale.state).toBe('stale');
    expect(bodyWithNonce(stale.page, 'n')).toContain('run(1)');
    await new Promise((resolve) => setImmediate(resolve));
    expect(page.calls()).toBe(2);
    expect((await cache.get('/shop', page.render)).state).toBe('hit');
    advance(10_000);
    expect((await cache.get('/shop', page.render)).state).toBe('miss');
  });

  it('shares one render among visitors asking at the same time', async () => {
    const { cache } = setup();
    const page = counter();
    const all = await Promise.all(Array.from({ length: 5 }, () => cache.get('/blog', page.render)));
    expect(page.calls()).toBe(1);
    expect(new Set(all.map(({ page: p }) => bodyWithNonce(p, 'x')))).toEqual(
      new Set(['<script nonce="x">run(1)</script>']),
    );
  });

  it('never keeps a page that sets a cookie, is private, or is not a 200', async () => {
    for (const page of [
      counter(200, { 'set-cookie': 'a=b' }),
      counter(200, { 'cache-control': 'private, no-store' }),
      counter(404),
    ]) {
      const { cache } = setup();
      await cache.get('/x', page.render);
      expect((await cache.get('/x', page.render)).state).toBe('miss');
      expect(page.calls()).toBe(2);
    }
  });
});
