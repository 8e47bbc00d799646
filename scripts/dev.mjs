// npm run dev: the shop from source. The server runs under tsx and restarts when API or contract
// code changes; storefront changes rebuild the storefront first. No bundling step for the server.
import { spawn } from 'node:child_process';
import { watch } from 'node:fs';
import path from 'node:path';
import { root, run } from './lib.mjs';

const storefrontDir = path.join(root, 'apps/storefront');
async function buildStorefront() {
  const code = await run('npx', ['react-router', 'build'], { cwd: storefrontDir });
  // Keep watching after a failed build: the next save usually fixes it.
  if (code !== 0)
    console.error('The storefront build failed; the server keeps the last good build.');
}

let server = null;
function startServer() {
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { LOG_LEVEL: 'info', ...process.env },
  });
}
async function restartServer() {
  if (server && server.exitCode === null) {
    const exited = new Promise((done) => server.once('exit', done));
    server.kill('SIGTERM');
    await exited;
  }
  startServer();
}

await buildStorefront();
startServer();

let pending = null;
let storefrontChanged = false;
function onChange(isStorefront) {
  storefrontChanged ||= isStorefront;
  clearTimeout(pending);
  // Editors write several files at once: wait for the burst to end.
  pending = setTimeout(async () => {
    const rebuild = storefrontChanged;
    storefrontChanged = false;
    if (rebuild) await buildStorefront();
    await restartServer();
  }, 300);
}

const watched = [
  ['apps/api/src', false],
  ['apps/api/seed', false],
  ['packages/contract/src', true],
  ['apps/storefront/app', true],
  ['apps/storefront/public', true],
];
for (const [folder, isStorefront] of watched) {
  watch(path.join(root, folder), { recursive: true }, () => onChange(isStorefront));
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server?.kill(signal);
    process.exit(0);
  });
}
