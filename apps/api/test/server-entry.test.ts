import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverEntry } from '../../../scripts/build.mjs';

// A stand-in for the bundle: like React's entry, its import reads NODE_ENV when it is evaluated,
// which in a bundle is before the bundle's first line runs.
const dir = mkdtempSync(join(tmpdir(), 'larder-entry-'));
writeFileSync(join(dir, 'probe.mjs'), "export const seen = process.env.NODE_ENV ?? 'unset';\n");
writeFileSync(join(dir, 'shop.js'), "import { seen } from './probe.mjs';\nconsole.log(seen);\n");
writeFileSync(join(dir, 'server.js'), serverEntry('shop.js'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const nodeEnvSeenBy = (file: string, nodeEnv?: string) => {
  const env = { ...process.env };
  delete env.NODE_ENV;
  if (nodeEnv) env.NODE_ENV = nodeEnv;
  return execFileSync(process.execPath, [join(dir, file)], { env, encoding: 'utf8' }).trim();
};

describe('the built server entry (scripts/build.mjs)', () => {
  it("loads the bundle with NODE_ENV production when unset, so React's production build runs", () => {
    expect(nodeEnvSeenBy('shop.js')).toBe('unset');
    expect(nodeEnvSeenBy('server.js')).toBe('production');
  });

  it('keeps a NODE_ENV it is given', () => {
    expect(nodeEnvSeenBy('server.js', 'test')).toBe('test');
  });
});
