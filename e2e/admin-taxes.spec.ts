import { expect, test } from '@playwright/test';
import { ownerAccount, signIn, unique } from './support/back-office';
import { axeViolations } from './support/axe';
import { gotoHydrated } from './support/hydration';
import { shotsDir } from './support/screenshots';

test.describe('the sales tax screen', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the owner adds a rate, edits it and deletes it, by keyboard-usable forms, with no axe violations', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, await ownerAccount());
    await gotoHydrated(page, '/admin/taxes');
    await expect(page.getByRole('heading', { level: 1, name: 'Sales tax' })).toBeVisible();
    const rows = page.getByTestId('tax-rate-row');
    await expect(rows.filter({ hasText: 'NC State Tax' })).toContainText('4.75 %');
    expect(await axeViolations(page)).toEqual([]);
    if (shotsDir)
      await page.screenshot({ path: `${shotsDir}/admin-taxes-1440.png`, fullPage: true });

    // Washington: no test address is there, so no other spec's quote changes.
    const name = `WA Tax ${unique()}`;
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Rate (%)').fill('101');
    await page.getByLabel('State code').fill('WA');
    await page.getByRole('button', { name: 'Add rate' }).click();
    await expect(page.getByTestId('admin-notice')).toContainText('Check the rate.');
    await expect(page.getByLabel('Rate (%)')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Rate (%)').fill('6.5');
    await page.getByLabel('State code').fill('WA');
    await page.getByLabel('Name').fill(name);
    await page.getByRole('button', { name: 'Add rate' }).click();
    await expect(page.getByTestId('admin-notice')).toContainText(`${name} 6.5 % was added`);
    const row = rows.filter({ hasText: name });
    await expect(row).toContainText('US · WA');

    await row.getByRole('link', { name: `Edit ${name}` }).click();
    await expect(page.getByRole('heading', { name: `Edit ${name}` })).toBeVisible();
    await page.getByLabel('Rate (%)').fill('6.75');
    await page.getByLabel('Taxes shipping too').selectOption('no');
    await page.getByRole('button', { name: 'Save rate' }).click();
    await expect(page.getByTestId('admin-notice')).toContainText(`${name} 6.75 % was saved`);
    await expect(row).toContainText('Not taxed');

    await row.getByRole('link', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Delete rate' }).click();
    await expect(page.getByTestId('admin-notice')).toContainText(`${name} 6.75 % was deleted`);
    await expect(rows.filter({ hasText: name })).toHaveCount(0);
  });
});

test.describe('the sales tax screen on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('lists the rates as cards and has no axe violations', async ({ page }) => {
    await signIn(page, await ownerAccount());
    await gotoHydrated(page, '/admin/taxes');
    await expect(page.getByTestId('tax-rate-row').filter({ hasText: 'NC Food Tax' })).toContainText(
      'Reduced rate (food)',
    );
    expect(await axeViolations(page)).toEqual([]);
    if (shotsDir)
      await page.screenshot({ path: `${shotsDir}/admin-taxes-390.png`, fullPage: true });
  });
});
