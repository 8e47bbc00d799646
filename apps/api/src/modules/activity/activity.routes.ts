import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ActivityEntrySchema,
  ActivityListQuerySchema,
  ApiErrorSchema,
  apiPaths,
} from '@larder/contract';
import { requireOwner } from '../../http/owner-guard.ts';
import { setPaginationHeaders } from '../../http/pagination.ts';
import { PRIVATE_CACHE_CONTROL } from '../../http/read-cache.ts';
import type { ActivityService } from './activity.service.ts';

export interface ActivityRoutesOptions {
  activity: ActivityService;
  publicUrl: string;
}

export const activityRoutes: FastifyPluginAsyncZod<ActivityRoutesOptions> = async (
  app,
  { activity, publicUrl },
) => {
  app.get(
    apiPaths.activityLog,
    {
      onRequest: [requireOwner('view')],
      schema: {
        tags: ['back office'],
        summary: "The owners' activity log (owners)",
        description:
          'Newest first: who did what in the back office. `subject_type` (order, review, ' +
          'wholesale_application, contact_message, customer…) and `subject_id` narrow it to one thing.',
        querystring: ActivityListQuerySchema,
        response: {
          200: z.array(ActivityEntrySchema),
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { entries, total } = await activity.list(request.query);
      const window = { page: request.query.page, perPage: request.query.per_page };
      setPaginationHeaders(request, reply, publicUrl, window, total);
      reply.header('cache-control', PRIVATE_CACHE_CONTROL);
      return entries;
    },
  );
};
