import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorSchema,
  IdParamsSchema,
  MAX_UPLOAD_BYTES,
  MediaSchema,
  MediaUpdateSchema,
  ownerApiPaths,
} from '@larder/contract';
import { ApiError } from '../../http/errors.ts';
import { ownerErrorResponses, ownerOf, requireOwner } from '../../http/owner-guard.ts';
import { FORM_BODY_LIMIT, requireJson } from '../../http/write-guards.ts';
import type { MediaLibraryService } from './media-library.service.ts';

export interface MediaLibraryRoutesOptions {
  mediaLibrary: MediaLibraryService;
}

const megabytes = `${MAX_UPLOAD_BYTES / (1024 * 1024)} MB`;
const tooLarge = () =>
  new ApiError(
    413,
    'rest_upload_file_too_big',
    `The image is larger than ${megabytes}. Upload a smaller one.`,
  );

/** WordPress's upload fields, which it also reads from the query string of a raw upload. */
const UploadQuerySchema = z.object({
  alt_text: z.string().trim().max(500).optional(),
  title: z.string().trim().max(200).optional(),
});

/**
 * The file's name from `Content-Disposition: attachment; filename="x.jpg"` (or RFC 6266's
 * `filename*=UTF-8''…`), as WordPress requires it on a raw upload.
 */
function dispositionFilename(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      return undefined;
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(header);
  return (plain?.[1] ?? plain?.[2])?.trim() || undefined;
}

/** The image's bytes and name: the raw body WordPress's clients send, or a multipart `file`. */
async function readUpload(request: FastifyRequest): Promise<{ bytes: Buffer; filename: string }> {
  if (request.isMultipart()) {
    let file;
    try {
      file = await request.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } });
      if (file?.fieldname !== 'file')
        throw new ApiError(400, 'rest_upload_no_data', 'Send the image as the form field "file".');
      const bytes = await file.toBuffer();
      return { bytes, filename: file.filename };
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      throw new ApiError(400, 'rest_upload_no_data', 'The form could not be read. Send it again.');
    }
  }
  if (!Buffer.isBuffer(request.body)) {
    throw new ApiError(
      415,
      'rest_upload_unsupported_type',
      'Send the image itself as the body, with its image Content-Type (image/jpeg, image/png, image/webp or image/avif).',
    );
  }
  const filename = dispositionFilename(request.headers['content-disposition']);
  if (!filename) {
    throw new ApiError(
      400,
      'rest_upload_no_content_disposition',
      'No filename was given: send Content-Disposition: attachment; filename="photo.jpg".',
    );
  }
  return { bytes: request.body, filename };
}

/** The back office's image upload and alt text; the images are read through the products and posts. */
export const mediaLibraryRoutes: FastifyPluginAsyncZod<MediaLibraryRoutesOptions> = async (
  app,
  { mediaLibrary },
) => {
  // Only this plugin's routes take image and multipart bodies.
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES } });
  app.addContentTypeParser(
    /^image\//,
    { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.post(
    ownerApiPaths.media,
    {
      bodyLimit: MAX_UPLOAD_BYTES,
      onRequest: requireOwner('create'),
      errorHandler: (error) => {
        // Fastify's own 413 for a raw body over the limit, in the shop's words.
        if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw tooLarge();
        throw error;
      },
      schema: {
        tags: ['media'],
        summary: 'Upload an image (owner)',
        description:
          'Owners only (401/403 before the body is read). As WordPress: the image itself as the ' +
          'body with its Content-Type and `Content-Disposition: attachment; filename="x.jpg"`, or ' +
          'a multipart form with the image as `file`; `alt_text` and `title` may go in the query. ' +
          `JPEG, PNG, WebP or AVIF judged by the content (400 \`rest_upload_invalid_image\`), at ` +
          `most ${megabytes} (413 \`rest_upload_file_too_big\`). It is stored upright without ` +
          'its metadata (a photo’s location), with the AVIF and WebP sizes the shop serves; the ' +
          'same picture again is the same entry. Use its `id` in a product’s `images`.',
        querystring: UploadQuerySchema,
        response: {
          201: MediaSchema,
          ...ownerErrorResponses,
          400: ApiErrorSchema,
          413: ApiErrorSchema,
          415: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const owner = ownerOf(request, 'create');
      const upload = await readUpload(request);
      const saved = await mediaLibrary.upload(
        { ...upload, altText: request.query.alt_text, title: request.query.title },
        owner,
      );
      return reply.code(201).send(saved);
    },
  );

  app.put(
    `${ownerApiPaths.media}/:id`,
    {
      bodyLimit: FORM_BODY_LIMIT,
      onRequest: [requireOwner('edit'), requireJson],
      schema: {
        tags: ['media'],
        summary: "Set an image's alt text or title (owner)",
        description:
          'Owners only. `alt_text` is what screen readers say for the image wherever the shop ' +
          'shows it. 404 `rest_post_invalid_id` for an unknown image.',
        params: IdParamsSchema,
        body: MediaUpdateSchema,
        response: {
          200: MediaSchema,
          ...ownerErrorResponses,
          400: ApiErrorSchema,
          404: ApiErrorSchema,
          413: ApiErrorSchema,
          415: ApiErrorSchema,
        },
      },
    },
    async (request) =>
      mediaLibrary.update(request.params.id, request.body, ownerOf(request, 'edit')),
  );
};
