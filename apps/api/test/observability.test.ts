import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, toContactSubmission } from '@larder/contract';
import { sql } from 'drizzle-orm';
import { defaultMigrationsDir } from '../src/paths.ts';
import { mailTo } from './outbox.ts';
import { createProduct } from './factories.ts';
import { placeOrder } from './place-order.ts';
import { signedInCustomer, TEST_PASSWORD } from './sessions.ts';
import { buildTestApp, type TestApp } from './test-app.ts';
import { eventually } from './eventually.ts';

const logLines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({
    config: { logLevel: 'info' },
    logStream: { write: (line) => void logLines.push(line) },
  });
});
afterAll(() => t.close());

const parsedLogs = () => logLines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe('GET /healthz and /readyz', () => {
  it('answers liveness without the database and readiness with migrations applied', async () => {
    const live = await t.app.inject({ url: '/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('keeps probes out of the info-level request log', async () => {
    const id = 'probe-request-1';
    await t.app.inject({ url: '/healthz', headers: { 'x-request-id': id } });
    await t.app.inject({ url: '/readyz', headers: { 'x-request-id': id } });
    expect(parsedLogs().filter((line) => line.reqId === id)).toEqual([]);
  });

  it('is not rate-limited', async () => {
    for (let i = 0; i < 150; i++) {
      expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    }
  });
});

describe('GET /readyz when the database is not ready', () => {
  it('answers 503 in the WooCommerce shape when a migration is missing', async () => {
    const migrationsDir = mkdtempSync(join(tmpdir(), 'larder-migrations-'));
    cpSync(defaultMigrationsDir(), migrationsDir, { recursive: true });
    const journalPath = join(migrationsDir, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: unknown[] };
    journal.entries.push({ idx: journal.entries.length, tag: '9999_future', when: Date.now() });
    writeFileSync(journalPath, JSON.stringify(journal));
    const ahead = await buildTestApp({ seed: false, config: { migrationsDir } });
    try {
      const res = await ahead.app.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        code: 'not_ready',
        message: expect.stringMatching(/missing migrations/),
        data: { status: 503 },
      });
    } finally {
      await ahead.close();
      rmSync(migrationsDir, { recursive: true, force: true });
    }
  });
});

