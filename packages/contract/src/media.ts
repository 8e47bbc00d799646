import { z } from 'zod';
import { RenderedSchema } from './common.ts';

/** A WordPress attachment as embedded under `_embedded['wp:featuredmedia'][0]`. */
export const MediaSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  type: z.literal('attachment'),
  title: RenderedSchema,
  alt_text: z.string(),
  media_type: z.literal('image'),
  mime_type: z.string(),
  media_details: z.object({ width: z.number().int(), height: z.number().int(), file: z.string() }),
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
});
export type ImageRef = z.infer<typeof ImageRefSchema>;
