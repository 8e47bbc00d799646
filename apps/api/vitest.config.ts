import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'seed/**/*.test.ts'],
    // Each file builds its own database; PGlite needs a few seconds to start.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
