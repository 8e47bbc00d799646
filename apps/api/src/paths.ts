import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The `apps/api` folder, found by walking up from this module: works from `src/` under tsx
 * and from `dist/server.js` after the esbuild bundle, so migrations and seed images resolve in both.
 */
export function resolveApiRoot(startUrl: string = import.meta.url): string {
  let dir = dirname(fileURLToPath(startUrl));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        const name = (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name;
        if (name === '@larder/api') return dir;
      } catch {
        // an unreadable package.json is not ours; keep walking
      }
    }
    const parent = dirname(dir);
    if (parent === dir)
      throw new Error('Could not find the apps/api folder above ' + fileURLToPath(startUrl));
    dir = parent;
  }
}

export const defaultMigrationsDir = () => join(resolveApiRoot(), 'drizzle');
/** The demo artwork, served under /wp-content/uploads/ behind the data folder's uploads. */
export const seedUploadsDir = () => join(resolveApiRoot(), 'seed', 'images');
