import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema, CustomerSchema, LoginResultSchema } from '@larder/contract';
import { customerSessions, customers } from '../../db/schema.ts';
import { createInProcessFetch } from '../../web/in-process-fetch.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';

const SIGN_UP = '/wp-json/wc/v3/customers';
const TOKEN = '/wp-json/jwt-auth/v1/token';
const LOGOUT = '/wp-json/jwt-auth/v1/logout';
const PASSWORD = '/wp-json/wc/v3/password';
const PASSWORD_OK = 'oats and honey at dawn';

let t: TestApp;
let counter = 0;
/** Moves the app's clock forward, so tests can wait out a sign-in delay without waiting. */
let clockOffsetMs = 0;

beforeAll(async () => {
  t = await buildTestApp({ seed: false, now: () => new Date(Date.now() + clockOffsetMs) });
});
afterAll(() => t.close());

const uniqueEmail = () => `buyer${++counter}-${Date.now().toString(36)}@example.com`;

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: body as object, headers });

async function signUp(email = uniqueEmail(), password = PASSWORD_OK) {
  const res = await post(SIGN_UP, { email, password, first_name: 'Robin', last_name: 'Oats' });
  expect(res.statusCode).toBe(201);
  return { customer: CustomerSchema.parse(res.json()), email, password };
}

/** Signs in and returns what a browser and an API client each hold afterwards. */
async function signIn(email: string, password = PASSWORD_OK, remember = false) {
  const res = await post(TOKEN, { username: email, password, remember });
  expect(res.statusCode).toBe(200);
  const body = LoginResultSchema.parse(res.json());
  const cookie = (name: string) => res.cookies.find((entry) => entry.name === name);
  const session = cookie('larder_session')!;
  const xsrf = cookie('XSRF-TOKEN')!;
  return {
    res,
    token: body.data.token,
    id: body.data.id,
    session,
    xsrf,
    /** Headers of a browser request: both cookies, and the XSRF value echoed. */
    browser: (withXsrf = true): Record<string, string> => ({
      cookie: `larder_session=${session.value}; XSRF-TOKEN=${xsrf.value}`,
      ...(withXsrf ? { 'x-xsrf-token': xsrf.value } : {}),
    }),
    bearer: { authorization: `Bearer ${body.data.token}` },
  };
}

