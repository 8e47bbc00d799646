import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, readFile } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { ImageSizes } from '@larder/contract';
import { asc, eq } from 'drizzle-orm';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../data-dir.ts';
import type { Database } from '../../db/client.ts';
import { media } from '../../db/schema.ts';
import { seedUploadsDir } from '../../paths.ts';
import { slugify } from '../../http/format.ts';
import { generateImageVariants, readImageInfo } from './image-variants.ts';

/** Where the owner's images and every generated size are written: `DATA_DIR/uploads`. */
export const dataUploadsDir = (dataDir: string) => join(dataDir, 'uploads');

/** The folders /wp-content/uploads/ is served from, first match wins. */
export const uploadsRoots = (dataDir: string) => [dataUploadsDir(dataDir), seedUploadsDir()];

/** The file on disk behind a media row, or undefined when no folder holds it. */
export function locateUpload(file: string, dataDir: string): string | undefined {
  return uploadsRoots(dataDir)
    .map((root) => join(root, file))
    .find((path) => existsSync(path));
}

export interface EnsureVariantsResult {
  images: number;
  /** Files encoded by this run; 0 when every size was already on disk. */
  generated: number;
  /** Media rows whose file is on no disk here (the row is left as it is). */
  missing: string[];
  ms: number;
}

/**
 * Makes sure every image in the media library has its responsive sizes on disk and in its row.
 * Runs at start: the first start encodes the demo artwork, a later one checks files and changes
 * nothing, and a data folder lost under a kept PostgreSQL database is filled in again. A few images
 * are encoded at once; libvips already spreads each encode over the cores.
 */
export async function ensureMediaVariants(
  db: Database,
  options: { dataDir: string; concurrency?: number },
): Promise<EnsureVariantsResult> {
  const started = performance.now();
  const rows = await db.select().from(media).orderBy(asc(media.id));
  const result: EnsureVariantsResult = { images: rows.length, generated: 0, missing: [], ms: 0 };
  const queue = [...rows];
  const worker = async () => {
    for (let row = queue.shift(); row; row = queue.shift()) {
      const path = locateUpload(row.file, options.dataDir);
      if (!path) {
        result.missing.push(row.file);
        continue;
      }
      const { sizes, generated } = await generateImageVariants(
        { file: row.file, path, width: row.width, height: row.height },
        dataUploadsDir(options.dataDir),
      );
      result.generated += generated;
      if (!isDeepStrictEqual(sizes, row.sizes)) {
        await db.update(media).set({ sizes }).where(eq(media.id, row.id));
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 2 }, worker));
  result.ms = Math.round(performance.now() - started);
  return result;
}

export interface StoredUpload {
  file: string;
  slug: string;
  title: string;
  mimeType: string;
  width: number;
  height: number;
  sizes: ImageSizes;
}

/**
 * Copies an image from the owner's disk into `DATA_DIR/uploads/imports/` and generates its sizes,
 * ready to become a media library entry. The name carries the content's hash, so importing the
 * same picture again finds the same entry instead of adding a copy.
 */
export async function storeUpload(sourcePath: string, dataDir: string): Promise<StoredUpload> {
  const info = await readImageInfo(sourcePath);
  const bytes = await readFile(sourcePath);
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
  const extension = extname(sourcePath).toLowerCase();
  const stem = slugify(basename(sourcePath, extname(sourcePath))) || 'image';
  const file = `imports/${stem}.${hash}${extension}`;
  const path = join(dataUploadsDir(dataDir), file);
  await mkdir(dirname(path), { recursive: true, mode: PRIVATE_DIR_MODE });
  if (!existsSync(path)) {
    await copyFile(sourcePath, path);
    // copyFile keeps the owner's mode; the shop serves uploads itself, so only its user reads them.
    await chmod(path, PRIVATE_FILE_MODE);
  }
  const { sizes } = await generateImageVariants(
    { file, path, width: info.width, height: info.height },
    dataUploadsDir(dataDir),
  );
  return {
    file,
    slug: `${stem}-${hash}`,
    title: basename(sourcePath, extname(sourcePath)),
    ...info,
    sizes,
  };
}
