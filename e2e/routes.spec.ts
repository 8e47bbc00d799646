import { expect, test } from '@playwright/test';
import { decodeEntities, pageHeading, shopApi } from './support/shop-api';

// Spec §2: every route of the table, with the page that backs it. /order-received/{id} shows
// an order only with its key or to its owner: e2e/purchase.spec.ts covers it both ways.
const contentRoutes: Array<[path: string, pageSlug: string]> = [
  ['/minority-business-enterprise-certification', 'minority-business-enterprise-certification'],
  ['/', 'home'],
  ['/shop', 'shop'],
  ['/wholesale', 'wholesale'],
  ['/about', 'about'],
  ['/where-to-buy', 'where-to-buy'],
  ['/cart', 'cart'],
  ['/checkout', 'checkout'],
  ['/login', 'login'],
  ['/sign-up', 'sign-up'],
  ['/forgot-password', 'forgot-password'],
  ['/reset-password', 'reset-password'],
  ['/blog', 'blog'],
  ['/contact', 'contact'],
  ['/privacy-policy', 'privacy-policy'],
  ['/terms-and-conditions', 'terms-and-conditions'],
  ['/shipping-policy', 'shipping-policy'],
];

test.describe('route table', () => {
  test.describe('without JavaScript', () => {
    // What the server sent, as its names say: a page the browser had to render would fail here.
    // Hydration on these pages is the accessibility and layout specs' to wait for.
    test.use({ javaScriptEnabled: false });
    for (const [path, slug] of contentRoutes) {
      test(`${path} renders the ${slug} page server-side`, async ({ page, request }) => {
        const expected = pageHeading(await shopApi(request).page(slug));
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected);
      });
    }
  });

  // The account area is for signed-in customers (e2e/account.spec.ts signs in and sees it).
  for (const path of ['/my-account', '/my-account/order-history', '/my-account/account-details']) {
    test(`${path} sends a visitor to /login, to come back after signing in`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      expect(new URL(page.url()).pathname).toBe('/login');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe(path);
    });
  }

  test('a product page shows its product', async ({ page, request }) => {
    const [product] = await shopApi(request).products();
    const response = await page.goto(`/product/${product!.slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(decodeEntities(product!.name));
  });

  test('a blog post shows its title and author', async ({ page, request }) => {
    const [post] = await shopApi(request).posts();
    const response = await page.goto(`/blog/${post!.slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      decodeEntities(post!.title.rendered),
    );
    await expect(page.getByText(post!.author_info.name).first()).toBeVisible();
  });

  test('the HTML carries the content before any JavaScript runs', async ({ browser, request }) => {
    const api = shopApi(request);
    const [home, [product]] = await Promise.all([api.page('home'), api.products()]);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pageHeading(home));
    await expect(page.getByText(decodeEntities(product!.name)).first()).toBeVisible();
    await context.close();
  });

  test('an unknown product answers 404', async ({ page }) => {
    const response = await page.goto('/product/no-such-granola');
    expect(response?.status()).toBe(404);
  });

  test('an address holding a NUL character answers 404, not a server error', async ({
    request,
  }) => {
    for (const path of ['/%00', '/product/%00', '/blog/a%00b']) {
      expect((await request.get(path)).status(), path).toBe(404);
    }
  });

  test('an unknown nested path shows the not-found page with status 404', async ({
    page,
    request,
  }) => {
    const notFound = await shopApi(request).page('page-not-found');
    const response = await page.goto('/no/such/place');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pageHeading(notFound));
  });

  test('the old MBE blog address redirects and keeps the query string', async ({ page }) => {
    await page.goto('/blog/minority-business-enterprise-certification?a=1');
    await expect(page).toHaveURL(/\/minority-business-enterprise-certification\?a=1$/);
  });
});
