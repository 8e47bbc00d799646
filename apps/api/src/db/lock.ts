import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PRIVATE_FILE_MODE } from '../data-dir.ts';

/** PGlite has no lock of its own: two processes on one directory would corrupt it. */
export class DatabaseInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The database in ${dir} is in use by another process (pid ${pid}): the shop (npm start) or ` +
        "the owner's command line (npm run admin). The embedded database serves one process at a " +
        'time: stop the other one first, or use PostgreSQL (DATABASE_URL), which both can share.',
    );
    this.name = 'DatabaseInUseError';
  }
}

/** Directories this process holds, so a lock naming our own pid can be told from a stale one. */
const held = new Set<string>();

const isRunning = (pid: number) => {
  // Our own pid in a lock we do not hold: left by an earlier process that had the same id (a
  // restarted container's pid 1).
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Takes `${dir}/larder.lock` (holding this process's id) or throws DatabaseInUseError. A lock left
 * by a process that no longer runs (killed, crashed) is taken over. Returns the release function.
 */
export function lockDirectory(dir: string): () => void {
  const file = join(dir, 'larder.lock');
  if (held.has(file)) throw new DatabaseInUseError(dir, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx', mode: PRIVATE_FILE_MODE });
      held.add(file);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        held.delete(file);
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && isRunning(holder)) {
        throw new DatabaseInUseError(dir, holder);
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}: another process keeps taking its lock.`);
}
