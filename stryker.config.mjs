// `npm run mutate`: mutation testing of the money code (decision 0021). Each mutant runs only the
// tests that cover it (perTest), from the focused suite in vitest.mutate.config.ts.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutate.config.ts', related: false },
  coverageAnalysis: 'perTest',
  mutate: [
    'packages/contract/src/money.ts',
    'apps/api/src/modules/pricing/viewer-price.ts',
    'apps/api/src/modules/pricing/cart-pricing.ts',
    'apps/api/src/modules/shipping/shipping-cost.ts',
  ],
  // The sandbox needs the sources, not builds, data or reports.
  ignorePatterns: [
    '/apps/storefront',
    '/e2e',
    '/docs',
    '/data',
    '**/build',
    '**/dist',
    '/test-results',
    '/playwright-report',
    '/reports',
  ],
  tempDirName: '.stryker-tmp',
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  thresholds: { high: 90, low: 80, break: null },
  concurrency: 2,
  timeoutMS: 30_000,
};
