import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'seed/**/*.test.ts'],
    // Each file starts its own database from a copy of one built here, once per run.
    globalSetup: ['test/database-templates.ts'],
    // PGlite still needs a few seconds to start.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