describe('sign-up', () => {
  it('creates a customer, whatever role the request asks for, and keeps only a hash of the password', async () => {
    const email = uniqueEmail();
    const res = await post(SIGN_UP, {
      email: email.toUpperCase(),
      password: PASSWORD_OK,
      first_name: 'Robin',
      last_name: 'Oats',
      role: 'administrator',
    });
    expect(res.statusCode).toBe(201);
    const customer = CustomerSchema.parse(res.json());
    expect(customer).toMatchObject({ email, role: 'customer', first_name: 'Robin' });
    expect(res.body).not.toContain(PASSWORD_OK);
    expect(res.body).not.toContain('argon2');
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('refuses a taken email in any spelling, and weak passwords, with a message per field', async () => {
    const { email } = await signUp();
    const taken = await post(SIGN_UP, {
      email: email.toUpperCase(),
      password: PASSWORD_OK,
      first_name: 'A',
      last_name: 'B',
    });
    expect(taken.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(taken.json()).code).toBe('registration-error-email-exists');

    for (const [password, message] of [
      ['short', 'Use at least 10 characters.'],
      [
        '1234567890',
        'That password is one of the most common ones. Choose something harder to guess.',
      ],
      ['robinsonian-2026', 'Leave your email address out of your password.'],
    ] as const) {
      const weak = await post(SIGN_UP, {
        email: 'robinsonian@example.com',
        password,
        first_name: 'A',
        last_name: 'B',
      });
      expect(weak.statusCode).toBe(400);
      expect(ApiErrorSchema.parse(weak.json()).data.params?.password).toBe(message);
    }
  });

  it('refuses passwords from a breach list of tens of thousands, in any letter case', async () => {
    for (const password of ['football123', 'Basketball', 'liverpool1', 'superman123']) {
      const weak = await post(SIGN_UP, {
        email: uniqueEmail(),
        password,
        first_name: 'A',
        last_name: 'B',
      });
      expect(weak.statusCode).toBe(400);
      expect(ApiErrorSchema.parse(weak.json()).data.params?.password).toBe(
        'That password is one of the most common ones. Choose something harder to guess.',
      );
    }
  });
});

describe('sign-in', () => {
  it('answers the token and sets an httpOnly session cookie that ends with the browser', async () => {
    const { email, customer } = await signUp();
    const signedIn = await signIn(email);
    expect(signedIn.id).toBe(customer.id);
    expect(signedIn.session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(signedIn.session.maxAge).toBeUndefined();
    expect(signedIn.xsrf.httpOnly).toBeUndefined();
    expect(signedIn.session.value).toBe(signedIn.token);
  });

  it('with remember me, keeps the customer signed in for 30 days', async () => {
    const { email } = await signUp();
    const { session, xsrf } = await signIn(email, PASSWORD_OK, true);
    expect(session.maxAge).toBeGreaterThan(29 * 86_400);
    expect(session.maxAge).toBeLessThanOrEqual(30 * 86_400);
    expect(xsrf.maxAge).toBe(session.maxAge);
  });

  it('never remembers an owner: the cookie ends with the browser and the session within 8 hours', async () => {
    const { email, customer } = await signUp();
    await t.database.db
      .update(customers)
      .set({ role: 'shop_manager' })
      .where(eq(customers.id, customer.id));
    const before = Date.now();
    const { session } = await signIn(email, PASSWORD_OK, true);
    expect(session.maxAge).toBeUndefined();
    expect(session.expires).toBeUndefined();
    const [row] = await t.database.db
      .select()
      .from(customerSessions)
      .where(eq(customerSessions.customerId, customer.id));
    expect(row!.remember).toBe(false);
    const hours = (row!.expiresAt.getTime() - before) / 3_600_000;
    expect(hours).toBeGreaterThan(7.9);
    expect(hours).toBeLessThanOrEqual(8.01);
  });

  it('says the same for a wrong password and an unknown email, with success false', async () => {
    const { email } = await signUp();
    const wrong = await post(TOKEN, { username: email, password: 'not the password' });
    const unknown = await post(TOKEN, { username: 'nobody@example.com', password: PASSWORD_OK });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        success: false,
        code: 'jwt_auth_failed',
        message: 'The email, username or password is incorrect.',
        data: { status: 401 },
      });
      expect(res.cookies).toEqual([]);
    }
  });

  it('after 5 wrong passwords from one client, slows that client with growing delays while another signs in', async () => {
    const { email, customer } = await signUp();
    const guesser = '203.0.113.7';
    const tryFrom = (remoteAddress: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: TOKEN,
        payload: { username: email, password },
        remoteAddress,
      });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await tryFrom(guesser, `guess number ${attempt}`)).statusCode).toBe(401);
    }

    // Held back before the password is even checked: the right one waits too.
    const slowed = await tryFrom(guesser, PASSWORD_OK);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers['retry-after']).toBe('2');
    expect(ApiErrorSchema.parse(slowed.json())).toMatchObject({
      code: 'jwt_auth_too_many_attempts',
      data: { status: 429 },
    });

    const owner = await tryFrom('198.51.100.20', PASSWORD_OK);
    expect(owner.statusCode).toBe(200);
    expect(LoginResultSchema.parse(owner.json()).data.id).toBe(customer.id);

    try {
      clockOffsetMs += 2000;
      expect((await tryFrom(guesser, 'guess number 6')).statusCode).toBe(401);
      const longer = await tryFrom(guesser, PASSWORD_OK);
      expect(longer.statusCode).toBe(429);
      expect(longer.headers['retry-after']).toBe('4');
      clockOffsetMs += 4000;
      expect((await tryFrom(guesser, PASSWORD_OK)).statusCode).toBe(200);
    } finally {
      clockOffsetMs = 0;
    }
  });

  it('counts the addresses of one IPv6 /64 as one client, as the rate limits do', async () => {
    const { email } = await signUp();
    const tryFrom = (remoteAddress: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: TOKEN,
        payload: { username: email, password },
        remoteAddress,
      });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const address = `2001:db8:1:2::${attempt + 1}`;
      expect((await tryFrom(address, `guess number ${attempt}`)).statusCode).toBe(401);
    }
    expect((await tryFrom('2001:db8:1:2:ffff::9', PASSWORD_OK)).statusCode).toBe(429);
    expect((await tryFrom('2001:db8:1:3::1', PASSWORD_OK)).statusCode).toBe(200);
  });

  it('slows an account guessed at from many clients, except for a client that signed in to it before', async () => {
    const { email } = await signUp();
    const tryFrom = (remoteAddress: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: TOKEN,
        payload: { username: email, password },
        remoteAddress,
      });
    expect((await tryFrom('198.51.100.20', PASSWORD_OK)).statusCode).toBe(200);
    for (let client = 1; client <= 50; client += 1) {
      expect((await tryFrom(`203.0.113.${client}`, 'one guess each')).statusCode).toBe(401);
    }

    const newcomer = await tryFrom('192.0.2.99', PASSWORD_OK);
    expect(newcomer.statusCode).toBe(429);
    expect(newcomer.headers['retry-after']).toBe('10');
    expect((await tryFrom('198.51.100.20', PASSWORD_OK)).statusCode).toBe(200);
  });
});

