import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  apiPaths,
  IdParamsSchema,
  WholesaleApplicationDecisionSchema,
  WholesaleApplicationListQuerySchema,
  WholesaleApplicationRecordSchema,
} from '@larder/contract';
import { attachmentDisposition } from '../../http/attachment.ts';
import { ApiError } from '../../http/errors.ts';
import { ownerErrorResponses, ownerOf, requireOwner } from '../../http/owner-guard.ts';
import { setPaginationHeaders } from '../../http/pagination.ts';
import { PRIVATE_CACHE_CONTROL } from '../../http/read-cache.ts';
import { requireJson } from '../../http/write-guards.ts';
import { toApplicationRecord, type WholesaleService } from './wholesale.service.ts';

export interface WholesaleApplicationsRoutesOptions {
  wholesale: WholesaleService;
  publicUrl: string;
}

const tags = ['back office'];
const item = `${apiPaths.wholesaleApplications}/:id`;

/** The owner's review of wholesale applications (issue 13); applying is wholesale.routes.ts. */
export const wholesaleApplicationsRoutes: FastifyPluginAsyncZod<
  WholesaleApplicationsRoutesOptions
> = async (app, { wholesale, publicUrl }) => {
  app.get(
    apiPaths.wholesaleApplications,
    {
      onRequest: [requireOwner('view')],
      schema: {
        tags,
        summary: 'List wholesale applications (owners)',
        description:
          'Oldest first. `status` (pending, approved, rejected, all) and `search` over the business, ' +
          'contact name and email. X-WP-Total and X-WP-TotalPages as every list.',
        querystring: WholesaleApplicationListQuerySchema,
        response: {
          200: z.array(WholesaleApplicationRecordSchema),
          400: ApiErrorSchema,
          ...ownerErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const { applications, total } = await wholesale.listApplicationPage(request.query);
      const window = { page: request.query.page, perPage: request.query.per_page };
      setPaginationHeaders(request, reply, publicUrl, window, total);
      reply.header('cache-control', PRIVATE_CACHE_CONTROL);
      return applications;
    },
  );

  app.get(
    item,
    {
      onRequest: [requireOwner('view')],
      schema: {
        tags,
        summary: 'Get a wholesale application (owners)',
        params: IdParamsSchema,
        response: {
          200: WholesaleApplicationRecordSchema,
          400: ApiErrorSchema,
          ...ownerErrorResponses,
          404: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE_CACHE_CONTROL);
      return wholesale.getApplication(request.params.id);
    },
  );

  app.put(
    item,
    {
      onRequest: [requireOwner('edit'), requireJson],
      schema: {
        tags,
        summary: 'Approve or reject a wholesale application (owners)',
        description:
          '`{"status":"approved"}`: the account becomes a wholesale customer and sees wholesale prices ' +
          'from its next request. `{"status":"rejected","reason":"…"}`: the reason is emailed to the ' +
          'applicant. 409 `wholesale_application_decided` once it is no longer pending.',
        params: IdParamsSchema,
        body: WholesaleApplicationDecisionSchema,
        response: {
          200: WholesaleApplicationRecordSchema,
          400: ApiErrorSchema,
          ...ownerErrorResponses,
          404: ApiErrorSchema,
          409: ApiErrorSchema,
          415: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      const owner = ownerOf(request, 'edit');
      const { id } = request.params;
      const decision = request.body;
      const { application } =
        decision.status === 'approved'
          ? await wholesale.approveApplication(id, owner)
          : await wholesale.rejectApplication(id, decision.reason, owner);
      // Whether the applicant's email went out is in the server's log; the decision stands.
      return toApplicationRecord(application);
    },
  );

  app.get(
    `${item}/certificate`,
    {
      onRequest: [requireOwner('view')],
      schema: {
        tags,
        summary: "Download an application's certificate (owners)",
        description:
          'The stored file (PDF, PNG or JPEG) as an attachment, never cached or sniffed. 404 for an ' +
          'unknown application or a file no longer on the server.',
        params: IdParamsSchema,
        response: {
          200: z.unknown().describe('The file (application/pdf, image/png or image/jpeg).'),
          400: ApiErrorSchema,
          ...ownerErrorResponses,
          404: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const file = await wholesale.certificate(id);
      if (!file.opened) {
        throw new ApiError(
          404,
          'wholesale_certificate_missing',
          `The certificate of wholesale application #${id} is no longer on the server.`,
        );
      }
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.opened.size))
        .header(
          'content-disposition',
          attachmentDisposition(`wholesale-application-${id}-certificate${file.extension}`),
        )
        .header('cache-control', PRIVATE_CACHE_CONTROL)
        .header('x-content-type-options', 'nosniff')
        .send(file.opened.body);
    },
  );
};
