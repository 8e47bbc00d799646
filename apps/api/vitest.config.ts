import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'seed/**/*.test.ts'],
    // Each file starts its own database from a copy of one built here, once per run.
    globalSetup: ['test/database-templates.ts'],
    // Test files share a worker's loaded modules: each already starts its own app and database, and
    // importing the app once per file cost a third of the run.
    isolate: false,
    // The read and page caches say hit or miss in X-Cache, which the cache tests read.
    env: { SHOW_CACHE_STATE: 'true' },
    // PGlite still needs a few seconds to start.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
