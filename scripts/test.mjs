// npm test: every check, in order of cost: lint, types, unit and API tests on PGlite, the API tests
// again on a throwaway PostgreSQL (when its binaries are installed), then the browser tests
// against the production build, and those that need PostgreSQL (tagged @postgres) on one.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildAll } from './build.mjs';
import { mustRun, root } from './lib.mjs';

// Each stage's test shop starts with the picture sizes an earlier one made (lib.mjs,
// seedPictureSizes), so the demo's pictures are encoded once per run, not by every new shop. A
// PICTURE_SIZES_CACHE already set is a folder kept across runs (and left in place).
if (process.env.PICTURE_SIZES_CACHE) {
  mkdirSync(process.env.PICTURE_SIZES_CACHE, { recursive: true });
} else {
  const cache = mkdtempSync(path.join(tmpdir(), 'larder-test-sizes-'));
  process.env.PICTURE_SIZES_CACHE = cache;
  process.on('exit', () => rmSync(cache, { recursive: true, force: true }));
}

/**
 * Runs commands side by side, each one's output held back and printed whole once all are done;
 * stops the script when any failed.
 */
async function mustRunSideBySide(commands) {
  const results = await Promise.all(
    commands.map(
      ([command, args]) =>
        new Promise((resolve, reject) => {
          const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('error', reject);
          child.on('close', (code, signal) =>
            resolve({ command, args, code: code ?? (signal ? 1 : 0), output }),
          );
        }),
    ),
  );
  for (const { output } of results) process.stdout.write(output);
  for (const { command, args, code } of results) {
    if (code === 0) continue;
    console.error(`\n✖ ${command} ${args.join(' ')} failed with exit code ${code}`);
    process.exit(code);
  }
}

const stages = [
  [
    // ESLint, Prettier and tsc each keep about one core busy: 45 s side by side, 56 s in turn.
    'Lint and typecheck (side by side)',
    () =>
      mustRunSideBySide([
        ['npm', ['run', 'lint']],
        ['npm', ['run', 'typecheck', '--workspaces', '--if-present']],
      ]),
  ],
  ['Unit and API tests (PGlite)', () => mustRun('npx', ['vitest', 'run'])],
  [
    'API tests (PostgreSQL, with a streaming replica for the replica tests)',
    () =>
      mustRun(
        'node',
        ['scripts/with-postgres.mjs', '--replica', 'npx', 'vitest', 'run', '--project', 'api'],
        // The fuzz's payloads are refused by the same code on either database; a quarter of the
        // PGlite run's number checks this driver's errors, at a quarter of its time (decision 0069).
        { env: { ...process.env, FUZZ_RUNS: process.env.FUZZ_RUNS ?? '50' } },
      ),
  ],
  ['Production build', () => buildAll()],
  [
    'Three shop processes behind HAProxy, one killed mid-run (npm run cluster -- --short)',
    () => mustRun('node', ['scripts/cluster.mjs', '--short', '--no-build']),
  ],
  [
    'No secrets in the browser build or the shop’s answers',
    () => mustRun('node', ['scripts/check-secrets.mjs', '--no-build']),
  ],
  [
    'Browser tests (Chromium)',
    () =>
      mustRun('npx', [
        'playwright',
        'test',
        '-c',
        'e2e/playwright.config.ts',
        '--grep-invert',
        '@postgres',
      ]),
  ],
  [
    'Browser tests on PostgreSQL (the shop and the command line at once)',
    () =>
      mustRun('node', [
        'scripts/with-postgres.mjs',
        'npx',
        'playwright',
        'test',
        '-c',
        'e2e/playwright.config.ts',
        '--grep',
        '@postgres',
      ]),
  ],
];

// Each stage's time, printed at the end: where a slower run went (decisions 0054, 0056).
const times = [];
for (const [name, runStage] of stages) {
  console.log(`\n━━ ${name} ━━`);
  const started = performance.now();
  await runStage();
  times.push([name, (performance.now() - started) / 1000]);
}
console.log('\nAll test stages passed.');
for (const [name, seconds] of times) console.log(`${seconds.toFixed(0).padStart(5)} s  ${name}`);
