// npm run bench: throughput and latency of the main paths, printed side by side with each one's
// ratio to the static JSON ceiling, then the same paths arriving at fixed rates (an open loop): the
// highest rate that keeps each latency target. Figures only: nothing here passes or fails.
//   npm run bench                     the embedded database (PGlite)
//   BENCH_DATABASE_URL=postgres://…   PostgreSQL
//   npm run bench -- --both           PGlite, then a throwaway PostgreSQL (scripts/with-postgres.mjs)
//   npm run bench -- --scale          a throwaway PostgreSQL filled to 10,000 products and 1,000,000
//                                     orders (scripts/scale.mjs): plans of the main queries, then p99s
// BENCH_SECONDS (default 10) and BENCH_CONNECTIONS (default 50) tune a run.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildAll } from './build.mjs';
import { closeConnections, send } from './http-load.mjs';
import { root, startBuiltServer } from './lib.mjs';
import { explainMainQueries, generateScale } from './scale.mjs';
import { startShopWithCountedStock } from './shop-audit.mjs';

const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
/** How long checkouts run before their CPU is metered (measureCheckout). */
const WARM_UP_SECONDS = 20;
const args = process.argv.slice(2);
/** BENCH_ONLY=checkout,products: only the targets whose names start with these words. */
const only = process.env.BENCH_ONLY?.split(',').map((word) => word.trim());
const wanted = (name) => !only || only.some((word) => name.startsWith(word));

/** The storefront's shop query (apps/storefront: the shop and home pages ask for this list). */
export const storefrontListQuery =
  'per_page=100&catalog_visibility=visible&status=publish&orderby=menu_order&order=desc&stock_status=instock';

/** What every browser sends: the shop answers it compressed (Brotli). */
const asBrowsersAsk = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** The bench runs every request from one client: the per-client write limits must not bite. */
const roomyLimits = {
  ...Object.fromEntries(
    ['ORDER', 'PAYMENT', 'SHIPPING_RATES'].map((name) => [`${name}_RATE_LIMIT`, '1000000/1m']),
  ),
  ORDER_HOLD_MAX_UNITS: '999',
};

const percentile = (sorted, p) =>
  sorted.length === 0
    ? 0
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const benchBuyer = {
  first_name: 'Ada',
  last_name: 'Baker',
  address_1: '200 Broadway',
  city: 'New York',
  state: 'NY',
  postcode: '10007',
  country: 'US',
  email: 'ada@example.com',
  phone: '+1 212 555 0100',
};

const json = (body, headers = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/** An order body for one unit of the product, shipped at the first rate quoted for it. */
async function orderFor(baseUrl, productId, customerId = 0) {
  const line_items = [{ product_id: productId, quantity: 1 }];
  const rates = await fetch(
    `${baseUrl}/wp-json/wc/v3/shipping-rates/`,
    json({ ...benchBuyer, products: line_items }),
  );
  const [rate] = await rates.json();
  return {
    customer_id: customerId,
    payment_method: 'stripe',
    payment_method_title: 'Credit Card (Stripe)',
    billing: benchBuyer,
    line_items,
    shipping_lines: [{ method_id: rate.method_id, instance_id: rate.instance_id }],
  };
}

/**
 * One checkout, as the storefront makes it: the order, then its payment by test card. Sent through
 * node:http (send), which costs this client about a third of what fetch did: on two cores the load
 * generator's CPU is taken from the shop it measures.
 */
function checkoutBy(baseUrl, order) {
  const post = async (urlPath, body) =>
    JSON.parse(
      await send(baseUrl + urlPath, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        answer: true,
      }),
    );
  return async () => {
    const { id, order_key } = await post('/wp-json/wc/v3/orders', order);
    await post('/wp-json/wc/v3/stripe-payment', {
      order_id: id,
      order_key,
      payment_token: 'pm_test_success_4242',
      payment_method: 'stripe',
      payment_method_title: 'Credit Card (Stripe)',
      create_account: false,
    });
  };
}

