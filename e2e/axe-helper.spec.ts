import { expect, test } from '@playwright/test';
import { axeViolationsAtWidths } from './support/axe';

// The accessibility checks pass when axe reports nothing: this shows the helper does report, at
// the width where a problem shows and not at the other.
test('the axe helper reports a problem at the width where it shows', async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>Check</title>
    <style>@media (min-width: 1000px) { .phone-only { display: none; } }</style></head>
    <body><main><h1>Check</h1><button class="phone-only"></button></main></body></html>`);
  const found = await axeViolationsAtWidths(page, [390, 1440]);
  expect(found[390]).toEqual([expect.stringMatching(/^button-name: .*\(button\)$/)]);
  expect(found[1440]).toEqual([]);
});
