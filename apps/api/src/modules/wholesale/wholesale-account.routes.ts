import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema, WholesaleAccountSchema, wholesaleAccountPaths } from '@larder/contract';
import { ApiError } from '../../http/errors.ts';
import { PRIVATE_CACHE_CONTROL } from '../../http/read-cache.ts';
import { viewerFromRequest } from '../../http/viewer.ts';
import type { WholesaleService } from './wholesale.service.ts';

export interface WholesaleAccountRoutesOptions {
  wholesale: WholesaleService;
}

/** A signed-in account's own wholesale status, for My Account (issue 15). */
export const wholesaleAccountRoutes: FastifyPluginAsyncZod<WholesaleAccountRoutesOptions> = async (
  app,
  { wholesale },
) => {
  app.get(
    wholesaleAccountPaths.account,
    {
      onRequest: async (request) => {
        if (viewerFromRequest(request).isGuest) {
          throw new ApiError(401, 'woocommerce_rest_cannot_view', 'Please sign in.');
        }
      },
      schema: {
        tags: ['wholesale'],
        summary: "The signed-in account's wholesale status",
        description:
          "`approved` for a wholesale account; otherwise the latest application's status " +
          "(`pending`, or `rejected` with the owner's reason), or `none`. `line_sheet` is the " +
          "line sheet's path when the account may download it. 401 for a guest.",
        response: { 200: WholesaleAccountSchema, 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE_CACHE_CONTROL);
      return wholesale.accountStatus(viewerFromRequest(request));
    },
  );
};
