import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  StockistListingDecisionSchema,
  StockistListingIdParamsSchema,
  StockistListingListQuerySchema,
  StockistListingRequestSchema,
  StockistListingSchema,
  wholesaleAccountPaths,
} from '@larder/contract';
import { ApiError } from '../../http/errors.ts';
import { ownerErrorResponses, ownerOf, requireOwner } from '../../http/owner-guard.ts';
import { setPaginationHeaders } from '../../http/pagination.ts';
import { PRIVATE_CACHE_CONTROL } from '../../http/read-cache.ts';
import { viewerFromRequest } from '../../http/viewer.ts';
import { requireJson } from '../../http/write-guards.ts';
import type { StockistsService } from './stockists.service.ts';

export interface StockistsRoutesOptions {
  stockists: StockistsService;
  publicUrl: string;
}

const item = `${wholesaleAccountPaths.stockistListings}/:id`;
const ownerResponses = { 400: ApiErrorSchema, ...ownerErrorResponses, 404: ApiErrorSchema };

/** Stockist listings: a wholesale buyer's requests, and the owner's review of them (issue 15). */
export const stockistsRoutes: FastifyPluginAsyncZod<StockistsRoutesOptions> = async (
  app,
  { stockists, publicUrl },
) => {
  app.get(
    wholesaleAccountPaths.ownListings,
    {
      onRequest: async (request) => {
        if (viewerFromRequest(request).isGuest) {
          throw new ApiError(401, 'woocommerce_rest_cannot_view', 'Please sign in.');
        }
      },
      schema: {
        tags: ['wholesale'],
        summary: "The signed-in account's store locator listing requests",
        description: 'Newest first; only the account’s own. 401 for a guest.',
        response: { 200: z.array(StockistListingSchema), 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE_CACHE_CONTROL);
      return stockists.listOwn(viewerFromRequest(request));
    },
  );

  app.post(
    wholesaleAccountPaths.ownListings,
    {
      // Before the body is read: only an approved wholesale account may ask.
      onRequest: [
        async (request) => {
          const viewer = viewerFromRequest(request);
          if (viewer.role === 'wholesale_customer') return;
          throw viewer.isGuest
            ? new ApiError(401, 'woocommerce_rest_cannot_create', 'Please sign in.')
            : new ApiError(
                403,
                'woocommerce_rest_cannot_create',
                'Only approved wholesale accounts can be listed on the store locator.',
              );
        },
        requireJson,
      ],
      schema: {
        tags: ['wholesale'],
        summary: 'Ask to be listed on the store locator (wholesale buyers)',
        description:
          'A US business address (the ZIP code places it on the map), phone, website and a note. ' +
          'Pending until the owner decides; the buyer is emailed then. 409 ' +
          '`stockist_listing_pending` while an earlier request waits. 401 for a guest, 403 for an ' +
          'account that is not an approved wholesale buyer.',
        body: StockistListingRequestSchema,
        response: {
          201: StockistListingSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
          409: ApiErrorSchema,
          415: ApiErrorSchema,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await stockists.request(request.body, viewerFromRequest(request))),
  );

  app.get(
    wholesaleAccountPaths.stockistListings,
    {
      onRequest: [requireOwner('view')],
      schema: {
        tags: ['back office'],
        summary: 'List store locator listing requests (owners)',
        description:
          'Oldest first; `status` (pending, approved, declined, removed, all). X-WP-Total and ' +
          'X-WP-TotalPages as every list.',
        querystring: StockistListingListQuerySchema,
        response: {
          200: z.array(StockistListingSchema),
          400: ApiErrorSchema,
          ...ownerErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const { listings, total } = await stockists.listPage(request.query);
      const window = { page: request.query.page, perPage: request.query.per_page };
      setPaginationHeaders(request, reply, publicUrl, window, total);
      reply.header('cache-control', PRIVATE_CACHE_CONTROL);
      return listings;
    },
  );

  app.put(
    item,
    {
      onRequest: [requireOwner('edit'), requireJson],
      schema: {
        tags: ['back office'],
        summary: 'Approve or decline a listing request (owners)',
        description:
          '`{"status":"approved"}`: the listing becomes a store location on /where-to-buy, placed ' +
          'from its ZIP code (or `latitude` and `longitude` when given; 400 ' +
          '`stockist_listing_unplaced` when neither places it). `{"status":"declined","reason":"…"}`: ' +
          'the reason is emailed to the buyer. 409 `stockist_listing_status` once it is no longer pending.',
        params: StockistListingIdParamsSchema,
        body: StockistListingDecisionSchema,
        response: {
          200: StockistListingSchema,
          ...ownerResponses,
          409: ApiErrorSchema,
          415: ApiErrorSchema,
        },
      },
    },
    async (request) => stockists.decide(request.params.id, request.body, ownerOf(request, 'edit')),
  );

  app.delete(
    item,
    {
      onRequest: [requireOwner('delete')],
      schema: {
        tags: ['back office'],
        summary: 'Take a listing off the store locator (owners)',
        description:
          'Deletes the store location an approved listing made; the request stays, as `removed`. ' +
          '409 `stockist_listing_status` for a listing that is not approved.',
        params: StockistListingIdParamsSchema,
        response: { 200: StockistListingSchema, ...ownerResponses, 409: ApiErrorSchema },
      },
    },
    async (request) => stockists.remove(request.params.id, ownerOf(request, 'delete')),
  );
};
