import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  apiPaths,
  NewsletterSubscriberListQuerySchema,
  NewsletterSubscriberSchema,
} from '@larder/contract';
import { attachmentDisposition } from '../../http/attachment.ts';
import { ownerErrorResponses, requireOwner } from '../../http/owner-guard.ts';
import { setPaginationHeaders } from '../../http/pagination.ts';
import { PRIVATE_CACHE_CONTROL } from '../../http/read-cache.ts';
import type { OwnerFormsRoutesOptions } from './contact-messages.routes.ts';

const tags = ['back office'];

/** The newsletter's sign-ups for the owner: a list to look through and a CSV to take away. */
export const newsletterSubscribersRoutes: FastifyPluginAsyncZod<OwnerFormsRoutesOptions> = async (
  app,
  { forms, publicUrl },
) => {
  app.get(
    apiPaths.newsletterSubscribers,
    {
      onRequest: [requireOwner('view')],
      schema: {
        tags,
        summary: 'List newsletter subscribers (owners)',
        description: 'Newest first; `search` over the address.',
        querystring: NewsletterSubscriberListQuerySchema,
        response: {
          200: z.array(NewsletterSubscriberSchema),
          400: ApiErrorSchema,
          ...ownerErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const { subscribers, total } = await forms.listSubscribers(request.query);
      const window = { page: request.query.page, perPage: request.query.per_page };
      setPaginationHeaders(request, reply, publicUrl, window, total);
      reply.header('cache-control', PRIVATE_CACHE_CONTROL);
      return subscribers;
    },
  );

  app.get(
    apiPaths.newsletterExport,
    {
      onRequest: [requireOwner('view')],
      schema: {
        tags,
        summary: 'Export every newsletter sign-up as CSV (owners)',
        description:
          '`text/csv`, columns `email,date_created_gmt`, oldest first. A cell a spreadsheet would run ' +
          "as a formula (starting with =, +, -, @, tab or CR) is prefixed with `'`.",
        response: {
          200: z.string().describe('The CSV file, as an attachment.'),
          ...ownerErrorResponses,
        },
      },
    },
    async (_request, reply) => {
      const { filename, csv } = await forms.exportSubscribers();
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachmentDisposition(filename))
        .header('cache-control', PRIVATE_CACHE_CONTROL)
        .send(csv);
    },
  );
};
