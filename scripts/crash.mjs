// npm run crash: starts the built server, runs CRASH_CHECKOUTS (50) checkouts at once (shipping
// rates, order, test-card payment), kills the process with SIGKILL while they are under way,
// restarts it on the same data and prints what it finds: every payment a buyer was told succeeded
// has its order exactly once and processing, payments match order statuses, stock is accounted for,
// nothing is half-written (scripts/shop-audit.mjs). Exits 1 when a check fails.
//   npm run crash                      the embedded database (PGlite) in a temporary DATA_DIR
//   npm run crash -- --postgres        a throwaway PostgreSQL cluster (scripts/with-postgres.mjs)
//   --no-build                         use the existing build
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildAll } from './build.mjs';
import { root, startBuiltServer } from './lib.mjs';
import { auditShop, startShopWithCountedStock } from './shop-audit.mjs';
import { orderByKey, payOrder, placeOrder, purchasableProducts, shippingRate } from './shopper.mjs';

const args = process.argv.slice(2);
if (args.includes('--postgres') && !process.env.TEST_DATABASE_URL) {
  const inner = args.filter((arg) => arg !== '--postgres');
  const result = spawnSync(
    process.execPath,
    ['scripts/with-postgres.mjs', process.execPath, 'scripts/crash.mjs', '--postgres', ...inner],
    { cwd: root, stdio: 'inherit' },
  );
  process.exit(result.status ?? 1);
}

const CHECKOUTS = Number(process.env.CRASH_CHECKOUTS ?? 50);
const PORT = Number(process.env.CRASH_PORT ?? 3670);
const databaseUrl = process.env.TEST_DATABASE_URL;
const unlimited = Object.fromEntries(
  ['SHIPPING_RATES', 'ORDER', 'PAYMENT'].map((name) => [`${name}_RATE_LIMIT`, '100000000/1m']),
);

if (!args.includes('--no-build')) await buildAll();
const dataDir = mkdtempSync(path.join(tmpdir(), 'larder-crash-'));
const env = {
  DATA_DIR: dataDir,
  ...unlimited,
  // All checkouts come from 127.0.0.1: one client's unpaid holds must not be capped either.
  ORDER_HOLD_MAX_UNITS: '999',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
};
const { server, initialStock } = await startShopWithCountedStock({
  port: PORT,
  env,
  quantity: Number(process.env.CRASH_STOCK ?? 40),
});
const base = server.url;
const products = await purchasableProducts(base);

/** What each buyer was told. */
const outcomes = { paid: [], orderOnly: 0, refused: 0, cutOff: 0 };
let killedAt;
// SIGKILL once a fifth of the payments have succeeded: orders and payments are then in flight.
const killAfter = Math.max(1, Math.floor(CHECKOUTS / 5));

async function checkout(index) {
  const product = products[index % products.length];
  const lines = [{ product_id: product.id, quantity: 1 + (index % 2) }];
  try {
    const { rate } = await shippingRate(base, lines);
    if (!rate) return void outcomes.refused++;
    const placed = await placeOrder(base, lines, rate);
    if (placed.status !== 201) return void outcomes.refused++;
    const paid = await payOrder(base, placed.json);
    if (paid.status === 200 && paid.json.status === 'processing') {
      outcomes.paid.push(placed.json);
      if (outcomes.paid.length === killAfter && !killedAt) {
        killedAt = `after ${outcomes.paid.length} payments had succeeded`;
        server.process.kill('SIGKILL');
      }
    } else {
      outcomes.orderOnly++;
    }
  } catch {
    // The connection died with the process: this buyer was told nothing.
    outcomes.cutOff++;
  }
}

console.log(
  `Crash: ${CHECKOUTS} checkouts at once on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, SIGKILL mid-way`,
);
await Promise.all(Array.from({ length: CHECKOUTS }, (_, index) => checkout(index)));
if (!killedAt) {
  killedAt = 'after every checkout had finished (none was left in flight)';
  server.process.kill('SIGKILL');
}
// A killed process has signalCode set and exitCode null.
const exited = () => server.process.exitCode !== null || server.process.signalCode !== null;
await new Promise((done) => (exited() ? done() : server.process.once('exit', done)));
console.log(`killed ${killedAt}`);
console.log(
  `buyers told paid ${outcomes.paid.length}; order placed but payment not confirmed ${outcomes.orderOnly}; ` +
    `refused ${outcomes.refused}; cut off by the kill ${outcomes.cutOff}`,
);

// Restart on the same data: the buyers come back to their order pages.
const restarted = await startBuiltServer({ port: PORT, env });
let seenProcessing = 0;
const problems = [];
for (const order of outcomes.paid) {
  const res = await orderByKey(restarted.url, order);
  if (res.status === 200 && res.json.status === 'processing') seenProcessing++;
  else
    problems.push(
      `order ${order.id} after restart: ${res.status} ${res.json?.status ?? res.text.slice(0, 100)}`,
    );
}
console.log(
  `after restart, paid orders shown as processing: ${seenProcessing} of ${outcomes.paid.length}`,
);
await restarted.stop();

const audit = await auditShop(
  { dataDir, databaseUrl },
  { paidOrderIds: outcomes.paid.map((order) => order.id), initialStock },
);
console.log(audit.lines.join('\n'));
rmSync(dataDir, { recursive: true, force: true });
problems.push(...audit.problems);
console.log(problems.length ? `\n✖ ${problems.join('\n✖ ')}` : '\n✓ every check holds');
process.exit(problems.length ? 1 : 0);
