// npm run cluster: the shop as several processes that behave as one (decision 0013), on loopback.
// PostgreSQL (a throwaway primary and its streaming replica, scripts/with-postgres.mjs --replica),
// Redis, three shop processes from the build (same DATABASE_URL, READ_DATABASE_URL, AUTH_SECRET and
// REDIS_URL, one DATA_DIR) and HAProxy in front, checking
// /readyz. Shoppers order and pay through HAProxy while one shop process is SIGKILLed and started
// again; then the figures and the checks, each against its target. Exit 1 if any target is missed.
//   npm run cluster                  60 shoppers for 60 s (CLUSTER_SHOPPERS, CLUSTER_SECONDS)
//   npm run cluster -- --short       10 shoppers for 30 s: the form `npm test` runs
//   --no-build                       use the existing build
//   CLUSTER_PORT=3470                HAProxy's port; the shops take the next three, Redis the one after
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildAll } from './build.mjs';
import { keepPictureSizes, root, seedPictureSizes, startBuiltServer } from './lib.mjs';
import { auditShop } from './shop-audit.mjs';
import { call, payOrder, placeOrder, purchasableProducts, shippingRate } from './shopper.mjs';

const args = process.argv.slice(2);
const short = args.includes('--short');

function requireProgram(name, debianPackage) {
  if (spawnSync('sh', ['-c', `command -v ${name}`]).status !== 0) {
    console.error(`✖ ${name} is not installed (apt-get install ${debianPackage})`);
    process.exit(1);
  }
}

if (!process.env.TEST_DATABASE_URL) {
  // with-postgres.mjs skips quietly without PostgreSQL; a cluster run must not pass without it.
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql') : [];
  if (!versions.some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`))) {
    console.error('✖ PostgreSQL server binaries are not installed (apt-get install postgresql)');
    process.exit(1);
  }
  const result = spawnSync(
    process.execPath,
    ['scripts/with-postgres.mjs', '--replica', process.execPath, 'scripts/cluster.mjs', ...args],
    { cwd: root, stdio: 'inherit' },
  );
  process.exit(result.status ?? 1);
}
requireProgram('redis-server', 'redis-server');
requireProgram('haproxy', 'haproxy');

const SHOPPERS = Number(process.env.CLUSTER_SHOPPERS ?? (short ? 10 : 60));
const SECONDS = Number(process.env.CLUSTER_SECONDS ?? (short ? 30 : 60));
const BASE_PORT = Number(process.env.CLUSTER_PORT ?? 3470);
const SHOP_PORTS = [1, 2, 3].map((offset) => BASE_PORT + offset);
const REDIS_PORT = BASE_PORT + 4;
const databaseUrl = process.env.TEST_DATABASE_URL;
/** Transactions the replica has run for the shop's database: the reads sent there. */
async function replicaTransactions() {
  const client = new pg.Client({ connectionString: process.env.TEST_READ_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query(
      'select xact_commit::text as count from pg_stat_database where datname = current_database()',
    );
    return Number(rows[0].count);
  } finally {
    await client.end();
  }
}
/** The per-client limit the run checks is counted once across processes. */
const CONTACT_LIMIT = 4;

const workDir = mkdtempSync(path.join(tmpdir(), 'larder-cluster-'));
const dataDir = path.join(workDir, 'data');
const children = new Set();
let cleanedUp = false;
async function cleanup() {
  if (cleanedUp) return;
  cleanedUp = true;
  // A child killed by a signal (the SIGKILLed shop) has no exit code but has exited: waiting for
  // its 'exit' again would leave nothing to keep Node running, and it quits with code 13.
  const running = [...children].filter(
    (child) => child.exitCode === null && child.signalCode === null,
  );
  await Promise.all(
    running.map(
      (child) =>
        new Promise((resolve) => {
          child.once('exit', resolve);
          child.kill('SIGKILL');
        }),
    ),
  );
  rmSync(workDir, { recursive: true, force: true, maxRetries: 5 });
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    void cleanup().finally(() => process.exit(1));
  });
}

/** Starts a daemon in the foreground; resolves once its output shows `ready`. */
function startDaemon(command, commandArgs, ready) {
  const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const seen = (chunk) => {
      output += chunk;
      if (ready.test(output)) resolve(child);
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', seen);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${command} exited (${code}):\n${output}`)));
  });
}

const waitFor = async (check, timeoutMs, what) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
};