describe('sign-in after an email change', () => {
  it("an address that was one account's and is now another's signs in to the new owner only", async () => {
    const earlier = await signUp();
    const later = await signUp(uniqueEmail(), 'maple pecan crunch 42');
    // The first account moves to a new address (its username keeps the old one); the second takes the old one.
    await t.database.db
      .update(customers)
      .set({ email: uniqueEmail() })
      .where(eq(customers.id, earlier.customer.id));
    await t.database.db
      .update(customers)
      .set({ email: earlier.email })
      .where(eq(customers.id, later.customer.id));

    expect((await signIn(earlier.email, 'maple pecan crunch 42')).id).toBe(later.customer.id);
    const old = await post(TOKEN, { username: earlier.email, password: PASSWORD_OK });
    expect(old.statusCode).toBe(401);
  });
});

describe('your account', () => {
  it('is yours to read, by Bearer token or by session cookie; nobody else may', async () => {
    const { email, customer } = await signUp();
    const me = await signIn(email);
    const other = await signIn((await signUp()).email);
    const url = `${SIGN_UP}/${customer.id}`;

    for (const headers of [me.bearer, me.browser(false)]) {
      const res = await t.app.inject({ url, headers });
      expect(res.statusCode).toBe(200);
      expect(CustomerSchema.parse(res.json()).email).toBe(email);
    }
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect((await t.app.inject({ url, headers: other.bearer })).statusCode).toBe(403);
    expect((await t.app.inject({ url, headers: other.browser() })).statusCode).toBe(403);
  });

  it('answers "me" with the signed-in customer, and 401 for a guest', async () => {
    const { email, customer } = await signUp();
    const me = await signIn(email);
    const res = await t.app.inject({ url: `${SIGN_UP}/me`, headers: me.browser(false) });
    expect(res.statusCode).toBe(200);
    expect(CustomerSchema.parse(res.json()).id).toBe(customer.id);
    const guest = await t.app.inject({ url: `${SIGN_UP}/me` });
    expect(guest.statusCode).toBe(401);
    expect(ApiErrorSchema.parse(guest.json()).code).toBe('woocommerce_rest_cannot_view');
  });

  it('refuses a forged Bearer token and forgets a stale cookie', async () => {
    const { email, customer } = await signUp();
    const me = await signIn(email);
    const url = `${SIGN_UP}/${customer.id}`;
    const forged = await t.app.inject({
      url,
      headers: { authorization: `Bearer ${me.token.slice(0, -4)}AAAA` },
    });
    expect(forged.statusCode).toBe(401);
    expect(ApiErrorSchema.parse(forged.json()).code).toBe('jwt_auth_invalid_token');

    const stale = await t.app.inject({ url, headers: { cookie: 'larder_session=stale' } });
    expect(stale.statusCode).toBe(401);
    expect(stale.cookies.find((cookie) => cookie.name === 'larder_session')?.value).toBe('');
  });

  it('updates names and addresses only with the XSRF header, and never the role', async () => {
    const { email, customer } = await signUp();
    const me = await signIn(email);
    const url = `${SIGN_UP}/${customer.id}`;
    const billing = {
      first_name: 'Robin',
      last_name: 'Granola',
      address_1: '318 Hunt Street',
      city: 'Durham',
      state: 'NC',
      postcode: '27701',
      country: 'US',
      email,
      phone: '919 555 0142',
    };

    const withoutXsrf = await post(url, { billing }, me.browser(false));
    expect(withoutXsrf.statusCode).toBe(403);
    expect(ApiErrorSchema.parse(withoutXsrf.json()).code).toBe('rest_cookie_invalid_nonce');

    const res = await post(url, { billing, role: 'wholesale_customer' }, me.browser());
    expect(res.statusCode).toBe(200);
    const updated = CustomerSchema.parse(res.json());
    expect(updated).toMatchObject({ role: 'customer', first_name: 'Robin', last_name: 'Granola' });
    expect(updated.billing).toMatchObject({ city: 'Durham', email });

    // A Bearer token is not sent by browsers on their own, so it needs no XSRF header.
    const put = await t.app.inject({
      method: 'PUT',
      url,
      payload: { last_name: 'Oat' },
      headers: me.bearer,
    });
    expect(CustomerSchema.parse(put.json()).last_name).toBe('Oat');
  });

  it('cannot change another account', async () => {
    const first = await signUp();
    const second = await signUp();
    const me = await signIn(second.email);
    const theirs = await post(
      `${SIGN_UP}/${first.customer.id}`,
      { first_name: 'Mallory' },
      me.bearer,
    );
    expect(theirs.statusCode).toBe(403);
  });
});

