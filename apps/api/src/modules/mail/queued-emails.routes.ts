import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  IdParamsSchema,
  QueuedEmailListQuerySchema,
  queuedEmailPaths,
  QueuedEmailSchema,
} from '@larder/contract';
import { ownerErrorResponses, ownerOf, requireOwner } from '../../http/owner-guard.ts';
import { setPaginationHeaders } from '../../http/pagination.ts';
import { PRIVATE_CACHE_CONTROL } from '../../http/read-cache.ts';
import type { QueuedEmailsService } from './queued-emails.service.ts';

export interface QueuedEmailsRoutesOptions {
  queuedEmails: QueuedEmailsService;
  publicUrl: string;
}

const tags = ['back office'];
const ownerOnly =
  'Owners only: 401 `woocommerce_rest_cannot_<verb>` for a guest and 403 for any other account, ' +
  'before the query is read.';

/** The e-mails the shop queued, and sending one it could not send again (decision 0058). */
export const queuedEmailsRoutes: FastifyPluginAsyncZod<QueuedEmailsRoutesOptions> = async (
  app,
  { queuedEmails, publicUrl },
) => {
  app.get(
    queuedEmailPaths.emails,
    {
      onRequest: requireOwner('view'),
      schema: {
        tags,
        summary: 'The e-mails the shop queued (owners)',
        description:
          `${ownerOnly} Newest first; \`status\` failed | pending | sent filters. A refused e-mail ` +
          'is tried again after 1, 5, 30, 120 and 360 minutes, then `failed`. Attachments are ' +
          'named, never sent. Sent e-mails are kept 30 days.',
        querystring: QueuedEmailListQuerySchema,
        response: {
          200: z.array(QueuedEmailSchema),
          400: ApiErrorSchema,
          ...ownerErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const { emails, total } = await queuedEmails.list(request.query);
      const window = { page: request.query.page, perPage: request.query.per_page };
      setPaginationHeaders(request, reply, publicUrl, window, total);
      reply.header('cache-control', PRIVATE_CACHE_CONTROL);
      return emails;
    },
  );

  app.post(
    `${queuedEmailPaths.emails}/:id/resend`,
    {
      onRequest: requireOwner('edit'),
      schema: {
        tags,
        summary: 'Send a failed or pending e-mail again now (owners)',
        description:
          `${ownerOnly} Its attempts start again from none, and the 1 to 360 minute retries ` +
          'with them; it is sent just after the answer, which shows it pending. 404 ' +
          '`larder_rest_email_invalid_id` for an unknown id; 409 `larder_rest_email_already_sent` ' +
          'for one already sent. No body is read.',
        params: IdParamsSchema,
        response: {
          200: QueuedEmailSchema,
          400: ApiErrorSchema,
          ...ownerErrorResponses,
          404: ApiErrorSchema,
          409: ApiErrorSchema,
        },
      },
    },
    async (request) => queuedEmails.sendAgain(request.params.id, ownerOf(request, 'edit')),
  );
};
