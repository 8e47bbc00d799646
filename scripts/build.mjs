// Builds the storefront (React Router, client + SSR) and bundles the API server into one file.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { mustRun, root } from './lib.mjs';

/** The server's entry: it settles NODE_ENV, then loads the bundle (`shop.js`). */
export const serverBundle = path.join(root, 'apps/api/dist/server.js');
export const buildStamp = path.join(root, 'apps/api/dist/.built');

const lockDir = path.join(root, 'apps/api/dist/.build-lock');

/** One build at a time: parallel test runs share these output folders. */
async function withBuildLock(work) {
  mkdirSync(path.dirname(lockDir), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch {
      // A lock older than ten minutes belongs to a build that died.
      if (Date.now() - statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs > 600_000)
        rmSync(lockDir, { recursive: true, force: true });
      await new Promise((done) => setTimeout(done, 500));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

/**
 * The text of the server's entry, which loads `bundleFile` next to it. React and other packages
 * choose their development or production build from NODE_ENV when first imported, and the bundle's
 * imports run before any of its code: set it first, here. Without it the server rendered pages and
 * e-mails with React's development build.
 */
export const serverEntry = (bundleFile) =>
  `process.env.NODE_ENV ||= 'production';\nawait import(${JSON.stringify(`./${bundleFile}`)});\n`;

export function buildAll() {
  return withBuildLock(buildUnlocked);
}

const compressible = /\.(js|css|svg|json|webmanifest|txt|html)$/;

/**
 * Brotli (best quality) and gzip copies of the browser's text files, which the server sends as they
 * are: the framework chunk is 93 KB as Brotli 11 against 108 KB compressed per request at quality 4.
 */
function precompressClientAssets(dir) {
  for (const name of readdirSync(dir, { recursive: true })) {
    const file = path.join(dir, name);
    if (!compressible.test(name) || !statSync(file).isFile()) continue;
    const content = readFileSync(file);
    if (content.length < 1024) continue;
    const brotliParams = {
      [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
    };
    writeFileSync(`${file}.br`, brotliCompressSync(content, { params: brotliParams }));
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  }
}

/**
 * One of the API's entry points and our TypeScript workspaces as one ES module; npm packages load
 * from node_modules at run time. The file must lie under apps/api, where the code finds its
 * migrations and seed images (paths.ts).
 */
export async function bundleApiEntry(entry, outfile) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'external-packages',
        setup(builder) {
          builder.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@larder/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
}

async function buildUnlocked() {
  // Always React's production build: a build started under NODE_ENV=test (the browser tests'
  // server, when it finds the build stale) otherwise ships React's development build to the browser.
  await mustRun('npx', ['react-router', 'build'], {
    cwd: path.join(root, 'apps/storefront'),
    env: { ...process.env, NODE_ENV: 'production' },
  });
  precompressClientAssets(path.join(root, 'apps/storefront/build/client'));

  await bundleApiEntry(
    path.join(root, 'apps/api/src/server.ts'),
    path.join(path.dirname(serverBundle), 'shop.js'),
  );
  writeFileSync(serverBundle, serverEntry('shop.js'));
  writeFileSync(buildStamp, new Date().toISOString());
  console.log(`Built the storefront and ${path.relative(root, serverBundle)}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await buildAll();
