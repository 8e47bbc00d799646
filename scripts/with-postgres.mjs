#!/usr/bin/env node
// Runs a command against a throwaway PostgreSQL cluster: node scripts/with-postgres.mjs <command...>
// The command gets TEST_DATABASE_URL; the cluster is removed afterwards, also on failure or a signal.
// With --replica first, a streaming replica of it too (pg_basebackup), as TEST_READ_DATABASE_URL.
// Without PostgreSQL server binaries this prints one line and exits 0.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const withReplica = process.argv[2] === '--replica';
const command = process.argv.slice(withReplica ? 3 : 2);
if (command.length === 0) {
  console.error('usage: node scripts/with-postgres.mjs [--replica] <command...>');
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
const replicaDir = join(baseDir, 'replica');
chmodSync(baseDir, 0o700);
if (isRoot) spawnSync('chown', ['postgres:postgres', baseDir], { stdio: 'inherit' });

/** The data folders of the servers running, replica last: stopped in reverse order. */
const started = [];
let child = null;
let cleanedUp = false;
function cleanup() {
  if (cleanedUp) return;
  cleanedUp = true;
  for (const dir of started.reverse()) {
    try {
      run([join(binDir, 'pg_ctl'), '-D', dir, '-m', 'immediate', '-w', 'stop'], { quiet: true });
    } catch (error) {
      console.error(String(error));
    }
  }
  rmSync(baseDir, { recursive: true, force: true });
}

/** Starts the server whose data is in `dir` on `port`, speed over durability: it is thrown away. */
function startServer(dir, port, logName) {
  // pg_basebackup refuses a primary without full-page writes: only the replica's primary keeps them.
  const fullPageWrites = withReplica ? 'on' : 'off';
  run(
    [
      join(binDir, 'pg_ctl'),
      '-D',
      dir,
      '-l',
      join(baseDir, logName),
      '-w',
      '-o',
      `-p ${port} -k ${baseDir} -c fsync=off -c synchronous_commit=off -c full_page_writes=${fullPageWrites} -c listen_addresses=127.0.0.1`,
      'start',
    ],
    { quiet: true },
  );
  started.push(dir);
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
  startServer(dataDir, port, 'server.log');
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const env = { ...process.env, TEST_DATABASE_URL: url };
  if (withReplica) {
    // A hot standby streaming from the primary, as a production read replica would (-R writes
    // standby.signal and the primary's address).
    const replicaPort = await freePort();
    run(
      [
        join(binDir, 'pg_basebackup'),
        ...['-D', replicaDir, '-h', '127.0.0.1', '-p', String(port), '-U', 'postgres'],
        ...['-X', 'stream', '-R', '--no-sync'],
      ],
      { quiet: true },
    );
    chmodSync(replicaDir, 0o700);
    startServer(replicaDir, replicaPort, 'replica.log');
    env.TEST_READ_DATABASE_URL = `postgres://postgres@127.0.0.1:${replicaPort}/postgres`;
  }
  console.log(
    `PostgreSQL ${binDir.split('/').at(-2)} running on port ${port}${withReplica ? ' with a replica' : ''} for: ${command.join(' ')}`,
  );
  exitCode = await new Promise((resolve) => {
    child = spawn(command[0], command.slice(1), {
      stdio: 'inherit',
      env,
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
