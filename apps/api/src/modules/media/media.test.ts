import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  apiPaths,
  ImageSizesSchema,
  PageSchema,
  PostSchema,
  ProductSchema,
  TeamMemberSchema,
} from '@larder/contract';
import sharp from 'sharp';
import { keepPictureSizes, seedPictureSizes } from '../../../../../scripts/lib.mjs';
import { CatalogFileSchema } from '../catalog-transfer/catalog-file.ts';
import { runAdmin } from '../../admin/cli.ts';
import { createAdminContext } from '../../admin/context.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { variantWidths } from './image-variants.ts';
import { ensureMediaVariants, type EnsureVariantsResult } from './media-variants.ts';

let t: TestApp;
let firstRun: EnsureVariantsResult;
/** Size files the `npm test` run had already made (none when this file runs alone). */
let sizesBefore: number;
let workDir: string;

const sizesDir = () => join(t.config.dataDir, 'uploads', 'sizes');
const sizeFiles = () => readdirSync(sizesDir()).sort();

beforeAll(async () => {
  t = await buildTestApp();
  workDir = mkdtempSync(join(tmpdir(), 'larder-media-test-'));
  // Under npm test the first run of this file encodes the demo's pictures and keeps them for the
  // run's later shops (the PostgreSQL run of this file, the cluster, the browser tests), which
  // would each encode the same files again: 30-45 s of CPU each (decision 0070).
  seedPictureSizes(t.config.dataDir);
  sizesBefore = existsSync(sizesDir()) ? sizeFiles().length : 0;
  // What the shop does on its first start, after seeding (app.ts).
  firstRun = await ensureMediaVariants(t.database.db, { uploads: t.app.uploads });
  keepPictureSizes(t.config.dataDir);
}, 240_000);
afterAll(async () => {
  await t.close();
  rmSync(workDir, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const storefrontProducts = async () =>
  z.array(ProductSchema).parse((await get(`${apiPaths.products}?per_page=100`)).json());

describe('responsive sizes of the seeded images', () => {
  it('gives every product image AVIF and WebP widths with their width and height', async () => {
    expect(firstRun.missing).toEqual([]);
    // Every file found is one this start encoded or one the run had already made.
    expect(firstRun.generated).toBe(sizeFiles().length - sizesBefore);
    expect(sizeFiles().length).toBeGreaterThan(0);
    const list = await storefrontProducts();
    expect(list.length).toBeGreaterThan(10);
    for (const product of list) {
      const image = product.images[0]!;
      expect(image.src).toMatch(/\.svg$/);
      const sizes = ImageSizesSchema.parse(image.sizes);
      // A product bag is drawn 800 wide: offered up to twice that, for high-density screens.
      expect(Object.keys(sizes)).toEqual(['w320', 'w640', 'w960', 'w1280']);
      for (const size of Object.values(sizes)) {
        expect(size.height).toBe(Math.round((size.width * image.height) / image.width));
        expect(Object.keys(size.sources).sort()).toEqual(['image/avif', 'image/webp']);
        expect(size.sources['image/avif']!.source_url).toMatch(
          new RegExp(`^/wp-content/uploads/sizes/.+-${size.width}w\\.[0-9a-f]{10}\\.avif$`),
        );
        expect(size.source_url).toBe(size.sources['image/webp']!.source_url);
      }
    }
  });

  it('gives post, header and team images their sizes too', async () => {
    const [post] = z
      .array(PostSchema)
      .parse((await get(`${apiPaths.posts}?per_page=1&_embed`)).json());
    expect(Object.keys(post!.featured_image!.sizes!)).toEqual([
      'w320',
      'w640',
      'w960',
      'w1280',
      'w1920',
    ]);
    expect(post!._embedded!['wp:featuredmedia']![0]!.media_details.sizes).toEqual(
      post!.featured_image!.sizes,
    );
    const [home] = z.array(PageSchema).parse((await get(`${apiPaths.pages}?slug=home`)).json());
    // The hero's art is a square beside the title (decision 0043), drawn up to 960 px for 2x screens.
    const header = home!.acf.header_image!.sizes!;
    expect(Object.keys(header)).toEqual(['w320', 'w640', 'w960']);
    expect(header.w960).toMatchObject({ width: 960, height: 960 });
    const team = z.array(TeamMemberSchema).parse((await get(`${apiPaths.team}?_embed`)).json());
    const photo = team[0]!._embedded!['wp:featuredmedia']![0]!;
    expect(Object.keys(photo.media_details.sizes!)).toEqual(['w320', 'w640', 'w960']);
  });

  it('serves the files as AVIF and WebP with immutable caching, and the right dimensions', async () => {
    const image = (await storefrontProducts())[0]!.images[0]!;
    const size = image.sizes!.w640!;
    for (const [mime, source] of Object.entries(size.sources)) {
      const res = await get(source.source_url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(mime);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload.length).toBe(source.filesize);
      const metadata = await sharp(res.rawPayload).metadata();
      expect([metadata.width, metadata.height]).toEqual([640, 640]);
    }
    // The original stays the fallback.
    const original = await get(image.src);
    expect(original.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('a second start encodes nothing and leaves the rows as they are', async () => {
    const before = sizeFiles();
    const again = await ensureMediaVariants(t.database.db, { uploads: t.app.uploads });
    expect(again).toMatchObject({ images: firstRun.images, generated: 0, missing: [] });
    expect(sizeFiles()).toEqual(before);
  });

  it('offers artwork up to twice its drawn width, and a photo never past its own', () => {
    expect(variantWidths('header.svg', 1600)).toEqual([320, 640, 960, 1280, 1920]);
    expect(variantWidths('badge.svg', 400)).toEqual([320, 640]);
    expect(variantWidths('photo.jpg', 1000)).toEqual([320, 640, 960, 1000]);
    expect(variantWidths('photo.jpg', 4000)).toEqual([320, 640, 960, 1280, 1920]);
    expect(variantWidths('tiny.png', 200)).toEqual([200]);
  });
});

/** Runs one command line against the test database, as `npm run admin -- …` would. */
async function admin(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const context = createAdminContext(t.config, t.database.db);
  const code = await runAdmin(argv, {
    io: { out: (text) => out.push(text), err: (text) => err.push(text) },
    open: async () => ({ context, close: async () => undefined }),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('npm run admin -- catalog import', () => {
  it('adds a new picture beside the catalogue to the media library with its sizes', async () => {
    mkdirSync(join(workDir, 'photos'));
    const photo = await sharp({
      create: { width: 1000, height: 750, channels: 3, background: '#c98b3f' },
    })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="750"><circle cx="500" cy="375" r="300" fill="#7a4a25"/></svg>',
          ),
        },
      ])
      .jpeg()
      .toBuffer();
    writeFileSync(join(workDir, 'photos', 'Cocoa Crunch.jpg'), photo);

    const file = CatalogFileSchema.parse(JSON.parse((await admin('catalog', 'export')).out));
    const template = file.products.find((entry) => entry.type === 'simple')!;
    file.products = [
      {
        ...structuredClone(template),
        slug: 'cocoa-crunch',
        name: 'Cocoa Crunch',
        sku: 'LO-COCOA',
        images: ['photos/Cocoa Crunch.jpg', template.images[0]!],
      },
    ];
    const path = join(workDir, 'catalog.json');
    writeFileSync(path, JSON.stringify(file));
    const filesBefore = sizeFiles().length;
    expect(await admin('catalog', 'import', path)).toMatchObject({
      code: 0,
      out: expect.stringContaining('1 created'),
    });

    const [created] = z
      .array(ProductSchema)
      .parse((await get(`${apiPaths.products}?slug=cocoa-crunch`)).json());
    const [main, second] = created!.images;
    expect(main).toMatchObject({
      src: expect.stringMatching(
        /^\/wp-content\/uploads\/imports\/cocoa-crunch\.[0-9a-f]{10}\.jpg$/,
      ),
      width: 1000,
      height: 750,
    });
    // A photo 1000 wide is offered at its own width, never enlarged.
    expect(Object.keys(main!.sizes!)).toEqual(['w320', 'w640', 'w960', 'w1000']);
    expect(main!.sizes!.w640).toMatchObject({ width: 640, height: 480 });
    expect(sizeFiles().length).toBe(filesBefore + 8);
    const avif = await get(main!.sizes!.w1000!.sources['image/avif']!.source_url);
    expect(avif.statusCode).toBe(200);
    expect(avif.headers['content-type']).toBe('image/avif');
    expect((await get(main!.src)).headers['content-type']).toBe('image/jpeg');
    // The library image the file also names keeps the sizes it already had.
    const [templateProduct] = z
      .array(ProductSchema)
      .parse((await get(`${apiPaths.products}?slug=${template.slug}`)).json());
    expect(Object.keys(second!.sizes!)).toEqual(['w320', 'w640', 'w960', 'w1280']);
    expect(second!.sizes).toEqual(templateProduct!.images[0]!.sizes);

    // Importing the same picture again reuses its entry and encodes nothing.
    expect(await admin('catalog', 'import', path)).toMatchObject({ code: 0 });
    const [again] = z
      .array(ProductSchema)
      .parse((await get(`${apiPaths.products}?slug=cocoa-crunch`)).json());
    expect(again!.images[0]!.id).toBe(main!.id);
    expect(sizeFiles().length).toBe(filesBefore + 8);
  });

  it('refuses a file beside the catalogue that is not an image, and imports nothing', async () => {
    writeFileSync(join(workDir, 'notes.jpg'), 'not a picture');
    const file = CatalogFileSchema.parse(JSON.parse((await admin('catalog', 'export')).out));
    const snapshot = JSON.stringify(file);
    file.products[0]!.images = ['notes.jpg'];
    const path = join(workDir, 'bad-image.json');
    writeFileSync(path, JSON.stringify(file));
    const res = await admin('catalog', 'import', path);
    expect(res).toMatchObject({ code: 1, err: expect.stringContaining('notes.jpg') });
    expect(res.err).toContain('nothing was imported');
    expect(
      JSON.stringify(CatalogFileSchema.parse(JSON.parse((await admin('catalog', 'export')).out))),
    ).toBe(snapshot);
  });
});
