import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema, IdParamsSchema, ownerApiPaths } from '@larder/contract';
import { inlineDisposition } from '../../http/attachment.ts';
import { ownerErrorResponses, requireOwner } from '../../http/owner-guard.ts';
import { PRIVATE_CACHE_CONTROL } from '../../http/read-cache.ts';
import type { OrderDocument, OrderDocumentsService } from './order-documents.service.ts';

export interface OrderDocumentsRoutesOptions {
  orderDocuments: OrderDocumentsService;
}

const tags = ['orders'];
const responses = {
  200: z.unknown().describe('The document (application/pdf).'),
  400: ApiErrorSchema,
  ...ownerErrorResponses,
  404: ApiErrorSchema,
};
const ownerOnly =
  'Owners only: 401 `woocommerce_rest_cannot_view` for a guest and 403 for any other account; ' +
  '404 `woocommerce_rest_shop_order_invalid_id` for an unknown order. Shown inline, never cached.';

/** An order's invoice and packing slip as PDF, for the back office's print buttons. */
export const orderDocumentsRoutes: FastifyPluginAsyncZod<OrderDocumentsRoutesOptions> = async (
  app,
  { orderDocuments },
) => {
  const send = (
    reply: { header(name: string, value: string): unknown },
    document: OrderDocument,
  ) => {
    reply.header('content-type', 'application/pdf');
    reply.header('content-disposition', inlineDisposition(document.filename));
    reply.header('cache-control', PRIVATE_CACHE_CONTROL);
    reply.header('x-content-type-options', 'nosniff');
    return document.pdf;
  };

  app.get(
    `${ownerApiPaths.orderDocuments}/:id/invoice.pdf`,
    {
      onRequest: requireOwner('view'),
      schema: {
        tags,
        summary: "An order's invoice as PDF (owner)",
        description:
          `${ownerOnly} The shop's name, address and contact; invoice and order number and date; ` +
          'billing and shipping addresses; lines with quantity, unit price and total; shipping, ' +
          'refunds, the total, and how and when it was paid. Wholesale orders say so.',
        params: IdParamsSchema,
        response: responses,
      },
    },
    async (request, reply) => send(reply, await orderDocuments.invoice(request.params.id)),
  );

  app.get(
    `${ownerApiPaths.orderDocuments}/:id/packing-slip.pdf`,
    {
      onRequest: requireOwner('view'),
      schema: {
        tags,
        summary: "An order's packing slip as PDF (owner)",
        description:
          `${ownerOnly} The shipping address, order number and date, the lines with SKU, ` +
          'variation and quantity (no prices), and the buyer’s note.',
        params: IdParamsSchema,
        response: responses,
      },
    },
    async (request, reply) => send(reply, await orderDocuments.packingSlip(request.params.id)),
  );
};
