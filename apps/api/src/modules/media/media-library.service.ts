import type { Media, MediaUpdate } from '@larder/contract';
import sharp from 'sharp';
import type { Database } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import { slugify, uploadsUrl } from '../../http/format.ts';
import { sanitizeRichText } from '../../http/sanitize.ts';
import type { Viewer } from '../../http/viewer.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import { mediaLibraryRepo as repo, type MediaRow } from './media-library.repo.ts';
import { storeUpload } from './media-variants.ts';
import type { Uploads } from './uploads.ts';

/** Far beyond any product photo; a larger one is refused before it is decoded (a pixel bomb). */
const MAX_PIXELS = 60_000_000;

/** What sharp calls each accepted format, and the file extension it is stored under. */
const FORMATS: Record<string, { extension: string; encode: (image: sharp.Sharp) => sharp.Sharp }> =
  {
    jpeg: { extension: 'jpg', encode: (image) => image.jpeg({ quality: 90, mozjpeg: true }) },
    png: { extension: 'png', encode: (image) => image.png() },
    webp: { extension: 'webp', encode: (image) => image.webp({ quality: 90 }) },
    heif: { extension: 'avif', encode: (image) => image.avif({ quality: 70 }) },
  };

export const toMedia = (row: MediaRow): Media => ({
  id: row.id,
  slug: row.slug,
  type: 'attachment',
  // WordPress's titles are HTML; the owner's is plain text, so only harmless inline markup stays.
  title: { rendered: sanitizeRichText(row.title) },
  alt_text: row.altText,
  media_type: 'image',
  mime_type: row.mimeType,
  media_details: { width: row.width, height: row.height, file: row.file, sizes: row.sizes },
  source_url: uploadsUrl(row.file),
});

const invalidImage = () =>
  new ApiError(
    400,
    'rest_upload_invalid_image',
    'The file is not a JPEG, PNG, WebP or AVIF image the shop can read. Upload a photo in one of those formats.',
  );

/**
 * Decodes the whole image (a file cut short fails here, not later) and writes it again upright,
 * without its metadata: a phone photo's EXIF carries where it was taken, and the original is
 * served as it is stored.
 */
async function cleanImage(bytes: Buffer): Promise<{ bytes: Buffer; extension: string }> {
  let format: string | undefined;
  try {
    ({ format } = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata());
  } catch {
    throw invalidImage();
  }
  const target = format ? FORMATS[format] : undefined;
  if (!target) throw invalidImage();
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).rotate();
    return { bytes: await target.encode(image).toBuffer(), extension: target.extension };
  } catch {
    throw invalidImage();
  }
}

/** "Maple bag.JPG" → "Maple bag"; a name that says nothing becomes "image". */
const titleOf = (filename: string) => {
  const stem = filename.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '');
  const title = stem
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, 200);
  return title || 'image';
};

/**
 * The back office's media library: `POST /wp/v2/media` stores an image and its AVIF/WebP sizes
 * (as seeding and the catalogue import do), `PUT /wp/v2/media/{id}` sets its alt text.
 */
export function createMediaLibraryService(
  db: Database,
  options: { uploads: Uploads; activity: ActivityService },
) {
  const { activity } = options;

  return {
    async upload(
      upload: { bytes: Buffer; filename: string; altText?: string; title?: string },
      owner: Viewer,
    ): Promise<Media> {
      if (upload.bytes.length === 0)
        throw new ApiError(400, 'rest_upload_no_data', 'No image was sent in the request body.');
      const clean = await cleanImage(upload.bytes);
      const title = upload.title?.trim() || titleOf(upload.filename);
      const stem =
        slugify(title)
          .replace(/^-+|-+$/g, '')
          .slice(0, 60) || 'image';
      // storeUpload names the stored file after this name, with the content's hash.
      const stored = await storeUpload(
        { bytes: clean.bytes, name: `${stem}.${clean.extension}` },
        options.uploads,
      );
      const row = await db.transaction(async (tx) => {
        // The same picture uploaded again is the same entry: its file already has that name.
        const existing = await repo.findByFile(tx, stored.file);
        const row = existing
          ? await repo.update(tx, existing.id, {
              ...(upload.altText !== undefined ? { altText: upload.altText } : {}),
              modifiedAt: new Date(),
            })
          : await repo.insert(tx, {
              slug: stored.slug,
              title,
              altText: upload.altText ?? '',
              file: stored.file,
              mimeType: stored.mimeType,
              width: stored.width,
              height: stored.height,
              sizes: stored.sizes,
            });
        await activity.record(
          owner,
          {
            action: 'media.uploaded',
            subjectType: 'media',
            subjectId: row!.id,
            summary: `Uploaded image "${title}" (${stored.width}×${stored.height})`,
          },
          tx,
        );
        return row!;
      });
      return toMedia(row);
    },

    async update(id: number, change: MediaUpdate, owner: Viewer): Promise<Media> {
      return db.transaction(async (tx) => {
        const row = await repo.update(tx, id, {
          ...(change.alt_text !== undefined ? { altText: change.alt_text } : {}),
          ...(change.title !== undefined ? { title: change.title } : {}),
          modifiedAt: new Date(),
        });
        if (!row) throw new ApiError(404, 'rest_post_invalid_id', 'Invalid post ID.');
        await activity.record(
          owner,
          {
            action: 'media.updated',
            subjectType: 'media',
            subjectId: id,
            summary:
              change.alt_text !== undefined
                ? `Set the alt text of image "${row.title}" to "${change.alt_text}"`
                : `Renamed image #${id} "${row.title}"`,
          },
          tx,
        );
        return toMedia(row);
      });
    },
  };
}

export type MediaLibraryService = ReturnType<typeof createMediaLibraryService>;
