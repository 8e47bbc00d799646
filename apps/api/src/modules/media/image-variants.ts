import { createHash } from 'node:crypto';
import { basename, extname } from 'node:path';
import type { ImageSize, ImageSizes } from '@larder/contract';
import sharp from 'sharp';
import { uploadsUrl } from '../../http/format.ts';
import type { Uploads } from './uploads.ts';

/** Widths offered to `srcset`; each image gets those that make sense for it (see `variantWidths`). */
export const RESPONSIVE_WIDTHS = [320, 640, 960, 1280, 1920] as const;

/** Generated files live in this folder of the uploads, served under /wp-content/uploads/. */
export const SIZES_FOLDER = 'sizes';

/**
 * Encoder settings. Part of every file's hash, so changing them gives new names and the old
 * immutable-cached files are never served for the new settings. AVIF effort 2 is four to six times
 * faster than the default 4 for a file within a few percent of its size on this flat artwork.
 */
const FORMATS = [
  {
    mime: 'image/avif',
    ext: 'avif',
    encode: (image: sharp.Sharp) => image.avif({ quality: 55, effort: 2 }),
  },
  {
    mime: 'image/webp',
    ext: 'webp',
    encode: (image: sharp.Sharp) => image.webp({ quality: 80, effort: 4 }),
  },
] as const;
// Each image is read once: libvips' operation cache would only hold memory after the first start.
sharp.cache(false);

const ENCODER_VERSION = `v1;${sharp.versions.vips};avif q55 e2;webp q80 e4`;

const isVector = (file: string) => extname(file).toLowerCase() === '.svg';

/**
 * The widths an image is offered at. Its intrinsic width says what its role needs (a product bag is
 * 800 wide, a page header 1600): artwork is drawn as SVG, so it renders sharply at up to twice that
 * for high-density screens; a photo is never scaled up past its own width.
 */
export function variantWidths(file: string, intrinsicWidth: number): number[] {
  const limit = isVector(file) ? intrinsicWidth * 2 : intrinsicWidth;
  const widths: number[] = RESPONSIVE_WIDTHS.filter((width) => width <= limit);
  const largest = Math.min(limit, RESPONSIVE_WIDTHS.at(-1)!);
  if (!isVector(file) && widths.at(-1) !== largest) widths.push(largest);
  return widths;
}

export interface SourceImage {
  /** The media row's file, relative to /wp-content/uploads/. */
  file: string;
  bytes: Buffer;
  width: number;
  height: number;
}

interface PlannedFile {
  mime: string;
  file: string;
  encode: (image: sharp.Sharp) => sharp.Sharp;
}

interface PlannedSize {
  name: string;
  width: number;
  height: number;
  files: PlannedFile[];
}

/** The sizes of one image and their file names: content-hashed, so they can be cached for ever. */
function planSizes(source: SourceImage): PlannedSize[] {
  const hash = createHash('sha256')
    .update(ENCODER_VERSION)
    .update(source.bytes)
    .digest('hex')
    .slice(0, 10);
  const stem = basename(source.file, extname(source.file));
  return variantWidths(source.file, source.width).map((width) => ({
    name: `w${width}`,
    width,
    height: Math.round((source.height * width) / source.width),
    files: FORMATS.map((format) => {
      const file = `${SIZES_FOLDER}/${stem}-${width}w.${hash}.${format.ext}`;
      return { mime: format.mime, file, encode: format.encode };
    }),
  }));
}

export interface VariantsResult {
  sizes: ImageSizes;
  /** How many files were encoded now (0 when all were already there). */
  generated: number;
}

/**
 * Stores the AVIF and WebP widths of one image under `sizes/` of the uploads and describes them.
 * Files already there are kept, so running it again encodes nothing.
 */
export async function generateImageVariants(
  source: SourceImage,
  uploads: Uploads,
): Promise<VariantsResult> {
  const planned = planSizes(source);
  let generated = 0;
  const sizes: ImageSizes = {};
  for (const size of planned) {
    const sources: ImageSize['sources'] = {};
    for (const planned of size.files) {
      let filesize = await uploads.size(planned.file);
      if (filesize === undefined) {
        // SVGs rasterise at 72 dpi by default: scale the density so the vector is drawn at the
        // target width rather than drawn small and enlarged.
        const density = isVector(source.file) ? (72 * size.width) / source.width : undefined;
        const image = sharp(source.bytes, density ? { density } : {}).resize({
          width: size.width,
          height: size.height,
          fit: 'fill',
        });
        const data = await planned.encode(image).toBuffer();
        await uploads.put(planned.file, data, planned.mime);
        filesize = data.length;
        generated += 1;
      }
      sources[planned.mime] = {
        file: planned.file,
        source_url: uploadsUrl(planned.file),
        filesize,
      };
    }
    const primary = size.files.find((file) => file.mime === 'image/webp') ?? size.files[0]!;
    sizes[size.name] = {
      file: primary.file,
      width: size.width,
      height: size.height,
      mime_type: primary.mime,
      source_url: uploadsUrl(primary.file),
      sources,
    };
  }
  return { sizes, generated };
}

/** Width, height and MIME type of an image file, for a new media library entry. */
export async function readImageInfo(
  bytes: Buffer,
  name: string,
): Promise<{ width: number; height: number; mimeType: string }> {
  const metadata = await sharp(bytes).metadata();
  const mimeTypes: Record<string, string> = {
    jpeg: 'image/jpeg',
    png: 'image/png',
    webp: 'image/webp',
    svg: 'image/svg+xml',
    heif: 'image/avif',
    gif: 'image/gif',
  };
  const mimeType = mimeTypes[metadata.format];
  if (!mimeType || !metadata.width || !metadata.height) {
    throw new Error(`${name} is not a JPEG, PNG, WebP, AVIF, GIF or SVG image`);
  }
  return { width: metadata.width, height: metadata.height, mimeType };
}
