import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi, type MockInstance } from 'vitest';

// Components render here as they do after hydration (root.tsx marks it), never as a first visit.
document.documentElement.dataset.hydrated = '';

let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
});

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  // A React warning (act, keys, hydration) is a bug: fail the test that caused it.
  const calls = consoleError.mock.calls;
  consoleError.mockRestore();
  expect(calls, 'console.error was called').toEqual([]);
});
