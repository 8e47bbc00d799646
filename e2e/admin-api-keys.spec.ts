import { expect, test } from '@playwright/test';
import { ownerAccount, signIn, unique } from './support/back-office';
import { axeViolations } from './support/axe';
import { gotoHydrated } from './support/hydration';
import { shotsDir } from './support/screenshots';

test.describe('the API keys screen', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the owner creates a key, copies its secret, the key reads the shop, then is revoked', async ({
    page,
    context,
    request,
  }) => {
    test.slow();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const owner = await ownerAccount();
    await signIn(page, owner);
    await gotoHydrated(page, '/admin/api-keys');
    await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();
    await expect(
      page.getByRole('navigation').getByRole('link', { name: 'API keys' }),
    ).toBeVisible();

    const description = `Label printer ${unique()}`;
    await page.getByLabel('Description').fill(description);
    await page.getByLabel('Permissions').selectOption('read');
    await page.getByRole('button', { name: 'Create key' }).press('Enter');
    await expect(page.getByTestId('admin-notice')).toContainText('was created');
    const consumerKey = (await page.getByTestId('consumer-key').textContent()) ?? '';
    const consumerSecret = (await page.getByTestId('consumer-secret').textContent()) ?? '';
    expect(consumerKey).toMatch(/^ck_[0-9a-f]{40}$/);
    expect(consumerSecret).toMatch(/^cs_[0-9a-f]{40}$/);

    await page
      .getByTestId('created-key')
      .getByRole('button', { name: 'Copy', exact: true })
      .nth(1)
      .click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Consumer secret copied' }),
    ).toBeAttached();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(consumerSecret);
    expect(await axeViolations(page)).toEqual([]);
    if (shotsDir)
      await page.screenshot({ path: `${shotsDir}/admin-api-keys-1440.png`, fullPage: true });

    // The local proxy in front of the shop says the request came over https (TRUST_PROXY loopback).
    const basic = Buffer.from(`${consumerKey}:${consumerSecret}`).toString('base64');
    const read = await request.get('/wp-json/wc/v3/orders', {
      headers: { authorization: `Basic ${basic}`, 'x-forwarded-proto': 'https' },
    });
    expect(read.status()).toBe(200);

    await gotoHydrated(page, '/admin/api-keys');
    await expect(page.getByTestId('created-key')).toHaveCount(0);
    const row = page.getByTestId('api-key-row').filter({ hasText: description });
    await expect(row).toContainText('Read');
    await expect(row).toContainText(`…${consumerKey.slice(-7)}`);
    await expect(row).not.toContainText('Never');
    expect(await page.content()).not.toContain(consumerSecret);

    await row.getByRole('link', { name: 'Revoke' }).click();
    await expect(page.getByRole('group', { name: /Revoke “Label printer/ })).toBeFocused();
    await page.getByRole('button', { name: 'Revoke key' }).click();
    await expect(page.getByTestId('admin-notice')).toContainText('was revoked');
    await expect(page.getByTestId('api-key-row').filter({ hasText: description })).toHaveCount(0);
    const refused = await request.get('/wp-json/wc/v3/orders', {
      headers: { authorization: `Basic ${basic}`, 'x-forwarded-proto': 'https' },
    });
    expect(refused.status()).toBe(401);
  });
});

test.describe('the API keys screen on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('shows a new key and the list as cards, with no axe violations', async ({ page }) => {
    await signIn(page, await ownerAccount());
    await gotoHydrated(page, '/admin/api-keys');
    await page.getByLabel('Description').fill(`Accounting ${unique()}`);
    await page.getByLabel('Permissions').selectOption('read_write');
    await page.getByRole('button', { name: 'Create key' }).click();
    await expect(page.getByTestId('created-key')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    if (shotsDir)
      await page.screenshot({ path: `${shotsDir}/admin-api-keys-390.png`, fullPage: true });
  });
});
