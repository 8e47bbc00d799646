import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiKeyCreatedSchema,
  apiKeyPaths,
  ApiKeySchema,
  apiPaths,
  type ApiKeyCreated,
  type ApiKeyPermissions,
} from '@larder/contract';
import { z } from 'zod';
import { apiKeyNonces, apiKeys, customers } from '../../db/schema.ts';
import { signedInCustomer, type Session } from '../../../test/sessions.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let owner: Session;
let clock = new Date('2026-11-26T09:00:00Z');
const https = { 'x-forwarded-proto': 'https' };

beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
  owner = await signedInCustomer(t.app, t.database.db, { role: 'administrator' });
});
afterAll(() => t.close());

async function createKey(
  permissions: ApiKeyPermissions = 'read_write',
  session: Session = owner,
): Promise<ApiKeyCreated> {
  const res = await t.app.inject({
    method: 'POST',
    url: apiKeyPaths.apiKeys,
    headers: session.bearer,
    payload: { description: `Label printer ${permissions}`, permissions },
  });
  expect(res.statusCode).toBe(201);
  return ApiKeyCreatedSchema.parse(res.json());
}

const basic = (key: ApiKeyCreated, secret = key.consumer_secret) => ({
  authorization: `Basic ${Buffer.from(`${key.consumer_key}:${secret}`).toString('base64')}`,
});

// An independent signer (RFC 5849 §3.4), so the test does not check the server against itself.
const rfc3986 = (text: string) =>
  encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

function oauthUrl(
  key: ApiKeyCreated,
  method: string,
  path: string,
  query: Record<string, string> = {},
  options: {
    algorithm?: 'sha1' | 'sha256';
    timestamp?: number;
    nonce?: string;
    secret?: string;
  } = {},
): string {
  const algorithm = options.algorithm ?? 'sha256';
  const params: Record<string, string> = {
    ...query,
    oauth_consumer_key: key.consumer_key,
    oauth_nonce: options.nonce ?? randomBytes(16).toString('hex'),
    oauth_signature_method: algorithm === 'sha1' ? 'HMAC-SHA1' : 'HMAC-SHA256',
    oauth_timestamp: String(options.timestamp ?? Math.floor(clock.getTime() / 1000)),
    oauth_version: '1.0',
  };
  const normalized = Object.keys(params)
    .sort()
    .map((name) => `${rfc3986(name)}=${rfc3986(params[name]!)}`)
    .join('&');
  const base = `${method}&${rfc3986(`http://shop.test${path}`)}&${rfc3986(normalized)}`;
  const signature = createHmac(algorithm, `${options.secret ?? key.consumer_secret}&`)
    .update(base)
    .digest('base64');
  return `${path}?${new URLSearchParams({ ...params, oauth_signature: signature })}`;
}

const errorCode = (res: { json(): unknown }) => (res.json() as { code: string }).code;

