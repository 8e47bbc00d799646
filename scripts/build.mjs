// Builds the storefront (React Router, client + SSR) and bundles the API server into one file.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { mustRun, root } from './lib.mjs';

export const serverBundle = path.join(root, 'apps/api/dist/server.js');
export const buildStamp = path.join(root, 'apps/api/dist/.built');

export async function buildAll() {
  await mustRun('npx', ['react-router', 'build'], { cwd: path.join(root, 'apps/storefront') });

  await build({
    entryPoints: [path.join(root, 'apps/api/src/server.ts')],
    outfile: serverBundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [
      {
        // npm packages load from node_modules at run time; only our TypeScript workspaces are bundled.
        name: 'external-packages',
        setup(builder) {
          builder.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@larder/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  writeFileSync(buildStamp, new Date().toISOString());
  console.log(`Built the storefront and ${path.relative(root, serverBundle)}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await buildAll();
