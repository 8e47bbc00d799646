import { vi } from 'vitest';

/**
 * Retries `check` until it passes, for what the shop does after answering (emails, background
 * sends). vi.waitFor gives up after 1 s, which a loaded 2-core machine running two test files
 * and PostgreSQL with its replica can take; the bound here is only how long a failure takes.
 */
export const eventually = <T>(check: () => T | Promise<T>): Promise<T> =>
  vi.waitFor(check, { timeout: 15_000, interval: 50 });