describe('creating, listing and revoking keys', () => {
  it('shows the consumer key and secret once and stores the key only as its hash', async () => {
    const key = await createKey('read');
    expect(key.consumer_key).toMatch(/^ck_[0-9a-f]{40}$/);
    expect(key.consumer_secret).toMatch(/^cs_[0-9a-f]{40}$/);
    expect(key.truncated_key).toBe(key.consumer_key.slice(-7));
    expect(key).toMatchObject({ user_id: owner.id, user_email: owner.email, last_access: null });

    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.consumerKeyHash).toBe(
      createHmac('sha256', 'wc-api').update(key.consumer_key).digest('hex'),
    );
    expect(JSON.stringify(row)).not.toContain(key.consumer_key);

    const listed = await t.app.inject({ url: apiKeyPaths.apiKeys, headers: owner.bearer });
    expect(listed.statusCode).toBe(200);
    const keys = z.array(ApiKeySchema).parse(listed.json());
    expect(keys.find((k) => k.id === key.id)).toMatchObject({
      description: 'Label printer read',
      permissions: 'read',
      truncated_key: key.truncated_key,
    });
    expect(listed.body).not.toContain(key.consumer_secret);
    expect(listed.body).not.toContain(key.consumer_key);
  });

  it('revokes a key: it stops working at once, and the activity log says who did it', async () => {
    const key = await createKey();
    const before = await t.app.inject({
      url: apiPaths.orders,
      headers: { ...basic(key), ...https },
    });
    expect(before.statusCode).toBe(200);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `${apiKeyPaths.apiKeys}/${key.id}`,
      headers: owner.bearer,
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ id: key.id, truncated_key: key.truncated_key });
    const after = await t.app.inject({
      url: apiPaths.orders,
      headers: { ...basic(key), ...https },
    });
    expect(after.statusCode).toBe(401);
    expect(errorCode(after)).toBe('woocommerce_rest_authentication_error');

    const again = await t.app.inject({
      method: 'DELETE',
      url: `${apiKeyPaths.apiKeys}/${key.id}`,
      headers: owner.bearer,
    });
    expect(again.statusCode).toBe(404);
    const log = await t.app.inject({
      url: `/wp-json/wc/v3/activity-log?subject_type=api_key&subject_id=${key.id}`,
      headers: owner.bearer,
    });
    const actions = (log.json() as Array<{ action: string }>).map((entry) => entry.action);
    expect(actions.sort()).toEqual(['api_key.created', 'api_key.revoked']);
  });

  it('refuses a request signed with a key to list, create or revoke keys', async () => {
    const key = await createKey();
    const headers = { ...basic(key), ...https };
    const list = await t.app.inject({ url: apiKeyPaths.apiKeys, headers });
    const create = await t.app.inject({
      method: 'POST',
      url: apiKeyPaths.apiKeys,
      headers,
      payload: { permissions: 'read_write' },
    });
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `${apiKeyPaths.apiKeys}/${key.id}`,
      headers,
    });
    expect([list.statusCode, create.statusCode, revoke.statusCode]).toEqual([403, 403, 403]);
  });
});

