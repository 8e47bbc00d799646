import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const data = mkdtempSync(join(tmpdir(), 's-disk-look-'));
const server = spawn('node', ['dist/server.js'], {
  env: { ...process.env, PORT: '3234', HOST: '127.0.0.1', DATA_DIR: data, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const started = Date.now();
for (;;) {
  try { if ((await fetch('http://127.0.0.1:3234/readyz')).ok) break; } catch {}
  if (Date.now() - started > 600_000) throw new Error('no start');
  await new Promise((r) => setTimeout(r, 1000));
}
console.log('ready after', Math.round((Date.now() - started) / 1000), 's; sizes on disk:', readdirSync(join(data, 'uploads', 'sizes')).length);
const products = await (await fetch('http://127.0.0.1:3234/wp-json/wc/v3/products?per_page=1')).json();
for (const url of [products[0].images[0].src, products[0].images[0].sizes.w640.sources['image/avif'].source_url, '/wp-content/uploads/nope.svg', '/wp-content/uploads/../auth-secret', '/wp-content/uploads/%2e%2e/auth-secret', '/wp-content/uploads/sizes/']) {
  const res = await fetch(`http://127.0.0.1:3234${url}`, { method: 'GET' });
  console.log(res.status, url, res.headers.get('content-type'), res.headers.get('cache-control'));
}
const head = await fetch(`http://127.0.0.1:3234${products[0].images[0].src}`, { method: 'HEAD' });
console.log('HEAD', head.status, head.headers.get('content-length'));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage({ viewport: { width: 390, height: 900 } });
await page.goto(`http://127.0.0.1:3234/product/${products[0].slug}`);
const img = page.locator('.product__media img');
await img.evaluate((el: HTMLImageElement) => el.complete || new Promise((r) => (el.onload = r)));
console.log(await img.evaluate((el: HTMLImageElement) => ({ src: el.currentSrc, w: el.naturalWidth })));
await page.screenshot({ path: '/tmp/s-shot-disk-product-390.png' });
await browser.close();
server.kill('SIGINT');
