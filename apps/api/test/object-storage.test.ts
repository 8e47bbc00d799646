import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { apiPaths, MediaSchema, ownerApiPaths } from '@larder/contract';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { media } from '../src/db/schema.ts';
import { ensureMediaVariants } from '../src/modules/media/media-variants.ts';
import { seedUploadsDir } from '../src/paths.ts';
import { createS3Store } from '../src/storage/s3-store.ts';
import { CERTIFICATE_PDF, createWholesaleApplication } from './factories.ts';
import { startS3Server, type S3Server } from './s3-server.ts';
import { signedInCustomer, type Session } from './sessions.ts';
import { buildTestApp, testConfig, type TestApp } from './test-app.ts';

/**
 * Two shop processes on one database and one bucket (decision 0044): what one stores, the other
 * serves; neither writes an upload to its own disk.
 */
let s3: S3Server;
let first: TestApp;
let second: FastifyInstance;
let secondDataDir: string;
let owner: Session;
let shopper: Session;
let photo: Buffer;

/** Processes of one shop share the session key (decision 0035). */
const AUTH_SECRET = 'one-key-for-every-process-of-the-shop-0123456789';

beforeAll(async () => {
  s3 = await startS3Server();
  const shared = { s3: s3.settings, authSecret: AUTH_SECRET };
  first = await buildTestApp({ seed: false, config: shared });
  const secondConfig = testConfig(shared);
  secondDataDir = secondConfig.dataDir;
  second = await buildApp(secondConfig, { database: first.database });
  await second.ready();
  owner = await signedInCustomer(first.app, first.database.db, {
    name: 'owner',
    role: 'administrator',
  });
  shopper = await signedInCustomer(first.app, first.database.db, { name: 'shopper' });
  photo = await sharp({
    create: { width: 1200, height: 800, channels: 3, background: { r: 180, g: 120, b: 60 } },
  })
    .jpeg()
    .toBuffer();
}, 60_000);
afterAll(async () => {
  await second.close();
  await first.close();
  await s3.stop();
  rmSync(secondDataDir, { recursive: true, force: true });
});

const uploadPhoto = (name: string) =>
  first.app.inject({
    method: 'POST',
    url: ownerApiPaths.media,
    payload: photo,
    headers: {
      'content-type': 'image/jpeg',
      'content-disposition': `attachment; filename="${name}.jpg"`,
      ...owner.bearer,
    },
  });

const ownedFiles = (dataDir: string) =>
  ['uploads', 'private'].filter((folder) => existsSync(join(dataDir, folder)));

describe('images in object storage', () => {
  it('stores an upload and its sizes in the bucket, and another process serves them', async () => {
    const res = await uploadPhoto('Harvest tin');
    expect(res.statusCode, res.body).toBe(201);
    const uploaded = MediaSchema.parse(res.json());
    const sources = Object.values(uploaded.media_details.sizes!).flatMap((size) =>
      Object.values(size.sources),
    );
    expect(sources).toHaveLength(8);
    expect(await s3.keys('uploads/')).toEqual(
      [
        `uploads/${uploaded.media_details.file}`,
        ...sources.map((source) => `uploads/${source.file}`),
      ].sort(),
    );
    expect(ownedFiles(first.config.dataDir)).toEqual([]);

    const original = await second.inject({ method: 'GET', url: uploaded.source_url });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(original.rawPayload).metadata()).toMatchObject({ width: 1200 });
    const avif = uploaded.media_details.sizes!.w640!.sources['image/avif']!;
    const size = await second.inject({ method: 'GET', url: avif.source_url });
    expect(size.headers['content-type']).toBe('image/avif');
    expect(size.rawPayload.length).toBe(avif.filesize);
    expect(ownedFiles(secondDataDir)).toEqual([]);
  });

  it('serves the demo artwork from the code and puts its sizes in the bucket, once', async () => {
    const file = 'category-vegan.svg';
    const { width, height } = await sharp(join(seedUploadsDir(), file)).metadata();
    await first.database.db.insert(media).values({
      slug: 'vegan-art',
      title: 'Vegan',
      altText: '',
      file,
      mimeType: 'image/svg+xml',
      width: width!,
      height: height!,
    });
    const made = await ensureMediaVariants(first.database.db, { uploads: second.uploads });
    // Drawn 600 wide: 320, 640 and 960, each as AVIF and WebP.
    expect(made).toMatchObject({ missing: [], generated: 6 });
    expect(await s3.keys('uploads/sizes/category-vegan-')).toHaveLength(6);
    expect(await s3.keys(`uploads/${file}`)).toEqual([]);
    const art = await second.inject({ method: 'GET', url: `/wp-content/uploads/${file}` });
    expect(art.statusCode).toBe(200);
    expect(art.headers['content-type']).toBe('image/svg+xml');

    // What the next process to start does (under the start-up lock): finds every size, encodes nothing.
    const again = await ensureMediaVariants(first.database.db, { uploads: first.app.uploads });
    expect(again).toMatchObject({ missing: [], generated: 0 });
  });

  it('makes sizes lost from the bucket again', async () => {
    const bucket = createS3Store(s3.settings);
    const lost = (await s3.keys('uploads/sizes/harvest-tin.')).slice(0, 3);
    expect(lost).toHaveLength(3);
    for (const key of lost) await bucket.delete(key);
    bucket.close();
    const made = await ensureMediaVariants(first.database.db, { uploads: second.uploads });
    expect(made.generated).toBe(3);
    expect(await s3.keys('uploads/sizes/harvest-tin.')).toHaveLength(8);
  });
});

