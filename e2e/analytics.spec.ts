import { createServer, type Server } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { freePort, startShop } from './support/built-server';
import { gotoHydrated } from './support/hydration';

interface ReceivedEvent {
  name: string;
  url: string;
  domain: string;
  referrer: string | null;
}

/** A stand-in for Plausible's Events API that keeps what it is sent. */
async function startCollector() {
  const events: ReceivedEvent[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/api/event') {
        events.push(JSON.parse(body) as ReceivedEvent);
      }
      response.writeHead(202, { 'access-control-allow-origin': '*' }).end('ok');
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    events,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Home, then Shop from the main navigation, then the first product: two client-side navigations. */
async function browseHomeShopProduct(page: Page, origin: string) {
  await gotoHydrated(page, `${origin}/`);
  await page.getByTestId('main-nav').getByRole('link', { name: 'Shop' }).click();
  await expect(page).toHaveURL(/\/shop$/);
  const firstCard = page.getByTestId('product-card').first();
  await firstCard.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/product\/[^/]+$/);
  return new URL(page.url()).pathname;
}

test.describe('analytics (spec §7)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('with Plausible configured, each completed navigation reports exactly one page view', async ({
    page,
  }) => {
    // Starts its own shop on a fresh database, seeded before it answers (any picture size the main
    // server did not make is made then): a budget for a busy machine, not a measure of speed.
    test.setTimeout(240_000);
    const collector = await startCollector();
    const shop = await startShop({
      PLAUSIBLE_DOMAIN: 'larder.test',
      PLAUSIBLE_API_HOST: collector.url,
    });
    try {
      const csp = (await page.request.get(`${shop.url}/`)).headers()['content-security-policy'];
      expect(csp).toMatch(new RegExp(`connect-src [^;]*${collector.url.replace(/\./g, '\\.')}`));

      const productPath = await browseHomeShopProduct(page, shop.url);
      const expected = [`${shop.url}/`, `${shop.url}/shop`, `${shop.url}${productPath}`];
      await expect.poll(() => collector.events.map((event) => event.url)).toEqual(expected);
      for (const event of collector.events) {
        expect(event).toMatchObject({ name: 'pageview', domain: 'larder.test' });
      }

      // A #fragment is not a new page; the next navigation is, and nothing came in between.
      await page.evaluate(() => (window.location.hash = 'reviews'));
      await page.getByTestId('main-nav').getByRole('link', { name: 'Shop' }).click();
      await expect(page).toHaveURL(/\/shop$/);
      await expect
        .poll(() => collector.events.map((event) => event.url))
        .toEqual([...expected, `${shop.url}/shop`]);
    } finally {
      await shop.stop();
      await collector.stop();
    }
  });

  test('unconfigured, nothing is sent and no third-party script loads', async ({
    page,
    baseURL,
  }) => {
    const foreign: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(baseURL!) && !request.url().startsWith('data:')) {
        foreign.push(request.url());
      }
    });
    const response = await page.request.get('/');
    expect(response.headers()['content-security-policy']).not.toMatch(/connect-src [^;]*http/);

    await browseHomeShopProduct(page, baseURL!);
    await page.reload();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    expect(foreign).toEqual([]);
    expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false);
  });
});
