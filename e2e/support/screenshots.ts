import type { Page } from '@playwright/test';

const SHOTS = process.env.SHOTS_DIR;

/** Full-page screenshots at 390 and 1440 px into SHOTS_DIR, when it is set; back to 1440 px after. */
export async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    // Two frames, so the page is laid out and painted at the new width before the capture.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}
