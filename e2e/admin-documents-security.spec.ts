import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { apiPaths, testPaymentToken, type Order, type ShippingRate } from '@larder/contract';
import { createOwner, ownerAccount, signIn, unique } from './support/back-office';
import { axeViolations, axeViolationsAtWidths } from './support/axe';
import { gotoHydrated } from './support/hydration';
import { shoot } from './support/screenshots';
import { shopApi } from './support/shop-api';

const notice = (page: Page) => page.getByTestId('admin-notice');

async function xsrfHeader(page: Page) {
  const cookie = (await page.context().cookies()).find((entry) => entry.name === 'XSRF-TOKEN');
  return { 'x-xsrf-token': decodeURIComponent(cookie?.value ?? '') };
}

/** A guest's paid order, placed and paid through the shop's API as checkout does. */
async function paidGuestOrder(page: Page, lastName: string): Promise<Order> {
  const [product] = (await shopApi(page.request).products()).filter(
    (entry) => entry.type === 'simple' && entry.purchasable,
  );
  const line = { product_id: product!.id, variation_id: 0, quantity: 2 };
  const address = {
    address_1: '1100 Congress Ave',
    city: 'Austin',
    state: 'TX',
    postcode: '78701',
    country: 'US',
  };
  const headers = await xsrfHeader(page);
  const rates = await page.request.post(apiPaths.shippingRates, {
    headers,
    data: { ...address, products: [line] },
  });
  const [rate] = (await rates.json()) as ShippingRate[];
  const placed = await page.request.post(apiPaths.orders, {
    headers,
    data: {
      customer_id: 0,
      payment_method: 'stripe',
      billing: {
        first_name: 'Robin',
        last_name: lastName,
        email: `guest.${unique()}@example.com`,
        phone: '+1 512 555 0100',
        ...address,
      },
      line_items: [line],
      shipping_lines: [{ method_id: rate!.method_id, instance_id: rate!.instance_id }],
    },
  });
  expect(placed.status()).toBe(201);
  const order = (await placed.json()) as Order;
  const paid = await page.request.post(apiPaths.cardPayment, {
    headers,
    data: {
      order_id: order.id,
      order_key: order.order_key,
      payment_token: testPaymentToken('4242 4242 4242 4242'),
      payment_method: 'stripe',
    },
  });
  expect(paid.ok()).toBe(true);
  return order;
}

