import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  CATALOG_FILE_MAX_BYTES,
  CatalogExportQuerySchema,
  CatalogImportQuerySchema,
  CatalogImportResultSchema,
  ownerApiPaths,
} from '@larder/contract';
import { attachmentDisposition } from '../../http/attachment.ts';
import { ApiError } from '../../http/errors.ts';
import { ownerErrorResponses, ownerOf, requireOwner } from '../../http/owner-guard.ts';
import { PRIVATE_CACHE_CONTROL } from '../../http/read-cache.ts';
import { CatalogFileError } from './catalog-file.ts';
import type { CatalogTransferService } from './catalog-transfer.service.ts';

export interface CatalogTransferRoutesOptions {
  catalogTransfer: CatalogTransferService;
}

const tags = ['back office'];

/** Every problem as `data.params`, keyed by where it is: the file is either imported whole or not. */
function refusal(error: CatalogFileError): ApiError {
  const params: Record<string, string> = {};
  for (const issue of error.issues) {
    params[issue.where] =
      params[issue.where] === undefined
        ? issue.message
        : `${params[issue.where]}; ${issue.message}`;
  }
  return new ApiError(400, 'larder_invalid_catalog', error.message, params);
}

/** The catalogue as one file, out and in, for the back office (the command line's format, and CSV). */
export const catalogTransferRoutes: FastifyPluginAsyncZod<CatalogTransferRoutesOptions> = async (
  app,
  { catalogTransfer },
) => {
  // The file is the body as it is, whatever type the browser gave it: only in this plugin.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'string', bodyLimit: CATALOG_FILE_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.get(
    ownerApiPaths.catalogExport,
    {
      onRequest: [requireOwner('view')],
      schema: {
        tags,
        summary: 'Export the catalog as a file (owners)',
        description:
          'Every product with its variations, as the command line exports it (`format=json`) or ' +
          'as CSV (`format=csv`: one row per product and per variation). An attachment named ' +
          'after the day, e.g. `catalogue-2026-11-25.csv`.',
        querystring: CatalogExportQuerySchema,
        response: {
          200: z.string().describe('The catalog file, as an attachment.'),
          400: ApiErrorSchema,
          ...ownerErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const { text, filename, contentType } = await catalogTransfer.exportFile(
        request.query.format,
      );
      return reply
        .header('content-type', contentType)
        .header('content-disposition', attachmentDisposition(filename))
        .header('cache-control', PRIVATE_CACHE_CONTROL)
        .send(text);
    },
  );

  app.post(
    ownerApiPaths.catalogImport,
    {
      onRequest: [requireOwner('edit')],
      schema: {
        tags,
        summary: 'Import a catalog file (owners)',
        description:
          'The body is the file itself (JSON or CSV, as `format` says), at most 5 MB. Products ' +
          'are matched by slug and variations by SKU. The whole file is checked first: any ' +
          'problem answers 400 with every one in `data.params` (keyed by where it is) and ' +
          'nothing is written. `dry_run=true` only says what would change. Images must already ' +
          'be in the media library.',
        querystring: CatalogImportQuerySchema,
        body: z
          .string({ error: 'Send the catalog file as the request body.' })
          .min(1, 'The catalog file is empty.'),
        response: {
          200: CatalogImportResultSchema,
          400: ApiErrorSchema,
          ...ownerErrorResponses,
        },
      },
    },
    async (request) => {
      const owner = ownerOf(request, 'edit');
      try {
        return await catalogTransfer.importFile(owner, request.body, {
          format: request.query.format,
          dryRun: request.query.dry_run,
        });
      } catch (error) {
        if (error instanceof CatalogFileError) throw refusal(error);
        throw error;
      }
    },
  );
};