describe('Basic auth and query keys (https)', () => {
  it('lets a key act as its owner over https, from a trusted proxy’s X-Forwarded-Proto', async () => {
    const key = await createKey();
    const res = await t.app.inject({
      url: apiPaths.customers,
      headers: { ...basic(key), ...https },
    });
    expect(res.statusCode).toBe(200);
    const query = new URLSearchParams({
      consumer_key: key.consumer_key,
      consumer_secret: key.consumer_secret,
    });
    const viaQuery = await t.app.inject({ url: `${apiPaths.orders}?${query}`, headers: https });
    expect(viaQuery.statusCode).toBe(200);
    // An owner's catalogue read, with the key in the URL: no shared cache may keep it.
    const products = await t.app.inject({ url: `${apiPaths.products}?${query}`, headers: https });
    expect(products.statusCode).toBe(200);
    expect(products.headers['cache-control']).toContain('private');
  });

  it('refuses the key over plain http, and a forged X-Forwarded-Proto from an untrusted peer', async () => {
    const key = await createKey();
    const plain = await t.app.inject({ url: apiPaths.orders, headers: basic(key) });
    expect(plain.statusCode).toBe(401);
    expect(plain.json().message).toContain('https');
    const forged = await t.app.inject({
      url: apiPaths.orders,
      headers: { ...basic(key), ...https },
      remoteAddress: '203.0.113.9',
    });
    expect(forged.statusCode).toBe(401);
  });

  it('refuses a wrong secret and an unknown key with 401 woocommerce_rest_authentication_error', async () => {
    const key = await createKey();
    const wrong = await t.app.inject({
      url: apiPaths.orders,
      headers: { ...basic(key, `cs_${'0'.repeat(40)}`), ...https },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({
      code: 'woocommerce_rest_authentication_error',
      message: 'Consumer secret is invalid.',
      data: { status: 401 },
    });
    const unknown = await t.app.inject({
      url: apiPaths.orders,
      headers: { ...basic({ ...key, consumer_key: `ck_${'f'.repeat(40)}` }), ...https },
    });
    expect(unknown.statusCode).toBe(401);
  });
});

describe('OAuth 1.0a (http)', () => {
  it('accepts HMAC-SHA1 and HMAC-SHA256 signatures, with the query signed', async () => {
    const key = await createKey();
    for (const algorithm of ['sha1', 'sha256'] as const) {
      const url = oauthUrl(
        key,
        'GET',
        apiPaths.orders,
        { per_page: '2', status: 'any' },
        { algorithm },
      );
      const res = await t.app.inject({ url });
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('refuses a nonce used before, a timestamp outside 15 minutes, and a bad signature', async () => {
    const key = await createKey();
    const url = oauthUrl(key, 'GET', apiPaths.customers);
    expect((await t.app.inject({ url })).statusCode).toBe(200);
    const replay = await t.app.inject({ url });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('Invalid nonce - nonce has already been used.');

    const stale = Math.floor(clock.getTime() / 1000) - 16 * 60;
    const old = await t.app.inject({
      url: oauthUrl(key, 'GET', apiPaths.customers, {}, { timestamp: stale }),
    });
    expect(old.statusCode).toBe(401);
    expect(old.json().message).toBe('Invalid timestamp.');

    const forged = oauthUrl(key, 'GET', apiPaths.customers, {}, { secret: 'cs_guess' });
    const bad = await t.app.inject({ url: forged });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBe('Invalid signature - provided signature does not match.');

    const tampered = oauthUrl(key, 'GET', apiPaths.customers, { per_page: '1' }).replace(
      'per_page=1',
      'per_page=50',
    );
    expect((await t.app.inject({ url: tampered })).statusCode).toBe(401);
  });

  it('forgets a nonce after the window, and answers a half-signed request with missing_parameter', async () => {
    const key = await createKey();
    const nonce = 'same-nonce-twice';
    expect(
      (await t.app.inject({ url: oauthUrl(key, 'GET', apiPaths.orders, {}, { nonce }) }))
        .statusCode,
    ).toBe(200);
    clock = new Date(clock.getTime() + 16 * 60 * 1000);
    expect(
      (await t.app.inject({ url: oauthUrl(key, 'GET', apiPaths.orders, {}, { nonce }) }))
        .statusCode,
    ).toBe(200);
    const stored = await t.database.db
      .select()
      .from(apiKeyNonces)
      .where(eq(apiKeyNonces.keyId, key.id));
    expect(stored).toHaveLength(1);

    const partial = await t.app.inject({
      url: `${apiPaths.orders}?oauth_consumer_key=${key.consumer_key}&oauth_nonce=x`,
    });
    expect(partial.statusCode).toBe(401);
    expect(errorCode(partial)).toBe('woocommerce_rest_authentication_missing_parameter');
  });

  it('accepts the signature in an Authorization: OAuth header', async () => {
    const key = await createKey();
    const signed = new URL(oauthUrl(key, 'GET', apiPaths.orders), 'http://shop.test');
    const header = `OAuth ${[...signed.searchParams]
      .map(([name, value]) => `${name}="${rfc3986(value)}"`)
      .join(', ')}`;
    const res = await t.app.inject({ url: apiPaths.orders, headers: { authorization: header } });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe("a key acts as its owner, limited by the key's permissions", () => {
  it('a read key reads but cannot write, a write key writes but cannot read', async () => {
    const read = await createKey('read');
    const write = await createKey('write');
    const product = { name: 'Key-made granola', regular_price: '9.50', food: {} };
    const readGet = await t.app.inject({
      url: apiPaths.orders,
      headers: { ...basic(read), ...https },
    });
    expect(readGet.statusCode).toBe(200);
    const readPost = await t.app.inject({
      method: 'POST',
      url: apiPaths.products,
      headers: { ...basic(read), ...https },
      payload: product,
    });
    expect(readPost.statusCode).toBe(401);
    expect(readPost.json().message).toBe('The API key provided does not have write permissions.');
    const writeGet = await t.app.inject({
      url: apiPaths.orders,
      headers: { ...basic(write), ...https },
    });
    expect(writeGet.statusCode).toBe(401);
    expect(writeGet.json().message).toBe('The API key provided does not have read permissions.');
  });

  it("follows the account's role: an owner made a customer keeps keys that can no longer run the shop", async () => {
    const manager = await signedInCustomer(t.app, t.database.db, { role: 'shop_manager' });
    const key = await createKey('read_write', manager);
    const asManager = await t.app.inject({
      url: apiPaths.customers,
      headers: { ...basic(key), ...https },
    });
    expect(asManager.statusCode).toBe(200);
    await t.database.db
      .update(customers)
      .set({ role: 'customer' })
      .where(eq(customers.id, manager.id));
    const asCustomer = await t.app.inject({
      url: apiPaths.customers,
      headers: { ...basic(key), ...https },
    });
    expect(asCustomer.statusCode).toBe(403);
  });

  it('records last_access when used, at most once a minute', async () => {
    const key = await createKey('read');
    const lastAccess = async () =>
      (await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id)))[0]!.lastAccess;
    const use = () => t.app.inject({ url: apiPaths.orders, headers: { ...basic(key), ...https } });
    const first = clock;
    await use();
    expect(await lastAccess()).toEqual(first);
    clock = new Date(first.getTime() + 30_000);
    await use();
    expect(await lastAccess()).toEqual(first);
    clock = new Date(first.getTime() + 61_000);
    await use();
    expect(await lastAccess()).toEqual(clock);
  });
});

describe('npm run admin -- keys …', () => {
  async function admin(...argv: string[]) {
    const { runAdmin } = await import('../../admin/cli.ts');
    const { createAdminContext } = await import('../../admin/context.ts');
    const out: string[] = [];
    const err: string[] = [];
    const context = createAdminContext(t.config, t.database.db);
    const code = await runAdmin(argv, {
      io: { out: (text) => out.push(text), err: (text) => err.push(text) },
      open: async () => ({ context, close: async () => undefined }),
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  it('creates a key for an owner and prints both halves, which then work; lists and revokes it', async () => {
    const created = await admin(
      'keys',
      'create',
      '--user',
      owner.email.toUpperCase(),
      '--permissions',
      'read_write',
      '--description',
      'Accounting sync',
    );
    expect(created.code, created.err).toBe(0);
    const consumerKey = /Consumer key: +(ck_[0-9a-f]{40})/.exec(created.out)?.[1];
    const consumerSecret = /Consumer secret: +(cs_[0-9a-f]{40})/.exec(created.out)?.[1];
    expect(consumerKey && consumerSecret).toBeTruthy();
    const id = Number(/API key #(\d+)/.exec(created.out)?.[1]);
    const key = { consumer_key: consumerKey!, consumer_secret: consumerSecret! } as ApiKeyCreated;
    const used = await t.app.inject({ url: apiPaths.orders, headers: { ...basic(key), ...https } });
    expect(used.statusCode).toBe(200);

    const listed = await admin('keys', 'list');
    expect(listed.out).toContain('Accounting sync');
    expect(listed.out).toContain(`…${consumerKey!.slice(-7)}`);
    expect(listed.out).not.toContain(consumerSecret);

    const revoked = await admin('keys', 'revoke', String(id));
    expect(revoked.code).toBe(0);
    const refused = await t.app.inject({
      url: apiPaths.orders,
      headers: { ...basic(key), ...https },
    });
    expect(refused.statusCode).toBe(401);
    expect((await admin('keys', 'revoke', String(id))).err).toContain(`No API key #${id}.`);
  });

  it("refuses a key for a customer's account, an unknown email and unknown permissions", async () => {
    const customer = await signedInCustomer(t.app, t.database.db);
    const forCustomer = await admin(
      'keys',
      'create',
      '--user',
      customer.email,
      '--permissions',
      'read',
    );
    expect(forCustomer.code).not.toBe(0);
    expect(forCustomer.err).toContain('keys are for the shop');
    const unknown = await admin(
      'keys',
      'create',
      '--user',
      'nobody@example.com',
      '--permissions',
      'read',
    );
    expect(unknown.err).toContain('No account uses nobody@example.com.');
    const badPermissions = await admin(
      'keys',
      'create',
      '--user',
      owner.email,
      '--permissions',
      'all',
    );
    expect(badPermissions.err).toContain('--permissions must be one of: read, write, read_write');
  });
});
