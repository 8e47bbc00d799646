import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';
import { startBuiltServer } from '../scripts/lib.mjs';
import { freePort } from './support/built-server';

// Packages such as React choose their development or production build from NODE_ENV when first
// imported. The shop started as `npm start` does, with NODE_ENV unset, must run the production
// one: the development build rendered every page and e-mail several times slower.
test('the built server renders with React’s production build when NODE_ENV is unset', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'larder-e2e-mode-'));
  const report = path.join(dir, 'react-builds.json');
  // Loaded before the server: on exit, it writes which of React's server renderers were loaded.
  const probe = path.join(dir, 'probe.mjs');
  writeFileSync(
    probe,
    `import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
const { cache } = createRequire(import.meta.url);
process.on('exit', () => {
  const builds = Object.keys(cache).filter((file) => /react-dom-server\\.node\\./.test(file));
  writeFileSync(${JSON.stringify(report)}, JSON.stringify({ nodeEnv: process.env.NODE_ENV, builds }));
});
`,
  );
  const shop = await startBuiltServer({
    port: await freePort(),
    env: { DATA_DIR: dir, DATABASE_URL: '', SEED_DEMO_DATA: 'false', NODE_ENV: '' },
    nodeOptions: ['--import', pathToFileURL(probe).href],
  });
  try {
    // Rendered by React whatever its status (without demo data, the sign-in page's links 404).
    const page = await fetch(`${shop.url}/login`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('<html');
  } finally {
    await shop.stop();
  }
  const { nodeEnv, builds } = JSON.parse(readFileSync(report, 'utf8')) as {
    nodeEnv: string;
    builds: string[];
  };
  rmSync(dir, { recursive: true, force: true });
  expect(nodeEnv).toBe('production');
  expect(builds.length).toBeGreaterThan(0);
  for (const file of builds) expect(path.basename(file)).toMatch(/\.production\./);
});
