import { expect, test, type Page } from '@playwright/test';
import { apiPaths, type Post, type Product } from '@larder/contract';
import { startShop } from './support/built-server';
import { gotoHydrated } from './support/hydration';
import { seedCart } from './support/saved-cart';
import type { BuiltServer } from '../scripts/lib.mjs';

/**
 * Visual regression (issue 18): the main screens at a phone's and a desktop's width, compared with
 * baselines made in Chromium on this machine kind (e2e/visual.spec.ts-snapshots/). A change that
 * moves a layout fails here; when the change is meant, `npx playwright test -c
 * e2e/playwright.config.ts e2e/visual.spec.ts --update-snapshots` makes new baselines, to be
 * looked at before they are committed. The shop is a fresh one of its own, so what other specs
 * buy, review or add never shows.
 */
test.describe.configure({ mode: 'serial' });

let shop: BuiltServer;
let product: Product;
let post: Post;

test.beforeAll(async ({ request }) => {
  // A shop of its own, seeded at its start (and making any picture size the main server did not):
  // slow on a loaded machine.
  test.setTimeout(300_000);
  shop = await startShop({ LOG_LEVEL: 'warn' });
  const products = (await (
    await request.get(`${shop.url}${apiPaths.products}?per_page=100&status=publish`)
  ).json()) as Product[];
  product = products.find((candidate) => candidate.type === 'variable') ?? products[0]!;
  const posts = (await (await request.get(`${shop.url}${apiPaths.posts}`)).json()) as Post[];
  post = posts.at(-1)!;
});
test.afterAll(async () => {
  await shop?.stop();
});

/** Every picture loaded, lazy ones included, and the web fonts ready: nothing arrives mid-capture. */
async function settle(page: Page) {
  await page.evaluate(async () => {
    for (const image of document.querySelectorAll('img')) image.loading = 'eager';
    // decode() settles once the picture is loaded and ready to paint (rejects on a broken one).
    await Promise.all([...document.images].map((image) => image.decode().catch(() => undefined)));
    await document.fonts.ready;
  });
}

const screens: { name: string; path: () => string; cart?: boolean }[] = [
  { name: 'home', path: () => '/' },
  { name: 'shop', path: () => '/shop' },
  { name: 'product', path: () => `/product/${product.slug}` },
  { name: 'cart', path: () => '/cart', cart: true },
  { name: 'checkout', path: () => '/checkout', cart: true },
  { name: 'blog-post', path: () => `/blog/${post.slug}` },
  { name: 'sign-up', path: () => '/sign-up' },
];

for (const screen of screens) {
  for (const width of [390, 1440]) {
    test(`${screen.name} at ${width} px looks as its baseline`, async ({ page }) => {
      await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
      if (screen.cart) {
        await seedCart(page, [
          { product, variationId: product.variations[0]?.variation_id, quantity: 2 },
        ]);
      }
      await gotoHydrated(page, `${shop.url}${screen.path()}`);
      await settle(page);
      await expect(page).toHaveScreenshot(`${screen.name}-${width}.png`, {
        fullPage: true,
        // Anti-aliasing may differ by a pixel here and there; a moved block differs by thousands.
        maxDiffPixelRatio: 0.002,
        // The footer's © year comes from the clock: masked, so the baselines outlast December.
        mask: [page.locator('.site-footer__legal p').first()],
      });
    });
  }
}
