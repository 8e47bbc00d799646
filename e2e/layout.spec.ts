import { expect, test, type Page } from '@playwright/test';
import { gotoHydrated } from './support/hydration';
import { shoot } from './support/screenshots';
import { shopApi } from './support/shop-api';

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test.describe('header navigation', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('Home, Shop, About and Contact are highlighted only on exact match', async ({
    page,
    request,
  }) => {
    const [product] = await shopApi(request).products();
    await page.goto('/');
    await expect(mainNav(page).getByRole('link', { name: 'Home' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(mainNav(page).getByRole('link', { name: 'Shop' })).not.toHaveAttribute(
      'aria-current',
      'page',
    );

    await page.goto('/shop');
    await expect(mainNav(page).getByRole('link', { name: 'Shop' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(mainNav(page).getByRole('link', { name: 'Home' })).not.toHaveAttribute(
      'aria-current',
      'page',
    );

    await page.goto(`/product/${product!.slug}`);
    await expect(mainNav(page).getByRole('link', { name: 'Shop' })).not.toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('Locations, Wholesale and Blog are highlighted on prefix match', async ({
    page,
    request,
  }) => {
    const [post] = await shopApi(request).posts();
    await page.goto(`/blog/${post!.slug}`);
    await expect(mainNav(page).getByRole('link', { name: 'Blog' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(mainNav(page).getByRole('link', { name: 'Home' })).not.toHaveAttribute(
      'aria-current',
      'page',
    );

    await page.goto('/where-to-buy');
    await expect(mainNav(page).getByRole('link', { name: 'Locations' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('visitors see Sign in and Sign up in the top bar', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/sign-up');
  });

  test('a client-side navigation renders the next page without a reload', async ({ page }) => {
    await gotoHydrated(page, '/');
    await mainNav(page).getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(mainNav(page).getByRole('link', { name: 'About' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // The marker set at hydration survives: the page was not reloaded.
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  });

  test('the footer certification badge goes through the old blog address and replaces that history entry', async ({
    page,
  }) => {
    await gotoHydrated(page, '/about');
    const badge = page
      .getByRole('contentinfo')
      .getByRole('link', { name: 'Certified minority business enterprise' });
    await expect(badge).toHaveAttribute('href', '/blog/minority-business-enterprise-certification');
    await badge.click();
    await expect(page).toHaveURL(/\/minority-business-enterprise-certification$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/certif/i);
    // The redirect replaced its own entry: one step back is the page we came from.
    await page.goBack();
    await expect(page).toHaveURL(/\/about$/);
  });
});

test.describe('certification link in the header', () => {
  for (const width of [390, 1024, 1440]) {
    test(`fits the top bar at ${width} px and goes through the old blog address`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await gotoHydrated(page, '/about');
      const link = page
        .getByRole('banner')
        .getByRole('link', { name: 'Certified minority-owned business' });
      await expect(link).toHaveAttribute(
        'href',
        '/blog/minority-business-enterprise-certification',
      );
      // On one line, inside the window: nothing in the top bar wraps or spills.
      const box = await link.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      expect(box!.height).toBeLessThan(30);
      const account = await page
        .getByRole('banner')
        .getByRole('link', { name: 'Sign in' })
        .boundingBox();
      expect(box!.x + box!.width).toBeLessThan(account!.x);

      await link.click();
      await expect(page).toHaveURL(/\/minority-business-enterprise-certification$/);
      // The old address left no history entry of its own.
      await page.goBack();
      await expect(page).toHaveURL(/\/about$/);
    });
  }
});

test.describe('full-screen loading view', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('replaces the site while a navigation waits for its page, and goes once the page arrives', async ({
    page,
  }) => {
    await gotoHydrated(page, '/');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // The next page's data, held back as a slow connection would.
    await page.route('**/about.data**', async (route) => {
      await held;
      await route.continue();
    });
    await mainNav(page).getByRole('link', { name: 'About' }).click();

    const loadingView = page.getByRole('status').filter({ hasText: 'Loading…' });
    await expect(loadingView).toBeVisible();
    // Spec §2: the header's logo and a spinner.
    await expect(loadingView.locator('.site-logo')).toBeVisible();
    await expect(loadingView.locator('.spinner')).toBeVisible();
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('main')).toBeHidden();
    await shoot(page, 'loading-view');

    release();
    await expect(loadingView).toBeHidden();
    await expect(mainNav(page).getByRole('link', { name: 'About' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('main')).toBeVisible();
  });

  test('shows the label instead of a spin to a visitor who asks for reduced motion', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await gotoHydrated(page, '/');
    await page.route('**/about.data**', () => {
      // Never answered: the view stays while the test looks at it.
    });
    await mainNav(page).getByRole('link', { name: 'About' }).click();
    await expect(page.getByText('Loading…', { exact: true })).toBeVisible();
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the toggle opens the menu and a click on the overlay closes it', async ({ page }) => {
    await gotoHydrated(page, '/');
    const toggle = page.getByRole('button', { name: /menu/i });
    await expect(mainNav(page)).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(mainNav(page).getByRole('link', { name: 'Shop' })).toBeVisible();
    await page.getByTestId('mobile-menu-overlay').click({ position: { x: 370, y: 400 } });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(mainNav(page)).toBeHidden();
  });

  test('choosing a link navigates and closes the menu', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.getByRole('button', { name: /menu/i }).click();
    await mainNav(page).getByRole('link', { name: 'Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(mainNav(page)).toBeHidden();
  });
});

test.describe('footer', () => {
  test('is hidden below 1200 px and shown from 1200 px', async ({ page }) => {
    await page.setViewportSize({ width: 1199, height: 900 });
    await page.goto('/');
    await expect(page.getByRole('contentinfo')).toBeHidden();
    await page.setViewportSize({ width: 1200, height: 900 });
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });

  test('holds the internal links of the spec and a newsletter Subscribe that opens a new tab', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const expected: Array<[string, string]> = [
      ['Home', '/'],
      ['Shop', '/shop'],
      ['About', '/about'],
      ['Blog', '/blog'],
      ['Wholesale', '/wholesale'],
      ['Privacy Policy', '/privacy-policy'],
      ['Terms Of Service', '/terms-and-conditions'],
      ['Shipping Policy', '/shipping-policy'],
    ];
    for (const [name, href] of expected) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    const subscribe = footer.getByRole('link', { name: /subscribe/i });
    await expect(subscribe).toHaveAttribute('target', '_blank');
    await expect(footer).toContainText(String(new Date().getFullYear()));
  });
});
