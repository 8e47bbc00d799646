import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startBuiltServer, type BuiltServer } from '../../scripts/lib.mjs';

/** A port nobody listens on right now, so a second shop can start beside the main test server. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Gives a new data directory the image sizes the main test server has (its own, or those of the
 * `npm test` run it was seeded with). Each file's name carries a hash of its picture and the
 * encoder's settings, so these are the files the new shop would encode itself (a minute of CPU on
 * two cores); a size still missing is made.
 */
function copyMainServerImageSizes(dataDir: string) {
  const sizes = path.join('uploads', 'sizes');
  const made = path.join(process.env.E2E_DATA_DIR ?? '', sizes);
  if (!process.env.E2E_DATA_DIR || !existsSync(made)) return;
  cpSync(made, path.join(dataDir, sizes), {
    recursive: true,
    // A size being written right now is still under its temporary name.
    filter: (file) => !file.endsWith('.partial'),
  });
}

/**
 * Another shop from the production build, on its own fresh database, for tests that need a
 * configuration the main test server does not have.
 */
export async function startShop(env: Record<string, string>): Promise<BuiltServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'larder-e2e-shop-'));
  copyMainServerImageSizes(dataDir);
  const server = await startBuiltServer({
    port: await freePort(),
    env: { DATA_DIR: dataDir, ...env },
    // A fresh database is seeded first: minutes on a loaded machine if it made every picture's sizes.
    timeoutMs: 240_000,
  });
  return {
    url: server.url,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
