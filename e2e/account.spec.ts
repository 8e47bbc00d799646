import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { axeViolations, axeViolationsAtWidths } from './support/axe';
import { apiPaths, type Product } from '@larder/contract';
import { gotoHydrated } from './support/hydration';
import { mailTo } from './support/outbox';

const SESSION_STORAGE_KEY = 'larder-and-oat:customer';
const PASSWORD = 'oat clusters at dawn';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

interface Account {
  email: string;
  password: string;
  firstName: string;
}

const newAccount = (): Account => ({
  email: `robin.${unique()}@example.com`,
  password: PASSWORD,
  firstName: 'Robin',
});

/** Creates a customer through the API, as a visitor would through /sign-up. */
async function createAccount(request: APIRequestContext, account = newAccount()) {
  const response = await request.post(apiPaths.customers, {
    data: {
      email: account.email,
      password: account.password,
      first_name: account.firstName,
      last_name: 'Tester',
    },
  });
  expect(response.status()).toBe(201);
  return account;
}

/** Signs the page's browser in through the API: its cookies land in the page's context. */
async function signInThroughApi(page: Page, account: Account) {
  const response = await page.request.post(apiPaths.token, {
    data: { username: account.email, password: account.password },
  });
  expect(response.ok()).toBe(true);
}

async function signInWithForm(page: Page, account: Account, { remember = false } = {}) {
  const form = page.getByTestId('login-form');
  await form.getByLabel('Email or username').fill(account.email);
  await form.getByLabel('Password').fill(account.password);
  if (remember) await form.getByLabel('Remember me').check();
  await form.getByRole('button', { name: 'Sign in' }).click();
}

const accountNav = (page: Page) => page.getByRole('navigation', { name: 'Account' });

/** The reset link emailed to `address`, as a path on the shop under test. */
async function resetLinkFor(address: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const match = (await mailTo(address))
        .map(({ text }) => /\/reset-password\?key=[\w-]+(?:&|&amp;)id=\d+/.exec(text)?.[0])
        .filter(Boolean)
        .pop();
      link = (match ?? '').replace('&amp;', '&');
      return link;
    })
    .not.toBe('');
  return link;
}

/** The email-change link emailed to `address`, as a path on the shop under test. */
async function confirmLinkFor(address: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const match = (await mailTo(address))
        .map(
          ({ text }) => /\/my-account\/confirm-email\?key=[\w-]+(?:&|&amp;)id=\d+/.exec(text)?.[0],
        )
        .filter(Boolean)
        .pop();
      link = (match ?? '').replace('&amp;', '&');
      return link;
    })
    .not.toBe('');
  return link;
}

