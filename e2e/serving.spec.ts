import { expect, test } from '@playwright/test';

// The one process: API, server-side rendering and assets on one port (issue: "One process").
test.describe('one process', () => {
  test('pages carry a CSP whose script nonce is on every script, and no inline script runs without it', async ({
    request,
  }) => {
    const response = await request.get('/shop');
    const csp = response.headers()['content-security-policy'] ?? '';
    const nonce = /script-src [^;]*'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce, csp).toBeTruthy();
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    const html = await response.text();
    // JSON-LD blocks are data, not code: the browser never runs them, so they need no nonce.
    const scripts = (html.match(/<script\b[^>]*>/g) ?? []).filter(
      (tag) => !tag.includes('application/ld+json'),
    );
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  test('hashed assets are cached for a year and the HTML is compressed', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const assetResponse = await request.get(asset!);
    expect(assetResponse.status()).toBe(200);
    expect(assetResponse.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

    const compressed = await request.get('/', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(compressed.headers()['content-encoding']).toMatch(/br|gzip/);
  });

  test('scripts and styles are sent from the build’s Brotli and gzip copies, same content', async ({
    request,
  }) => {
    const html = await (await request.get('/')).text();
    const assets = [/\/assets\/framework-[^"]+\.js/, /\/assets\/[^"]+\.css/].map(
      (pattern) => pattern.exec(html)?.[0],
    );
    for (const asset of assets) {
      expect(asset).toBeTruthy();
      const plain = await request.get(asset!, { headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers()['content-encoding']).toBeUndefined();
      for (const encoding of ['br', 'gzip']) {
        // Playwright decodes the body; the raw length shows the file was sent compressed.
        const response = await request.get(asset!, { headers: { 'accept-encoding': encoding } });
        expect(response.headers()['content-encoding']).toBe(encoding);
        expect(response.headers()['content-type']).toBe(plain.headers()['content-type']);
        expect(response.headers()['vary']).toMatch(/accept-encoding/i);
        expect(Number(response.headers()['content-length'])).toBeLessThan(
          (await plain.body()).length / 2,
        );
        expect((await response.body()).equals(await plain.body())).toBe(true);
      }
    }
  });

  test('serves a favicon and the seeded artwork', async ({ request }) => {
    expect((await request.get('/favicon.ico')).status()).toBe(200);
    const products = await (await request.get('/wp-json/wc/v3/products?per_page=1')).json();
    const image = await request.get(products[0].images[0].src);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toMatch(/^image\//);
  });

  test('unknown API paths answer the JSON error shape, not a rendered page', async ({
    request,
  }) => {
    const response = await request.get('/wp-json/wc/v3/no-such-route');
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({
      code: 'rest_no_route',
      message: expect.any(String),
      data: { status: 404 },
    });
  });

  test('the OpenAPI document is browsable at /wp-json/docs', async ({ page, request }) => {
    const spec = await (await request.get('/wp-json/docs/json')).json();
    expect(Object.keys(spec.paths)).toContain('/wp-json/wc/v3/products');
    await page.goto('/wp-json/docs');
    await expect(page.getByText('Larder shop API').first()).toBeVisible();
  });
});
