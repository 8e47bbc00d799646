// npm run check:secrets: fails (exit 1) when the browser build or the shop's answers carry anything
// that looks like a secret: secret-key shapes (scripts/secret-scan.mjs) and the actual values of the
// secret settings the server is started with here (fake ones, so a leak is unmistakable).
//   --no-build   use the existing build (npm test runs this right after its production build)
import { randomBytes } from 'node:crypto';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildAll } from './build.mjs';
import { root, startBuiltServer } from './lib.mjs';
import { findSecrets } from './secret-scan.mjs';
import { call, purchasableProducts, placeOrder, shippingRate, orderByKey } from './shopper.mjs';

const PORT = Number(process.env.CHECK_SECRETS_PORT ?? 3650);
const hex = (bytes) => randomBytes(bytes).toString('hex');

const smtpPassword = `smtp-pass-${hex(8)}`;
// Uploads in a local S3-compatible bucket, so its keys are set too: s3rver knows only its own
// key id, and takes any secret when told to ignore signatures.
const s3Dir = mkdtempSync(path.join(tmpdir(), 'larder-secrets-s3-'));
const s3 = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory: s3Dir,
  allowMismatchedSignatures: true,
  configureBuckets: [{ name: 'larder-secrets', configs: [] }],
});
const { port: s3Port } = await s3.run();
/** Every secret variable of apps/api/src/config.ts, with a value nobody could mistake. */
const secretEnv = {
  AUTH_SECRET: `auth-secret-${hex(24)}`,
  STRIPE_SECRET_KEY: `sk_test_${hex(24)}`,
  STRIPE_PUBLISHABLE_KEY: `pk_test_${hex(24)}`,
  PAYPAL_CLIENT_ID: `paypal-client-id-${hex(8)}`,
  PAYPAL_CLIENT_SECRET: `paypal-secret-${hex(24)}`,
  // Nothing listens there: mail fails and is logged, which is all this check needs.
  SMTP_URL: `smtp://larder:${smtpPassword}@127.0.0.1:3699`,
  S3_BUCKET: 'larder-secrets',
  S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
  S3_FORCE_PATH_STYLE: 'true',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: `s3-secret-${hex(24)}`,
};
const knownValues = [
  ...[
    'AUTH_SECRET',
    'STRIPE_SECRET_KEY',
    'PAYPAL_CLIENT_SECRET',
    'SMTP_URL',
    'S3_SECRET_ACCESS_KEY',
  ].map((name) => ({ name, value: secretEnv[name] })),
  { name: 'the SMTP_URL password', value: smtpPassword },
];

const findings = [];
const scan = (where, text) => {
  for (const finding of findSecrets(text, knownValues)) findings.push({ where, ...finding });
};

if (!process.argv.includes('--no-build')) await buildAll();

// The browser build: every file, whatever its type.
const clientDir = path.join(root, 'apps/storefront/build/client');
let files = 0;
for (const entry of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile()) continue;
  const file = path.join(entry.parentPath, entry.name);
  scan(path.relative(root, file), readFileSync(file, 'latin1'));
  files++;
}

/**
 * Puts the picture sizes of the `npm test` run (PICTURE_SIZES_CACHE, see seedPictureSizes in
 * lib.mjs) into the bucket, where the shop looks for them: its first start then encodes none.
 */
async function seedBucketPictureSizes() {
  const cache = process.env.PICTURE_SIZES_CACHE;
  if (!cache || !existsSync(cache)) return;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint: secretEnv.S3_ENDPOINT,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const types = { avif: 'image/avif', webp: 'image/webp' };
  for (const name of readdirSync(cache)) {
    const type = types[name.slice(name.lastIndexOf('.') + 1)];
    if (!type) continue;
    await client.send(
      new PutObjectCommand({
        Bucket: secretEnv.S3_BUCKET,
        Key: `uploads/sizes/${name}`,
        Body: readFileSync(path.join(cache, name)),
        ContentType: type,
      }),
    );
  }
  client.destroy();
}
await seedBucketPictureSizes();

