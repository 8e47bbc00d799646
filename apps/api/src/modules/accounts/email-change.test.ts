import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiErrorSchema,
  ConfirmEmailResultSchema,
  CustomerSchema,
  LoginResultSchema,
} from '@larder/contract';
import { emailChangeKeys } from '../../db/schema.ts';
import { mailTo } from '../../../test/outbox.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { eventually } from '../../../test/eventually.ts';

/** An account's mail but its welcome message, which every sign-up here sends first. */
const mailAfterSignUp = (dataDir: string, address: string) =>
  mailTo(dataDir, address).filter((mail) => !mail.headers.subject?.startsWith('Welcome to'));

const CUSTOMERS = '/wp-json/wc/v3/customers';
const TOKEN = '/wp-json/jwt-auth/v1/token';
const ME = '/wp-json/wc/v3/customers/me';
const CONFIRM = '/wp-json/wc/v3/confirm-email';
const FORGOT = '/wp-json/wc/v3/forgot-password';
const RESET = '/wp-json/wc/v3/change-password';
const PASSWORD = 'oats and honey at dawn';

let t: TestApp;
let counter = 0;
/** The app's clock: tests move it forward to expire links without waiting. */
let clockOffsetMs = 0;

beforeAll(async () => {
  t = await buildTestApp({ seed: false, now: () => new Date(Date.now() + clockOffsetMs) });
});
afterAll(() => t.close());

const uniqueEmail = () => `mover${++counter}-${Date.now().toString(36)}@example.com`;
const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: body as object, headers });

async function signUp(app = t) {
  const email = uniqueEmail();
  const res = await app.app.inject({
    method: 'POST',
    url: CUSTOMERS,
    payload: { email, password: PASSWORD, first_name: 'Robin', last_name: 'Oats' },
  });
  expect(res.statusCode).toBe(201);
  return { id: CustomerSchema.parse(res.json()).id, email };
}

async function bearer(email: string, password = PASSWORD) {
  const res = await post(TOKEN, { username: email, password });
  expect(res.statusCode).toBe(200);
  return { authorization: `Bearer ${LoginResultSchema.parse(res.json()).data.token}` };
}

/** Waits for the mails of a change (sent after the answer) and returns the link's key and id. */
async function confirmLinkFor(address: string, count = 1) {
  const mails = await eventually(() => {
    const found = mailAfterSignUp(t.config.dataDir, address);
    expect(found).toHaveLength(count);
    return found;
  });
  const mail = mails.at(-1)!;
  expect(mail.headers.subject).toBe('Confirm your new Larder & Oat email address');
  const match = /http:\/\/shop\.test\/my-account\/confirm-email\?key=([\w-]+)&id=(\d+)/.exec(
    mail.text,
  );
  expect(match).not.toBeNull();
  return { key: match![1]!, userId: Number(match![2]) };
}

const changeEmail = (
  account: { id: number },
  session: Record<string, string>,
  body: Record<string, string>,
) => post(`${CUSTOMERS}/${account.id}`, body, session);

