import { expect, test } from '@playwright/test';
import { apiPaths } from '@larder/contract';
import { gotoHydrated } from './support/hydration';
import {
  createCustomer,
  ownerAccount,
  heldReview,
  signIn,
  unique,
  xsrfHeader,
} from './support/back-office';
import { axeViolations } from './support/axe';

test.describe('Back office: who may enter (issue 13)', () => {
  test('a guest is sent to /login and comes back to the back office page', async ({ page }) => {
    await page.goto('/admin/reviews?status=spam');
    await expect(page).toHaveURL(
      `/login?redirect=${encodeURIComponent('/admin/reviews?status=spam')}`,
    );
  });

  test('a signed-in shopper gets a 403 page and no owner data', async ({ page, request }) => {
    await signIn(page, await createCustomer(request));
    const response = await page.goto('/admin');
    expect(response?.status()).toBe(403);
    await expect(
      page.getByRole('heading', { name: 'This area is for the shop’s owners' }),
    ).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Back office' })).toHaveCount(0);
    expect((await page.request.get('/admin/reviews.data')).status()).toBe(403);
  });

  test('a shop manager enters; the pages are private, no-store and noindex', async ({ page }) => {
    await signIn(page, await ownerAccount('shop_manager'));
    const response = await page.goto('/admin');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    // The back office draws its own frame: none of the shop's header or footer.
    await expect(page.locator('.site-header')).toHaveCount(0);
    await expect(page.locator('.site-footer')).toHaveCount(0);
    const data = await page.request.get('/admin/reviews.data');
    expect(data.headers()['cache-control']).toBe('private, no-store');
  });

  test("the shop's pages load no back-office code", async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const [product] = (await (
      await page.request.get(`${apiPaths.products}?per_page=1&status=publish`)
    ).json()) as Array<{ slug: string }>;
    for (const url of ['/', '/shop', `/product/${product!.slug}`]) {
      const html = await (await page.request.get(url)).text();
      const preloads = [...html.matchAll(/rel="modulepreload" href="([^"]+)"/g)].map(
        (match) => match[1]!,
      );
      expect(preloads.length).toBeGreaterThan(0);
      expect(preloads.filter((href) => /admin|back-office|revenue-chart/.test(href))).toEqual([]);
      await gotoHydrated(page, url);
    }
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((href) => /admin|back-office|revenue-chart/.test(href))).toEqual([]);
  });
});

