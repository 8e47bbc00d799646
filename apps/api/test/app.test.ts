import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '@larder/contract';
import { ConfigError, loadConfig } from '../src/config.ts';
import * as schema from '../src/db/schema.ts';
import { DEMO_REVIEWS_MARKER, seedDemoData } from '../seed/seed.ts';
import { placeOrder, productIdOf } from './place-order.ts';
import { signedInCustomer } from './sessions.ts';
import { buildTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('errors', () => {
  it('answers an unknown /wp-json route with 404 rest_no_route', async () => {
    const res = await t.app.inject({ url: '/wp-json/wc/v3/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(res.json())).toEqual({
      code: 'rest_no_route',
      message: 'No route was found matching the URL and request method.',
      data: { status: 404 },
    });
  });

  it('answers a bad id with 400 rest_invalid_param', async () => {
    const res = await t.app.inject({ url: '/wp-json/wp/v2/posts/abc' });
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json())).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { id: expect.any(String) } },
    });
  });

  it('refuses a NUL character in a query, a path or a JSON body with 400 naming the parameter, and stores nothing', async () => {
    const nul = 'Text may not contain the NUL character (U+0000).';
    const reviewsBefore = await t.database.db.select({ n: count() }).from(schema.productReviews);
    const cases = [
      { url: '/wp-json/wc/v3/products?search=oat%00s', param: 'search' },
      { url: '/wp-json/wp/v2/pages?slug=%00', param: 'slug' },
      { url: '/wp-json/wc/v3/products/%00', param: 'id' },
      {
        url: '/wp-json/jwt-auth/v1/token',
        payload: { username: '\u0000', password: 'x' },
        param: 'username',
      },
      {
        url: '/wp-json/wc/v3/products/reviews',
        payload: {
          product_id: 1,
          rating: 5,
          review: 'Crunchy\u0000',
          reviewer: 'Sam',
          reviewer_email: 'sam@example.com',
        },
        param: 'review',
      },
      { url: '/wp-json/wp/v2/newsletter', payload: { ['e\u0000']: 1 }, param: 'e\u0000' },
    ];
    for (const { url, payload, param } of cases) {
      const res = await t.app.inject({ method: payload ? 'POST' : 'GET', url, payload });
      expect(res.statusCode, url).toBe(400);
      expect(ApiErrorSchema.parse(res.json())).toEqual({
        code: 'rest_invalid_param',
        message: `Invalid parameter(s): ${param}`,
        data: { status: 400, params: { [param]: nul } },
      });
    }
    expect(await t.database.db.select({ n: count() }).from(schema.productReviews)).toEqual(
      reviewsBefore,
    );
  });

  it('refuses ill-formed Unicode (a lone surrogate) in a JSON body with 400 naming the parameter, and stores nothing', async () => {
    const illFormed =
      'Text must be well-formed Unicode (a lone UTF-16 surrogate cannot be stored).';
    const reviewsBefore = await t.database.db.select({ n: count() }).from(schema.productReviews);
    const ordersBefore = await t.database.db.select({ n: count() }).from(schema.orders);
    const cases = [
      {
        url: '/wp-json/jwt-auth/v1/token',
        payload: { username: '\ud800', password: 'x' },
        param: 'username',
      },
      {
        url: '/wp-json/wc/v3/products/reviews',
        payload: {
          product_id: 1,
          rating: 5,
          review: 'Crunchy',
          reviewer: 'Sam \udc00',
          reviewer_email: 'sam@example.com',
        },
        param: 'reviewer',
      },
      {
        url: '/wp-json/wc/v3/orders',
        payload: {
          billing: { first_name: 'Ada\ud83d' },
          line_items: [{ product_id: 1, quantity: 1 }],
        },
        param: 'billing',
      },
      { url: '/wp-json/wp/v2/newsletter', payload: { ['e\ud800']: 1 }, param: 'e\ud800' },
    ];
    for (const { url, payload, param } of cases) {
      const res = await t.app.inject({ method: 'POST', url, payload });
      expect(res.statusCode, url).toBe(400);
      expect(ApiErrorSchema.parse(res.json())).toEqual({
        code: 'rest_invalid_param',
        message: `Invalid parameter(s): ${param}`,
        data: { status: 400, params: { [param]: illFormed } },
      });
    }
    expect(await t.database.db.select({ n: count() }).from(schema.productReviews)).toEqual(
      reviewsBefore,
    );
    expect(await t.database.db.select({ n: count() }).from(schema.orders)).toEqual(ordersBefore);
  });

  it('answers a query or path that is not valid percent-encoded UTF-8 without a server error', async () => {
    // Fastify keeps such a query value as its raw (well-formed) text and refuses such a path.
    const query = await t.app.inject({ url: '/wp-json/wc/v3/products?search=%ED%A0%80' });
    expect(query.statusCode).toBe(200);
    const path = await t.app.inject({ url: '/wp-json/wc/v3/products/%ED%A0%80' });
    expect(path.statusCode).toBe(400);
  });

  it('answers integers beyond the database range with 400 rest_invalid_param naming the parameter', async () => {
    const big = '99999999999';
    const cases = [
      { url: `/wp-json/wc/v3/products?min_price=${big}`, param: 'min_price' },
      { url: `/wp-json/wc/v3/products?max_price=${big}`, param: 'max_price' },
      { url: `/wp-json/wc/v3/products?offset=${big}`, param: 'offset' },
      { url: `/wp-json/wc/v3/products?page=${big}`, param: 'page' },
      { url: `/wp-json/wc/v3/products/categories?parent=${big}`, param: 'parent' },
      { url: `/wp-json/wc/v3/products/${big}`, param: 'id' },
      { url: `/wp-json/wc/v3/orders/${big}`, param: 'id' },
      // Listing orders needs a sign-in (a guest gets 401 before the query is read).
      { url: `/wp-json/wc/v3/orders?customer=${big}`, param: 'customer', signedIn: true },
      { url: `/wp-json/wp/v2/posts?page=${big}`, param: 'page' },
    ];
    const customer = await signedInCustomer(t.app, t.database.db);
    for (const { url, param, signedIn } of cases) {
      const res = await t.app.inject({ url, headers: signedIn ? customer.bearer : {} });
      expect(res.statusCode, url).toBe(400);
      expect(ApiErrorSchema.parse(res.json()), url).toMatchObject({
        code: 'rest_invalid_param',
        data: { params: { [param]: expect.any(String) } },
      });
    }
    // The largest values the database holds are still answered normally.
    expect(
      (await t.app.inject({ url: '/wp-json/wc/v3/products?min_price=1000000' })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ url: '/wp-json/wc/v3/products?offset=2147483647' })).statusCode,
    ).toBe(200);
  });

  it('answers malformed, empty or too deeply nested JSON with 400 rest_invalid_json', async () => {
    const bodies = [
      '{"email": ',
      '',
      '['.repeat(30_000),
      `${'['.repeat(30_000)}${']'.repeat(30_000)}`,
      `${'{"a":'.repeat(100)}1${'}'.repeat(100)}`,
    ];
    for (const payload of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/wp-json/wp/v2/newsletter',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload.slice(0, 20)).toBe(400);
      expect(res.json()).toEqual({
        code: 'rest_invalid_json',
        message: 'The request body is not valid JSON.',
        data: { status: 400 },
      });
    }
    // Brackets inside strings are text, not nesting.
    const text = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wp/v2/newsletter',
      payload: { email: `${'['.repeat(100)}@example.com` },
    });
    expect(ApiErrorSchema.parse(text.json()).code).toBe('rest_invalid_param');
  });

  it('hides unexpected failures behind a generic 500', async () => {
    const app = (await import('fastify')).default();
    const { registerErrorHandling } = await import('../src/http/errors.ts');
    registerErrorHandling(app);
    app.get('/boom', async () => {
      throw new Error('database password is hunter2');
    });
    const res = await app.inject({ url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: 'internal_server_error',
      message: 'Something went wrong on our side. Please try again.',
      data: { status: 500 },
    });
    await app.close();
  });
});

