// npm run load: LOAD_SHOPPERS (200) virtual shoppers for LOAD_SECONDS (60) against the built server
// on loopback, each browsing (list, product), asking shipping rates, ordering and paying by test
// card, again and again; then the database is checked (scripts/shop-audit.mjs). Figures are printed,
// and the run exits 1 on any error or failed check. Out-of-stock answers (409 from shipping rates or
// the order) are expected once a stock-counted product sells out, and counted apart.
//   npm run load                       the embedded database (PGlite) in a temporary DATA_DIR
//   npm run load -- --postgres         a throwaway PostgreSQL cluster (scripts/with-postgres.mjs)
//   LOAD_DATABASE_URL=postgres://…     an existing PostgreSQL database
//   --no-build                         use the existing build
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildAll } from './build.mjs';
import { root } from './lib.mjs';
import { auditShop, startShopWithCountedStock } from './shop-audit.mjs';
import { call, payOrder, placeOrder, purchasableProducts, shippingRate } from './shopper.mjs';

const args = process.argv.slice(2);
if (args.includes('--postgres') && !process.env.TEST_DATABASE_URL) {
  const inner = args.filter((arg) => arg !== '--postgres');
  const result = spawnSync(
    process.execPath,
    ['scripts/with-postgres.mjs', process.execPath, 'scripts/load.mjs', '--postgres', ...inner],
    { cwd: root, stdio: 'inherit' },
  );
  process.exit(result.status ?? 1);
}

const SHOPPERS = Number(process.env.LOAD_SHOPPERS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const PORT = Number(process.env.LOAD_PORT ?? 3660);
const databaseUrl = process.env.LOAD_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/** Every per-client limit raised: all shoppers come from 127.0.0.1. */
const unlimited = Object.fromEntries(
  [
    'REVIEW',
    'CONTACT',
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

if (!args.includes('--no-build')) await buildAll();
const dataDir = mkdtempSync(path.join(tmpdir(), 'larder-load-'));
const env = {
  DATA_DIR: dataDir,
  ...unlimited,
  // Every shopper orders from 127.0.0.1: one client's unpaid holds must not be capped either.
  ORDER_HOLD_MAX_UNITS: '999',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
};
// Two products get counted stock, little enough to sell out during the run (LOAD_STOCK units
// each), so overselling would show.
const { server, initialStock } = await startShopWithCountedStock({
  port: PORT,
  env,
  quantity: Number(process.env.LOAD_STOCK ?? 150),
});
const base = server.url;

const storefrontList =
  '/wp-json/wc/v3/products?per_page=100&catalog_visibility=visible&status=publish&orderby=menu_order&order=desc&stock_status=instock';
const products = await purchasableProducts(base);
const stockCounted = products.filter((product) => product.manage_stock);

/** step → status → count; "network" for a request that got no answer. */
const answers = new Map();
const count = (step, status) => {
  const byStatus = answers.get(step) ?? new Map();
  byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  answers.set(step, byStatus);
};
const paidOrderIds = [];
let ordersPlaced = 0;
const firstErrors = [];

async function step(name, send, expected = [200]) {
  try {
    const res = await send();
    count(name, res.status);
    if (!expected.includes(res.status) && firstErrors.length < 5)
      firstErrors.push(`${name}: ${res.status} ${res.text.slice(0, 200)}`);
    return res;
  } catch (error) {
    count(name, 'network');
    if (firstErrors.length < 5) firstErrors.push(`${name}: ${error.message}`);
    return null;
  }
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];

async function shopper(deadline) {
  while (performance.now() < deadline) {
    const list = await step('list products', () => call(base, storefrontList));
    // What the shop lists now (sold-out products drop out), among the simple products.
    const listed = new Set((list?.json ?? []).map((item) => item.id));
    const product = pick(products.filter((item) => listed.has(item.id))) ?? pick(products);
    await step('product by slug', () => call(base, `/wp-json/wc/v3/products?slug=${product.slug}`));
    // Adding to the cart happens in the browser: nothing to call.
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
  `Load: ${SHOPPERS} shoppers for ${SECONDS} s on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}; ${products.length} products (${stockCounted.length} stock-counted)`,
);
const started = performance.now();
await Promise.all(Array.from({ length: SHOPPERS }, () => shopper(started + SECONDS * 1000)));
const elapsed = (performance.now() - started) / 1000;
await server.stop();

let requests = 0;
let errors = 0;
let outOfStock = 0;
console.log(`\nstep              answers`);
for (const [name, byStatus] of answers) {
  const parts = [...byStatus].map(([status, n]) => `${status}×${n}`).join(' ');
  console.log(`  ${name.padEnd(16)}${parts}`);
  for (const [status, n] of byStatus) {
    requests += n;
    // Sold out between the list and the checkout: the expected answer, counted apart.
    if (status === 409 && (name === 'order' || name === 'shipping rates')) outOfStock += n;
    else if (typeof status !== 'number' || status < 200 || status >= 300) errors += n;
  }
}
console.log(
  `\nrequests ${requests} (${Math.round(requests / elapsed)}/s), errors ${errors}, out of stock (409) ${outOfStock}, ` +
    `orders placed ${ordersPlaced}, paid ${paidOrderIds.length}`,
);
if (firstErrors.length) console.log(`first errors:\n  ${firstErrors.join('\n  ')}`);

const audit = await auditShop({ dataDir, databaseUrl }, { paidOrderIds, initialStock });
console.log(`\n${audit.lines.join('\n')}`);
rmSync(dataDir, { recursive: true, force: true });
const failed = errors > 0 || audit.problems.length > 0;
console.log(
  failed
    ? `\n✖ ${[errors ? `${errors} errors` : '', ...audit.problems].filter(Boolean).join('\n✖ ')}`
    : '\n✓ 0 errors; every check holds',
);
process.exit(failed ? 1 : 0);