const dataDir = mkdtempSync(path.join(tmpdir(), 'larder-secrets-'));
const server = await startBuiltServer({ port: PORT, env: { DATA_DIR: dataDir, ...secretEnv } });
const responses = [];
try {
  const base = server.url;
  const fetchAndScan = async (label, pathname, options) => {
    const res = await call(base, pathname, options);
    const headers = [...res.headers].map(([name, value]) => `${name}: ${value}`).join('\n');
    scan(`${label} ${pathname}`, `${headers}\n\n${res.text}`);
    responses.push(`${res.status} ${label} ${pathname}`);
    return res;
  };

  const [product] = await purchasableProducts(base);
  for (const page of ['/', '/shop', `/product/${product.slug}`, '/cart', '/checkout', '/login']) {
    await fetchAndScan('GET', page);
  }
  // An image's size, streamed from the bucket: the answer carries no signed URL or key.
  const image = await fetchAndScan('GET', product.images[0].sizes.w640.source_url);
  if (image.status !== 200) throw new Error(`image from the bucket: ${image.status}`);
  for (const api of [
    '/wp-json/',
    '/wp-json/wc/v3/products?per_page=100',
    '/wp-json/wc/v3/payment_gateways',
    '/wp-json/docs/json',
  ]) {
    await fetchAndScan('GET', api);
  }

  // A signed-in customer: sign-up (the answer), sign-in, their account and their account page.
  const email = `secrets-${hex(4)}@example.com`;
  const password = `correct horse ${hex(6)}`;
  await fetchAndScan('POST', '/wp-json/wc/v3/customers', {
    method: 'POST',
    body: { email, password, first_name: 'Sam', last_name: 'Secret' },
  });
  const signIn = await fetchAndScan('POST', '/wp-json/jwt-auth/v1/token', {
    method: 'POST',
    body: { username: email, password },
  });
  const bearer = { authorization: `Bearer ${signIn.json.data.token}` };
  const cookie = {
    cookie: signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
  };
  const me = await fetchAndScan('GET (signed in)', '/wp-json/wc/v3/customers/me', {
    headers: bearer,
  });
  await fetchAndScan('GET (signed in)', '/my-account', { headers: cookie });
  knownValues.push({ name: 'the customer’s password', value: password });

  // An order, read back with its key (API and page).
  const lines = [{ product_id: product.id, quantity: 1 }];
  const { rate } = await shippingRate(base, lines, bearer);
  const placed = await placeOrder(base, lines, rate, {
    headers: bearer,
    customerId: me.json.id,
    email,
  });
  if (placed.status !== 201) throw new Error(`order: ${placed.status} ${placed.text}`);
  const order = placed.json;
  const byKey = await orderByKey(base, order);
  scan(`GET /wp-json/wc/v3/orders/${order.id}?key=…`, byKey.text);
  responses.push(`${byKey.status} GET /wp-json/wc/v3/orders/${order.id}?key=…`);
  const page = await call(base, `/order-received/${order.id}?key=${order.order_key}`);
  scan(`GET /order-received/${order.id}?key=…`, page.text);
  responses.push(`${page.status} GET /order-received/${order.id}?key=…`);
} finally {
  await server.stop();
  await s3.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(s3Dir, { recursive: true, force: true });
}

console.log(
  `Scanned ${files} files in apps/storefront/build/client and ${responses.length} responses:`,
);
for (const line of responses) console.log(`  ${line}`);
if (findings.length > 0) {
  console.error(`\n✖ ${findings.length} possible secret(s):`);
  for (const { where, name, excerpt } of findings)
    console.error(`  ${where}: ${name}\n    …${excerpt}…`);
  process.exit(1);
}
console.log('\nNo secrets found.');
