import { expect, test, type Page } from '@playwright/test';
import { apiPaths } from '@larder/contract';
import { gotoHydrated } from './support/hydration';
import { shopApi } from './support/shop-api';

// Each posted review counts against the per-client review limit (5 per 10 minutes by default):
// this file posts two.
test.describe('Product reviews', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  async function openAddReview(page: Page, slug: string) {
    await gotoHydrated(page, `/product/${slug}`);
    const section = page.getByTestId('product-reviews');
    await expect(section.getByRole('heading', { name: 'Reviews' })).toBeVisible();
    await section.getByRole('button', { name: 'Add review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add review' });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  test('a shopper posts a review with a star chosen from the keyboard, sees the toast and the dialog closes', async ({
    page,
    request,
  }) => {
    const [product] = await shopApi(request).products();
    const dialog = await openAddReview(page, product!.slug);
    const submit = dialog.getByRole('button', { name: 'Submit Review' });
    const unique = `Crunchy clusters, e2e ${Date.now().toString(36)}`;

    await dialog.getByLabel('Name').fill('Robin Tester');
    await dialog.getByLabel('Email').fill('robin.tester@example.com');
    await dialog.getByLabel('Your review').fill(`${unique}\n\nGreat with yoghurt.`);
    // Spec §4: every field is valid, but no star yet: still disabled.
    await expect(submit).toBeDisabled();

    // Keyboard only: Tab from the close button reaches the stars, the arrow keys choose.
    await dialog.getByRole('button', { name: 'Close dialog' }).focus();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('radio', { name: '1 star', exact: true })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await expect(dialog.getByRole('radio', { name: '4 stars' })).toBeFocused();
    await expect(submit).toBeEnabled();

    await submit.click();
    await expect(page.getByText(/^Your review has been added/)).toBeVisible();
    await expect(dialog).toBeHidden();
    // A guest's review waits for moderation: the toast says so and the list does not show it yet.
    await expect(page.getByText(/once we have approved it/)).toBeVisible();
    await expect(page.getByTestId('product-reviews')).not.toContainText(unique);
  });

  test('a signed-in customer is shown the name and email from the account instead of fields, and told the review awaits approval', async ({
    page,
    request,
  }) => {
    const email = `reviewer.${Date.now().toString(36)}@example.com`;
    const password = 'oats and honey at dawn';
    const created = await page.request.post(apiPaths.customers, {
      data: { email, password, first_name: 'Robin', last_name: 'Account' },
    });
    expect(created.status()).toBe(201);
    const signedIn = await page.request.post(apiPaths.token, {
      data: { username: email, password },
    });
    expect(signedIn.ok()).toBe(true);

    const [product] = await shopApi(request).products();
    const dialog = await openAddReview(page, product!.slug);
    await expect(dialog.getByText(`Posting as Robin Account (${email}`)).toBeVisible();
    await expect(dialog.getByLabel('Name')).toHaveCount(0);
    await expect(dialog.getByLabel('Email')).toHaveCount(0);

    const unique = `Signed-in review, e2e ${Date.now().toString(36)}`;
    await dialog.getByLabel('Your review').fill(unique);
    await dialog.getByRole('radio', { name: '5 stars' }).check();
    await dialog.getByRole('button', { name: 'Submit Review' }).click();
    // Nothing bought yet: held for the owner, and the toast says so.
    await expect(page.getByText(/once we have approved it/)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('product-reviews')).not.toContainText(unique);
  });

  test('an invalid email shows its message, keeps the typed text and keeps Submit Review disabled', async ({
    page,
    request,
  }) => {
    const [product] = await shopApi(request).products();
    const dialog = await openAddReview(page, product!.slug);

    await dialog.getByRole('radio', { name: '5 stars' }).check();
    await dialog.getByLabel('Name').fill('Robin Tester');
    await dialog.getByLabel('Email').fill('robin@');
    await dialog.getByLabel('Your review').fill('Lovely and crisp.');
    await expect(dialog.getByText('Enter a valid email address.')).toBeVisible();
    await expect(dialog.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel('Email')).toHaveValue('robin@');
    await expect(dialog.getByLabel('Your review')).toHaveValue('Lovely and crisp.');
    await expect(dialog.getByRole('button', { name: 'Submit Review' })).toBeDisabled();
  });
});