/** Every per-client limit raised but the contact form's: all shoppers come from 127.0.0.1. */
const unlimited = Object.fromEntries(
  [
    'REVIEW',
    'NEWSLETTER',
    'SHIPPING_RATES',
    'ORDER',
    'PAYMENT',
    'LOGIN',
    'SIGNUP',
    'PASSWORD_RESET',
    'WHOLESALE',
  ].map((name) => [`${name}_RATE_LIMIT`, '100000000/1m']),
);
const shopEnv = {
  DATABASE_URL: databaseUrl,
  // Guests' catalogue reads on the replica: the price check below then includes its lag.
  READ_DATABASE_URL: process.env.TEST_READ_DATABASE_URL,
  REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`,
  AUTH_SECRET: randomBytes(48).toString('base64'),
  // The shop's one address, behind the balancer: sessions are signed for it, so every process
  // needs the same (each would otherwise default to http://localhost:<its own port>).
  PUBLIC_URL: `http://127.0.0.1:${BASE_PORT}`,
  DATA_DIR: dataDir,
  ...unlimited,
  CONTACT_RATE_LIMIT: `${CONTACT_LIMIT}/10m`,
  ORDER_HOLD_MAX_UNITS: '999',
  SHUTDOWN_DRAIN_MS: '1500',
};
const startShop = async (port) => {
  // The first start seeds the demo shop and makes its image sizes: minutes on a busy machine.
  const shop = await startBuiltServer({ port, env: shopEnv, timeoutMs: 300_000 });
  children.add(shop.process);
  return shop;
};

const haproxyConfig = `
global
  maxconn 4096
defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  # A request that found a killed process is tried again on another server: any request whose
  # connection was refused, and reads (GET) that got no answer. A write the server may have
  # carried out (an order placed, a card charged) is never sent twice: its shopper sees the error.
  retries 2
  option redispatch 1
  retry-on all-retryable-errors
frontend shop
  bind 127.0.0.1:${BASE_PORT}
  option forwardfor
  # Shipping rates are a quote: a POST that changes nothing, safe to send again.
  acl quote path /wp-json/wc/v3/shipping-rates/
  http-request disable-l7-retry unless METH_GET || quote
  default_backend shops
backend shops
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter 500ms fastinter 250ms downinter 500ms fall 2 rise 2
${SHOP_PORTS.map((port, index) => `  server shop${index + 1} 127.0.0.1:${port} check`).join('\n')}
`;

const storefrontList =
  '/wp-json/wc/v3/products?per_page=100&catalog_visibility=visible&status=publish&orderby=menu_order&order=desc&stock_status=instock';
const pick = (list) => list[Math.floor(Math.random() * list.length)];

