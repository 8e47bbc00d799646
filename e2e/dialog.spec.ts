import { expect, test } from '@playwright/test';
import { gotoHydrated } from './support/hydration';
import { shopApi } from './support/shop-api';

// The product page's nutrition facts open in the shared Dialog primitive.
test.describe('Dialog', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('closes on Escape, on an overlay click and on browser back, and gives focus back', async ({
    page,
    request,
  }) => {
    const [product] = await shopApi(request).products();
    await gotoHydrated(page, `/product/${product!.slug}`);
    const opener = page.getByRole('button', { name: /nutrition facts/i });
    const dialog = page.getByRole('dialog');

    await opener.click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(/calories/i);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    await opener.click();
    await expect(dialog).toBeVisible();
    await page.getByTestId('dialog-overlay').click({ position: { x: 10, y: 10 } });
    await expect(dialog).toBeHidden();

    await opener.click();
    await expect(dialog).toBeVisible();
    await page.goBack();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/product/${product!.slug}$`));
  });

  test('keeps keyboard focus inside while open', async ({ page, request }) => {
    const [product] = await shopApi(request).products();
    await gotoHydrated(page, `/product/${product!.slug}`);
    await page.getByRole('button', { name: /nutrition facts/i }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    for (let press = 0; press < 6; press++) {
      await page.keyboard.press('Tab');
      await expect(dialog.locator(':focus')).toHaveCount(1);
    }
  });
});
