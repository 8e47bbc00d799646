// npm run bench: throughput and latency of the main read paths, printed side by side.
// Figures only: nothing here passes or fails. Set BENCH_DATABASE_URL to measure on PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildAll } from './build.mjs';
import { startBuiltServer } from './lib.mjs';

const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_SECONDS ?? 10);

await buildAll();
const dataDir = mkdtempSync(path.join(tmpdir(), 'larder-bench-'));
const env = { DATA_DIR: dataDir };
if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
const server = await startBuiltServer({ port: Number(process.env.BENCH_PORT ?? 3300), env });

try {
  const listQuery =
    'per_page=100&catalog_visibility=visible&status=publish&orderby=menu_order&order=desc&stock_status=instock';
  const products = await (await fetch(`${server.url}/wp-json/wc/v3/products?${listQuery}`)).json();
  const variable = products.find((product) => product.type === 'variable') ?? products[0];

  const targets = [
    ['static JSON (ceiling)', '/wp-json/'],
    [`products list (${products.length} items)`, `/wp-json/wc/v3/products?${listQuery}`],
    ['product by slug (API)', `/wp-json/wc/v3/products?slug=${variable.slug}`],
    ['SSR home page', '/'],
    ['SSR product page', `/product/${variable.slug}`],
  ];

  const rows = [];
  for (const [name, urlPath] of targets) {
    // A short warm-up so caches and the JIT settle before the measured run.
    await autocannon({ url: server.url + urlPath, connections: 10, duration: 2 });
    const result = await autocannon({ url: server.url + urlPath, connections, duration });
    if (result.non2xx > 0 || result.errors > 0) {
      console.warn(`  ${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
    }
    rows.push({
      name,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
    });
  }

  const ceiling = rows[0].rps;
  const database = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(
    `\nLarder bench: ${connections} connections, ${duration} s each, ${database}, Node ${process.version}\n`,
  );
  console.log(
    `${'target'.padEnd(34)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'× ceiling'.padStart(11)}`,
  );
  for (const row of rows) {
    console.log(
      `${row.name.padEnd(34)}${row.rps.toFixed(0).padStart(9)}${String(row.p50).padStart(9)}${String(row.p99).padStart(9)}${(row.rps / ceiling).toFixed(2).padStart(11)}`,
    );
  }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
