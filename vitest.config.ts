import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'apps/api',
      'apps/storefront',
      'apps/storefront/vitest.node.config.ts',
    ],
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine. Each test file
    // starts its own database, so two run side by side safely.
    maxWorkers: 2,
    // `npm run check` prints it (--coverage); `npm test` runs without, to stay fast.
    coverage: {
      provider: 'v8',
      include: ['packages/contract/src/**', 'apps/api/src/**', 'apps/storefront/app/**'],
      exclude: ['**/*.test.{ts,tsx}', '**/test/**', '**/test-data.ts'],
      reporter: ['text-summary'],
    },
  },
});