test.describe('Accounts (issue 5)', () => {
  test('sign up, sign out, sign in with remember me, and stay signed in after a reload', async ({
    page,
    context,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const account = newAccount();
    await gotoHydrated(page, '/sign-up');
    const form = page.getByTestId('sign-up-form');
    await form.getByLabel('First name').fill(account.firstName);
    await form.getByLabel('Last name').fill('Tester');
    await form.getByLabel('Email').fill(account.email);
    await expect(form.getByText('At least 10 characters.')).toBeVisible();
    await form.getByLabel('Password').fill(account.password);
    await form.getByRole('button', { name: 'Create account' }).click();

    // Signed in straight away.
    await expect(page).toHaveURL(/\/my-account$/);
    await expect(page.getByTestId('account-greeting')).toHaveText('Hello, Robin');
    await expect(accountNav(page).getByRole('link', { name: 'My account' })).toBeVisible();

    // Log Out from the dropdown, opened by hovering.
    await accountNav(page).getByRole('link', { name: 'My account' }).hover();
    const menu = page.getByTestId('account-menu');
    await expect(menu).toBeVisible();
    await menu.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(accountNav(page).getByRole('link', { name: 'Sign in' })).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY)).toBeNull();
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('larder_session');

    await signInWithForm(page, account, { remember: true });
    await expect(page).toHaveURL(/\/my-account$/);
    await expect(page.getByTestId('account-greeting')).toHaveText('Hello, Robin');

    // Remember me: the session cookie outlives the browser, and the snapshot (never a token) is kept.
    const session = (await context.cookies()).find((cookie) => cookie.name === 'larder_session');
    expect(session?.httpOnly).toBe(true);
    expect(session?.expires).toBeGreaterThan(Date.now() / 1000 + 7 * 24 * 3600);
    const saved = await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY);
    expect(JSON.parse(saved ?? '{}').state.customer.email).toBe(account.email);
    expect(saved).not.toContain(session?.value ?? 'no session');

    // The server renders the signed-in header and the browser agrees: no hydration mismatch.
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.reload();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(page.getByTestId('account-greeting')).toHaveText('Hello, Robin');
    await expect(accountNav(page).getByRole('link', { name: 'My account' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('the page for a signed-in visitor is never cached, and the header is right before scripts run', async ({
    page,
    request,
  }) => {
    await signInThroughApi(page, await createAccount(page.request));
    // The server's HTML itself, before any script: the session cookie travels with the request.
    const response = await page.request.get('/');
    expect(response.headers()['cache-control']).toBe('private, no-store');
    const html = await response.text();
    expect(html).toContain('aria-label="Account menu"');
    expect(html).not.toContain('href="/login"');

    const guest = await request.get('/');
    // A guest's page is not kept by the browser either: it carries a per-response CSP nonce.
    expect(guest.headers()['cache-control']).toBe('no-cache');
    expect(await guest.text()).toContain('href="/login"');
  });

  test('without remember me, the session cookie ends with the browser', async ({
    page,
    context,
  }) => {
    const account = await createAccount(page.request);
    await gotoHydrated(page, '/login');
    await signInWithForm(page, account);
    await expect(page).toHaveURL(/\/my-account$/);
    const session = (await context.cookies()).find((cookie) => cookie.name === 'larder_session');
    expect(session?.expires).toBe(-1);

    // Nothing kept in local storage, yet a reload knows the customer from the session cookie.
    const saved = await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY);
    expect(JSON.parse(saved ?? '{}').state?.customer ?? null).toBeNull();
    await gotoHydrated(page, '/login');
    await expect(page.getByTestId('signed-in-note')).toContainText(account.email);
  });

  test('the guest cart survives sign-in, re-priced by the API, and checkout gets the saved addresses until log out', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request);
    // The customer's saved billing address, set through the API with the token (Bearer).
    const token = await request.post(apiPaths.token, {
      data: { username: account.email, password: account.password },
    });
    const { data } = (await token.json()) as { data: { token: string; id: number } };
    const saved = await request.post(`${apiPaths.customers}/${data.id}`, {
      headers: { authorization: `Bearer ${data.token}` },
      data: {
        billing: {
          first_name: 'Robin',
          last_name: 'Tester',
          email: account.email,
          phone: '919-555-0100',
          address_1: '12 Oak Street',
          city: 'Durham',
          state: 'NC',
          postcode: '27701',
          country: 'US',
        },
      },
    });
    expect(saved.ok()).toBe(true);

    const products = (await (
      await request.get(`${apiPaths.products}?per_page=100&type=variable`)
    ).json()) as Product[];
    const product = products.find((entry) => entry.variations.some((v) => v.is_in_stock))!;
    const variation = product.variations.find((v) => v.is_in_stock)!;

    // A guest's cart line with a price the shop never asked (an old visit, say).
    await gotoHydrated(page, '/');
    await page.evaluate(
      ({ product, variation }) =>
        localStorage.setItem(
          'shop-cart',
          JSON.stringify({
            version: 1,
            state: {
              items: [
                {
                  id: variation.variation_id,
                  quantity: 2,
                  price: 0.5,
                  variation_id: variation.variation_id,
                  variation: variation.attributes,
                  product: {
                    id: product.id,
                    slug: product.slug,
                    name: product.name,
                    type: product.type,
                    images: [],
                  },
                },
              ],
            },
          }),
        ),
      { product, variation },
    );
    const cart = () =>
      page.evaluate(
        () =>
          JSON.parse(localStorage.getItem('shop-cart') ?? '{}').state as {
            items: Array<{ id: number; quantity: number; price: number }>;
            billing: Record<string, string>;
          },
      );

    await gotoHydrated(page, '/login');
    await signInWithForm(page, account);
    await expect(page).toHaveURL(/\/my-account$/);
    await expect.poll(async () => (await cart()).items[0]?.price).toBe(variation.display_price);
    expect((await cart()).items).toMatchObject([{ id: variation.variation_id, quantity: 2 }]);
    expect((await cart()).billing).toMatchObject({ city: 'Durham', address_1: '12 Oak Street' });

    await gotoHydrated(page, '/checkout');
    await expect(page.getByLabel('City').first()).toHaveValue('Durham');

    await accountNav(page).getByRole('button', { name: 'Account menu' }).click();
    await page.getByTestId('account-menu').getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect((await cart()).billing).toMatchObject({ city: '', address_1: '', email: '' });
    expect((await cart()).items).toHaveLength(1);
  });

  test('the account dropdown opens and closes from the keyboard', async ({ page }) => {
    await signInThroughApi(page, await createAccount(page.request));
    await gotoHydrated(page, '/shop');
    const toggle = accountNav(page).getByRole('button', { name: 'Account menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = page.getByTestId('account-menu');
    await expect(menu.getByRole('link', { name: 'Order history' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Account details' })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'Order history' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();

    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/my-account\/order-history$/);
    await expect(menu).toBeHidden();
  });

  test('the mobile menu offers the account pages and Sign out', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInThroughApi(page, await createAccount(page.request));
    await gotoHydrated(page, '/');
    await page.getByTestId('mobile-menu-toggle').click();
    const panel = page.getByTestId('mobile-menu');
    await expect(panel.getByRole('link', { name: 'Account details' })).toBeVisible();
    await panel.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a visitor at /my-account signs in and comes back to it', async ({ page, request }) => {
    const account = await createAccount(request);
    await page.goto('/my-account');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fmy-account$/);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await signInWithForm(page, account);
    await expect(page).toHaveURL(/\/my-account$/);
    await expect(page.getByTestId('account-greeting')).toHaveText('Hello, Robin');
  });

  test('the guard covers the account sub-pages, and only same-site paths are followed', async ({
    page,
    request,
  }) => {
    await page.goto('/my-account/account-details');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fmy-account%2Faccount-details$/);

    const account = await createAccount(request);
    await gotoHydrated(page, '/login?redirect=//evil.example/');
    await signInWithForm(page, account);
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/my-account$/);
  });

  test('after signing out, the account area sends the visitor to sign in', async ({ page }) => {
    await signInThroughApi(page, await createAccount(page.request));
    await gotoHydrated(page, '/my-account');
    await page.getByTestId('content-page').getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fmy-account$/);
  });

  test('a wrong password shows the server message', async ({ page, request }) => {
    const account = await createAccount(request);
    await gotoHydrated(page, '/login');
    await signInWithForm(page, { ...account, password: 'not the password' });
    await expect(page.getByTestId('login-form').getByRole('alert')).toHaveText(
      'The email, username or password is incorrect.',
    );
    await expect(page).toHaveURL(/\/login$/);
  });

  test('sign-up explains a taken email and a short password', async ({ page, request }) => {
    const account = await createAccount(request);
    await gotoHydrated(page, '/sign-up');
    const form = page.getByTestId('sign-up-form');
    await form.getByLabel('First name').fill('Robin');
    await form.getByLabel('Last name').fill('Again');
    await form.getByLabel('Email').fill(account.email);
    await form.getByLabel('Password').fill('short');
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(form.getByText('Use at least 10 characters.')).toBeVisible();

    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Create account' }).click();
    const alert = form.getByRole('alert');
    await expect(alert).toContainText('An account already uses this email address.');
    await expect(alert.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    await expect(alert.getByRole('link', { name: 'reset your password' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  test('forgot and reset password with the emailed link, which works only once', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request);
    await gotoHydrated(page, '/forgot-password');
    const forgot = page.getByTestId('forgot-password-form');
    await forgot.getByLabel('Email').fill(account.email);
    await forgot.getByRole('button', { name: 'Email me a reset link' }).click();
    await expect(forgot.getByRole('status')).not.toBeEmpty();

    const link = await resetLinkFor(account.email);
    const newPassword = 'granola by moonlight';
    await gotoHydrated(page, link);
    const reset = page.getByTestId('reset-password-form');
    await reset.getByLabel('New password', { exact: true }).fill(newPassword);
    await reset.getByLabel('New password again').fill('something else entirely');
    await reset.getByRole('button', { name: 'Save new password' }).click();
    await expect(reset.getByText('The two passwords do not match.')).toBeVisible();
    await reset.getByLabel('New password again').fill(newPassword);
    await reset.getByRole('button', { name: 'Save new password' }).click();
    const done = page.getByTestId('reset-password-done');
    await expect(done.getByRole('status')).toContainText('Your password has been changed');

    await done.getByRole('link', { name: 'Sign in with your new password' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signInWithForm(page, { ...account, password: newPassword });
    await expect(page).toHaveURL(/\/my-account$/);

    // The same link a second time: the server's message and a way to ask again.
    await gotoHydrated(page, link);
    const again = page.getByTestId('reset-password-form');
    await again.getByLabel('New password', { exact: true }).fill('a third good password');
    await again.getByLabel('New password again').fill('a third good password');
    await again.getByRole('button', { name: 'Save new password' }).click();
    const alert = again.getByRole('alert');
    await expect(alert).toBeVisible();
    await expect(alert.getByRole('link', { name: 'Ask for a new reset link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  test('changing the email: the current password, a link to the new address, a notice to the old one, and the change when the link is opened', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request);
    const newEmail = `rowan.${unique()}@example.com`;
    await signInThroughApi(page, account);
    await gotoHydrated(page, '/my-account/account-details');
    const form = page.getByTestId('account-details-form');
    await form.getByLabel('Email', { exact: true }).fill(newEmail);
    await form.getByLabel('Current password').fill(account.password);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByTestId('account-details-success')).toHaveText(
      `We sent a link to ${newEmail} — the address changes when you open it.`,
    );
    // The long address in the message wraps: a phone's page never scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    // Until the link is opened the account keeps its address.
    await expect(form.getByLabel('Email', { exact: true })).toHaveValue(account.email);
    await expect
      .poll(async () => (await mailTo(account.email)).map(({ text }) => text).join('\n'))
      .toContain('Your Larder & Oat email address is about to change');

    const link = await confirmLinkFor(newEmail);
    await gotoHydrated(page, link);
    const done = page.getByTestId('confirm-email-done');
    await expect(done.getByRole('status')).toHaveText(
      `Your email address is now ${newEmail}. Sign in with it from now on.`,
    );
    await done.getByRole('link', { name: 'Go to your account' }).click();
    await expect(
      page.getByTestId('account-details-form').getByLabel('Email', { exact: true }),
    ).toHaveValue(newEmail);

    // A link that was never sent says so, with the way back.
    await gotoHydrated(page, '/my-account/confirm-email?key=not-the-key&id=1');
    await expect(page.getByTestId('confirm-email-link-failed').getByRole('alert')).toBeVisible();
  });
});

test.describe('Account pages: accessibility', () => {
  const paths = [
    '/login',
    '/sign-up',
    '/forgot-password',
    '/reset-password?key=abc&id=1',
    '/my-account/confirm-email?key=abc&id=1',
    '/my-account',
  ];
  for (const target of paths) {
    test(`axe finds no violations on ${target} at 390 and 1440 px`, async ({ page }) => {
      if (target === '/my-account') await signInThroughApi(page, await createAccount(page.request));
      await page.setViewportSize({ width: 390, height: 900 });
      await gotoHydrated(page, target);
      await expect(page).toHaveURL(new RegExp(`${target.replace(/[?]/g, '\\?')}$`));
      expect(await axeViolationsAtWidths(page, [390, 1440])).toEqual({ 390: [], 1440: [] });
    });
  }

  test('axe finds no violations in the open account dropdown', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInThroughApi(page, await createAccount(page.request));
    await gotoHydrated(page, '/');
    await accountNav(page).getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByTestId('account-menu')).toBeVisible();
    expect(await axeViolations(page, '[data-testid="account-nav"]')).toEqual([]);
  });
});
