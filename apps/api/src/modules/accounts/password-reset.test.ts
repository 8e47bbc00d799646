import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema, CustomerSchema, LoginResultSchema } from '@larder/contract';
import { passwordResetKeys } from '../../db/schema.ts';
import { mailTo } from '../../../test/outbox.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { eventually } from '../../../test/eventually.ts';

/** An account's mail but its welcome message, which every sign-up here sends first. */
const mailAfterSignUp = (dataDir: string, address: string) =>
  mailTo(dataDir, address).filter((mail) => !mail.headers.subject?.startsWith('Welcome to'));

const SIGN_UP = '/wp-json/wc/v3/customers';
const TOKEN = '/wp-json/jwt-auth/v1/token';
const ME = '/wp-json/wc/v3/customers/me';
const FORGOT = '/wp-json/wc/v3/forgot-password';
const RESET = '/wp-json/wc/v3/change-password';
const PASSWORD = 'oats and honey at dawn';
const NEW_PASSWORD = 'maple pecan crunch 42';

let t: TestApp;
let counter = 0;
/** The app's clock: tests move it forward to expire keys without waiting. */
let clock = new Date();

beforeAll(async () => {
  t = await buildTestApp({ seed: false, now: () => clock });
});
afterAll(() => t.close());

const uniqueEmail = () => `reset${++counter}-${Date.now().toString(36)}@example.com`;
const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: body as object, headers });

async function signUp() {
  const email = uniqueEmail();
  const res = await post(SIGN_UP, {
    email,
    password: PASSWORD,
    first_name: 'Robin',
    last_name: 'Oats',
  });
  expect(res.statusCode).toBe(201);
  return { id: CustomerSchema.parse(res.json()).id, email };
}

async function bearer(email: string, password: string) {
  const res = await post(TOKEN, { username: email, password });
  expect(res.statusCode).toBe(200);
  return { authorization: `Bearer ${LoginResultSchema.parse(res.json()).data.token}` };
}

/** Waits for the reset email (it is sent after the answer) and returns its link's key and id. */
async function resetLinkFor(email: string, count = 1) {
  const mails = await eventually(() => {
    const found = mailAfterSignUp(t.config.dataDir, email).filter(
      (mail) => mail.headers.subject === 'Reset your Larder & Oat password',
    );
    expect(found).toHaveLength(count);
    return found;
  });
  const mail = mails.at(-1)!;
  expect(mail.headers.subject).toBe('Reset your Larder & Oat password');
  const match = /http:\/\/shop\.test\/reset-password\?key=([\w-]+)&id=(\d+)/.exec(mail.text);
  expect(match).not.toBeNull();
  return { key: match![1]!, userId: Number(match![2]) };
}

describe('POST /forgot-password', () => {
  it('answers a known and an unknown address alike, and emails only the known one a link', async () => {
    const { id, email } = await signUp();
    const unknown = uniqueEmail();

    const known = await post(FORGOT, { email: email.toUpperCase() });
    const missing = await post(FORGOT, { email: unknown });
    expect(known.statusCode).toBe(200);
    expect(missing.statusCode).toBe(200);
    expect(known.body).toBe(missing.body);
    expect(known.json().message).toMatch(/If an account uses that email address/);

    const link = await resetLinkFor(email);
    expect(link.userId).toBe(id);
    expect(mailAfterSignUp(t.config.dataDir, unknown)).toHaveLength(0);

    // Only a hash of the key is stored.
    const [row] = await t.database.db
      .select()
      .from(passwordResetKeys)
      .where(eq(passwordResetKeys.customerId, id));
    expect(row!.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.keyHash).not.toContain(link.key);
    expect(Buffer.from(link.key, 'base64url')).toHaveLength(32);
  });

  it('refuses a malformed address with the field named', async () => {
    const res = await post(FORGOT, { email: 'not-an-address' });
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json()).data.params).toHaveProperty('email');
  });

  it('limits requests per address, whether or not it has an account', async () => {
    const { email } = await signUp();
    const unknown = uniqueEmail();
    for (const address of [email, unknown]) {
      for (let i = 0; i < 3; i += 1)
        expect((await post(FORGOT, { email: address })).statusCode).toBe(200);
      const limited = await post(FORGOT, { email: address });
      expect(limited.statusCode).toBe(429);
      expect(ApiErrorSchema.parse(limited.json()).code).toBe('rest_rate_limited');
    }
    await resetLinkFor(email, 3);
  });
});

