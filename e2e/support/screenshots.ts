import type { Page } from '@playwright/test';

/**
 * Where the browser tests save screenshots to be looked at (SHOTS_DIR), when it is set; a run
 * without it saves none.
 */
export const shotsDir = process.env.SHOTS_DIR;

/** Full-page screenshots at 390 and 1440 px into SHOTS_DIR, when it is set; back to 1440 px after. */
export async function shoot(page: Page, name: string) {
  if (!shotsDir) return;
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    // From the top: a page scrolled (to a focused field, say) draws its sticky header where the
    // scroll left it, halfway down a full-page capture. Then two frames, so the page is laid out
    // and painted at the new width before the capture.
    await page.evaluate(() => {
      window.scrollTo(0, 0);
      return new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    });
    await page.screenshot({ path: `${shotsDir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}
