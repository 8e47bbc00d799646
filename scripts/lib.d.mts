// Types for the parts of lib.mjs that TypeScript callers (the browser tests) use.
import type { ChildProcess } from 'node:child_process';

export const root: string;

export interface BuiltServer {
  url: string;
  stop(): Promise<void>;
}

export interface StartedServer extends BuiltServer {
  /** The server's process, to signal it. */
  process: ChildProcess;
}

export function startBuiltServer(options: {
  port: number;
  env?: Record<string, string>;
  /** How long to wait for its first answer (default two minutes). */
  timeoutMs?: number;
}): Promise<StartedServer>;

/** Copies the picture sizes of the `npm test` run (PICTURE_SIZES_CACHE) into a shop's data dir. */
export function seedPictureSizes(dataDir: string): void;

/** Copies the picture sizes a shop made into the `npm test` run's cache. */
export function keepPictureSizes(dataDir: string): void;
