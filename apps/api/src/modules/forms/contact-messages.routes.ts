import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  apiPaths,
  ContactMessageListQuerySchema,
  ContactMessageSchema,
  ContactMessageUpdateSchema,
  IdParamsSchema,
} from '@larder/contract';
import { ownerErrorResponses, ownerOf, requireOwner } from '../../http/owner-guard.ts';
import { setPaginationHeaders } from '../../http/pagination.ts';
import { PRIVATE_CACHE_CONTROL } from '../../http/read-cache.ts';
import { requireJson } from '../../http/write-guards.ts';
import type { FormsService } from './forms.service.ts';

export interface OwnerFormsRoutesOptions {
  forms: FormsService;
  publicUrl: string;
}

const tags = ['back office'];
const item = `${apiPaths.contactMessages}/:id`;

/** The contact form's messages as the owner works through them (issue 13). */
export const contactMessagesRoutes: FastifyPluginAsyncZod<OwnerFormsRoutesOptions> = async (
  app,
  { forms, publicUrl },
) => {
  app.get(
    apiPaths.contactMessages,
    {
      onRequest: [requireOwner('view')],
      schema: {
        tags,
        summary: 'List contact messages (owners)',
        description:
          'Newest first. `status` unhandled, handled or all; `search` over the name, email and message.',
        querystring: ContactMessageListQuerySchema,
        response: {
          200: z.array(ContactMessageSchema),
          400: ApiErrorSchema,
          ...ownerErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const { messages, total } = await forms.listContactMessages(request.query);
      const window = { page: request.query.page, perPage: request.query.per_page };
      setPaginationHeaders(request, reply, publicUrl, window, total);
      reply.header('cache-control', PRIVATE_CACHE_CONTROL);
      return messages;
    },
  );

  app.get(
    item,
    {
      onRequest: [requireOwner('view')],
      schema: {
        tags,
        summary: 'Get a contact message (owners)',
        params: IdParamsSchema,
        response: {
          200: ContactMessageSchema,
          400: ApiErrorSchema,
          ...ownerErrorResponses,
          404: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE_CACHE_CONTROL);
      return forms.getContactMessage(request.params.id);
    },
  );

  app.put(
    item,
    {
      onRequest: [requireOwner('edit'), requireJson],
      schema: {
        tags,
        summary: 'Mark a contact message handled or not (owners)',
        description: '`{"handled": true}` keeps the date it was first handled; `false` clears it.',
        params: IdParamsSchema,
        body: ContactMessageUpdateSchema,
        response: {
          200: ContactMessageSchema,
          400: ApiErrorSchema,
          ...ownerErrorResponses,
          404: ApiErrorSchema,
          415: ApiErrorSchema,
        },
      },
    },
    async (request) =>
      forms.setContactHandled(request.params.id, request.body.handled, ownerOf(request, 'edit')),
  );
};
