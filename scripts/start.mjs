// npm start: build whatever is missing or older than its sources, then become the shop's server.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildAll, buildStamp, serverBundle } from './build.mjs';
import { newestMtime, root } from './lib.mjs';

const sources = [
  'apps/api/src',
  'apps/api/seed',
  'apps/storefront/app',
  'apps/storefront/public',
  'packages/contract/src',
].map((folder) => path.join(root, folder));
const isStale = !existsSync(buildStamp) || newestMtime(sources) > statSync(buildStamp).mtimeMs;
if (isStale) {
  console.log('Building the shop (first start or changed sources)…');
  await buildAll();
}

// Settings from .env (see .env.example); variables already in the environment win.
const envFile = path.join(root, '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);

// Run the server in this process, so SIGTERM from a process manager (or npm) reaches its
// graceful shutdown directly.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(serverBundle).href);
