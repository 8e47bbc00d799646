// npm run admin: the owner's command line (apps/api/src/admin/main.ts), run from a bundle of its
// code that is made again whenever the sources are newer. Under tsx every run compiled the API's
// modules before the command began: 3.0–3.2 s here, against 0.4 s to bundle once and 1.7–1.9 s a
// run after.
import { mkdirSync, mkdtempSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { newestMtime, root } from './lib.mjs';

/** Beside the server's bundle, under apps/api, where the code finds its migrations (paths.ts). */
const adminBundle = path.join(root, 'apps/api/dist/admin.mjs');
const sources = ['apps/api/src', 'packages/contract/src'].map((folder) => path.join(root, folder));

async function ensureAdminBundle() {
  const bundled = statSync(adminBundle, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  if (bundled >= newestMtime(sources)) return;
  // Loaded only here: esbuild's start (about 40 ms) is not every command's.
  const { bundleApiEntry } = await import('./build.mjs');
  // Commands started at once may each bundle: each writes its own folder and moves its files into
  // place whole, so none runs a half-written one.
  mkdirSync(path.dirname(adminBundle), { recursive: true });
  const folder = mkdtempSync(path.join(path.dirname(adminBundle), '.admin-'));
  try {
    await bundleApiEntry(
      path.join(root, 'apps/api/src/admin/main.ts'),
      path.join(folder, 'admin.mjs'),
    );
    renameSync(path.join(folder, 'admin.mjs.map'), `${adminBundle}.map`);
    renameSync(path.join(folder, 'admin.mjs'), adminBundle);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

await ensureAdminBundle();
// As the server's entry does (build.mjs, serverEntry): React renders e-mails with its production
// build, chosen from NODE_ENV when it is first imported.
process.env.NODE_ENV ||= 'production';
process.setSourceMapsEnabled(true);
await import(pathToFileURL(adminBundle).href);
