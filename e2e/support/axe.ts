import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe's violations on the page, or only inside `include` (a selector), one line each.
 *
 * Legacy mode runs axe once in the page (and its same-origin frames). The default mode merges
 * every frame's results in a blank page it opens for each check: on two cores under the whole
 * suite that added 2 s or more a check, and a cart-and-checkout test with two checks ran past its
 * 30 s. The shop's only frame is the card processor's, which is not ours to check.
 */
export async function axeViolations(page: Page, include?: string) {
  // Only violations are read: leaving out the other result types' nodes (every element that passed
  // each rule) cut a check's time by a quarter here, and changes nothing axe checks.
  const builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] });
  if (include) builder.include(include);
  const results = await builder.analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
}
