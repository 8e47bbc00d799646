import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  wholesaleOrderingPaths,
  WholesaleSettingsSchema,
  WholesaleSettingsUpdateSchema,
  WholesaleTermsQuerySchema,
  WholesaleTermsSchema,
} from '@larder/contract';
import { ownerErrorResponses, ownerOf, requireOwner } from '../../http/owner-guard.ts';
import { PRIVATE_CACHE_CONTROL } from '../../http/read-cache.ts';
import { viewerFromRequest } from '../../http/viewer.ts';
import { FORM_BODY_LIMIT, requireJson } from '../../http/write-guards.ts';
import { ApiError } from '../../http/errors.ts';
import { buyerViewer, type ViewerForCustomer } from '../pricing/customer-viewer.ts';
import type { WholesaleOrderingService } from './wholesale-ordering.service.ts';

export interface WholesaleOrderingRoutesOptions {
  wholesaleOrdering: WholesaleOrderingService;
  /** Lets an owner read a customer's terms (`?customer=`), for an order entered for them. */
  viewerForCustomer?: ViewerForCustomer;
}

const tags = ['wholesale'];
const minimums =
  'A wholesale order must come to the opening minimum (the buyer has no paid order yet) or the ' +
  'reorder minimum, counted on its goods at the buyer’s prices before discounts, shipping and ' +
  'tax; `POST /orders` refuses less with 409 `larder_wholesale_order_minimum`. "0.00" is none.';

/** Decision 0037: the owner's order minimums and the one a wholesale buyer is held to. */
export const wholesaleOrderingRoutes: FastifyPluginAsyncZod<
  WholesaleOrderingRoutesOptions
> = async (app, { wholesaleOrdering, viewerForCustomer = async () => undefined }) => {
  app.get(
    wholesaleOrderingPaths.settings,
    {
      onRequest: requireOwner('view'),
      schema: {
        tags,
        summary: 'Get the wholesale order minimums (owner)',
        description: minimums,
        response: { 200: WholesaleSettingsSchema, ...ownerErrorResponses },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', PRIVATE_CACHE_CONTROL);
      return wholesaleOrdering.settings();
    },
  );

  app.put(
    wholesaleOrderingPaths.settings,
    {
      bodyLimit: FORM_BODY_LIMIT,
      onRequest: [requireOwner('edit'), requireJson],
      schema: {
        tags,
        summary: 'Set the wholesale order minimums (owner)',
        description: `${minimums} Only the fields sent change; amounts as "150.00". 400 \`rest_invalid_param\` naming the field.`,
        body: WholesaleSettingsUpdateSchema,
        response: {
          200: WholesaleSettingsSchema,
          400: ApiErrorSchema,
          ...ownerErrorResponses,
          413: ApiErrorSchema,
          415: ApiErrorSchema,
        },
      },
    },
    async (request) => wholesaleOrdering.updateSettings(request.body, ownerOf(request, 'edit')),
  );

  app.get(
    wholesaleOrderingPaths.terms,
    {
      schema: {
        tags,
        summary: 'The order minimum that applies to me (wholesale buyer)',
        description:
          `${minimums} 401 for a guest, 403 for an account that is not wholesale. An owner reads ` +
          "a wholesale customer's with `?customer=` (400 `woocommerce_rest_invalid_customer_id` " +
          "when there is none; 403 for anyone else naming another customer's id).",
        querystring: WholesaleTermsQuerySchema,
        response: {
          200: WholesaleTermsSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE_CACHE_CONTROL);
      const viewer = viewerFromRequest(request);
      return wholesaleOrdering.terms(
        await buyerViewer(
          viewer,
          viewer.isGuest ? undefined : request.query.customer,
          viewerForCustomer,
          () =>
            new ApiError(
              403,
              'woocommerce_rest_cannot_view',
              'You can only read your own wholesale terms.',
            ),
        ),
      );
    },
  );
};
