import { configDefaults, defineProject } from 'vitest/config';
import { testsNeedingDom } from './vitest.config.ts';

// The storefront's tests of plain logic, in Node; those with components or a browser's globals
// run in jsdom (vitest.config.ts).
export default defineProject({
  test: {
    name: 'storefront-logic',
    environment: 'node',
    include: ['app/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...testsNeedingDom],
    setupFiles: ['./app/test/fail-on-console-error.ts'],
    testTimeout: 30_000,
  },
});
