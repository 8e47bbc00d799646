import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@larder/contract';
import { loadConfig } from '../src/config.ts';
import { buildTestApp, type TestApp } from './test-app.ts';

const oneSignUpPerClient = { newsletter: { max: 1, windowMs: 60_000 } };
let signUps = 0;

const signUp = (t: TestApp, remoteAddress: string, forwardedFor?: string) =>
  t.app.inject({
    method: 'POST',
    url: apiPaths.newsletter,
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    payload: { email: `reader${++signUps}@example.com` },
  });

describe('per-client rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: false, config: { rateLimits: oneSignUpPerClient } });
  });
  afterAll(() => t.close());

  it('count two IPv6 addresses of one /64 as one client, and another /64 apart', async () => {
    expect((await signUp(t, '2001:db8:aa:1::10')).statusCode).toBe(201);
    expect((await signUp(t, '2001:db8:aa:1:8000::99')).statusCode).toBe(429);
    expect((await signUp(t, '2001:db8:aa:2::10')).statusCode).toBe(201);
  });

  it('count an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    expect((await signUp(t, '198.51.100.20')).statusCode).toBe(201);
    expect((await signUp(t, '::ffff:198.51.100.20')).statusCode).toBe(429);
  });

  it('ignore X-Forwarded-For from a peer that is not a trusted proxy (the default)', async () => {
    const balancer = '10.0.0.5';
    expect((await signUp(t, balancer, '203.0.113.1')).statusCode).toBe(201);
    expect((await signUp(t, balancer, '203.0.113.2')).statusCode).toBe(429);
  });
});

describe('TRUST_PROXY', () => {
  it('reads a hop count, or addresses and CIDRs with loopback always trusted', () => {
    expect(loadConfig({}).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 2001:db8::7' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
      '2001:db8::7',
    ]);
    for (const bad of ['0', 'everyone', '10.0.0.0/33', '10.0.0.1,'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  });

  it('=1 believes one hop of X-Forwarded-For from a peer that is not loopback', async () => {
    const t = await buildTestApp({
      seed: false,
      config: {
        rateLimits: oneSignUpPerClient,
        trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy,
      },
    });
    try {
      const balancer = '10.0.0.5';
      expect((await signUp(t, balancer, '203.0.113.1')).statusCode).toBe(201);
      expect((await signUp(t, balancer, '203.0.113.2')).statusCode).toBe(201);
      // Only the hop the balancer added counts: a forged earlier entry changes nothing.
      expect((await signUp(t, balancer, '198.51.100.1, 203.0.113.1')).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('with an address list believes X-Forwarded-For from those peers only', async () => {
    const t = await buildTestApp({
      seed: false,
      config: {
        rateLimits: oneSignUpPerClient,
        trustProxy: loadConfig({ TRUST_PROXY: '10.0.0.0/24' }).trustProxy,
      },
    });
    try {
      expect((await signUp(t, '10.0.0.5', '203.0.113.1')).statusCode).toBe(201);
      expect((await signUp(t, '10.0.0.5', '203.0.113.2')).statusCode).toBe(201);
      expect((await signUp(t, '10.0.0.6', '203.0.113.1')).statusCode).toBe(429);
      expect((await signUp(t, '192.0.2.50', '203.0.113.3')).statusCode).toBe(201);
      expect((await signUp(t, '192.0.2.50', '203.0.113.4')).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});
