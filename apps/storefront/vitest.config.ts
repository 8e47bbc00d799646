import { defineProject } from 'vitest/config';

// The react-router vite plugin is deliberately not loaded here: component tests render modules directly.
export default defineProject({
  test: {
    name: 'storefront',
    environment: 'jsdom',
    include: ['app/**/*.test.{ts,tsx}'],
    setupFiles: ['./app/test/setup.ts'],
    // Typing with user-event takes seconds when the machine is busy (CI runs everything at once);
    // the default 5 s cut such tests off without anything being wrong.
    testTimeout: 30_000,
  },
});