test.describe('Order paperwork (issue 13)', () => {
  test("the order screen's Packing slip and Invoice open the order's PDFs", async ({
    page,
    context,
  }) => {
    test.slow();
    const lastName = `Paper${unique()}`;
    const order = await paidGuestOrder(page, lastName);
    await signIn(page, await ownerAccount());
    await gotoHydrated(page, `/admin/orders/${order.id}`);

    for (const [name, file] of [
      ['Packing slip', `packing-slip-${order.id}.pdf`],
      ['Invoice', `invoice-${order.id}.pdf`],
    ] as const) {
      const link = page.getByRole('link', { name: new RegExp(`^${name}`) });
      await expect(link).toHaveAttribute('target', '_blank');
      const href = await link.getAttribute('href');
      // The link's own address, with the owner's cookies: what the new tab loads.
      const response = await page.request.get(href!);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('application/pdf');
      expect(response.headers()['content-disposition']).toBe(`inline; filename="${file}"`);
      expect(response.headers()['cache-control']).toContain('no-store');
      expect((await response.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

      // Clicking opens it in a tab of its own, which asks for the PDF; the order stays open here.
      // (Chromium's headless shell has no PDF viewer: the tab downloads the file instead of showing
      // it, so its address stays blank. Its request for the file is what both do.)
      const opened = context.waitForEvent('page');
      const requested = context.waitForEvent('request', (request) => request.url().endsWith(href!));
      await link.click();
      const tab = await opened;
      expect((await requested).frame().page()).toBe(tab);
      await tab.close();
      await expect(page).toHaveURL(`/admin/orders/${order.id}`);
    }

    // A shopper gets no owner's paperwork: the guard sends a guest to sign in.
    await page.context().clearCookies();
    const guest = await page.request.get(`/admin/orders/${order.id}/invoice.pdf`, {
      maxRedirects: 0,
    });
    expect(guest.status()).toBe(302);
    expect(guest.headers()['location']).toContain('/login');
  });
});

test.describe('Your sign-in (issue 13)', () => {
  test('an owner turns two-factor sign-in on, signs in with a code, and turns it off', async ({
    page,
  }) => {
    test.slow();
    const owner = await createOwner();
    await signIn(page, owner);
    await gotoHydrated(page, '/admin');
    await page.getByRole('link', { name: 'Your sign-in' }).first().click();
    await expect(page).toHaveURL('/admin/security');
    await expect(page.getByTestId('two-factor-status')).toHaveText('Off');

    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await expect(notice(page)).toContainText('Scan the QR code');
    const qr = page.getByRole('img', { name: `QR code for two-factor sign-in as ${owner.email}` });
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    const secret = (await page.getByTestId('two-factor-secret').innerText()).replace(/\s/g, '');
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    // Each code works once, and the shop takes the 30-second steps either side of its clock: each
    // code is the next unused step, no earlier than now, waiting (as an owner waits for the app's
    // next code) only when that step is still two ahead.
    const stepNow = () => Math.floor(Date.now() / 30_000);
    let lastStep = 0;
    const nextCode = async () => {
      const step = Math.max(stepNow(), lastStep + 1);
      await expect.poll(stepNow, { timeout: 35_000 }).toBeGreaterThanOrEqual(step - 1);
      lastStep = step;
      return totp.generate({ timestamp: step * 30_000 });
    };

    // A wrong code is refused and the same QR code stays, to try again.
    const code = page.getByLabel('Code from the app');
    await code.fill('12345');
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();
    await expect(notice(page)).toHaveAttribute('role', 'alert');
    await expect(notice(page)).toBeFocused();
    expect((await page.getByTestId('two-factor-secret').innerText()).replace(/\s/g, '')).toBe(
      secret,
    );
    await code.fill(await nextCode());
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();
    await expect(notice(page)).toContainText('Two-factor sign-in is on');
    await expect(page.getByTestId('two-factor-status')).toHaveText('On');
    expect(await axeViolations(page)).toEqual([]);

    // Signed out, then in again: the password alone is not enough.
    await gotoHydrated(page, '/my-account');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login/);
    await gotoHydrated(page, '/login?redirect=/admin/security');
    const form = page.getByTestId('login-form');
    await form.getByLabel('Email or username').fill(owner.email);
    await form.getByLabel('Password', { exact: true }).fill(owner.password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(form.getByLabel('Authentication code')).toBeFocused();
    await form.getByLabel('Authentication code').fill(await nextCode());
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/admin/security');

    // Off again, with a current code.
    await expect(page.getByTestId('two-factor-status')).toHaveText('On');
    await page.getByLabel('Code from the app').fill(await nextCode());
    await page.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
    await expect(notice(page)).toHaveText('Two-factor sign-in is off.');
    await expect(page.getByTestId('two-factor-status')).toHaveText('Off');
    const status = await page.request.get(apiPaths.twoFactor);
    expect(await status.json()).toEqual({ enabled: false });
  });

  test('the sign-in screen and its setup pass axe at 390 and 1440 px', async ({ page }) => {
    test.slow();
    const noViolations = { 390: [], 1440: [] };
    await signIn(page, await createOwner());
    await page.setViewportSize({ width: 390, height: 900 });
    await gotoHydrated(page, '/admin/security');
    expect(await axeViolationsAtWidths(page, [390, 1440]), 'off').toEqual(noViolations);
    await shoot(page, 'security-off');
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await expect(page.getByTestId('two-factor-setup')).toBeVisible();
    expect(await axeViolationsAtWidths(page, [390, 1440]), 'setup').toEqual(noViolations);
    await shoot(page, 'security-setup');

    const order = await paidGuestOrder(page, `Shot${unique()}`);
    await page.setViewportSize({ width: 390, height: 900 });
    await gotoHydrated(page, `/admin/orders/${order.id}`);
    expect(await axeViolationsAtWidths(page, [390, 1440]), 'order').toEqual(noViolations);
    await shoot(page, 'order');
  });
});
