import { defineConfig } from 'vitest/config';

// The tests that pin down the money code, for `npm run mutate` (Stryker): ones without a database,
// so each mutant runs in well under a second. `npm test` runs them too, in the workspace projects.
export default defineConfig({
  test: {
    include: [
      'packages/contract/src/money.test.ts',
      'apps/api/src/modules/pricing/viewer-price.test.ts',
      'apps/api/src/modules/pricing/price-lines.test.ts',
      'apps/api/src/modules/shipping/shipping-cost.test.ts',
    ],
  },
});