describe('security headers', () => {
  it('sends a CSP with a per-answer script nonce on pages, and without one on JSON answers', async () => {
    const first = await t.app.inject({ url: '/shop' });
    const second = await t.app.inject({ url: '/shop' });
    const csp = String(first.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).toMatch(/script-src 'self' 'nonce-[0-9a-f]{32}'/);
    expect(second.headers['content-security-policy']).not.toBe(csp);
    // JSON runs no script: the same policy, and no nonce to make for each answer.
    const answer = await t.app.inject({ url: '/wp-json/wp/v2/categories' });
    expect(answer.headers['content-security-policy']).toBe(
      csp.replace(/ 'nonce-[0-9a-f]{32}'/, ''),
    );
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  it('compresses large responses', async () => {
    const res = await t.app.inject({
      url: '/wp-json/wc/v3/products?per_page=100',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('sends an answer made for one request plain below 8 KB, where compressing saves no round trip', async () => {
    const granola = await productIdOf(t.database.db, 'peanut-butter-banana');
    const order = await placeOrder(t.app, [{ product_id: granola, quantity: 1 }]);
    const res = await t.app.inject({
      url: `/wp-json/wc/v3/orders/${order.id}?key=${order.order_key}`,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.length).toBeGreaterThan(1024);
    expect(res.rawPayload.length).toBeLessThan(8192);
  });
});

describe('GET /wp-json/docs', () => {
  it('serves the OpenAPI document built from the contract schemas', async () => {
    const res = await t.app.inject({ url: '/wp-json/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/wp-json/wc/v3/products',
        '/wp-json/wc/v3/products/{id}',
        '/wp-json/wp/v2/pages',
        '/wp-json/wp/v2/team',
      ]),
    );
  });

  it('serves the Swagger UI page and its assets', async () => {
    const page = await t.app.inject({ url: '/wp-json/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/); // no inline script for the CSP to block
    const initializer = await t.app.inject({ url: '/wp-json/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
  });
});

describe('GET /wp-content/uploads/{file}', () => {
  it('serves seed images with an image content type and long cache headers', async () => {
    const res = await t.app.inject({ url: '/wp-content/uploads/product-honey-oat-classic.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['cache-control']).toContain('max-age=31536000');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('returns 404 for a missing image', async () => {
    const res = await t.app.inject({ url: '/wp-content/uploads/nope.svg' });
    expect(res.statusCode).toBe(404);
  });
});

describe('demo seed', () => {
  it('changes nothing when it runs again', async () => {
    const tables = [
      schema.products,
      schema.productVariations,
      schema.productCategories,
      schema.media,
      schema.pages,
      schema.posts,
      schema.teamMembers,
      schema.locations,
      schema.authors,
      schema.productReviews,
    ];
    const countAll = () =>
      Promise.all(
        tables.map(async (table) => (await t.database.db.select({ n: count() }).from(table))[0]?.n),
      );
    const before = await countAll();
    expect(await seedDemoData(t.database.db)).toEqual({ applied: false });
    expect(await countAll()).toEqual(before);
    expect(before.every((n) => (n ?? 0) > 0)).toBe(true);
  });
});

describe('demo reviews', () => {
  it('are added once to a shop seeded before reviews existed', async () => {
    const reviewCount = async () =>
      (await t.database.db.select({ n: count() }).from(schema.productReviews))[0]!.n;
    const seeded = await reviewCount();
    await t.database.db.delete(schema.productReviews);
    await t.database.db
      .delete(schema.dataMarkers)
      .where(eq(schema.dataMarkers.name, DEMO_REVIEWS_MARKER));
    expect(await seedDemoData(t.database.db)).toEqual({ applied: true });
    expect(await reviewCount()).toBe(seeded);
    expect(await seedDemoData(t.database.db)).toEqual({ applied: false });
    expect(await reviewCount()).toBe(seeded);
  });
});

describe('loadConfig', () => {
  it('applies defaults', () => {
    expect(loadConfig({})).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      // Resolved from the working directory: file serving refuses a relative root.
      dataDir: path.resolve('data'),
      publicUrl: 'http://localhost:3000',
      logLevel: 'info',
      seedDemoData: true,
      smtpUrl: undefined,
      mailFrom: 'Larder & Oat <hello@larderandoat.com>',
      shopOwnerEmail: 'hello@larderandoat.com',
      rateLimits: {
        review: { max: 5, windowMs: 600_000 },
        contact: { max: 5, windowMs: 600_000 },
        newsletter: { max: 5, windowMs: 600_000 },
      },
    });
  });

  it('reads the mail and rate-limit variables', () => {
    expect(
      loadConfig({
        SMTP_URL: 'smtps://user:secret@mail.example.com:465',
        MAIL_FROM: 'Shop <shop@example.com>',
        SHOP_OWNER_EMAIL: 'owner@example.com',
        REVIEW_RATE_LIMIT: '3/1h',
        CONTACT_RATE_LIMIT: '10 / 30s',
        NEWSLETTER_RATE_LIMIT: '20/15m',
      }),
    ).toMatchObject({
      smtpUrl: 'smtps://user:secret@mail.example.com:465',
      mailFrom: 'Shop <shop@example.com>',
      shopOwnerEmail: 'owner@example.com',
      rateLimits: {
        review: { max: 3, windowMs: 3_600_000 },
        contact: { max: 10, windowMs: 30_000 },
        newsletter: { max: 20, windowMs: 900_000 },
      },
    });
  });

  it('names bad mail and rate-limit variables', () => {
    let error: unknown;
    try {
      loadConfig({
        SMTP_URL: 'http://mail',
        SHOP_OWNER_EMAIL: 'nobody',
        REVIEW_RATE_LIMIT: 'lots',
        CONTACT_RATE_LIMIT: '0/10m',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/^SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/m);
    expect(problems).toMatch(/^SHOP_OWNER_EMAIL: must be an email address/m);
    expect(problems).toMatch(/^REVIEW_RATE_LIMIT: must look like 5\/10m/m);
    expect(problems).toMatch(/^CONTACT_RATE_LIMIT: must allow at least 1 request/m);
  });

  it('builds PUBLIC_URL from PORT when it is unset, so emailed links reach the running shop', () => {
    expect(loadConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
    expect(loadConfig({ PORT: '4000', PUBLIC_URL: '' }).publicUrl).toBe('http://localhost:4000');
    expect(loadConfig({ PORT: '4000', PUBLIC_URL: 'https://shop.example.com' }).publicUrl).toBe(
      'https://shop.example.com',
    );
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u:p@db:5432/larder',
      READ_DATABASE_URL: 'postgres://u:p@replica:5432/larder',
      REDIS_URL: 'redis://:p@cache:6379/0',
      SHUTDOWN_DRAIN_MS: '2500',
      PUBLIC_URL: 'https://shop.example.com/',
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://u:p@db:5432/larder',
      readDatabaseUrl: 'postgres://u:p@replica:5432/larder',
      redisUrl: 'redis://:p@cache:6379/0',
      shutdownDrainMs: 2500,
      publicUrl: 'https://shop.example.com',
      seedDemoData: false,
      logLevel: 'warn',
    });
  });

  it('refuses a replica without its primary, hiding both addresses (they hold passwords)', () => {
    let problems: string[] = [];
    try {
      loadConfig({ READ_DATABASE_URL: 'postgres://u:secret@replica:5432/larder' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      problems = (error as ConfigError).problems;
    }
    expect(problems).toEqual([
      'READ_DATABASE_URL: needs DATABASE_URL: a replica reads for a PostgreSQL primary, not for PGlite (got (hidden))',
    ]);
  });

  it('refuses an AUTH_SECRET that is short or of few different characters, naming the setting', () => {
    const problemsOf = (secret: string) => {
      try {
        loadConfig({ AUTH_SECRET: secret });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as ConfigError).problems;
      }
      return [];
    };
    expect(problemsOf('a'.repeat(64))).toEqual([
      'AUTH_SECRET: must have at least 10 different characters (generate one with: openssl rand -base64 48) (got (hidden))',
    ]);
    expect(problemsOf('abababababababababababababababababab')[0]).toMatch(
      /^AUTH_SECRET: must have/,
    );
    expect(problemsOf('short-but-varied-123')[0]).toMatch(
      /^AUTH_SECRET: must be at least 32 characters/,
    );
    expect(problemsOf('Zq3v9KpL2xW8mR5tY7nB4cJ6hF1dG0sA')).toEqual([]);
  });

  it('refuses a REDIS_URL that is no redis:// URL without printing it (it may hold a password)', () => {
    expect(() => loadConfig({ REDIS_URL: 'cache:6379:secret' })).toThrow(
      'REDIS_URL: must be a redis:// or rediss:// URL (got (hidden))',
    );
  });

  it('rejects a bad PORT with one clear line per bad variable', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^PORT: must be a number \(got "eighty"\)$/);
    expect(problems[1]).toMatch(/^LOG_LEVEL: /);
  });
});
