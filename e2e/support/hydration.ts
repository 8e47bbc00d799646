import type { Page } from '@playwright/test';

/**
 * Clicks before hydration do nothing: wait until React has taken over the page.
 * The storefront marks <html data-hydrated> from an effect in the root layout.
 */
export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  return response;
}
