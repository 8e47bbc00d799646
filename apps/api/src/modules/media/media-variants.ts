import { createHash } from 'node:crypto';
import { extname } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { ImageSizes } from '@larder/contract';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { media } from '../../db/schema.ts';
import { slugify } from '../../http/format.ts';
import { generateImageVariants, readImageInfo } from './image-variants.ts';
import type { Uploads } from './uploads.ts';

export interface EnsureVariantsResult {
  images: number;
  /** Files encoded by this run; 0 when every size was already stored. */
  generated: number;
  /** Media rows whose file is in neither the store nor the demo artwork (the row is left as it is). */
  missing: string[];
  ms: number;
}

/**
 * Makes sure every image in the media library has its responsive sizes stored and in its row.
 * Runs at start, one process at a time (app.ts): the first start encodes the demo artwork, a later
 * one checks files and changes nothing, and sizes lost from the store under a kept database are
 * made again. A few images are encoded at once; libvips already spreads each encode over the cores.
 */
export async function ensureMediaVariants(
  db: Database,
  options: { uploads: Uploads; concurrency?: number },
): Promise<EnsureVariantsResult> {
  const started = performance.now();
  const rows = await db.select().from(media).orderBy(asc(media.id));
  const result: EnsureVariantsResult = { images: rows.length, generated: 0, missing: [], ms: 0 };
  const queue = [...rows];
  const worker = async () => {
    for (let row = queue.shift(); row; row = queue.shift()) {
      const bytes = await options.uploads.read(row.file);
      if (!bytes) {
        result.missing.push(row.file);
        continue;
      }
      const { sizes, generated } = await generateImageVariants(
        { file: row.file, bytes, width: row.width, height: row.height },
        options.uploads,
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
 * Stores an image as `imports/<name>.<hash>.<ext>` of the uploads with its sizes, ready to become
 * a media library entry. The name carries the content's hash, so the same picture again finds the
 * same entry instead of adding a copy.
 */
export async function storeUpload(
  image: { bytes: Buffer; name: string },
  uploads: Uploads,
): Promise<StoredUpload> {
  const info = await readImageInfo(image.bytes, image.name);
  const hash = createHash('sha256').update(image.bytes).digest('hex').slice(0, 10);
  const extension = extname(image.name).toLowerCase();
  const title = image.name.slice(0, image.name.length - extension.length);
  const stem = slugify(title) || 'image';
  const file = `imports/${stem}.${hash}${extension}`;
  if ((await uploads.size(file)) === undefined) {
    await uploads.put(file, image.bytes, info.mimeType);
  }
  const { sizes } = await generateImageVariants(
    { file, bytes: image.bytes, width: info.width, height: info.height },
    uploads,
  );
  return { file, slug: `${stem}-${hash}`, title, ...info, sizes };
}
