import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { apiPaths } from '@larder/contract';
import { gotoHydrated } from './support/hydration';

const run = promisify(execFile);
const PASSWORD = 'granola at the counter';

/** The owner's command line while the shop runs on its embedded database (decision 0026). */
async function createOwner(email: string) {
  const { stdout } = await run(
    'npm',
    [
      'run',
      '--silent',
      'admin',
      '--',
      'owner',
      'create',
      '--email',
      email,
      '--password',
      PASSWORD,
    ].concat(['--first-name', 'Maya', '--last-name', 'Okafor']),
    {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    },
  );
  expect(stdout).toContain(`account #`);
}

test('an owner with two-factor sign-in is asked for the code after the password', async ({
  page,
  request,
}) => {
  const email = `owner.${Date.now().toString(36)}@example.com`;
  await createOwner(email);

  // Two-factor sign-in turned on through the API, with a code computed as an authenticator app does.
  const token = await request.post(apiPaths.token, {
    data: { username: email, password: PASSWORD },
  });
  expect(token.status()).toBe(200);
  const bearer = { authorization: `Bearer ${(await token.json()).data.token}` };
  const setup = await request.post(`${apiPaths.twoFactor}/setup`, { headers: bearer });
  expect(setup.status()).toBe(200);
  const totp = new TOTP({ secret: Secret.fromBase32((await setup.json()).secret) });
  const enabled = await request.post(`${apiPaths.twoFactor}/enable`, {
    headers: bearer,
    data: { code: totp.generate() },
  });
  expect(enabled.status()).toBe(200);

  for (const width of [390, 1440]) {
    await page.context().clearCookies();
    await page.setViewportSize({ width, height: 900 });
    await gotoHydrated(page, '/login');
    const form = page.getByTestId('login-form');
    await form.getByLabel('Email or username').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign in' }).click();

    const code = form.getByLabel('Authentication code');
    await expect(code).toBeFocused();
    await expect(page).toHaveURL(/\/login/);
    await page.screenshot({ path: test.info().outputPath(`two-factor-${width}.png`) });
  }

  const form = page.getByTestId('login-form');
  const code = form.getByLabel('Authentication code');
  await code.fill('000000');
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(form.getByRole('alert')).toContainText('That code is not right');

  // The code of the next 30 seconds (the shop allows one step of clock drift): the one that
  // turned two-factor sign-in on is spent.
  await code.fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  const me = await page.request.get(`${apiPaths.customers}/me`);
  expect((await me.json()).email).toBe(email);
});