describe('POST /customers/{id} with a new email', () => {
  it('needs the current password, and changes nothing without the right one', async () => {
    const account = await signUp();
    const session = await bearer(account.email);
    const newEmail = uniqueEmail();

    const missing = await changeEmail(account, session, { email: newEmail });
    expect(missing.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(missing.json()).data.params).toEqual({
      current_password: 'Enter your current password to change your email address.',
    });
    const wrong = await changeEmail(account, session, {
      email: newEmail,
      current_password: 'not my password',
      first_name: 'Changed',
    });
    expect(wrong.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(wrong.json()).data.params).toEqual({
      current_password: 'Your current password is not right.',
    });

    const me = CustomerSchema.parse((await t.app.inject({ url: ME, headers: session })).json());
    expect(me).toMatchObject({ email: account.email, first_name: 'Robin' });
    // The same address in other letters is no change and needs no password.
    const same = await changeEmail(account, session, { email: account.email.toUpperCase() });
    expect(same.statusCode).toBe(200);
  });

  it('keeps the old address until the link sent to the new one is opened, and tells the old one', async () => {
    const account = await signUp();
    const session = await bearer(account.email);
    const newEmail = uniqueEmail();

    const res = await changeEmail(account, session, {
      email: newEmail,
      current_password: PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(CustomerSchema.parse(res.json()).email).toBe(account.email);
    const link = await confirmLinkFor(newEmail);
    expect(link.userId).toBe(account.id);
    const notice = await eventually(() => {
      const found = mailAfterSignUp(t.config.dataDir, account.email);
      expect(found).toHaveLength(1);
      return found[0]!;
    });
    expect(notice.headers.subject).toBe('Your Larder & Oat email address is about to change');
    expect(notice.text).toContain(newEmail);
    expect(notice.text).not.toMatch(/confirm-email/);
    // Still the old address for signing in until then.
    expect((await post(TOKEN, { username: newEmail, password: PASSWORD })).statusCode).toBe(401);

    const confirmed = await post(CONFIRM, link);
    expect(confirmed.statusCode).toBe(200);
    expect(ConfirmEmailResultSchema.parse(confirmed.json())).toEqual({
      message: `Your email address is now ${newEmail}. Sign in with it from now on.`,
      email: newEmail,
    });
    await bearer(newEmail);
    expect((await post(TOKEN, { username: account.email, password: PASSWORD })).statusCode).toBe(
      401,
    );
    // Opening the link again (or after a mail scanner did) says the same and changes nothing.
    expect((await post(CONFIRM, link)).json()).toEqual(confirmed.json());
  });

  it('answers alike when another account uses the new address, which gets a notice and no link', async () => {
    const account = await signUp();
    const owner = await signUp();
    const session = await bearer(account.email);

    const free = await changeEmail(account, session, {
      email: uniqueEmail(),
      current_password: PASSWORD,
    });
    const taken = await changeEmail(account, session, {
      email: owner.email.toUpperCase(),
      current_password: PASSWORD,
    });
    expect(taken.statusCode).toBe(free.statusCode);
    const { date_modified: _a, date_modified_gmt: _b, ...takenBody } = taken.json();
    const { date_modified: _c, date_modified_gmt: _d, ...freeBody } = free.json();
    expect(takenBody).toEqual(freeBody);

    const notice = await eventually(() => {
      const found = mailAfterSignUp(t.config.dataDir, owner.email);
      expect(found).toHaveLength(1);
      return found[0]!;
    });
    expect(notice.headers.subject).toBe('This address already has a Larder & Oat account');
    expect(notice.text).not.toMatch(/confirm-email/);
    await eventually(() =>
      expect(mailAfterSignUp(t.config.dataDir, account.email)).toHaveLength(2),
    );
    // The pending change is still the one to the free address.
    const [pending] = await t.database.db
      .select()
      .from(emailChangeKeys)
      .where(eq(emailChangeKeys.customerId, account.id));
    expect(pending!.newEmail).not.toBe(owner.email);
    await bearer(owner.email);
  });
});

describe('POST /confirm-email', () => {
  it('signs the account out everywhere but the browser that opened the link', async () => {
    const account = await signUp();
    const phone = await bearer(account.email);
    const login = await post(TOKEN, { username: account.email, password: PASSWORD });
    const cookie = (name: string) => login.cookies.find((entry) => entry.name === name)!.value;
    const browser = {
      cookie: `larder_session=${cookie('larder_session')}; XSRF-TOKEN=${cookie('XSRF-TOKEN')}`,
      'x-xsrf-token': cookie('XSRF-TOKEN'),
    };
    const newEmail = uniqueEmail();
    await changeEmail(account, browser, { email: newEmail, current_password: PASSWORD });
    const link = await confirmLinkFor(newEmail);

    expect((await post(CONFIRM, link, browser)).statusCode).toBe(200);
    expect((await t.app.inject({ url: ME, headers: phone })).statusCode).toBe(401);
    const me = await t.app.inject({ url: ME, headers: browser });
    expect(me.statusCode).toBe(200);
    expect(CustomerSchema.parse(me.json()).email).toBe(newEmail);
  });

  it('refuses a link after 24 hours, a replaced link, and a wrong key, alike', async () => {
    const account = await signUp();
    const session = await bearer(account.email);
    const first = uniqueEmail();
    await changeEmail(account, session, { email: first, current_password: PASSWORD });
    const firstLink = await confirmLinkFor(first);
    const second = uniqueEmail();
    await changeEmail(account, session, { email: second, current_password: PASSWORD });
    const secondLink = await confirmLinkFor(second);

    const attempts = [
      firstLink,
      {
        key: `${secondLink.key.slice(0, -1)}${secondLink.key.endsWith('A') ? 'B' : 'A'}`,
        userId: account.id,
      },
      { key: secondLink.key, userId: 999_999 },
    ];
    try {
      clockOffsetMs = 24 * 60 * 60_000 + 1000;
      attempts.push(secondLink);
      for (const attempt of attempts) {
        const res = await post(CONFIRM, attempt);
        expect(res.statusCode).toBe(400);
        expect(ApiErrorSchema.parse(res.json()).code).toBe('invalid_key');
      }
    } finally {
      clockOffsetMs = 0;
    }
    await bearer(account.email);
  });

  it('a password reset cancels a pending change', async () => {
    const account = await signUp();
    const session = await bearer(account.email);
    const newEmail = uniqueEmail();
    await changeEmail(account, session, { email: newEmail, current_password: PASSWORD });
    const link = await confirmLinkFor(newEmail);

    await post(FORGOT, { email: account.email });
    const resetMail = await eventually(() => {
      const found = mailAfterSignUp(t.config.dataDir, account.email).filter(
        (mail) => mail.headers.subject === 'Reset your Larder & Oat password',
      );
      expect(found).toHaveLength(1);
      return found[0]!;
    });
    const [, key, userId] = /reset-password\?key=([\w-]+)&id=(\d+)/.exec(resetMail.text)!;
    expect(
      (await post(RESET, { password: 'maple pecan crunch 42', key, userId: Number(userId) }))
        .statusCode,
    ).toBe(200);

    const res = await post(CONFIRM, link);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_key');
  });

  it('a password change cancels a pending change', async () => {
    const account = await signUp();
    const session = await bearer(account.email);
    const newEmail = uniqueEmail();
    await changeEmail(account, session, { email: newEmail, current_password: PASSWORD });
    const link = await confirmLinkFor(newEmail);

    const changed = await post(
      '/wp-json/wc/v3/password',
      { current_password: PASSWORD, password: 'maple pecan crunch 42' },
      session,
    );
    expect(changed.statusCode).toBe(200);

    const res = await post(CONFIRM, link);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_key');
    await bearer(account.email, 'maple pecan crunch 42');
  });
});

describe('rate limits on account saves', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({
      seed: false,
      config: { rateLimits: { profileUpdate: { max: 2, windowMs: 60_000 } } },
    });
  });
  afterAll(() => limited.close());

  async function session(email: string) {
    const res = await limited.app.inject({
      method: 'POST',
      url: TOKEN,
      payload: { username: email, password: PASSWORD },
      remoteAddress: '198.51.100.1',
    });
    return { authorization: `Bearer ${LoginResultSchema.parse(res.json()).data.token}` };
  }
  const save = (id: number, headers: Record<string, string>, remoteAddress: string) =>
    limited.app.inject({
      method: 'POST',
      url: `${CUSTOMERS}/${id}`,
      payload: { email: uniqueEmail(), current_password: PASSWORD },
      headers,
      remoteAddress,
    });

  it('answers 429 once one client has saved too often, across accounts', async () => {
    const a = await signUp(limited);
    const b = await signUp(limited);
    const [sa, sb] = [await session(a.email), await session(b.email)];
    expect((await save(a.id, sa, '203.0.113.1')).statusCode).toBe(200);
    expect((await save(b.id, sb, '203.0.113.1')).statusCode).toBe(200);
    const res = await save(a.id, sa, '203.0.113.1');
    expect(res.statusCode).toBe(429);
    expect(ApiErrorSchema.parse(res.json())).toMatchObject({
      code: 'rest_rate_limited',
      data: { status: 429 },
    });
  });

  it('answers 429 once one account has saved too often, across clients', async () => {
    const a = await signUp(limited);
    const sa = await session(a.email);
    expect((await save(a.id, sa, '203.0.113.21')).statusCode).toBe(200);
    expect((await save(a.id, sa, '203.0.113.22')).statusCode).toBe(200);
    const res = await save(a.id, sa, '203.0.113.23');
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});
