import { afterEach, beforeEach, expect, vi, type MockInstance } from 'vitest';

let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
});

// Registered before setup.ts's cleanup, so it runs after it: a warning while unmounting counts too.
afterEach(() => {
  // A React warning (act, keys, hydration) is a bug: fail the test that caused it.
  const calls = consoleError.mock.calls;
  consoleError.mockRestore();
  expect(calls, 'console.error was called').toEqual([]);
});
