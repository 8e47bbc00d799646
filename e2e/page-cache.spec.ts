import { expect, test, type APIResponse } from '@playwright/test';
import { apiPaths } from '@larder/contract';

// Anonymous pages are kept briefly in memory (docs/decisions/0012-caching.md); each answer must
// still carry its own CSP nonce on every script, and a signed-in page is never kept.

const nonceOf = (response: APIResponse) =>
  /script-src [^;]*'nonce-([^']+)'/.exec(response.headers()['content-security-policy'] ?? '')?.[1];

/** Script tags the browser would run (JSON-LD is data and needs no nonce). */
const runnableScripts = (html: string) =>
  (html.match(/<script\b[^>]*>/g) ?? []).filter((tag) => !tag.includes('application/ld+json'));

test.describe('anonymous page cache', () => {
  test('a page served from memory carries the nonce of its own response on every script', async ({
    playwright,
    baseURL,
  }) => {
    // Fresh contexts: no cookies at all, as a first-time visitor.
    const first = await playwright.request.newContext({ baseURL });
    const second = await playwright.request.newContext({ baseURL });
    await (await first.get('/shop')).text();
    const response = await second.get('/shop');
    expect(response.status()).toBe(200);
    expect(['hit', 'stale']).toContain(response.headers()['x-cache']);
    expect(response.headers()['cache-control']).toBe('no-cache');
    const nonce = nonceOf(response);
    expect(nonce).toBeTruthy();
    const html = await response.text();
    const scripts = runnableScripts(html);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    // No other response's nonce is left anywhere in the page.
    expect(html.match(/nonce="([^"]+)"/g)?.every((found) => found === `nonce="${nonce}"`)).toBe(
      true,
    );
    await first.dispose();
    await second.dispose();
  });

  test('a page from memory runs its scripts in the browser without a CSP violation', async ({
    page,
    request,
  }) => {
    await (await request.get('/about')).text();
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => {
        // A library probing whether eval is allowed is refused by design; scripts are what count.
        if (event.blockedURI !== 'eval')
          seen.push(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    const response = await page.goto('/about');
    expect(['hit', 'stale']).toContain(response!.headers()['x-cache']);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    expect(
      await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
    ).toEqual([]);
  });

  test("a signed-in visitor's page is never served to another visitor, nor a guest's to them", async ({
    playwright,
    baseURL,
  }) => {
    const guest = await playwright.request.newContext({ baseURL });
    const member = await playwright.request.newContext({ baseURL });
    const email = `cache.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
    const password = 'granola kept in memory';
    expect(
      (
        await member.post(apiPaths.customers, {
          data: { email, password, first_name: 'Casey', last_name: 'Cache' },
        })
      ).status(),
    ).toBe(201);
    expect((await member.post(apiPaths.token, { data: { username: email, password } })).ok()).toBe(
      true,
    );

    // The guest's copy is in memory first; the member still gets a page rendered for them.
    await (await guest.get('/login')).text();
    const signedIn = await member.get('/login');
    expect(signedIn.headers()['cache-control']).toBe('private, no-store');
    expect(signedIn.headers()['x-cache']).toBeUndefined();
    expect(await signedIn.text()).toContain(email);

    const anonymous = await guest.get('/login');
    expect(await anonymous.text()).not.toContain(email);
    await guest.dispose();
    await member.dispose();
  });
});
