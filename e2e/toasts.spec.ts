import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { gotoHydrated } from './support/hydration';
import { shopApi } from './support/shop-api';

test.use({ viewport: { width: 1440, height: 900 } });

/** Adds a simple product to the cart from its page: the toast that says so. */
async function addToCart(page: Page, request: APIRequestContext) {
  const product = (await shopApi(request).products()).find(
    (entry) => entry.type === 'simple' && entry.purchasable,
  );
  if (!product) throw new Error('The seed needs a simple product');
  await gotoHydrated(page, `/product/${product.slug}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  return page.locator('.Toastify__toast').filter({ hasText: 'Item added to cart' });
}

// Spec §9: a toast the pointer held stays 1000 ms after the pointer leaves, not the rest of its 5000 ms.
test('a hovered toast waits, then closes 1000 ms after the pointer leaves', async ({
  page,
  request,
}) => {
  const toast = await addToCart(page, request);
  const timer = toast.getByRole('progressbar', { includeHidden: true });
  await expect(timer).toHaveCSS('animation-duration', '5s');

  await toast.hover();
  await expect(timer).toHaveCSS('animation-play-state', 'paused');

  await page.mouse.move(10, 10);
  await expect(timer).toHaveCSS('animation-duration', '1s');
  await expect(timer).toHaveCSS('animation-play-state', 'running');
  // And its timer, now 1 s long, closes it.
  await expect(toast).toHaveCount(0);
});

// Reduced motion shortens every animation to 0.01 ms, but the progress bar's animation is the
// toast's timer: shortened too, every toast closed as it opened, and its message was never read.
test('with reduced motion a toast still stays its 5000 ms', async ({ page, request }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const toast = await addToCart(page, request);
  await expect(toast).toBeVisible();
  await expect(toast.getByRole('progressbar', { includeHidden: true })).toHaveCSS(
    'animation-duration',
    '5s',
  );
  // Its entrance is not a slide: the rest of the page's motion stays reduced.
  await expect(toast).toHaveCSS('animation-duration', '1e-05s');
});
