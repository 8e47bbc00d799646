import { expect, test } from '@playwright/test';
import { createCustomer, signIn } from './support/back-office';
import { axeViolations } from './support/axe';
import { gotoHydrated } from './support/hydration';
import { seedCart } from './support/saved-cart';
import { shopApi } from './support/shop-api';
import { shotsDir } from './support/screenshots';

for (const width of [390, 1440]) {
  test(`account details at ${width} px: "saved" stays until a field is edited, and checkout uses the saved name and address at once`, async ({
    page,
    request,
  }) => {
    // Two pages, a save and an accessibility scan on a shared machine.
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const product = (await shopApi(request).products()).find(
      (entry) => entry.type === 'simple' && entry.purchasable,
    );
    if (!product) throw new Error('The seed needs a simple product in stock');
    await seedCart(page, [{ product }]);
    await signIn(page, await createCustomer(request));

    await gotoHydrated(page, '/my-account/account-details');
    const form = page.getByTestId('account-details-form');
    await form.getByLabel('First name').first().fill('Rowan');
    await form.getByLabel('Last name').first().fill('Oatley');
    await form.getByLabel('Phone').fill('512 555 0142');
    const billing = form.getByRole('group', { name: 'Billing address' });
    await billing.getByLabel('Country').selectOption('US');
    await billing.getByLabel('Street address').fill('1100 Congress Ave');
    await billing.getByLabel('City').fill('Austin');
    await billing.getByLabel('State').selectOption('TX');
    await billing.getByLabel('ZIP code').fill('78701');
    await form.getByRole('button', { name: 'Save changes' }).click();

    const status = form
      .getByRole('status')
      .filter({ has: page.getByTestId('account-details-success') });
    await expect(status).toHaveText('Your account details have been saved.');
    // It stays while the shopper moves on: focus leaves the button (back through the shipping
    // fields), the page scrolls.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.mouse.wheel(0, 400);
    await expect(page.getByTestId('account-details-success')).toHaveText(
      'Your account details have been saved.',
    );
    await page.getByTestId('account-details-success').scrollIntoViewIfNeeded();
    expect(await axeViolations(page)).toEqual([]);
    if (shotsDir) await page.screenshot({ path: `${shotsDir}/e-account-saved-${width}.png` });

    // Editing a field again: what was saved is no longer what the form says.
    await form.getByLabel('City').first().fill('Austin TX');
    await expect(page.getByTestId('account-details-success')).toHaveCount(0);
    await form.getByLabel('City').first().fill('Austin');

    // Checkout, with no new sign-in: the saved name and address are there.
    await gotoHydrated(page, '/checkout');
    const checkout = page.getByTestId('checkout-form');
    await expect(checkout.locator('[name="billing.first_name"]')).toHaveValue('Rowan');
    await expect(checkout.locator('[name="billing.last_name"]')).toHaveValue('Oatley');
    await expect(checkout.locator('[name="billing.address_1"]')).toHaveValue('1100 Congress Ave');
    await expect(checkout.locator('[name="billing.city"]')).toHaveValue('Austin');
    await expect(checkout.locator('[name="billing.state"]')).toHaveValue('TX');
    await expect(checkout.locator('[name="billing.postcode"]')).toHaveValue('78701');
    if (shotsDir) {
      await checkout.locator('[name="billing.address_1"]').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shotsDir}/e-checkout-after-save-${width}.png` });
    }
  });
}
