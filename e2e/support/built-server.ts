import { mkdtempSync, rmSync } from 'node:fs';
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
 * Another shop from the production build, on its own fresh database, for tests that need a
 * configuration the main test server does not have.
 */
export async function startShop(env: Record<string, string>): Promise<BuiltServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'larder-e2e-shop-'));
  const server = await startBuiltServer({
    port: await freePort(),
    env: { DATA_DIR: dataDir, ...env },
    // A fresh database is seeded first, pictures' sizes included: minutes on a loaded machine.
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
