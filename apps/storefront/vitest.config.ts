import { defineProject } from 'vitest/config';

/**
 * The tests without components that still need a browser's globals (local storage, window,
 * document). Every other `.test.ts` runs in Node (vitest.node.config.ts): a jsdom per file cost
 * most of their time.
 */
export const testsNeedingDom = [
  'app/features/account-details/checkout-addresses.test.ts',
  'app/features/account/session-store.test.ts',
  'app/features/account/session.test.ts',
  'app/features/analytics/page-views.test.ts',
  'app/features/cart/cart-store.test.ts',
  'app/features/cart/use-shipping-rates.test.ts',
];

// The react-router vite plugin is deliberately not loaded here: component tests render modules directly.
export default defineProject({
  test: {
    name: 'storefront',
    environment: 'jsdom',
    // Each file in a fresh VM context of a worker kept for the run, instead of a new process that
    // loads jsdom again: 33 files 60 → 15 s here, each still isolated from the others.
    pool: 'vmThreads',
    include: ['app/**/*.test.tsx', ...testsNeedingDom],
    setupFiles: ['./app/test/fail-on-console-error.ts', './app/test/setup.ts'],
    // Typing with user-event takes seconds when the machine is busy (CI runs everything at once);
    // the default 5 s cut such tests off without anything being wrong.
    testTimeout: 30_000,
  },
});
