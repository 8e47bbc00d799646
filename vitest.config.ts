import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/api', 'apps/storefront'],
    // `npm run check` prints it (--coverage); `npm test` runs without, to stay fast.
    coverage: {
      provider: 'v8',
      include: ['packages/contract/src/**', 'apps/api/src/**', 'apps/storefront/app/**'],
      exclude: ['**/*.test.{ts,tsx}', '**/test/**', '**/test-data.ts'],
      reporter: ['text-summary'],
    },
  },
});
