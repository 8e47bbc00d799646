import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  QuickOrderImportRequestSchema,
  QuickOrderImportSchema,
  quickOrderApiPaths,
} from '@larder/contract';
import { requireWholesaleBuyer, wholesaleBuyerErrorResponses } from '../../http/wholesale-guard.ts';
import { requireJson } from '../../http/write-guards.ts';
import type { QuickOrderService } from './quick-order.service.ts';

/** The file's 100,000 characters, with room for JSON's escapes. */
const IMPORT_BODY_LIMIT = 256 * 1024;

export const quickOrderRoutes: FastifyPluginAsyncZod<{ quickOrder: QuickOrderService }> = async (
  app,
  { quickOrder },
) => {
  app.post(
    quickOrderApiPaths.importFile,
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      onRequest: [requireWholesaleBuyer, requireJson],
      schema: {
        tags: ['wholesale'],
        summary: 'Read a wholesale order sheet (SKU and quantity) into catalogue lines',
        description:
          'Approved wholesale buyers and owners: 401 `larder_wholesale_sign_in` for a guest, 403 ' +
          '`larder_wholesale_only` for a retail account. `csv` is the file’s text: a SKU and a ' +
          'quantity per row, comma, semicolon or tab separated, with a header row (columns named ' +
          '`sku` and `quantity` or `qty`, in any order) or without (SKU first). Answers the lines ' +
          'found, a SKU given twice added up, and each row that could not be used with its row ' +
          'number and why (unknown SKU, a product’s SKU where a size must be chosen, a quantity that ' +
          'is not a whole number). Prices, cases and stock are checked when the lines are ordered.',
        body: QuickOrderImportRequestSchema,
        response: {
          200: QuickOrderImportSchema,
          400: ApiErrorSchema,
          ...wholesaleBuyerErrorResponses,
          413: ApiErrorSchema,
          415: ApiErrorSchema,
        },
      },
    },
    async (request) => quickOrder.importFile(request.body.csv),
  );
};
