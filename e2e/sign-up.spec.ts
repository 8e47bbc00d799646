import { expect, test } from '@playwright/test';
import { gotoHydrated } from './support/hydration';

test.describe('Sign-up: two kinds of account (issue 18)', () => {
  test('the choice switches the form by keyboard, keeps focus on the choice and is in the address', async ({
    page,
  }) => {
    await gotoHydrated(page, '/sign-up');
    const choice = page.getByRole('navigation', { name: 'Kind of account' });
    const shopper = choice.getByRole('link', { name: /Shopper account/ });
    const wholesale = choice.getByRole('link', { name: /Wholesale account/ });
    await expect(shopper).toHaveAttribute('aria-current', 'page');
    await expect(wholesale).not.toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('sign-up-form')).toBeVisible();
    await expect(page.getByTestId('wholesale-form')).toHaveCount(0);

    await wholesale.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/sign-up\?account=wholesale$/);
    await expect(wholesale).toHaveAttribute('aria-current', 'page');
    await expect(wholesale).toBeFocused();
    await expect(page.getByTestId('wholesale-form')).toBeVisible();
    await expect(page.getByTestId('sign-up-form')).toHaveCount(0);
    // The next stop after the choice is the chosen form.
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Business name')).toBeFocused();

    await shopper.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/sign-up$/);
    await expect(shopper).toBeFocused();
    await expect(page.getByTestId('sign-up-form')).toBeVisible();
  });

  test('the server renders the chosen form, so the address alone opens it', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/sign-up?account=wholesale');
    await expect(
      page.getByRole('heading', { name: 'Apply for a wholesale account' }),
    ).toBeVisible();
    await expect(page.getByTestId('sign-up-form')).toHaveCount(0);
    await context.close();
  });
});
