import { expect, test } from '@playwright/test';
import { apiPaths, type Product } from '@larder/contract';
import { gotoHydrated } from './support/hydration';
import { decodeEntities } from './support/shop-api';

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer) {
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test.describe('installable app', () => {
  test('every page links a valid web app manifest with real icons', async ({ page, request }) => {
    await gotoHydrated(page, '/shop');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const response = await request.get(href!);
    expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Larder & Oat',
      short_name: 'Larder & Oat',
      start_url: '/',
      display: 'standalone',
    });
    expect(manifest.theme_color).toBe(
      await page.locator('meta[name="theme-color"]').getAttribute('content'),
    );
    const kinds = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
    expect(kinds).toEqual(
      expect.arrayContaining([
        '192x192 any',
        '512x512 any',
        '192x192 maskable',
        '512x512 maskable',
      ]),
    );
    for (const icon of manifest.icons) {
      const image = await request.get(icon.src);
      expect(image.headers()['content-type']).toBe('image/png');
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(await image.body())).toEqual({ width, height });
    }
  });

  test('the service worker is never cached by the browser', async ({ request }) => {
    // Whichever copy is sent: the build writes Brotli and gzip ones beside the file.
    for (const encoding of ['identity', 'gzip', 'br']) {
      const response = await request.get('/sw.js', { headers: { 'accept-encoding': encoding } });
      expect(response.status()).toBe(200);
      expect(response.headers()['cache-control']).toBe('no-cache');
    }
  });
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow', viewport: { width: 1440, height: 900 } });

  test('after a visit, the last-seen shop and the cart open offline, and an unvisited page says so', async ({
    page,
    context,
    request,
  }) => {
    test.slow(); // the worker precaches the app shell on a machine shared with other tests
    const products = (await (
      await request.get(`${apiPaths.products}?per_page=100&stock_status=instock`)
    ).json()) as Product[];
    const simple = products.find((product) => product.type === 'simple' && product.purchasable)!;
    expect(simple).toBeTruthy();

    await gotoHydrated(page, '/shop');
    // Registered after hydration; it claims the page once active.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const shopCards = await page.getByTestId('product-card').getByRole('heading').allInnerTexts();

    await gotoHydrated(page, `/product/${simple.slug}`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByTestId('cart-count')).toHaveText('1');

    await context.setOffline(true);

    await page.goto('/shop');
    await expect(page.getByTestId('product-card').getByRole('heading')).toHaveText(shopCards);

    // Never opened: the worker kept /cart when it installed; the lines come from local storage.
    await page.goto('/cart');
    await expect(page.getByTestId('cart-page-line')).toHaveCount(1);
    await expect(page.getByTestId('cart-page-line')).toContainText(decodeEntities(simple.name));

    await page.goto('/contact');
    await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Your cart' })).toHaveAttribute('href', '/cart');

    await context.setOffline(false);
  });
});