describe('server-side rendering', () => {
  it("acts for the signed-in visitor, echoing the XSRF cookie like the browser's script", async () => {
    const { email, customer } = await signUp();
    const me = await signIn(email);
    const apiFetch = createInProcessFetch(t.app, { cookie: me.browser().cookie }, '203.0.113.9');
    const res = await apiFetch(`${SIGN_UP}/${customer.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ first_name: 'Sam' }),
    });
    expect(res.status).toBe(200);
    expect(CustomerSchema.parse(await res.json()).first_name).toBe('Sam');
  });
});

describe('signing out and changing the password', () => {
  it('signing out ends the session on the server and clears the cookies', async () => {
    const { email, customer } = await signUp();
    const me = await signIn(email);
    const out = await post(LOGOUT, {}, me.browser());
    expect(out.statusCode).toBe(200);
    expect(out.cookies.map((cookie) => [cookie.name, cookie.value])).toEqual([
      ['larder_session', ''],
      ['XSRF-TOKEN', ''],
    ]);
    const after = await t.app.inject({ url: `${SIGN_UP}/${customer.id}`, headers: me.bearer });
    expect(after.statusCode).toBe(401);
  });

  it('needs the current password, then signs out every other device', async () => {
    const { email, customer } = await signUp();
    const laptop = await signIn(email);
    const phone = await signIn(email);
    const newPassword = 'crunchy clusters forever';

    const wrong = await post(
      PASSWORD,
      { current_password: 'nope', password: newPassword },
      laptop.bearer,
    );
    expect(wrong.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(wrong.json()).data.params?.current_password).toBeDefined();
    expect(
      (await post(PASSWORD, { current_password: PASSWORD_OK, password: newPassword })).statusCode,
    ).toBe(401);

    const changed = await post(
      PASSWORD,
      { current_password: PASSWORD_OK, password: newPassword },
      laptop.bearer,
    );
    expect(changed.statusCode).toBe(200);
    const url = `${SIGN_UP}/${customer.id}`;
    expect((await t.app.inject({ url, headers: laptop.bearer })).statusCode).toBe(200);
    expect((await t.app.inject({ url, headers: phone.bearer })).statusCode).toBe(401);
    expect((await post(TOKEN, { username: email, password: PASSWORD_OK })).statusCode).toBe(401);
    await signIn(email, newPassword);
  });
});
