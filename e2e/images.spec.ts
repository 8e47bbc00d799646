import { expect, test, type Locator, type Page } from '@playwright/test';
import { gotoHydrated } from './support/hydration';
import { shopApi } from './support/shop-api';

/** The URL the browser chose for an image, once it has loaded. */
async function loadedSource(image: Locator) {
  await expect(image).toHaveJSProperty('complete', true);
  return image.evaluate((element: HTMLImageElement) => ({
    currentSrc: element.currentSrc,
    naturalWidth: element.naturalWidth,
  }));
}

const modernSize = /\/wp-content\/uploads\/sizes\/.+-\d+w\.[0-9a-f]{10}\.(avif|webp)$/;

async function expectEarlyModernImage(page: Page, image: Locator) {
  await expect(image).toHaveAttribute('fetchpriority', 'high');
  await expect(image).not.toHaveAttribute('loading', 'lazy');
  const { currentSrc, naturalWidth } = await loadedSource(image);
  expect(currentSrc).toMatch(modernSize);
  expect(naturalWidth).toBeGreaterThan(0);
  // The width attribute reserves the space; the file chosen is at least as wide as it is shown.
  const shown = await image.evaluate((element) => element.getBoundingClientRect().width);
  const ratio = await page.evaluate(() => window.devicePixelRatio);
  expect(naturalWidth).toBeGreaterThanOrEqual(Math.min(shown * ratio, 1280));
}

test.describe('images', () => {
  test('the product page’s main image is fetched early, as AVIF or WebP', async ({
    page,
    request,
  }) => {
    const [product] = await shopApi(request).products();
    await page.goto(`/product/${product!.slug}`);
    const main = page.getByTestId('product-gallery').locator('.product__media img');
    await expect(main).toHaveAttribute('width', String(product!.images[0]!.width));
    await expect(main).toHaveAttribute('height', String(product!.images[0]!.height));
    await expectEarlyModernImage(page, main);
    await expect(page.locator('.product__media source[type="image/avif"]')).toHaveCount(1);
  });

  test('choosing a size shows that size’s bag, and choosing back shows the first one again', async ({
    page,
  }) => {
    await gotoHydrated(page, '/product/maple-pecan-crunch');
    const main = page.getByTestId('product-gallery').locator('.product__media img');
    // The server's first render shows the preselected size's bag: the 2 lb, on sale (decisions
    // 0043 and 0047).
    await expect(page.getByRole('radio', { name: '2 lb' })).toBeChecked();
    await expect(main).toHaveAttribute(
      'alt',
      'A 2 lb bag of Larder & Oat Maple Pecan Crunch granola',
    );
    await expect(main).toHaveAttribute('src', /\/product-maple-pecan-crunch-2-lb\.svg$/);
    await page.getByRole('radio', { name: '12 oz' }).check();
    await expect(main).toHaveAttribute(
      'alt',
      'A 12 oz bag of Larder & Oat Maple Pecan Crunch granola',
    );
    await expect(main).toHaveAttribute('src', /\/product-maple-pecan-crunch\.svg$/);
    await page.getByRole('radio', { name: '2 lb' }).check();
    await expect(main).toHaveAttribute('src', /\/product-maple-pecan-crunch-2-lb\.svg$/);
  });

  test('a post’s header image is fetched early, as AVIF or WebP', async ({ page, request }) => {
    const post = (await shopApi(request).posts()).find((entry) => entry.featured_image)!;
    await page.goto(`/blog/${post.slug}`);
    await expectEarlyModernImage(page, page.locator('.hero img'));
  });

  test('the shop’s first cards are not lazy, yield to the header image, and the rest are lazy', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/shop');
    await expect(page.locator('.hero img')).toHaveAttribute('fetchpriority', 'high');
    const images = page.getByTestId('product-card').locator('img');
    expect(await images.count()).toBeGreaterThan(8);
    for (let index = 0; index < 4; index++) {
      await expect(images.nth(index)).toHaveAttribute('loading', 'eager');
      await expect(images.nth(index)).toHaveAttribute('fetchpriority', 'auto');
    }
    const last = images.last();
    await expect(last).toHaveAttribute('loading', 'lazy');
    await expect(last).toHaveAttribute('decoding', 'async');
    expect(await last.evaluate((element) => element.getBoundingClientRect().top)).toBeGreaterThan(
      900,
    );
    await last.scrollIntoViewIfNeeded();
    expect((await loadedSource(last)).currentSrc).toMatch(modernSize);
  });
});