function summary(latencies, seconds, errors, firstError, label) {
  if (errors > 0) console.warn(`  ${label}: ${errors} failed, first: ${firstError.message}`);
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / seconds,
    p50: Math.round(percentile(latencies, 50)),
    p95: Math.round(percentile(latencies, 95)),
    p99: Math.round(percentile(latencies, 99)),
    errors,
    completed: latencies.length,
  };
}

/**
 * `workers` callers each running `task` again and again for `seconds`: a closed loop, where a new
 * request starts only when one ends. One latency per task, so a task may be a chain (a checkout).
 */
async function closedLoopRaw(task, workers, seconds) {
  const latencies = [];
  let errors = 0;
  let firstError;
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < end) {
        const start = performance.now();
        try {
          await task();
          latencies.push(performance.now() - start);
        } catch (error) {
          errors++;
          firstError ??= error;
        }
      }
    }),
  );
  return { latencies, errors, firstError, seconds: (performance.now() - started) / 1000 };
}

async function closedLoop(task, workers, seconds, label) {
  const run = await closedLoopRaw(task, workers, seconds);
  return summary(run.latencies, run.seconds, run.errors, run.firstError, label);
}

/**
 * `task` in a closed loop of `connections` for `duration` seconds, after a short warm-up, with the
 * shop's own CPU per request (from /proc): the figure the load generator's share cannot blur.
 */
async function measureClosed(task, shopPid, label) {
  await closedLoop(task, 10, 2, label);
  const before = processCpuMs(shopPid);
  const result = await closedLoop(task, connections, duration, label);
  return { ...result, shopMs: (processCpuMs(shopPid) - before) / result.completed };
}

/**
 * Rows that a verdict compares with each other, measured in turns: `rounds` windows each, one row's
 * after another's, each row's figures summed over its windows. This machine's speed drifts over
 * minutes (by a third between two runs of the same code, decision 0066): in turns it slows every
 * row alike, and their ratio stands. A row's `during(seconds)` runs beside each of its windows.
 */
async function measureInTurns(rows, shopPid, rounds = 5) {
  for (const { name, task } of rows) await closedLoop(task, 10, 2, name);
  const totals = rows.map(() => ({
    latencies: [],
    errors: 0,
    firstError: undefined,
    seconds: 0,
    cpuMs: 0,
  }));
  for (let round = 0; round < rounds; round++) {
    for (const [index, { task, during }] of rows.entries()) {
      // What one window leaves (a collection under way, answers still being written) is not
      // counted against the next row: a miss's window leaves far more garbage than a hit's.
      await sleep(500);
      const total = totals[index];
      const before = processCpuMs(shopPid);
      const [window] = await Promise.all([
        closedLoopRaw(task, connections, duration / rounds),
        during?.(duration / rounds),
      ]);
      total.cpuMs += processCpuMs(shopPid) - before;
      // Not push(...): a long window's tens of thousands of latencies would overflow the stack.
      total.latencies = total.latencies.concat(window.latencies);
      total.errors += window.errors;
      total.firstError ??= window.firstError;
      total.seconds += window.seconds;
    }
  }
  return rows.map(({ name }, index) => {
    const { latencies, errors, firstError, seconds, cpuMs } = totals[index];
    const result = summary(latencies, seconds, errors, firstError, name);
    return { name, ...result, shopMs: cpuMs / result.completed };
  });
}

/**
 * Checkouts by `shoppers` (default: `connections`) in a closed loop, with each process's CPU when
 * a meter is given.
 */
async function measureCheckout(task, seconds, shoppers = connections, meter = null) {
  if (!meter) {
    await closedLoop(task, Math.min(10, shoppers), 2, 'checkout');
    return closedLoop(task, shoppers, seconds, 'checkout');
  }
  // V8 goes on compiling a path's hot code over its first few thousand runs: the warm-up is long
  // enough for that, and metered apart, so the row is what a shop that has been running pays.
  meter.start();
  const warmUp = await closedLoop(task, Math.min(10, shoppers), WARM_UP_SECONDS, 'checkout');
  const warmUpCpu = await meter.stop();
  meter.start();
  const result = await closedLoop(task, shoppers, seconds, 'checkout');
  const cpu = await meter.stop();
  return {
    ...result,
    shopMs: cpu.shop / result.completed,
    cpu,
    warmUp: { ...warmUp, cpu: warmUpCpu },
  };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));

