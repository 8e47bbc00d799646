import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3Server } from '../../test/s3-server.ts';
import { createDiskStore, isSafeKey, type ObjectStore } from './object-store.ts';
import { createS3Store } from './s3-store.ts';

let s3: S3Server;
let diskRoot: string;
const stores: Record<string, ObjectStore> = {};

beforeAll(async () => {
  s3 = await startS3Server();
  diskRoot = mkdtempSync(join(tmpdir(), 'larder-store-test-'));
  stores.disk = createDiskStore(diskRoot);
  stores.s3 = createS3Store(s3.settings);
});
afterAll(async () => {
  stores.s3?.close();
  await s3.stop();
  rmSync(diskRoot, { recursive: true, force: true });
});

describe.each(['disk', 's3'])('the %s store', (name) => {
  const store = () => stores[name]!;

  it('keeps what is put, reads it whole or as a stream, and sizes it', async () => {
    await store().check();
    await store().put('uploads/sizes/oat-640w.abc.webp', Buffer.from('webp bytes'), 'image/webp');
    expect((await store().read('uploads/sizes/oat-640w.abc.webp'))?.toString()).toBe('webp bytes');
    expect(await store().size('uploads/sizes/oat-640w.abc.webp')).toBe(10);
    const opened = await store().open('uploads/sizes/oat-640w.abc.webp');
    expect(opened?.size).toBe(10);
    expect(await text(opened!.body)).toBe('webp bytes');
  });

  it('answers undefined for a key never put, and a folder is no object', async () => {
    expect(await store().read('uploads/none.jpg')).toBeUndefined();
    expect(await store().open('uploads/none.jpg')).toBeUndefined();
    expect(await store().size('uploads/none.jpg')).toBeUndefined();
    await store().put('uploads/folder/inside.png', Buffer.from('x'), 'image/png');
    expect(await store().size('uploads/folder')).toBeUndefined();
  });

  it('replaces an object put again, and deletes it (twice is fine)', async () => {
    await store().put('private/certificates/a.pdf', Buffer.from('first'), 'application/pdf');
    await store().put('private/certificates/a.pdf', Buffer.from('second'), 'application/pdf');
    expect((await store().read('private/certificates/a.pdf'))?.toString()).toBe('second');
    await store().delete('private/certificates/a.pdf');
    await store().delete('private/certificates/a.pdf');
    expect(await store().size('private/certificates/a.pdf')).toBeUndefined();
  });

  it('refuses a key that could climb out of its folder', async () => {
    await expect(
      store().put('uploads/../auth-secret', Buffer.from('x'), 'text/plain'),
    ).rejects.toThrow('Not a storage key');
    await expect(store().read('../auth-secret')).rejects.toThrow('Not a storage key');
    for (const key of ['../x', 'uploads/../x', 'uploads//x', '/x', 'uploads/.', 'a\\b'])
      expect(isSafeKey(key), key).toBe(false);
    expect(isSafeKey('uploads/sizes/maple-640w.0a1b2c3d4e.avif')).toBe(true);
  });
});

describe('the disk store', () => {
  it('writes files only the shop’s user can read (decision 0018)', () => {
    const file = statSync(join(diskRoot, 'uploads', 'sizes', 'oat-640w.abc.webp'));
    expect(file.mode & 0o777).toBe(0o600);
    expect(statSync(join(diskRoot, 'uploads', 'sizes')).mode & 0o777).toBe(0o700);
  });
});

describe('the S3 store', () => {
  it('puts objects in the bucket under their keys', async () => {
    expect(await s3.keys('uploads/sizes/')).toEqual(['uploads/sizes/oat-640w.abc.webp']);
  });

  it('says at start, naming the bucket, when the bucket cannot be used', async () => {
    const wrong = createS3Store({ ...s3.settings, bucket: 'no-such-bucket' });
    await expect(wrong.check()).rejects.toThrow(/S3_BUCKET no-such-bucket cannot be used/);
    wrong.close();
  });
});
