import { expect, test } from '@playwright/test';
import { ownerAccount, signIn, unique } from './support/back-office';
import { axeViolations } from './support/axe';
import { gotoHydrated } from './support/hydration';
import { shoot } from './support/screenshots';

test.describe('the discount codes screen', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the owner adds a code, changes it and deletes it; the screen is keyboard- and axe-clean', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, await ownerAccount());
    await gotoHydrated(page, '/admin/coupons');
    await expect(page.getByRole('heading', { level: 1, name: 'Discount codes' })).toBeVisible();
    const table = page.getByTestId('admin-coupons');
    // The demo codes are listed with what they take off.
    await expect(table.getByRole('row', { name: /WELCOME10/ })).toContainText('10 % off');
    await expect(table.getByRole('row', { name: /SUMMER25/ })).toContainText('Expired');
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'admin-coupons');

    // A refusal from the API lands on its field.
    const code = `BAKE${unique().toUpperCase()}`;
    const form = page.getByRole('form', { name: 'Add a discount code' });
    await form.getByLabel('Code', { exact: true }).fill(code);
    await form.getByLabel('Discount', { exact: true }).selectOption('percent');
    await form.getByLabel('Amount').fill('150');
    await form.getByRole('button', { name: 'Add code' }).click();
    await expect(form.getByLabel('Amount')).toHaveAttribute('aria-invalid', 'true');
    await expect(form).toContainText('A percentage is at most 100.');

    await form.getByLabel('Amount').fill('15');
    await form.getByLabel('Minimum order (USD)').fill('30');
    await form.getByLabel('Uses in all').fill('50');
    await form.getByLabel('First order only').check();
    await form.getByRole('button', { name: 'Add code' }).click();
    await expect(page.getByTestId('admin-notice')).toContainText(`The code ${code} was added.`);
    const row = table.getByRole('row', { name: new RegExp(code) });
    await expect(row).toContainText('15 % off');
    await expect(row).toContainText('Orders from $30.00');
    await expect(row).toContainText('First order only');
    await expect(row).toContainText('0 of 50');

    await row.getByRole('link', { name: `Edit ${code}` }).click();
    const edit = page.getByRole('form', { name: `Edit ${code}` });
    await expect(edit.getByLabel('Code', { exact: true })).toHaveValue(code);
    await edit.getByLabel('Discount', { exact: true }).selectOption('fixed_cart');
    await edit.getByLabel('Amount').fill('5');
    await edit.getByLabel('Last day').fill('2031-12-31');
    await edit.getByRole('button', { name: `Save ${code}` }).click();
    await expect(page.getByTestId('admin-notice')).toContainText(`The code ${code} was saved.`);
    await expect(row).toContainText('$5.00 off the cart');
    await expect(row).toContainText('Until Dec 31, 2031');
    expect(await axeViolations(page)).toEqual([]);

    await row.getByRole('link', { name: `Delete ${code}` }).click();
    const confirm = page.getByRole('group', {
      name: `Delete the code ${code}? Orders that used it keep it.`,
    });
    await expect(confirm).toBeFocused();
    await confirm.getByRole('button', { name: `Delete ${code}` }).click();
    await expect(page.getByTestId('admin-notice')).toContainText(`The code ${code} was deleted.`);
    await expect(table.getByRole('row', { name: new RegExp(code) })).toHaveCount(0);
  });
});
