// npm run bundle: the first-load JavaScript of home, shop, a product page and a blog post, measured
// in Chromium against the production build: every script the page fetches until it is hydrated and
// the network is quiet, gzip-compressed here (level 9) to count what a visitor downloads.
// Figures only: nothing here passes or fails.   --no-build  measure the existing build
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';
import { buildAll } from './build.mjs';
import { startBuiltServer } from './lib.mjs';

/** Issue 6: the product page's first-load JavaScript budget (the browser tests hold it too). */
export const PRODUCT_BUDGET_KB = 120;
const port = Number(process.env.BUNDLE_PORT ?? 3640);

export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** The pages both reports measure, with a product and a post picked from the seeded shop. */
export async function measuredPages(url) {
  const [product] = await (await fetch(`${url}/wp-json/wc/v3/products?per_page=1`)).json();
  const [post] = await (await fetch(`${url}/wp-json/wp/v2/posts?per_page=1`)).json();
  return [
    { name: 'home', path: '/' },
    { name: 'shop', path: '/shop' },
    { name: 'product', path: `/product/${product.slug}` },
    { name: 'blog post', path: `/blog/${post.slug}` },
  ];
}

/** Starts the built shop on a throwaway database; `stop()` also removes the database. */
export async function startMeasuredShop(shopPort) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'larder-measure-'));
  const server = await startBuiltServer({ port: shopPort, env: { DATA_DIR: dataDir } });
  return {
    url: server.url,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every script a fresh visitor's page fetches until it is hydrated and quiet: count and bytes. */
export async function firstLoadScripts(browser, url) {
  // A fresh context: empty HTTP cache, and no service worker serving from its own cache.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const scripts = new Map();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.set(
      response.url(),
      response.body().catch(() => Buffer.alloc(0)),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
  const bodies = await Promise.all(scripts.values());
  await context.close();
  return {
    count: bodies.length,
    raw: bodies.reduce((sum, body) => sum + body.length, 0),
    gzip: bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0),
  };
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

async function main() {
  if (!process.argv.includes('--no-build')) await buildAll();
  const shop = await startMeasuredShop(port);
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const rows = [];
    for (const page of await measuredPages(shop.url)) {
      const measured = await firstLoadScripts(browser, shop.url + page.path);
      rows.push({ ...page, ...measured });
    }
    console.log('\nFirst-load JavaScript (every script fetched until hydrated and idle)\n');
    console.log(
      '| page      | path                                   | scripts | raw KB | gzip KB |',
    );
    console.log(
      '| --------- | -------------------------------------- | ------: | -----: | ------: |',
    );
    for (const row of rows) {
      console.log(
        `| ${row.name.padEnd(9)} | ${row.path.padEnd(38)} | ${String(row.count).padStart(7)} | ${kb(row.raw).padStart(6)} | ${kb(row.gzip).padStart(7)} |`,
      );
    }
    const product = rows.find((row) => row.name === 'product');
    const verdict = product.gzip / 1024 <= PRODUCT_BUDGET_KB ? 'within' : 'OVER';
    console.log(
      `\nProduct page: ${kb(product.gzip)} KB gzip (${product.gzip} bytes), ${verdict} the ${PRODUCT_BUDGET_KB} KB budget.`,
    );
  } finally {
    await browser.close();
    await shop.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