describe('request logs', () => {
  it('returns an id on every response, honouring a plain incoming X-Request-Id', async () => {
    const own = await t.app.inject({
      url: apiPaths.products,
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(own.headers['x-request-id']).toBe('abc-123');
    const generated = await t.app.inject({ url: apiPaths.products });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // A header that could forge log lines or headers is replaced, not echoed.
    const hostile = await t.app.inject({
      url: apiPaths.products,
      headers: { 'x-request-id': 'x"}\u0000<script>' },
    });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs id, method, url, status and time, and no password, token, cookie or key', async () => {
    logLines.length = 0;
    const session = await signedInCustomer(t.app, t.database.db, { name: 'logged' });
    const sessionCookie = /larder_session=([^;]+)/.exec(session.browser().cookie!)![1]!;
    const me = await t.app.inject({
      url: `${apiPaths.customers}/me`,
      headers: { ...session.browser(), 'x-request-id': 'me-request' },
    });
    expect(me.statusCode).toBe(200);
    await t.app.inject({ url: `${apiPaths.customers}/me`, headers: session.bearer });

    const productId = (await createProduct(t)).id;
    const order = await placeOrder(t.app, [{ product_id: productId, quantity: 1 }]);
    const byKey = await t.app.inject({
      url: `${apiPaths.orders}/${order.id}?key=${order.order_key}`,
    });
    expect(byKey.statusCode).toBe(200);
    // A storefront link with the key in its query (here a 404: no storefront in this app).
    await t.app.inject({ url: `/order-received/${order.id}?key=${order.order_key}` });

    const forgot = await t.app.inject({
      method: 'POST',
      url: apiPaths.forgotPassword,
      payload: { email: session.email },
    });
    expect(forgot.statusCode).toBe(200);
    const mail = await eventually(() => {
      const [found] = mailTo(t.config.dataDir, session.email).filter((item) =>
        item.headers.subject?.startsWith('Reset your'),
      );
      expect(found).toBeDefined();
      return found!;
    });
    const [, resetKey, userId] = /reset-password\?key=([\w-]+)&id=(\d+)/.exec(mail.text)!;
    await t.app.inject({ url: `/reset-password?key=${resetKey}&id=${userId}` });
    const newPassword = 'granola under the stars';
    const reset = await t.app.inject({
      method: 'POST',
      url: apiPaths.resetPassword,
      payload: { password: newPassword, key: resetKey, userId: Number(userId) },
    });
    expect(reset.statusCode).toBe(200);

    const text = logLines.join('');
    for (const secret of [
      TEST_PASSWORD,
      newPassword,
      session.token,
      sessionCookie,
      order.order_key,
      resetKey!,
    ]) {
      expect(text).not.toContain(secret);
    }
    const completed = parsedLogs().find(
      (line) => line.reqId === 'me-request' && line.msg === 'request completed',
    );
    expect(completed).toMatchObject({
      reqId: 'me-request',
      req: { method: 'GET', url: `${apiPaths.customers}/me` },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    const incoming = parsedLogs().find(
      (line) => line.reqId === 'me-request' && line.msg === 'incoming request',
    );
    expect(incoming).toMatchObject({ req: { method: 'GET', url: `${apiPaths.customers}/me` } });
    expect(text).toContain(`?key=[redacted]&id=${userId}`);
  });
});

describe('API key credentials in the log', () => {
  it('never writes a consumer secret or an OAuth signature sent in the query', async () => {
    const secret = 'cs_log_probe_secret_5521';
    const signature = 'c2lnbmF0dXJlLXByb2JlLTc3MTI=';
    await t.app.inject({
      url: `${apiPaths.orders}?consumer_key=ck_probe&consumer_secret=${secret}`,
      headers: { 'x-forwarded-proto': 'https' },
    });
    await t.app.inject({
      url: `${apiPaths.orders}?oauth_consumer_key=ck_probe&oauth_signature=${encodeURIComponent(signature)}`,
    });
    const text = logLines.join('');
    expect(text).not.toContain(secret);
    expect(text).not.toContain(encodeURIComponent(signature));
    expect(text).toContain('consumer_secret=[redacted]');
    expect(text).toContain('oauth_signature=[redacted]');
  });
});

describe('database errors in the log', () => {
  it('name the SQLSTATE and constraint, never a bound value or the statement', async () => {
    const secret = 'zz-secret-bound-value-4417';
    // A rule the app does not know about makes the insert fail inside the database.
    await t.database.db.execute(
      sql.raw(
        `alter table contact_submissions add constraint no_test_secret check (message not like '%zz-secret%')`,
      ),
    );
    try {
      logLines.length = 0;
      const res = await t.app.inject({
        method: 'POST',
        url: apiPaths.formSubmit,
        headers: { 'x-request-id': 'db-error-request' },
        payload: toContactSubmission({
          first_name: 'Dee',
          last_name: 'Bee',
          email: 'dee.bee@example.com',
          phone: '',
          message: `Please keep ${secret} out of the logs.`,
        }),
      });
      expect(res.statusCode).toBe(500);
      expect(logLines.join('')).not.toContain(secret);
      expect(logLines.join('')).not.toContain('insert into');
      const logged = parsedLogs().find(
        (line) => line.reqId === 'db-error-request' && line.msg === 'unexpected error',
      );
      expect(logged?.err).toMatchObject({
        type: 'DatabaseError',
        code: '23514',
        constraint: 'no_test_secret',
        table: 'contact_submissions',
      });
    } finally {
      await t.database.db.execute(
        sql.raw('alter table contact_submissions drop constraint no_test_secret'),
      );
    }
  });
});

describe('security headers', () => {
  it('sends a CSP without inline scripts, frame-ancestors and a referrer policy', async () => {
    const res = await t.app.inject({ url: apiPaths.products });
    const csp = res.headers['content-security-policy'] as string;
    const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)![1]!;
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(csp).toMatch(/script-src-attr 'none'/);
    expect(csp).toMatch(/frame-ancestors '(none|self)'/);
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends HSTS only over https, believing X-Forwarded-Proto from a trusted proxy only', async () => {
    const plain = await t.app.inject({ url: '/healthz' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const viaProxy = await t.app.inject({
      url: '/healthz',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(viaProxy.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    const forged = await t.app.inject({
      url: '/healthz',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });

  it('sets the session cookie httpOnly, the XSRF one readable, both SameSite=Lax', async () => {
    const session = await signedInCustomer(t.app, t.database.db, { name: 'cookies' });
    const signIn = (headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: apiPaths.token,
        headers,
        payload: { username: session.email, password: TEST_PASSWORD },
      });
    const cookieNamed = (res: Awaited<ReturnType<typeof signIn>>, name: string) =>
      res.cookies.find((cookie) => cookie.name === name)!;

    const overHttp = await signIn();
    expect(overHttp.statusCode).toBe(200);
    expect(cookieNamed(overHttp, 'larder_session')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
    });
    expect(cookieNamed(overHttp, 'larder_session').secure).toBeFalsy();
    expect(cookieNamed(overHttp, 'XSRF-TOKEN').httpOnly).toBeFalsy();
    expect(cookieNamed(overHttp, 'XSRF-TOKEN')).toMatchObject({ sameSite: 'Lax' });

    const overHttps = await signIn({ 'x-forwarded-proto': 'https' });
    expect(cookieNamed(overHttps, 'larder_session')).toMatchObject({
      httpOnly: true,
      secure: true,
    });
    expect(cookieNamed(overHttps, 'XSRF-TOKEN')).toMatchObject({ secure: true });
  });
});
