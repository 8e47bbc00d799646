import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths,
  LoginFailureSchema,
  TWO_FACTOR_REQUIRED,
  TwoFactorSetupSchema,
} from '@larder/contract';
import { signedInCustomer, TEST_PASSWORD, type Session } from '../../../test/sessions.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
/** The clock the shop reads: moved on by hand so each code belongs to a new time step. */
let clock = new Date();

beforeAll(async () => {
  t = await buildTestApp({ seed: false, now: () => clock });
});
afterAll(() => t.close());

const codeFor = (secret: string, at = clock) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() });
const nextStep = () => {
  clock = new Date(clock.getTime() + 30_000);
};

const post = (session: Session | null, url: string, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: session?.bearer ?? {},
    ...(payload ? { payload } : {}),
  });
const signInWith = (email: string, otp?: string) =>
  t.app.inject({
    method: 'POST',
    url: apiPaths.token,
    payload: { username: email, password: TEST_PASSWORD, ...(otp ? { otp } : {}) },
  });

/** An owner with two-factor sign-in turned on; returns the secret their app holds. */
async function ownerWithTwoFactor(): Promise<{ owner: Session; secret: string }> {
  const owner = await signedInCustomer(t.app, t.database.db, { role: 'administrator' });
  const setup = await post(owner, `${apiPaths.twoFactor}/setup`);
  const { secret } = TwoFactorSetupSchema.parse(setup.json());
  nextStep();
  expect(
    (await post(owner, `${apiPaths.twoFactor}/enable`, { code: codeFor(secret) })).statusCode,
  ).toBe(200);
  return { owner, secret };
}

describe('two-factor sign-in for owners', () => {
  it('is set up with a QR code and starts only once a code from it is confirmed', async () => {
    const owner = await signedInCustomer(t.app, t.database.db, { role: 'shop_manager' });
    const setup = await post(owner, `${apiPaths.twoFactor}/setup`);
    expect(setup.statusCode).toBe(200);
    expect(setup.headers['cache-control']).toBe('private, no-store');
    const body = TwoFactorSetupSchema.parse(setup.json());
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauth_uri).toContain('otpauth://totp/');
    expect(body.otpauth_uri).toContain(`secret=${body.secret}`);
    expect(body.otpauth_uri).toContain(encodeURIComponent(owner.email));
    expect(body.qr_svg).toMatch(/^<svg[^>]*>/);

    // Not on yet: sign-in asks for nothing, and a wrong code does not turn it on.
    expect((await signInWith(owner.email)).statusCode).toBe(200);
    const wrong = await post(owner, `${apiPaths.twoFactor}/enable`, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'two_factor_invalid', data: { status: 400 } });
    const status = await t.app.inject({ url: apiPaths.twoFactor, headers: owner.bearer });
    expect(status.json()).toEqual({ enabled: false });

    nextStep();
    const on = await post(owner, `${apiPaths.twoFactor}/enable`, { code: codeFor(body.secret) });
    expect(on.statusCode).toBe(200);
    const after = await t.app.inject({ url: apiPaths.twoFactor, headers: owner.bearer });
    expect(after.json()).toEqual({ enabled: true });
  });

  it('asks for the code after the right password, takes each code once, and refuses a wrong one', async () => {
    const { owner, secret } = await ownerWithTwoFactor();

    const asked = await signInWith(owner.email);
    expect(asked.statusCode).toBe(401);
    expect(LoginFailureSchema.parse(asked.json())).toMatchObject({ code: TWO_FACTOR_REQUIRED });
    expect(asked.cookies).toEqual([]);

    nextStep();
    const code = codeFor(secret);
    const wrong = await signInWith(owner.email, code === '123456' ? '654321' : '123456');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ success: false, code: 'two_factor_invalid' });

    const signedIn = await signInWith(owner.email, code);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.cookies.map((cookie) => cookie.name)).toContain('larder_session');

    // Seen once, a code is spent, even within its 30 seconds.
    const replayed = await signInWith(owner.email, code);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toMatchObject({ code: 'two_factor_invalid' });

    // A code from two minutes ago is no longer right.
    nextStep();
    const stale = codeFor(secret, new Date(clock.getTime() - 120_000));
    expect((await signInWith(owner.email, stale)).statusCode).toBe(401);
    expect((await signInWith(owner.email, codeFor(secret))).statusCode).toBe(200);
  });

  it('turns off only with a current code', async () => {
    const { owner, secret } = await ownerWithTwoFactor();
    const refused = await post(owner, `${apiPaths.twoFactor}/disable`, { code: '000000' });
    expect(refused.statusCode).toBe(400);
    nextStep();
    const off = await post(owner, `${apiPaths.twoFactor}/disable`, { code: codeFor(secret) });
    expect(off.statusCode).toBe(200);
    expect((await signInWith(owner.email)).statusCode).toBe(200);
  });

  it('is for owners: a customer gets 403, a guest 401 before the body is read', async () => {
    const customer = await signedInCustomer(t.app, t.database.db);
    const setup = await post(customer, `${apiPaths.twoFactor}/setup`);
    expect(setup.statusCode).toBe(403);
    expect(setup.json()).toMatchObject({ data: { status: 403 } });
    const guest = await post(null, `${apiPaths.twoFactor}/enable`, { code: 'not a code' });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toMatchObject({ code: 'woocommerce_rest_cannot_edit' });
  });
});
