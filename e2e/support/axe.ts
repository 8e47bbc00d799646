import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type * as Axe from 'axe-core';

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * axe's violations on the page, or only inside `include` (a selector), one line each.
 *
 * axe-core is put in the page once, and run there. @axe-core/playwright sent its 550 KB source
 * twice a check and the page compiled it each time: a quarter of a check's CPU (decision 0069).
 * Frames are left out (`iframes: false`): the shop's only frame is Stripe's card fields, which
 * are not ours to check.
 */
export async function axeViolations(page: Page, include?: string) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (include) => {
    const { axe } = window as unknown as { axe: typeof Axe };
    // Only violations are read: leaving out the other result types' nodes (every element that
    // passed each rule) cut a check's time by a quarter here, and changes nothing axe checks.
    const results = await axe.run(include ? { include: [include] } : document, {
      resultTypes: ['violations'],
      iframes: false,
    });
    return results.violations.map(
      ({ id, help, nodes }) =>
        `${id}: ${help} (${nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
  }, include);
}

/**
 * axe's violations on the loaded page at each width in turn, resized between checks: `{390: [],
 * 1440: []}` when there are none. One page load for both widths, instead of a test, a browser
 * context and a load for each: about 2.5 s of CPU saved a page (decision 0070). The page's layout
 * at each width is its media queries', as after a fresh load.
 */
export async function axeViolationsAtWidths(page: Page, widths: number[], include?: string) {
  const byWidth: Record<number, string[]> = {};
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    byWidth[width] = await axeViolations(page, include);
  }
  return byWidth;
}