let exitCode = 1;
try {
  if (!args.includes('--no-build')) await buildAll();
  const redis = await startDaemon(
    'redis-server',
    ['--port', String(REDIS_PORT), '--bind', '127.0.0.1', '--dir', workDir, '--save', ''],
    /Ready to accept connections/,
  );
  // All three at once on an empty database: migrations and the demo data go in once (0013).
  seedPictureSizes(dataDir);
  const shops = await Promise.all(SHOP_PORTS.map(startShop));
  keepPictureSizes(dataDir);
  const replicaBefore = await replicaTransactions();
  const configPath = path.join(workDir, 'haproxy.cfg');
  writeFileSync(configPath, haproxyConfig);
  const haproxy = spawn('haproxy', ['-f', configPath, '-db'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(haproxy);
  const base = `http://127.0.0.1:${BASE_PORT}`;
  await waitFor(async () => (await fetch(`${base}/readyz`)).ok, 20_000, 'HAProxy');

  // An owner, for the owner's writes below (stock, a price) through the API.
  const ownerEmail = 'cluster-owner@example.com';
  const ownerPassword = randomBytes(18).toString('base64url');
  const created = spawnSync(
    process.execPath,
    [
      'scripts/admin.mjs',
      'owner',
      'create',
      '--email',
      ownerEmail,
      // Joined to its option: a random password may begin with "-" (1 in 64 from base64url), which
      // the command line would take for an option of its own.
      `--password=${ownerPassword}`,
      '--first-name',
      'Cluster',
      '--last-name',
      'Owner',
    ],
    { cwd: root, env: { ...process.env, ...shopEnv }, encoding: 'utf8' },
  );
  if (created.status !== 0) throw new Error(`owner create: ${created.stderr || created.stdout}`);
  const [writer, ...readers] = shops.map((shop) => shop.url);
  const signIn = await call(writer, '/wp-json/jwt-auth/v1/token', {
    method: 'POST',
    body: { username: ownerEmail, password: ownerPassword },
  });
  if (signIn.status !== 200) throw new Error(`owner sign-in: ${signIn.status} ${signIn.text}`);
  const asOwner = { authorization: `Bearer ${signIn.json.data.token}` };
  // Two products get counted stock, little enough to sell out, so overselling would show.
  const chosen = (await purchasableProducts(base)).slice(0, 2);
  const stockEach = Math.max(20, SHOPPERS * 4);
  for (const product of chosen) {
    const set = await call(base, `/wp-json/wc/v3/products/${product.id}`, {
      method: 'PUT',
      headers: asOwner,
      body: { manage_stock: true, stock_quantity: stockEach },
    });
    if (set.status !== 200) throw new Error(`stock set: ${set.status} ${set.text}`);
  }
  const initialStock = new Map(chosen.map((product) => [product.id, stockEach]));
  await waitFor(
    async () => (await purchasableProducts(base, { stockCounted: true })).length === chosen.length,
    5000,
    'the counted stock to show',
  );
  const products = await purchasableProducts(base);

  const answers = new Map();
  const paidOrderIds = [];
  let ordersPlaced = 0;
  const firstErrors = [];
  const count = (stepName, status) => {
    const byStatus = answers.get(stepName) ?? new Map();
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    answers.set(stepName, byStatus);
  };
  async function step(stepName, send, expected = [200]) {
    try {
      const res = await send();
      count(stepName, res.status);
      if (!expected.includes(res.status) && firstErrors.length < 5)
        firstErrors.push(`${stepName}: ${res.status} ${res.text.slice(0, 200)}`);
      return res;
    } catch (error) {
      count(stepName, 'network');
      if (firstErrors.length < 5) firstErrors.push(`${stepName}: ${error.message}`);
      return null;
    }
  }
  async function shopper(deadline) {
    while (performance.now() < deadline) {
      const list = await step('list products', () => call(base, storefrontList));
      const listed = new Set((list?.json ?? []).map((item) => item.id));
      const product = pick(products.filter((item) => listed.has(item.id))) ?? pick(products);
      await step('product by slug', () =>
        call(base, `/wp-json/wc/v3/products?slug=${product.slug}`),
      );
      const lines = [{ product_id: product.id, quantity: 1 + Math.floor(Math.random() * 2) }];
      const rates = await step(
        'shipping rates',
        () => shippingRate(base, lines).then((r) => r.response),
        [200, 409],
      );
      if (rates?.status !== 200) continue;
      const placed = await step('order', () => placeOrder(base, lines, rates.json[0]), [201, 409]);
      if (placed?.status !== 201) continue;
      ordersPlaced++;
      const paid = await step('payment', () => payOrder(base, placed.json));
      if (paid?.status === 200 && paid.json.status === 'processing')
        paidOrderIds.push(placed.json.id);
    }
  }

  console.log(
    `Cluster: 3 shop processes on PostgreSQL and Redis behind HAProxy; ${SHOPPERS} shoppers for ${SECONDS} s; ` +
      `${products.length} products (${chosen.length} with ${stockEach} units counted)`,
  );
  const started = performance.now();
  const shopping = Promise.all(
    Array.from({ length: SHOPPERS }, () => shopper(started + SECONDS * 1000)),
  );
  // In the middle of the run: one process dies without warning and comes back.
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 400));
  const victim = 1;
  shops[victim].process.kill('SIGKILL');
  await new Promise((resolve) => shops[victim].process.once('exit', resolve));
  console.log(`  ${((performance.now() - started) / 1000).toFixed(1)} s: shop2 SIGKILLed`);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  shops[victim] = await startShop(SHOP_PORTS[victim]);
  console.log(`  ${((performance.now() - started) / 1000).toFixed(1)} s: shop2 answering again`);
  await shopping;
  const elapsed = (performance.now() - started) / 1000;

  let requests = 0;
  let errors = 0;
  let outOfStock = 0;
  console.log(`\nstep              answers`);
  for (const [stepName, byStatus] of answers) {
    const parts = [...byStatus].map(([status, n]) => `${status}×${n}`).join(' ');
    console.log(`  ${stepName.padEnd(16)}${parts}`);
    for (const [status, n] of byStatus) {
      requests += n;
      if (status === 409 && (stepName === 'order' || stepName === 'shipping rates'))
        outOfStock += n;
      else if (typeof status !== 'number' || status < 200 || status >= 300) errors += n;
    }
  }
  const errorShare = requests ? errors / requests : 1;
  console.log(
    `\nrequests ${requests} (${Math.round(requests / elapsed)}/s), shopper errors ${errors} (${(errorShare * 100).toFixed(2)} %), ` +
      `out of stock (409) ${outOfStock}, orders placed ${ordersPlaced}, paid ${paidOrderIds.length}`,
  );
  if (firstErrors.length) console.log(`first errors:\n  ${firstErrors.join('\n  ')}`);

  // One client (its address forwarded by HAProxy) sends the contact form twice its limit; the
  // requests go round the three processes.
  const contactAnswers = [];
  for (let i = 0; i < CONTACT_LIMIT * 2; i += 1) {
    const res = await call(base, '/wp-json/wp/v2/form-submit', {
      method: 'POST',
      headers: { 'x-forwarded-for': '203.0.113.77' },
      // The contact form's fields as packages/contract's toContactSubmission sends them.
      body: {
        form_id: 1,
        1: 'Ada',
        2: 'Okafor',
        3: 'ada.okafor@example.com',
        4: '',
        5: 'Do you ship the 5 lb bulk bags to Raleigh offices?',
        website: '',
      },
    });
    contactAnswers.push(res.status);
  }
  const accepted = contactAnswers.filter((status) => status >= 200 && status < 300).length;
  const limited = contactAnswers.filter((status) => status === 429).length;
  console.log(
    `rate limit ${CONTACT_LIMIT} per client, ${CONTACT_LIMIT * 2} sent round the processes: ${accepted} accepted, ${limited} refused (429)`,
  );

  // A price changed by an owner through one process, read from the other two.
  const priced = products.find((product) => !initialStock.has(product.id)) ?? products[0];
  // Every reader has the product cached before the change.
  for (const reader of readers) await call(reader, `/wp-json/wc/v3/products/${priced.id}`);
  const newPrice = (Number(priced.regular_price) + 1.25).toFixed(2);
  const changed = await call(writer, `/wp-json/wc/v3/products/${priced.id}`, {
    method: 'PUT',
    headers: asOwner,
    body: { regular_price: newPrice, sale_price: '' },
  });
  if (changed.status !== 200) throw new Error(`price change: ${changed.status} ${changed.text}`);
  const changedAt = performance.now();
  const seenAfterMs = [];
  for (const reader of readers) {
    let seen = Infinity;
    while (performance.now() - changedAt < 5000) {
      const read = await call(reader, `/wp-json/wc/v3/products/${priced.id}`);
      if (read.json?.regular_price === newPrice) {
        seen = performance.now() - changedAt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    seenAfterMs.push(seen);
  }
  const slowestSeenMs = Math.max(...seenAfterMs);
  console.log(
    `price change through shop1 seen by shop2 and shop3 after ${seenAfterMs.map((ms) => (Number.isFinite(ms) ? `${Math.round(ms)} ms` : 'never (5 s)')).join(' and ')}`,
  );

  await Promise.all(shops.map((shop) => shop.stop()));
  // The shops' connections report their statistics as they close: complete once they are stopped.
  const replicaReads = (await replicaTransactions()) - replicaBefore - 1;
  console.log(`catalogue and content reads answered by the replica: ${replicaReads} transactions`);
  haproxy.kill('SIGTERM');
  redis.kill('SIGTERM');

  const audit = await auditShop({ dataDir, databaseUrl }, { paidOrderIds, initialStock });
  console.log(`\n${audit.lines.join('\n')}`);

  const targets = [
    [`shopper errors ≤ 1 % of requests`, errorShare <= 0.01, `${(errorShare * 100).toFixed(2)} %`],
    ['orders placed and paid', paidOrderIds.length > 0, `${paidOrderIds.length} paid`],
    [
      'every paid order present exactly once, stock consistent, none oversold',
      audit.problems.length === 0,
      audit.problems.join('; ') || 'yes',
    ],
    [
      'a rate limit counted once across processes',
      accepted === CONTACT_LIMIT && limited === CONTACT_LIMIT,
      `${accepted} of ${CONTACT_LIMIT * 2} accepted`,
    ],
    ['guests’ catalogue reads sent to the replica', replicaReads > 0, `${replicaReads}`],
    [
      'a price change seen by every process within 1 s',
      slowestSeenMs <= 1000,
      `${Math.round(slowestSeenMs)} ms`,
    ],
  ];
  console.log(
    '\ntarget                                                                  met   measured',
  );
  for (const [name, met, measured] of targets)
    console.log(`  ${name.padEnd(72)}${met ? 'yes' : 'NO '}   ${measured}`);
  const missed = targets.filter(([, met]) => !met);
  console.log(missed.length ? `\n✖ ${missed.length} target(s) missed` : '\n✓ every target met');
  exitCode = missed.length ? 1 : 0;
} catch (error) {
  console.error(`✖ ${error.stack ?? error}`);
} finally {
  await cleanup();
}
process.exit(exitCode);
