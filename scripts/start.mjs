// npm start: build whatever is missing or older than its sources, then run the one shop process.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildAll, buildStamp, serverBundle } from './build.mjs';
import { spawn } from 'node:child_process';
import { newestMtime, root } from './lib.mjs';

const sources = [
  'apps/api/src',
  'apps/storefront/app',
  'apps/storefront/public',
  'packages/contract/src',
].map((folder) => path.join(root, folder));
const isStale = !existsSync(buildStamp) || newestMtime(sources) > statSync(buildStamp).mtimeMs;
if (isStale) {
  console.log('Building the shop (first start or changed sources)…');
  await buildAll();
}

const server = spawn(process.execPath, ['--enable-source-maps', serverBundle], {
  stdio: 'inherit',
  cwd: root,
});
// The server shuts down gracefully on SIGTERM/SIGINT: pass the signal on and leave with its exit code.
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