describe('POST /change-password (reset link)', () => {
  it('sets the new password once, ends every session, and refuses the same link again', async () => {
    const { email } = await signUp();
    const phone = await bearer(email, PASSWORD);
    const laptop = await bearer(email, PASSWORD);
    await post(FORGOT, { email });
    const { key, userId } = await resetLinkFor(email);

    const res = await post(RESET, { password: NEW_PASSWORD, key, userId });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/password has been changed/);

    for (const session of [phone, laptop]) {
      const me = await t.app.inject({ method: 'GET', url: ME, headers: session });
      expect(me.statusCode).toBe(401);
    }
    expect((await post(TOKEN, { username: email, password: PASSWORD })).statusCode).toBe(401);
    await bearer(email, NEW_PASSWORD);

    const again = await post(RESET, { password: 'another fine password', key, userId });
    expect(again.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(again.json())).toMatchObject({
      code: 'invalid_key',
      message: 'This reset link has expired or was already used. Ask for a new one.',
      data: { status: 400 },
    });
    await bearer(email, NEW_PASSWORD);
  });

  it("clears the account's failed sign-ins, so the client that failed signs in at once", async () => {
    const { email } = await signUp();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(
        (await post(TOKEN, { username: email, password: `guess ${attempt}` })).statusCode,
      ).toBe(401);
    }
    expect((await post(TOKEN, { username: email, password: PASSWORD })).statusCode).toBe(429);
    await post(FORGOT, { email });
    const link = await resetLinkFor(email);
    expect((await post(RESET, { password: NEW_PASSWORD, ...link })).statusCode).toBe(200);

    await bearer(email, NEW_PASSWORD);
  });

  it('refuses a link older than an hour', async () => {
    const { email } = await signUp();
    await post(FORGOT, { email });
    const { key, userId } = await resetLinkFor(email);
    const issued = clock;
    try {
      clock = new Date(issued.getTime() + 60 * 60_000 + 1000);
      const res = await post(RESET, { password: NEW_PASSWORD, key, userId });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('invalid_key');
    } finally {
      clock = new Date();
    }
    await bearer(email, PASSWORD);
  });

  it('works just before the hour is up', async () => {
    const { email } = await signUp();
    await post(FORGOT, { email });
    const { key, userId } = await resetLinkFor(email);
    const issued = clock;
    try {
      clock = new Date(issued.getTime() + 59 * 60_000);
      expect((await post(RESET, { password: NEW_PASSWORD, key, userId })).statusCode).toBe(200);
    } finally {
      clock = new Date();
    }
  });

  it('a newer link replaces the older one', async () => {
    const { email } = await signUp();
    await post(FORGOT, { email });
    const first = await resetLinkFor(email, 1);
    await post(FORGOT, { email });
    const second = await resetLinkFor(email, 2);
    expect(second.key).not.toBe(first.key);

    const old = await post(RESET, { password: NEW_PASSWORD, ...first });
    expect(old.statusCode).toBe(400);
    expect(old.json().code).toBe('invalid_key');
    expect((await post(RESET, { password: NEW_PASSWORD, ...second })).statusCode).toBe(200);
  });

  it("refuses a wrong key, another customer's id and an unknown id alike", async () => {
    const a = await signUp();
    const b = await signUp();
    await post(FORGOT, { email: a.email });
    const { key } = await resetLinkFor(a.email);
    const attempts = [
      { key: `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`, userId: a.id },
      { key, userId: b.id },
      { key, userId: 999_999 },
      { key, userId: 2 ** 31 },
    ];
    for (const attempt of attempts) {
      const res = await post(RESET, { password: NEW_PASSWORD, ...attempt });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('invalid_key');
    }
    // None of them spent the real key.
    expect((await post(RESET, { password: NEW_PASSWORD, key, userId: a.id })).statusCode).toBe(200);
  });

  it('refuses a weak password like sign-up does, and the link still works afterwards', async () => {
    const { email } = await signUp();
    await post(FORGOT, { email });
    const link = await resetLinkFor(email);

    const common = await post(RESET, { password: 'password123', ...link });
    expect(common.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(common.json()).data.params).toEqual({
      password: 'That password is one of the most common ones. Choose something harder to guess.',
    });
    const short = await post(RESET, { password: 'short', ...link });
    expect(short.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(short.json()).data.params).toHaveProperty('password');

    expect((await post(RESET, { password: NEW_PASSWORD, ...link })).statusCode).toBe(200);
  });
});

describe('POST /forgot-password when the key cannot be stored', () => {
  let broken: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    broken = await buildTestApp({
      seed: false,
      config: { logLevel: 'error' },
      logStream: { write: (line) => void logLines.push(line) },
    });
    // Nowhere to store a key: the account's part of the work fails.
    await broken.database.db.execute(
      sql`alter table password_reset_keys rename to reset_keys_away`,
    );
  });
  afterAll(() => broken.close());

  it('still answers a known address exactly as an unknown one, and logs the failure', async () => {
    const email = uniqueEmail();
    const ask = (address: string) =>
      broken.app.inject({ method: 'POST', url: FORGOT, payload: { email: address } });
    expect(
      (
        await broken.app.inject({
          method: 'POST',
          url: SIGN_UP,
          payload: { email, password: PASSWORD, first_name: 'Robin', last_name: 'Oats' },
        })
      ).statusCode,
    ).toBe(201);

    const known = await ask(email);
    const unknown = await ask(uniqueEmail());
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    await eventually(() =>
      expect(logLines.join('')).toContain('could not email a password reset link'),
    );
    expect(mailAfterSignUp(broken.config.dataDir, email)).toHaveLength(0);
  });
});

describe('rate limits per client', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({
      seed: false,
      config: { rateLimits: { passwordReset: { max: 2, windowMs: 60_000 } } },
    });
  });
  afterAll(() => limited.close());

  it('answers 429 once a client has asked too often, across addresses', async () => {
    const ask = (email: string) =>
      limited.app.inject({ method: 'POST', url: FORGOT, payload: { email } });
    expect((await ask('one@example.com')).statusCode).toBe(200);
    expect((await ask('two@example.com')).statusCode).toBe(200);
    const res = await ask('three@example.com');
    expect(res.statusCode).toBe(429);
    expect(ApiErrorSchema.parse(res.json()).data.status).toBe(429);
  });
});
