import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { seedPictureSizes } from '../scripts/lib.mjs';

const port = Number(process.env.E2E_PORT ?? 3100);
// A fresh database for every run; set once in the main process, inherited by the workers.
if (!process.env.E2E_DATA_DIR) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'larder-e2e-'));
  process.env.E2E_DATA_DIR = dataDir;
  // Under npm test, the picture sizes an earlier stage's shop made: its first start encodes none.
  seedPictureSizes(dataDir);
  // Gone with the run (tens of MB each): the server has stopped by the time the runner exits.
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}
// Under scripts/with-postgres.mjs the shop, and the owner's command line the tests run, share
// that PostgreSQL; the tests tagged @postgres need it (the embedded database is one process's).
if (process.env.TEST_DATABASE_URL) process.env.DATABASE_URL ??= process.env.TEST_DATABASE_URL;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // One folder per server port, so runs side by side do not wipe each other's traces.
  outputDir: `test-results/${port}`,
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // On two cores running the whole suite, a page's loader has been seen to take over the default
  // 5 s (the quick order's move to the cart); a waiting assertion still fails, only later.
  expect: { timeout: 10_000 },
  // CI's machine is slower than this one: a cart-and-checkout test of 28 s here ran past the
  // default 30 s there. A bound for a stuck test, not a speed check (benchmarks measure speed).
  timeout: 60_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recording a trace for every test, to keep the failing ones' (retain-on-failure), took a third
    // of the suite's CPU here: a screencast encoded to JPEG and a DOM snapshot at every action
    // (decision 0065). To see why a test failed, run it again with `--trace on`.
    trace: 'off',
    // The shop's service worker would answer requests before page.route() sees them; the PWA
    // spec turns it back on.
    serviceWorkers: 'block',
    launchOptions: {
      // Debian's headless shell: the same Blink without the full browser around it, which ran the
      // suite's specs about 40 % faster here on two cores. The visual baselines are its pictures.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node scripts/start.mjs',
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `http://127.0.0.1:${port}/wp-json/wp/v2/pages?slug=home`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      // The shop as deployed (React's production build: 20 against 27 ms per uncached page), with
      // X-Cache, which page-cache.spec reads, switched on (decision 0054).
      NODE_ENV: 'production',
      SHOW_CACHE_STATE: 'true',
      // Every browser test posts from 127.0.0.1; the limits themselves are covered by API tests.
      REVIEW_RATE_LIMIT: '1000/1m',
      CONTACT_RATE_LIMIT: '1000/1m',
      NEWSLETTER_RATE_LIMIT: '1000/1m',
      SHIPPING_RATES_RATE_LIMIT: '1000/1m',
      ORDER_RATE_LIMIT: '1000/1m',
      PAYMENT_RATE_LIMIT: '1000/1m',
      LOGIN_RATE_LIMIT: '1000/1m',
      SIGNUP_RATE_LIMIT: '1000/1m',
      PASSWORD_RESET_RATE_LIMIT: '1000/1m',
      // Several specs apply for wholesale accounts from the one test machine.
      WHOLESALE_RATE_LIMIT: '1000/1m',
      ORDER_HOLD_MAX_UNITS: '999',
      // The webhook specs' receivers listen on loopback.
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    },
  },
});
