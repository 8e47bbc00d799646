import { z } from 'zod';
import { RenderedSchema } from './common.ts';

/** One generated file of an image in a modern format. */
export const ImageSourceSchema = z.object({
  file: z.string(),
  source_url: z.string(),
  filesize: z.number().int(),
});
export type ImageSource = z.infer<typeof ImageSourceSchema>;

/**
 * One width of an image, as WordPress's `media_details.sizes[name]`; `sources` holds each format by
 * MIME type (`image/avif`, `image/webp`), as WordPress's modern-image-format plugin does.
 */
export const ImageSizeSchema = z.object({
  file: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  mime_type: z.string(),
  source_url: z.string(),
  sources: z.record(z.string(), ImageSourceSchema),
});
export type ImageSize = z.infer<typeof ImageSizeSchema>;

/** The responsive widths of an image by size name (`w640`); empty until they are generated. */
export const ImageSizesSchema = z.record(z.string(), ImageSizeSchema);
export type ImageSizes = z.infer<typeof ImageSizesSchema>;

/** A WordPress attachment as embedded under `_embedded['wp:featuredmedia'][0]`. */
export const MediaSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  type: z.literal('attachment'),
  title: RenderedSchema,
  alt_text: z.string(),
  media_type: z.literal('image'),
  mime_type: z.string(),
  media_details: z.object({
    width: z.number().int(),
    height: z.number().int(),
    file: z.string(),
    sizes: ImageSizesSchema.optional(),
  }),
  source_url: z.string(),
});
export type Media = z.infer<typeof MediaSchema>;

/** The image fields a card or hero needs, without the full attachment. */
export const ImageRefSchema = z.object({
  id: z.number().int(),
  src: z.string(),
  alt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  sizes: ImageSizesSchema.optional(),
});
export type ImageRef = z.infer<typeof ImageRefSchema>;

/** The largest image `POST /wp/v2/media` takes; a larger one is refused with 413. */
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;

/** The image types `POST /wp/v2/media` takes, checked against the file's content. */
export const UPLOAD_IMAGE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/avif',
  'image/gif',
] as const;

/** `PUT /wp/v2/media/{id}`: the alternative text screen readers read, and the title. */
export const MediaUpdateSchema = z
  .object({
    alt_text: z.string().trim().max(500, 'Keep the alternative text under 500 characters.'),
    title: z.string().trim().min(1, 'Give the image a title.').max(200),
  })
  .partial();
export type MediaUpdate = z.infer<typeof MediaUpdateSchema>;