/**
 * CPU ms a process has used from /proc/<pid>/stat: user + system, and with `children` also what
 * its exited children used (the postmaster counts backends that have ended). 0 once it is gone.
 */
function processCpuMs(pid, { children = false } = {}) {
  let stat;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return 0;
  }
  // Fields after the command (in parentheses, which may hold spaces): state is field 3.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = (field) => Number(fields[field - 3]);
  const own = ticks(14) + ticks(15);
  return ((children ? own + ticks(16) + ticks(17) : own) * 1000) / clockTicks;
}

/** The pids whose parent is `parent`, from /proc. */
function childPids(parent) {
  const pids = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const status = readFileSync(`/proc/${name}/status`, 'utf8');
      if (new RegExp(`^PPid:\\s+${parent}$`, 'm').test(status)) pids.push(Number(name));
    } catch {
      // ended while listed
    }
  }
  return pids;
}

/**
 * The postmaster's pid of the PostgreSQL at `databaseUrl` (its postmaster.pid file), or null when
 * it is not on this machine or not readable: only this cluster is counted, not another one.
 */
async function postmasterPid(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    const { rows } = await client.query('show data_directory');
    const pid = Number(
      readFileSync(path.join(rows[0].data_directory, 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Resolves once no queued e-mail is waiting (the worker has sent what the checkouts queued). */
async function emailsSent(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (let waited = 0; waited < 120_000; waited += 100) {
      const { rows } = await client.query(
        "select count(*)::int as waiting from queued_emails where status = 'pending'",
      );
      if (rows[0].waiting === 0) return;
      await sleep(100);
    }
    throw new Error('the e-mail worker did not catch up within 2 minutes');
  } finally {
    await client.end();
  }
}

/**
 * CPU used between start() and stop(), in ms: the shop's process, PostgreSQL's (the postmaster,
 * its children and those that ended in between), this bench's own (the load generator), and the
 * e-mail worker's (when there is one) until it has sent what the checkouts queued.
 */
function cpuMeter({ shopPid, postmaster, worker = null }) {
  const postgresMs = () =>
    postmaster === null
      ? 0
      : processCpuMs(postmaster, { children: true }) +
        childPids(postmaster).reduce((sum, pid) => sum + processCpuMs(pid), 0);
  const sample = () => ({
    shop: processCpuMs(shopPid),
    postgres: postgresMs(),
    bench: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
  });
  let before;
  return {
    start: () => {
      before = { ...sample(), worker: worker ? processCpuMs(worker.pid) : 0 };
    },
    stop: async () => {
      const after = sample();
      const usage = {
        shop: after.shop - before.shop,
        postgres: postmaster === null ? null : after.postgres - before.postgres,
        bench: after.bench - before.bench,
        worker: null,
      };
      if (worker) {
        await emailsSent(worker.databaseUrl);
        usage.worker = processCpuMs(worker.pid) - before.worker;
      }
      return usage;
    },
  };
}

/**
 * `task` started `perSecond` times a second for `seconds`, whatever the shop answers (an open
 * loop, as real shoppers arrive), each timed from its planned start so a queue in the shop or in
 * this client counts against it.
 */
async function measureAtRate(task, perSecond, seconds) {
  const latencies = [];
  let errors = 0;
  let firstError;
  const started = performance.now();
  const runs = [];
  for (let index = 0; index < Math.round(perSecond * seconds); index++) {
    const planned = started + (index * 1000) / perSecond;
    const wait = planned - performance.now();
    if (wait > 0) await sleep(wait);
    runs.push(
      task().then(
        () => latencies.push(performance.now() - planned),
        (error) => {
          errors++;
          firstError ??= error;
        },
      ),
    );
  }
  await Promise.all(runs);
  return summary(latencies, seconds, errors, firstError, `${perSecond}/s`);
}

/** Whether a fixed-rate window kept its latency percentile within the limit, without errors. */
const withinLimit = (window, { percentile: p, limitMs }) =>
  window[`p${p}`] <= limitMs && window.errors === 0;

/**
 * `measure(rate)` over 5-second windows until two agree on the target, which decides the median of
 * three: on two shared cores one stall (another process, a full collection) in one window would
 * otherwise decide a p99 alone. The figure returned is the agreeing window nearer the limit.
 */
async function medianWindow(measure, rate, limit) {
  const held = [];
  const missed = [];
  while (held.length < 2 && missed.length < 2) {
    const window = await measure(rate, Math.min(duration, 5));
    (withinLimit(window, limit) ? held : missed).push(window);
  }
  const byLatency = (a, b) => a[`p${limit.percentile}`] - b[`p${limit.percentile}`];
  return held.length === 2 ? held.sort(byLatency)[1] : missed.sort(byLatency)[0];
}

/**
 * The highest arrival rate (steps of ×1.5 from `from`) at which the latency percentile that
 * `measure(rate)` reports stays within `limitMs` without errors: what this machine sustains at the
 * target, as opposed to the closed-loop rows, whose latency is mostly the queue that 50 callers at
 * once build.
 */
async function rateWithin(measure, { percentile: p, limitMs, from }) {
  await measure(from, 1); // warm-up: connections opened, code paths compiled
  let held = null;
  for (let rate = from; ; rate = Math.round(rate * 1.5)) {
    const result = await medianWindow(measure, rate, { percentile: p, limitMs });
    const latency = result[`p${p}`];
    if (!withinLimit(result, { percentile: p, limitMs }))
      return { held, missed: { rate, latency } };
    held = { rate, latency };
  }
}

const describeRate = (name, p, limitMs, { held, missed }) =>
  `${name}: p${p} ≤ ${limitMs} ms up to ${held ? `${held.rate}/s (p${p} ${Math.round(held.latency)} ms)` : `less than ${missed.rate}/s`}; at ${missed.rate}/s p${p} ${Math.round(missed.latency)} ms`;

/**
 * When a products-list row misses its ratio to the cached list, what stands in the way. Both rows
 * are closed loops that the shop's one Node thread answers, so the ratio of their rates is that of
 * its CPU per answer. `detail` says what else that CPU holds.
 */
function printListGap(label, row, cached, ratio, detail = '') {
  if (row.rps >= ratio * cached.rps) return;
  console.log(
    `  what stands in the way of ${label}: it costs the shop's thread ${row.shopMs.toFixed(2)} ms per answer${detail} against ${cached.shopMs.toFixed(2)} ms from memory; ${ratio}× needs ≤ ${(cached.shopMs / ratio).toFixed(2)} ms`,
  );
}

/** A simple product that does not count stock, so the checkout bench never sells out. */
async function checkoutProduct(baseUrl) {
  const list = await (await fetch(`${baseUrl}/wp-json/wc/v3/products?per_page=100`)).json();
  const product = list.find((p) => p.type === 'simple' && !p.manage_stock && p.purchasable);
  if (!product) throw new Error('No simple product without stock counting to buy in the bench');
  return product;
}

function printTable(title, rows) {
  const ceiling = rows[0].rps;
  console.log(`\n${title}\n`);
  const head = ['req/s', 'p50 ms', 'p95 ms', 'p99 ms', '× ceiling', 'shop CPU ms'];
  console.log('target'.padEnd(40) + head.map((h) => h.padStart(10)).join(''));
  for (const row of rows) {
    const cells = [
      row.rps.toFixed(0),
      String(row.p50),
      String(row.p95),
      String(row.p99),
      (row.rps / ceiling).toFixed(2),
      row.shopMs === undefined ? '' : row.shopMs.toFixed(2),
    ];
    console.log(row.name.padEnd(40) + cells.map((c) => c.padStart(10)).join(''));
  }
}

async function benchOnce(databaseUrl) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'larder-bench-'));
  const env = { DATA_DIR: dataDir, ...roomyLimits };
  // On PostgreSQL the shop is laid out as several processes would be (decision 0057): the one
  // answering shoppers queues paid orders' e-mails, and a worker beside it sends them.
  if (databaseUrl) Object.assign(env, { DATABASE_URL: databaseUrl, SEND_EMAILS: 'false' });
  const port = Number(process.env.BENCH_PORT ?? 3500);
  // Two products count stock (plenty of it), so the mixed row's orders change what the list shows.
  const { server, initialStock } = await startShopWithCountedStock({
    port,
    env,
    quantity: 1_000_000,
  });
  const worker =
    databaseUrl &&
    (await startBuiltServer({ port: port + 1, env: { ...env, SEND_EMAILS: 'true' } }));
  try {
    const listUrl = `/wp-json/wc/v3/products?${storefrontListQuery}`;
    const products = await (await fetch(server.url + listUrl)).json();
    const variable = products.find((product) => product.type === 'variable') ?? products[0];
    const get = (urlPath, headers) => () => send(server.url + urlPath, { headers });
    let miss = 0;
    const listName = `products list (${products.length} items)`;
    const targets = [
      ['static JSON (ceiling)', get('/wp-json/')],
      [listName, get(listUrl)],
      ['products list, as browsers ask (br)', get(listUrl, asBrowsersAsk)],
      // An unknown parameter changes the cache key but not the answer: every request a miss.
      ['products list, uncached', () => send(`${server.url}${listUrl}&bench=${++miss}`)],
      ['product by slug (API)', get(`/wp-json/wc/v3/products?slug=${variable.slug}`)],
      ['SSR trivial page (/login)', get('/login')],
      ['SSR home page', get('/')],
      ['SSR product page', get(`/product/${variable.slug}`)],
    ];
    const shopPid = server.process.pid;
    // The rows whose verdicts are ratios to the cached list are measured in turns with it, after
    // the others: the mixed row's orders leave the cache rebuilt, as a first request finds it.
    const mixedName = 'products list while 20 orders/s are paid';
    const comparedWithList = ['products list, uncached', mixedName].filter(wanted);
    const inTurns = comparedWithList.length > 0 ? [listName, ...comparedWithList] : [];
    const rows = [];
    for (const [name, task] of targets) {
      // The ceiling is always measured: every ratio is to it.
      if (!inTurns.includes(name) && (rows.length === 0 || wanted(name)))
        rows.push({ name, ...(await measureClosed(task, shopPid, name)) });
    }
    if (inTurns.length > 0) {
      let paying;
      if (inTurns.includes(mixedName)) {
        // Each paid order changes a listed product's stock: the list is evicted 20 times a second
        // and rebuilt once each time (scoped invalidation and shared misses, decision 0049).
        const [countedId] = initialStock.keys();
        paying = checkoutBy(server.url, await orderFor(server.url, countedId));
      }
      const turns = inTurns.map((name) =>
        name === mixedName
          ? { name, task: get(listUrl), during: (seconds) => measureAtRate(paying, 20, seconds) }
          : { name, task: targets.find((target) => target[0] === name)[1] },
      );
      rows.push(...(await measureInTurns(turns, shopPid)));
      // In the table, each where its target stands; the mixed row last.
      const place = (row) => {
        const index = targets.findIndex(([name]) => name === row.name);
        return index < 0 ? targets.length : index;
      };
      rows.sort((a, b) => place(a) - place(b));
    }
    let checkoutCapacity = null;
    let checkoutAtTarget = null;
    if (wanted('checkout')) {
      const forCheckout = await checkoutProduct(server.url);
      const checkout = checkoutBy(server.url, await orderFor(server.url, forCheckout.id));
      const meter = cpuMeter({
        shopPid: server.process.pid,
        postmaster: databaseUrl ? await postmasterPid(databaseUrl) : null,
        worker: worker ? { pid: worker.process.pid, databaseUrl } : null,
      });
      rows.push({
        name: 'checkout (order + test payment)',
        ...(await measureCheckout(checkout, duration, connections, meter)),
      });
      // The same with no queue in front of it: how long one checkout itself takes.
      rows.push({
        name: 'checkout, one shopper at a time',
        ...(await measureCheckout(checkout, duration, 1)),
      });
      const checkoutAtRate = (rate, seconds) => measureAtRate(checkout, rate, seconds);
      const limit = { percentile: 95, limitMs: 150 };
      checkoutCapacity = await rateWithin(checkoutAtRate, { ...limit, from: 10 });
      // Issue 16's target rate itself, which the steps of ×1.5 pass over (270, then 405); not
      // measured when a lower rate already missed, as its queue would take minutes to drain.
      if (checkoutCapacity.missed.rate > 300)
        checkoutAtTarget = await medianWindow(checkoutAtRate, 300, limit);
    }

    const database = databaseUrl ? 'PostgreSQL' : 'PGlite';
    printTable(
      `Larder bench: ${connections} connections, ${duration} s each, ${database}, Node ${process.version}`,
      rows,
    );
    const byName = (prefix) => rows.find((row) => row.name.startsWith(prefix));
    const list = byName('products list (');
    const uncachedList = byName('products list, uncached');
    const mixedList = byName('products list while');
    const ssrProduct = byName('SSR product');
    const trivial = byName('SSR trivial');
    const checkoutRow = byName('checkout');
    const verdicts = [
      list &&
        `products list ${(list.rps / rows[0].rps).toFixed(2)}× ceiling (≥ 0.5), p99 ${list.p99} ms (≤ 50)`,
      ssrProduct &&
        trivial &&
        `SSR product ${(ssrProduct.rps / trivial.rps).toFixed(2)}× trivial SSR (≥ 0.5)`,
      list &&
        uncachedList &&
        `products list uncached ${(uncachedList.rps / list.rps).toFixed(2)}× the cached list, in turns (≥ 0.25)`,
      list &&
        mixedList &&
        `products list while orders are paid ${(mixedList.rps / list.rps).toFixed(2)}× the idle list, in turns (≥ 0.5)`,
      checkoutRow && `checkout p95 ${checkoutRow.p95} ms at ${connections} in flight (≤ 150)`,
    ].filter(Boolean);
    console.log(`\ntargets: ${verdicts.join('; ')}`);
    if (list && uncachedList) printListGap('the uncached list', uncachedList, list, 0.25);
    if (list && mixedList) {
      // The paid orders' own work is in that CPU too: at the checkout row's cost, when measured.
      const ordersShare = checkoutRow?.cpu && (20 * checkoutRow.shopMs) / mixedList.rps;
      const detail = ordersShare ? ` (${ordersShare.toFixed(2)} ms of it the orders' own)` : '';
      printListGap('the list while orders are paid', mixedList, list, 0.5, detail);
    }
    if (checkoutRow?.cpu) {
      // Issue 16: the shop's CPU per checkout, from /proc as decision 0016 counted it.
      const perCheckout = ({ cpu, completed }) => {
        const per = (ms) => `${(ms / completed).toFixed(2)} ms`;
        const postgres = cpu.postgres === null ? '' : `, PostgreSQL ${per(cpu.postgres)}`;
        const node =
          cpu.worker === null
            ? `Node ${per(cpu.shop)} (≤ 3 ms)`
            : `the shop's process ${per(cpu.shop)} (≤ 3 ms), the e-mail worker's ${per(cpu.worker)}`;
        return `${node}${postgres}, load generator ${per(cpu.bench)}`;
      };
      const { warmUp } = checkoutRow;
      console.log(
        `CPU per checkout (${checkoutRow.completed} in ${duration} s, ${connections} in flight): ${perCheckout(checkoutRow)}`,
      );
      console.log(
        `  the first ${warmUp.completed} after the shop started (${WARM_UP_SECONDS} s, 10 in flight, V8 still compiling): ${perCheckout(warmUp)}`,
      );
      // Two bounds on the rate: the shop's process, whose work is one JavaScript thread (PGlite's
      // too, when embedded), and this machine's cores, which every process here shares.
      const { cpu, completed, shopMs } = checkoutRow;
      const totalMs = (cpu.shop + (cpu.worker ?? 0) + (cpu.postgres ?? 0) + cpu.bench) / completed;
      const cores = availableParallelism();
      console.log(
        `  what stands in the way of 300/s: the shop's process, one JavaScript thread at ${shopMs.toFixed(2)} ms a checkout, answers at most ${Math.floor(1000 / shopMs)}/s (300/s needs ≤ ${(1000 / 300).toFixed(2)} ms); every process together, at ${totalMs.toFixed(2)} ms, at most ${Math.floor((cores * 1000) / totalMs)}/s on ${cores} cores all busy (300/s needs ≤ ${((cores * 1000) / 300).toFixed(2)} ms); a p95 of 150 ms needs them less than busy`,
      );
    }
    if (checkoutCapacity) {
      console.log(
        `open loop (checkouts arriving at a fixed rate): ${describeRate('checkout', 95, 150, checkoutCapacity)}`,
      );
      const { missed } = checkoutCapacity;
      console.log(
        checkoutAtTarget
          ? `open loop target: at 300/s checkout p95 ${checkoutAtTarget.p95} ms, ${checkoutAtTarget.errors} failed (≥ 300/s at p95 ≤ 150 ms)`
          : `open loop target: missed below 300/s, at ${missed.rate}/s p95 ${Math.round(missed.latency)} ms (≥ 300/s at p95 ≤ 150 ms)`,
      );
    }
  } finally {
    closeConnections();
    await Promise.all([server.stop(), worker?.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * At scale (10,000 products, 1,000,000 orders on PostgreSQL): the products list as the storefront
 * asks (from memory, and with every request a cache miss), a customer's order history and placing
 * an order, each with its p99.
 */
async function benchScale(databaseUrl) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'larder-bench-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, ...roomyLimits };
  const server = await startBuiltServer({ port: Number(process.env.BENCH_PORT ?? 3500), env });
  try {
    const email = `scale-${Date.now()}@example.com`;
    const password = 'granola by the million';
    const created = await fetch(
      `${server.url}/wp-json/wc/v3/customers`,
      json({ email, password, first_name: 'Sam', last_name: 'Scale' }),
    );
    const customer = await created.json();
    const login = await (
      await fetch(`${server.url}/wp-json/jwt-auth/v1/token`, json({ username: email, password }))
    ).json();
    const bearer = { authorization: `Bearer ${login.data.token}` };
    const product = await checkoutProduct(server.url);
    const order = await orderFor(server.url, product.id, customer.id);
    // One real order: the generated ones copy its addresses and line image.
    const first = await fetch(`${server.url}/wp-json/wc/v3/orders`, json(order, bearer));
    if (first.status !== 201) throw new Error(`order: ${first.status} ${await first.text()}`);

    console.log(`\nFilling PostgreSQL to 10,000 products and 1,000,000 orders…`);
    await generateScale(databaseUrl, { customerId: customer.id });
    console.log('\nPlans of the main queries at that size:');
    await explainMainQueries(databaseUrl, {
      customerId: customer.id,
      slug: product.slug,
      productId: product.id,
    });

    const listPath = `/wp-json/wc/v3/products?${storefrontListQuery}`;
    const listed = await (await fetch(server.url + listPath)).json();
    // As the storefront's order history asks (apps/storefront: shop-api.ts).
    const historyPath = `/wp-json/wc/v3/orders?customer=${customer.id}&per_page=100`;
    const history = await (await fetch(server.url + historyPath, { headers: bearer })).json();
    let miss = 0;
    const newOrder = {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...order, customer_id: 0 }),
    };
    // Each measured in a closed loop, then at fixed rates (from `from`).
    const targets = [
      {
        name: `products list (${listed.length} items, from memory)`,
        task: () => send(server.url + listPath),
        from: 200,
      },
      {
        name: `products list (${listed.length} items, from memory, as browsers ask: br)`,
        task: () => send(server.url + listPath, { headers: asBrowsersAsk }),
        from: 200,
        target: 1000,
      },
      {
        // An unknown parameter changes the cache key but not the answer: every request a miss.
        name: `products list (${listed.length} items, uncached)`,
        task: () => send(`${server.url}${listPath}&bench=${++miss}`),
        from: 10,
      },
      {
        name: `a customer's order history (${history.length} orders)`,
        task: () => send(server.url + historyPath, { headers: bearer }),
        from: 50,
        target: 500,
      },
      {
        name: 'order creation (POST /orders)',
        task: () => send(`${server.url}/wp-json/wc/v3/orders`, newOrder),
        from: 50,
      },
    ];
    const shopPid = server.process.pid;
    // The two lists are measured in turns: the verdict is their ratio.
    const [cachedTarget, , uncachedTarget] = targets;
    const [cached, uncached] = await measureInTurns([cachedTarget, uncachedTarget], shopPid);
    const rows = [
      {
        name: 'static JSON (ceiling)',
        ...(await measureClosed(() => send(`${server.url}/wp-json/`), shopPid, 'ceiling')),
      },
    ];
    for (const { name, task } of targets) {
      const measured = [cached, uncached].find((row) => row.name === name);
      rows.push(measured ?? { name, ...(await measureClosed(task, shopPid, name)) });
    }
    printTable(
      `Larder bench at scale: 10,000 products, 1,000,000 orders, PostgreSQL, ${connections} connections, ${duration} s each`,
      rows,
    );
    console.log(
      `\ntargets: products list uncached ${uncached.rps.toFixed(0)} req/s (≥ 500), ${(uncached.rps / cached.rps).toFixed(2)}× the cached list, in turns (≥ 0.25)`,
    );
    printListGap('the uncached list', uncached, cached, 0.25);

    // A sale changes what every product's related ids may be: the next list reads them again for
    // its 100 products (2.3 s at this size before decision 0062), one sale at a time.
    const afterSale = [];
    const sql = new pg.Client({ connectionString: databaseUrl });
    await sql.connect();
    try {
      for (let sale = 0; sale < 5; sale++) {
        await sql.query('update products set total_sales = total_sales + 1 where id = $1', [
          product.id,
        ]);
        const started = performance.now();
        await send(`${server.url}${listPath}&after-sale=${sale}`);
        afterSale.push(performance.now() - started);
      }
    } finally {
      await sql.end();
    }
    console.log(
      `the storefront list's first answer after a sale (its related ids read again): ${afterSale.map((ms) => ms.toFixed(0)).join(', ')} ms`,
    );

    console.log('\nAt a fixed arrival rate (steps of ×1.5, each the median of three 5 s windows):');
    for (const { name, task, from, target } of targets) {
      const atRate = (rate, seconds) => measureAtRate(task, rate, seconds);
      const limit = { percentile: 99, limitMs: 50 };
      const capacity = await rateWithin(atRate, { ...limit, from });
      console.log(`  ${describeRate(name, 99, 50, capacity)}`);
      // Issue 16's rate itself, which the steps of ×1.5 may pass over; not when a lower one missed.
      if (target && capacity.missed.rate > target) {
        const atTarget = await medianWindow(atRate, target, limit);
        console.log(
          `    target ${target}/s: p99 ${atTarget.p99} ms, ${atTarget.errors} failed (p99 ≤ 50 ms: ${withinLimit(atTarget, limit) ? 'met' : 'missed'})`,
        );
      }
    }
  } finally {
    closeConnections();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const runChild = (command) =>
  new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), { stdio: 'inherit', cwd: root });
    child.on('exit', (code) => resolve(code ?? 1));
  });

if (args.includes('--scale')) {
  if (!args.includes('--no-build')) await buildAll();
  process.exit(
    await runChild([
      'node',
      'scripts/with-postgres.mjs',
      'node',
      'scripts/bench.mjs',
      '--no-build',
      '--scale-on-test-database',
    ]),
  );
} else if (args.includes('--scale-on-test-database')) {
  await benchScale(process.env.TEST_DATABASE_URL);
} else if (args.includes('--both')) {
  await buildAll();
  await benchOnce(undefined);
  // The child measures on the throwaway cluster that with-postgres.mjs hands it.
  const code = await runChild([
    'node',
    'scripts/with-postgres.mjs',
    'node',
    'scripts/bench.mjs',
    '--no-build',
    '--on-test-database',
  ]);
  process.exit(code);
} else {
  if (!args.includes('--no-build')) await buildAll();
  const databaseUrl = args.includes('--on-test-database')
    ? process.env.TEST_DATABASE_URL
    : process.env.BENCH_DATABASE_URL;
  await benchOnce(databaseUrl);
}
