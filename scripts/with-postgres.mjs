#!/usr/bin/env node
// Runs a command against a throwaway PostgreSQL cluster: node scripts/with-postgres.mjs <command...>
// The command gets TEST_DATABASE_URL; the cluster is removed afterwards, also on failure or a signal.
// Without PostgreSQL server binaries this prints one line and exits 0.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error('usage: node scripts/with-postgres.mjs <command...>');
  process.exit(2);
}

function findBinDir() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? join(root, versions[0], 'bin') : null;
}

const binDir = findBinDir();
if (!binDir) {
  console.log(
    'PostgreSQL server binaries not found (/usr/lib/postgresql/*/bin/initdb): skipping the PostgreSQL pass.',
  );
  process.exit(0);
}

const isRoot = process.getuid?.() === 0;
// PostgreSQL refuses to run as root, so the cluster belongs to the postgres user.
const asPostgres = (args) =>
  isRoot ? ['runuser', ['-u', 'postgres', '--', ...args]] : [args[0], args.slice(1)];

function run(args, options = {}) {
  const [cmd, rest] = asPostgres(args);
  const result = spawnSync(cmd, rest, {
    stdio: options.quiet ? 'pipe' : 'inherit',
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    const output = options.quiet ? `\n${result.stdout ?? ''}${result.stderr ?? ''}` : '';
    throw new Error(`${args.join(' ')} failed with exit code ${result.status}${output}`);
  }
  return result;
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const baseDir = mkdtempSync(join(tmpdir(), 'larder-pg-'));
const dataDir = join(baseDir, 'data');
chmodSync(baseDir, 0o700);
if (isRoot) spawnSync('chown', ['postgres:postgres', baseDir], { stdio: 'inherit' });

let started = false;
let child = null;
let cleanedUp = false;
function cleanup() {
  if (cleanedUp) return;
  cleanedUp = true;
  if (started) {
    try {
      run([join(binDir, 'pg_ctl'), '-D', dataDir, '-m', 'immediate', '-w', 'stop'], {
        quiet: true,
      });
    } catch (error) {
      console.error(String(error));
    }
  }
  rmSync(baseDir, { recursive: true, force: true });
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (child) child.kill(signal);
    cleanup();
    process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1));
  });
}

let exitCode;
try {
  const port = await freePort();
  run(
    [
      join(binDir, 'initdb'),
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-sync',
    ],
    {
      quiet: true,
    },
  );
  run(
    [
      join(binDir, 'pg_ctl'),
      '-D',
      dataDir,
      '-l',
      join(baseDir, 'server.log'),
      '-w',
      '-o',
      `-p ${port} -k ${baseDir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c listen_addresses=127.0.0.1`,
      'start',
    ],
    { quiet: true },
  );
  started = true;
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  console.log(
    `PostgreSQL ${binDir.split('/').at(-2)} running on port ${port} for: ${command.join(' ')}`,
  );
  exitCode = await new Promise((resolve) => {
    child = spawn(command[0], command.slice(1), {
      stdio: 'inherit',
      env: { ...process.env, TEST_DATABASE_URL: url },
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(String(error));
      resolve(127);
    });
  });
} catch (error) {
  console.error(String(error));
  exitCode = 1;
} finally {
  cleanup();
}
process.exit(exitCode);