test.describe('Back office screens (issue 13)', () => {
  test('the dashboard counts held reviews and links to them', async ({ page, request }) => {
    const review = await heldReview(request, `Dashboard count ${unique()}`);
    await signIn(page, await ownerAccount());
    const held = await page.request.get(`${apiPaths.productReviews}?status=hold&per_page=1`);
    const total = held.headers()['x-wp-total'];
    await gotoHydrated(page, '/admin');
    await expect(page.getByTestId('count-held-reviews')).toHaveText(total!);
    await page.getByRole('link', { name: /Held reviews/ }).click();
    await expect(page).toHaveURL('/admin/reviews?status=hold');
    await expect(page.getByTestId(`review-${review.id}`)).toBeVisible();
  });

  test('the dashboard lists stock running low, hidden and sold-out items too, linked to their editor', async ({
    page,
  }) => {
    await signIn(page, await ownerAccount());
    const name = `Low Stock Granola ${unique()}`;
    // Hidden, so the shop's own pages and the other tests never meet it.
    const created = await page.request.post(apiPaths.products, {
      headers: await xsrfHeader(page),
      data: {
        name,
        regular_price: '9.00',
        status: 'publish',
        catalog_visibility: 'hidden',
        manage_stock: true,
        stock_quantity: 0,
        food: {
          ingredients: 'Oats.',
          allergens: [],
          may_contain: [],
          dietary_tags: [],
          nutrition: {
            serving_size: '45g',
            servings_per_container: '8',
            calories: 200,
            total_fat_g: 7,
            saturated_fat_g: 1,
            trans_fat_g: 0,
            cholesterol_mg: 0,
            sodium_mg: 40,
            total_carbohydrate_g: 30,
            dietary_fiber_g: 4,
            total_sugars_g: 9,
            added_sugars_g: 7,
            protein_g: 5,
          },
        },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    await gotoHydrated(page, '/admin');
    const row = page.getByTestId('low-stock').getByRole('row', { name });
    await expect(row).toContainText('0');
    await row.getByRole('link', { name }).click();
    await expect(page).toHaveURL(`/admin/products/${id}`);
  });

  test('the dashboard shows takings for today, 7 and 30 days, the daily chart and orders to fulfil', async ({
    page,
  }) => {
    await signIn(page, await ownerAccount());
    const processing = await page.request.get(`${apiPaths.orders}?status=processing&per_page=1`);
    expect(processing.status()).toBe(200);
    await gotoHydrated(page, '/admin');
    const figures = page.getByTestId('sales-figures');
    await expect(figures.getByText('Today')).toBeVisible();
    await expect(figures.getByText('Last 7 days')).toBeVisible();
    await expect(figures.getByText('Last 30 days')).toBeVisible();
    const chart = page.getByRole('img', { name: /Daily revenue over 30 days/ });
    await expect(chart).toBeVisible();
    await expect(chart.locator('g[data-date]')).toHaveCount(30);
    await page.getByText('Daily figures as a table').click();
    await expect(
      page.getByRole('table', { name: 'Revenue by day' }).locator('tbody tr'),
    ).toHaveCount(30);
    await expect(page.getByTestId('count-to-fulfil')).toHaveText(
      processing.headers()['x-wp-total']!,
    );
  });

  test('an owner approves a held review, and it shows on the product page', async ({
    page,
    request,
  }) => {
    const words = `Approve me ${unique()}`;
    const review = await heldReview(request, words);
    await signIn(page, await ownerAccount());
    await gotoHydrated(page, '/admin/reviews');
    const row = page.getByTestId(`review-${review.id}`);
    await expect(row).toContainText(words);
    await row.getByRole('button', { name: 'Approve' }).click();
    const notice = page.getByTestId('admin-notice');
    await expect(notice).toHaveText(/was approved and shown on its product page/);
    await expect(notice).toBeFocused();
    await expect(page.getByTestId(`review-${review.id}`)).toHaveCount(0);
    await page.getByRole('link', { name: 'Approved' }).click();
    await expect(page.getByTestId(`review-${review.id}`)).toBeVisible();
    await page.goto(review.product_permalink.replace(/^https?:\/\/[^/]+/, ''));
    await expect(page.getByText(words)).toBeVisible();
  });

  test('trashing a review asks first, and works without JavaScript', async ({
    browser,
    request,
  }) => {
    const review = await heldReview(request, `Trash me ${unique()}`);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signIn(page, await ownerAccount());
    await page.goto('/admin/reviews?status=hold');
    const row = page.getByTestId(`review-${review.id}`);
    await row.getByRole('link', { name: 'Trash' }).click();
    await expect(row.getByText('Move the review by')).toBeVisible();
    await row.getByRole('link', { name: 'Keep it' }).click();
    await expect(row.getByText('Move the review by')).toHaveCount(0);
    await row.getByRole('link', { name: 'Trash' }).click();
    await row.getByRole('button', { name: 'Yes, move to trash' }).click();
    await expect(page.getByTestId('admin-notice')).toHaveText(/was moved to the trash/);
    await expect(page.getByTestId(`review-${review.id}`)).toHaveCount(0);
    await page.goto('/admin/reviews?status=trash');
    await expect(page.getByTestId(`review-${review.id}`)).toBeVisible();
    await context.close();
  });

  test('the API refusal is shown: a review that no longer exists', async ({ page, request }) => {
    const review = await heldReview(request, `Gone ${unique()}`);
    await signIn(page, await ownerAccount());
    await gotoHydrated(page, '/admin/reviews');
    // The review is gone by the time the owner acts: its form's post names an id the API does not
    // know. Rewritten on the way out: an id typed into the page is put back by any re-render.
    await page.route('**/admin/reviews**', (route) =>
      route.request().method() === 'POST'
        ? route.continue({
            postData: (route.request().postData() ?? '').replace(
              new RegExp(`(^|&)id=${review.id}(?=&|$)`),
              '$1id=99999999',
            ),
          })
        : route.continue(),
    );
    await page.getByTestId(`review-${review.id}`).getByRole('button', { name: 'Approve' }).click();
    const notice = page.getByTestId('admin-notice');
    await expect(notice).toHaveAttribute('role', 'alert');
    await expect(notice).toBeFocused();
  });

  for (const width of [390, 1440]) {
    test(`the dashboard and reviews pass axe and use the keyboard at ${width} px`, async ({
      page,
      request,
    }) => {
      test.slow();
      await page.setViewportSize({ width, height: 900 });
      await heldReview(request, `Axe ${unique()}`);
      await signIn(page, await ownerAccount());
      await gotoHydrated(page, '/admin');
      expect(await axeViolations(page), 'dashboard').toEqual([]);
      if (width < 900) {
        await page.getByText('Menu', { exact: true }).click();
      }
      const nav = page.getByRole('navigation', { name: 'Back office' });
      await nav.getByRole('link', { name: 'Reviews' }).focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL('/admin/reviews');
      await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
      // On a phone the menu closed when the screen was chosen: it lay over the reviews' buttons.
      await expect(page.locator('details.admin-menu')).not.toHaveAttribute('open');
      expect(await axeViolations(page), 'reviews').toEqual([]);
      await page.getByTestId('admin-reviews').getByRole('link', { name: 'Trash' }).first().click();
      await expect(page.getByRole('group', { name: /Move the review by/ })).toBeFocused();
      expect(await axeViolations(page), 'reviews, confirming').toEqual([]);
    });
  }
});
