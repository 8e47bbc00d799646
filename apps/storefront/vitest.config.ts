import { defineProject } from 'vitest/config';

// The react-router vite plugin is deliberately not loaded here: component tests render modules directly.
export default defineProject({
  test: {
    name: 'storefront',
    environment: 'jsdom',
    include: ['app/**/*.test.{ts,tsx}'],
    setupFiles: ['./app/test/setup.ts'],
  },
});
