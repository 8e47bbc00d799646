import { expect, test } from '@playwright/test';
import { apiPaths } from '@larder/contract';
import { rawExchange } from './support/raw-http';

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
    // A seeded product: other tests add products of their own, some without pictures.
    const products = (await (
      await request.get('/wp-json/wc/v3/products?per_page=100&orderby=id&order=asc')
    ).json()) as Array<{ images: Array<{ src: string }> }>;
    const image = await request.get(
      products.find((product) => product.images.length > 0)!.images[0]!.src,
    );
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
    // Swagger UI draws the page in the browser from a script of over 1 MB and then fetches the
    // document; on a busy CI machine that outlasts an assertion's default five seconds.
    await expect(page.getByText('Larder shop API').first()).toBeVisible({ timeout: 30_000 });
  });
});

// Issue 12: what reaches the server-side rendering, and how it is answered.
test.describe('the edge of the server-side rendering', () => {
  const contactForm =
    'intent=contact&first_name=Ada&last_name=Baker&email=ada%40example.com&message=';
  const postHead = (baseURL: string, target: string, framing: string) =>
    [
      `POST ${target} HTTP/1.1`,
      `Host: ${new URL(baseURL).host}`,
      'Connection: close',
      'Content-Type: application/x-www-form-urlencoded',
      framing,
      '',
      '',
    ].join('\r\n');
  /**
   * The start of a chunked body that never ends: `total` bytes in chunks of up to 16 KB, then
   * silence. An answer can only come from a server that stopped counting at its limit. Just past the
   * limit, so the server has read every byte sent when it answers: a close with bytes still unread
   * would be a reset that could overtake the answer.
   */
  function* unendingChunkedMessage(total: number) {
    const frame = (data: string) => `${Buffer.byteLength(data).toString(16)}\r\n${data}\r\n`;
    yield frame(contactForm);
    for (let sent = 0; sent < total; sent += 16_384) {
      yield frame('A'.repeat(Math.min(16_384, total - sent)));
    }
  }

  test('a contact post declaring more than 64 KB is answered 413 before its body is sent', async ({
    baseURL,
  }) => {
    // Only the head goes out: the answer cannot have waited for 20 MB.
    const response = await rawExchange(
      baseURL!,
      postHead(baseURL!, '/contact', 'Content-Length: 20000000'),
    );
    expect(response.status).toBe(413);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('Too much to send');
  });

  test('a chunked contact post is cut off past 64 KB with 413, and none of it is echoed', async ({
    baseURL,
  }) => {
    const response = await rawExchange(
      baseURL!,
      postHead(baseURL!, '/contact', 'Transfer-Encoding: chunked'),
      unendingChunkedMessage(65 * 1024),
    );
    expect(response.status).toBe(413);
    expect(response.body).toContain('Too much to send');
    expect(response.body).not.toContain('AAAA');
  });

  test("an oversized post for the client's .data request gets a 413 React Router shows as the page's error", async ({
    baseURL,
  }) => {
    const response = await rawExchange(
      baseURL!,
      postHead(baseURL!, '/contact.data', 'Content-Length: 20000000'),
    );
    expect(response.status).toBe(413);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    // Without this header React Router's client turns the answer into the route's error response.
    expect(response.headers['x-remix-response']).toBeUndefined();
  });

  test('a post to a page without an action is answered 405 (Allow: GET, HEAD) without its body', async ({
    baseURL,
  }) => {
    for (const target of ['/shop', '/about', '/about.data']) {
      const response = await rawExchange(
        baseURL!,
        postHead(baseURL!, target, 'Content-Length: 20000000'),
      );
      expect(response.status, target).toBe(405);
      expect(response.headers.allow, target).toBe('GET, HEAD');
    }
  });

  test('a contact post within the limit reaches the action, which echoes no more than a field holds', async ({
    request,
  }) => {
    const response = await request.post('/contact', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      data: `${contactForm}${'A'.repeat(40_000)}`,
    });
    expect(response.status()).toBe(400);
    expect(response.headers()['cache-control']).toBe('private, no-store');
    const html = await response.text();
    expect(html).toContain('Keep a message under 5000 characters.');
    expect(html).toContain('A'.repeat(5000));
    expect(html).not.toContain('A'.repeat(5001));
  });

  test('a page asked for in absolute form (GET http://host/path) renders as its path', async ({
    baseURL,
  }) => {
    const response = await rawExchange(
      baseURL!,
      `GET http://evil.example/shop HTTP/1.1\r\nHost: ${new URL(baseURL!).host}\r\nConnection: close\r\n\r\n`,
    );
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).not.toContain('evil.example');
  });
});

test.describe('pages for one viewer', () => {
  test('a secret link’s page and its .data are private, no-store for a guest', async ({
    request,
  }) => {
    for (const url of [
      '/order-received/1?key=wc_order_secret',
      '/order-received/1.data?key=wc_order_secret',
      '/reset-password?key=secret&id=1',
      '/reset-password.data?key=secret&id=1',
    ]) {
      const response = await request.get(url, { maxRedirects: 0 });
      expect(response.headers()['cache-control'], url).toBe('private, no-store');
    }
  });

  test('a guest’s cart and checkout are nobody’s in particular, so the offline worker may keep them', async ({
    request,
  }) => {
    for (const url of ['/cart', '/checkout']) {
      const response = await request.get(url, { maxRedirects: 0 });
      expect(response.status(), url).toBe(200);
      expect(response.headers()['cache-control'] ?? '', url).not.toMatch(/private|no-store/);
    }
  });

  test('a signed-in visitor’s .data answers are private, no-store', async ({
    playwright,
    baseURL,
  }) => {
    const member = await playwright.request.newContext({ baseURL });
    const email = `edge.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
    const password = 'granola behind the counter';
    expect(
      (
        await member.post(apiPaths.customers, {
          data: { email, password, first_name: 'Dana', last_name: 'Data' },
        })
      ).status(),
    ).toBe(201);
    expect((await member.post(apiPaths.token, { data: { username: email, password } })).ok()).toBe(
      true,
    );
    for (const url of ['/my-account.data', '/my-account/account-details.data', '/shop.data']) {
      const response = await member.get(url, { maxRedirects: 0 });
      expect(response.status(), url).toBe(200);
      expect(response.headers()['cache-control'], url).toBe('private, no-store');
    }
    await member.dispose();
  });
});
