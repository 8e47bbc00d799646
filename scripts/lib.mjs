import { spawn } from 'node:child_process';
import { cpSync, existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: root, ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Like run, but stops the script when the command fails. */
export async function mustRun(command, args, options) {
  const code = await run(command, args, options);
  if (code !== 0) {
    console.error(`\n✖ ${command} ${args.join(' ')} failed with exit code ${code}`);
    process.exit(code);
  }
}

/** Newest modification time (ms) of any file under the given folders, skipping build output. */
export function newestMtime(folders) {
  let newest = 0;
  const skip = new Set(['node_modules', 'build', 'dist', '.react-router', 'data']);
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (skip.has(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  for (const folder of folders) if (existsSync(folder)) walk(folder);
  return newest;
}

/**
 * Picture sizes shared by the test shops of one `npm test` run: scripts/test.mjs names a folder in
 * PICTURE_SIZES_CACHE. Each size's file name carries a hash of its picture and the encoder's
 * settings (decision 0011), so a file found there is exactly what a shop would encode; a size still
 * missing is made at the shop's start as before. No shop reads the folder: only the test scripts
 * copy it into a new shop's data directory before it starts, and back out after.
 */
const sizesCache = () => process.env.PICTURE_SIZES_CACHE;
const sizesIn = (dataDir) => path.join(dataDir, 'uploads', 'sizes');
// A size being written is still under its temporary name; a file already there is the same file.
const copySizes = (from, to) =>
  cpSync(from, to, { recursive: true, force: false, filter: (file) => !file.endsWith('.partial') });

/** Gives a new shop's data directory the run's picture sizes (no-op outside `npm test`). */
export function seedPictureSizes(dataDir) {
  const cache = sizesCache();
  if (cache && existsSync(cache)) copySizes(cache, sizesIn(dataDir));
}

/** Adds the sizes a started shop made to the run's cache, for the shops after it. */
export function keepPictureSizes(dataDir) {
  const cache = sizesCache();
  if (cache && existsSync(sizesIn(dataDir))) copySizes(sizesIn(dataDir), cache);
}

/** Starts the built server on a free-standing port and data directory; resolves once it answers. */
export async function startBuiltServer({ port, env = {}, timeoutMs = 120_000 }) {
  const { spawn } = await import('node:child_process');
  const server = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < timeoutMs / 200; attempt++) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${url}/wp-json/`);
      if (response.ok)
        return {
          url,
          /** The server's process (the crash script kills it). */
          process: server,
          stop: () =>
            new Promise((done) => {
              // One that already died would never send 'exit' again, and the caller's error
              // (thrown before its finally stops the server) would never be printed.
              if (server.exitCode !== null || server.signalCode !== null) return done();
              server.once('exit', done);
              server.kill('SIGTERM');
            }),
        };
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  server.kill('SIGKILL');
  throw new Error(`The server did not answer within ${timeoutMs / 1000} s`);
}
