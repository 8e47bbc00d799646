import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Finds apps/storefront/build by walking up from this module, so the server works the same
 * from apps/api/src (tsx) and from the bundle in apps/api/dist.
 */
export function locateStorefrontBuild(
  from = path.dirname(fileURLToPath(import.meta.url)),
): string | null {
  let dir = from;
  for (;;) {
    const candidate = path.join(dir, 'apps', 'storefront', 'build');
    if (existsSync(path.join(dir, 'apps', 'storefront'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}