describe('wholesale certificates in object storage', () => {
  const certificateKeys = () => s3.keys('private/certificates/');

  it('are kept privately in the bucket and read by the owner only, through the API', async () => {
    const buyer = await signedInCustomer(first.app, first.database.db, { name: 'deli' });
    const id = await createWholesaleApplication(first.app, buyer);
    const [key] = await certificateKeys();
    expect(key).toMatch(/^private\/certificates\/[0-9a-f-]{36}\.pdf$/);
    expect(ownedFiles(first.config.dataDir)).toEqual([]);

    const read = (session: Session | null) =>
      second.inject({
        method: 'GET',
        url: `${apiPaths.wholesaleApplications}/${id}/certificate`,
        headers: session?.bearer ?? {},
      });
    const asOwner = await read(owner);
    expect(asOwner.statusCode).toBe(200);
    expect(asOwner.headers['content-type']).toBe('application/pdf');
    expect(asOwner.headers['cache-control']).toMatch(/private/);
    expect(asOwner.rawPayload.equals(CERTIFICATE_PDF)).toBe(true);
    expect((await read(buyer)).statusCode).toBe(403);
    expect((await read(shopper)).statusCode).toBe(403);
    expect((await read(null)).statusCode).toBe(401);

    // No URL of the shop reaches it, and no answer names the bucket or the key.
    for (const url of [
      `/wp-content/uploads/${key}`,
      `/wp-content/uploads/../${key}`,
      `/wp-content/uploads/%2e%2e/${key}`,
      `/wp-content/uploads/..%2f${key}`,
    ]) {
      const served = await second.inject({ method: 'GET', url });
      expect(served.statusCode, url).toBe(404);
      expect(served.body).not.toContain('%PDF');
    }
    const record = await second.inject({
      method: 'GET',
      url: `${apiPaths.wholesaleApplications}/${id}`,
      headers: owner.bearer,
    });
    expect(record.statusCode).toBe(200);
    expect(record.body).not.toContain(key!.split('/').at(-1));
    expect(record.body).not.toContain(s3.endpoint);
  });

  it('leaves no object behind when the application cannot be saved', async () => {
    const buyer = await signedInCustomer(first.app, first.database.db, { name: 'market' });
    await createWholesaleApplication(first.app, buyer);
    const before = await certificateKeys();
    // A second application while the first is pending is refused (409) after its file is stored.
    await expect(createWholesaleApplication(second, buyer)).rejects.toThrow(/409/);
    expect(await certificateKeys()).toEqual(before);
  });
});

describe('S3_* settings', () => {
  it('make the bucket the store, with path-style addressing and the keys', () => {
    const config = loadConfig({
      S3_BUCKET: 'larder-uploads',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_ACCESS_KEY_ID: 'minio',
      S3_SECRET_ACCESS_KEY: 'minio-secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config.s3).toEqual({
      bucket: 'larder-uploads',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'minio', secretAccessKey: 'minio-secret' },
      forcePathStyle: true,
    });
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: 'b.example', S3_REGION: 'auto' }).s3).toMatchObject({
      region: 'auto',
      forcePathStyle: false,
    });
  });

  it('refuse settings without a bucket, a lone key or a bad name, never echoing the secret', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        if (error instanceof ConfigError) return error.problems.join('\n');
        throw error;
      }
      return '';
    };
    const noBucket = problems({
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_SECRET_ACCESS_KEY: 'top-secret-value',
    });
    expect(noBucket).toMatch(/^S3_ENDPOINT: is set but S3_BUCKET is not/m);
    expect(noBucket).toMatch(/^S3_SECRET_ACCESS_KEY: is set but S3_BUCKET is not/m);
    expect(noBucket).not.toContain('top-secret-value');
    expect(problems({ S3_BUCKET: 'larder', S3_ACCESS_KEY_ID: 'id' })).toMatch(
      /^S3_SECRET_ACCESS_KEY: must be set together with S3_ACCESS_KEY_ID/m,
    );
    expect(problems({ S3_BUCKET: 'Larder_Uploads' })).toMatch(/^S3_BUCKET: must be a bucket name/m);
    expect(problems({ S3_BUCKET: 'larder', S3_ENDPOINT: 'ftp://x' })).toMatch(/^S3_ENDPOINT:/m);
  });
});
