import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema, wholesaleAccountPaths } from '@larder/contract';
import { inlineDisposition } from '../../http/attachment.ts';
import { ApiError } from '../../http/errors.ts';
import { PRIVATE_CACHE_CONTROL } from '../../http/read-cache.ts';
import { viewerFromRequest } from '../../http/viewer.ts';
import { mayReadLineSheet } from '../wholesale/wholesale.service.ts';
import type { LineSheetService } from './line-sheet.service.ts';

export interface LineSheetRoutesOptions {
  lineSheet: LineSheetService;
}

/** The wholesale line sheet as PDF: approved wholesale buyers and owners only (issue 15). */
export const lineSheetRoutes: FastifyPluginAsyncZod<LineSheetRoutesOptions> = async (
  app,
  { lineSheet },
) => {
  app.get(
    wholesaleAccountPaths.lineSheet,
    {
      // Before anything else runs, as the owner guard: a guest never reaches the catalogue.
      onRequest: async (request) => {
        const viewer = viewerFromRequest(request);
        if (mayReadLineSheet(viewer)) return;
        throw viewer.isGuest
          ? new ApiError(
              401,
              'woocommerce_rest_cannot_view',
              'Please sign in with your wholesale account to download the line sheet.',
            )
          : new ApiError(
              403,
              'woocommerce_rest_cannot_view',
              'The line sheet is for approved wholesale accounts. Apply for one on the wholesale page.',
            );
      },
      schema: {
        tags: ['wholesale'],
        summary: 'The wholesale line sheet as PDF (wholesale buyers and owners)',
        description:
          'Every published product and size from the live catalogue, grouped by category: image, ' +
          'name, SKU, size, wholesale and suggested retail price, allergens and dietary tags, after ' +
          'a cover with the shop and the date; numbered pages. 401 `woocommerce_rest_cannot_view` ' +
          'for a guest, 403 for an account that is not an approved wholesale buyer or an owner. ' +
          'Shown inline, never cached.',
        response: {
          200: z.unknown().describe('The line sheet (application/pdf).'),
          401: ApiErrorSchema,
          403: ApiErrorSchema,
        },
      },
    },
    async (_request, reply) => {
      const document = await lineSheet.lineSheet();
      reply.header('content-type', 'application/pdf');
      reply.header('content-disposition', inlineDisposition(document.filename));
      reply.header('cache-control', PRIVATE_CACHE_CONTROL);
      reply.header('x-content-type-options', 'nosniff');
      return document.pdf;
    },
  );
};
