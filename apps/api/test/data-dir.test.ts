import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toContactSubmission } from '@larder/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { onPglite, testConfig } from './test-app.ts';

const modeOf = (path: string) => statSync(path).mode & 0o777;

/** Every entry under `root` (itself included) with its permission bits, as "path 0700". */
function modesUnder(root: string): string[] {
  const entries: string[] = [];
  const visit = (path: string) => {
    const stat = lstatSync(path);
    entries.push(`${path.slice(root.length) || '/'} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(root);
  return entries;
}

/** A data directory as an older shop left it: world-readable folders, files and mail. */
function looseDataDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'larder-loose-'));
  mkdirSync(join(dataDir, 'outbox'));
  mkdirSync(join(dataDir, 'uploads', 'imports'), { recursive: true });
  mkdirSync(join(dataDir, 'private', 'certificates'), { recursive: true });
  writeFileSync(join(dataDir, 'outbox', 'old-reset-link.eml'), 'Subject: Reset your password\r\n');
  writeFileSync(join(dataDir, 'uploads', 'imports', 'photo.abc123.jpg'), 'jpeg');
  writeFileSync(join(dataDir, 'private', 'certificates', 'resale.pdf'), '%PDF-1.4');
  writeFileSync(join(dataDir, 'auth-secret'), 'a'.repeat(64));
  for (const dir of ['', 'outbox', 'uploads', 'uploads/imports', 'private', 'private/certificates'])
    chmodSync(join(dataDir, dir), 0o777);
  for (const file of [
    'outbox/old-reset-link.eml',
    'uploads/imports/photo.abc123.jpg',
    'private/certificates/resale.pdf',
    'auth-secret',
  ])
    chmodSync(join(dataDir, file), 0o666);
  return dataDir;
}

// The app here opens PGlite in DATA_DIR as server.ts does, on either run of the API tests: the
// PostgreSQL run would repeat the PGlite one, so it leaves this file out.

describe.runIf(onPglite)('the data directory', () => {
  let dataDir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dataDir = looseDataDir();
    // As server.ts builds it: the app opens PGlite in DATA_DIR itself.
    app = await buildApp(testConfig({ dataDir, seedDemoData: false }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is readable by the shop user only once the shop has started: folders 0700, files 0600', () => {
    const entries = modesUnder(dataDir);
    expect(entries.some((entry) => entry.startsWith('/db/'))).toBe(true);
    const loose = entries.filter((entry) => !/ (700|600)$/.test(entry));
    expect(loose).toEqual([]);
  });

  it('writes a new outbox email readable by the shop user only', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/wp-json/wp/v2/form-submit',
      payload: toContactSubmission({
        first_name: 'Ada',
        last_name: 'Modes',
        email: 'ada.modes@example.com',
        phone: '',
        message: 'Is the outbox private?',
      }),
    });
    expect(res.statusCode).toBe(201);
    const outbox = join(dataDir, 'outbox');
    const mail = readdirSync(outbox).find((name) => name.includes('ada-modes'));
    expect(mail).toBeDefined();
    expect(modeOf(join(outbox, mail!)).toString(8)).toBe('600');
  });
});

describe.runIf(onPglite)('a new outbox', () => {
  it('is created as a private folder', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'larder-fresh-'));
    const app = await buildApp(testConfig({ dataDir, seedDemoData: false }));
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/wp-json/wp/v2/form-submit',
        payload: toContactSubmission({
          first_name: 'Bo',
          last_name: 'Fresh',
          email: 'bo.fresh@example.com',
          phone: '',
          message: 'First mail of a new shop.',
        }),
      });
      expect(res.statusCode).toBe(201);
      expect(modeOf(join(dataDir, 'outbox')).toString(8)).toBe('700');
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
