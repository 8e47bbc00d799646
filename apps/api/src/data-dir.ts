import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Everything under DATA_DIR is the shop user's alone: orders, password hashes, reset links. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
/** New files and folders of this process get no group or other bits (the explicit modes agree). */
export const PRIVATE_UMASK = 0o077;

/** Entries of a process that starts the shop or the owner's command line; call first thing. */
export function usePrivateUmask(): void {
  process.umask(PRIVATE_UMASK);
}

/**
 * Creates DATA_DIR (0700) or tightens an existing one: every folder to 0700 and every file to
 * 0600 where looser. Runs once the database is open, because PGlite writes its files as 0666
 * whatever the umask; the 0700 folders keep what it writes later unreachable to others.
 */
export function secureDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  tighten(dataDir);
}

function tighten(path: string): void {
  const stat = lstatSync(path);
  // A symlink's own mode means nothing, and its target may lie outside DATA_DIR.
  if (stat.isSymbolicLink()) return;
  const loosest = stat.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
  if ((stat.mode & 0o777 & ~loosest) !== 0) chmodSync(path, stat.mode & loosest);
  if (!stat.isDirectory()) return;
  for (const name of readdirSync(path)) tighten(join(path, name));
}
