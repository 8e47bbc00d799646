import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  ApiErrorSchema,
  ApiKeyCreatedSchema,
  ApiKeyCreateSchema,
  apiKeyPaths,
  ApiKeySchema,
  IdParamsSchema,
} from '@larder/contract';
import { ApiError } from '../../http/errors.ts';
import { ownerErrorResponses, ownerOf } from '../../http/owner-guard.ts';
import { PRIVATE_CACHE_CONTROL } from '../../http/read-cache.ts';
import { FORM_BODY_LIMIT, requireJson } from '../../http/write-guards.ts';
import type { ApiKeysService } from './api-keys.service.ts';

export interface ApiKeysRoutesOptions {
  apiKeys: ApiKeysService;
}

const tags = ['api-keys'];
const ownerOnly =
  'Owners signed in to the back office only: 401 `woocommerce_rest_cannot_<verb>` for a guest, 403 ' +
  'for any other account and for a request signed with an API key (a key never makes or revokes ' +
  'keys), before the body is read.';

/** Owners only, and never through a key: a read key must not mint itself a read/write one. */
function requireSignedInOwner(verb: 'view' | 'create' | 'delete') {
  return async (request: FastifyRequest): Promise<void> => {
    const owner = ownerOf(request, verb);
    if (owner.apiKeyId !== undefined) {
      throw new ApiError(
        403,
        `woocommerce_rest_cannot_${verb}`,
        'API keys are managed in the back office, not with an API key.',
      );
    }
  };
}

/** The owner's REST API keys (WooCommerce's Settings → Advanced → REST API). */
export const apiKeysRoutes: FastifyPluginAsyncZod<ApiKeysRoutesOptions> = async (
  app,
  { apiKeys },
) => {
  const list = apiKeyPaths.apiKeys;

  app.get(
    list,
    {
      onRequest: requireSignedInOwner('view'),
      schema: {
        tags,
        summary: 'List API keys (owner)',
        description: `${ownerOnly} Every key, newest first: never the key or secret, only the last seven characters of the key.`,
        response: { 200: z.array(ApiKeySchema), ...ownerErrorResponses },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', PRIVATE_CACHE_CONTROL);
      return apiKeys.list();
    },
  );

  app.post(
    list,
    {
      bodyLimit: FORM_BODY_LIMIT,
      onRequest: [requireSignedInOwner('create'), requireJson],
      schema: {
        tags,
        summary: 'Create an API key (owner)',
        description:
          `${ownerOnly} A key for the signed-in owner, acting with that account's role limited by ` +
          '`permissions` (read: GET and HEAD; write: POST, PUT, PATCH and DELETE; read_write: both). ' +
          'The answer holds `consumer_key` and `consumer_secret`, shown this once. Use them as Basic ' +
          'auth over https, or sign with OAuth 1.0a (HMAC-SHA1 or HMAC-SHA256) over http.',
        body: ApiKeyCreateSchema,
        response: {
          201: ApiKeyCreatedSchema,
          400: ApiErrorSchema,
          ...ownerErrorResponses,
          413: ApiErrorSchema,
          415: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const owner = ownerOf(request, 'create');
      const created = await apiKeys.create(
        { customerId: owner.customerId, ...request.body },
        owner,
      );
      return reply
        .code(201)
        .header('cache-control', 'no-store')
        .header('location', `${list}/${created.id}`)
        .send(created);
    },
  );

  app.delete(
    `${list}/:id`,
    {
      onRequest: requireSignedInOwner('delete'),
      schema: {
        tags,
        summary: 'Revoke an API key (owner)',
        description: `${ownerOnly} The key stops working at once; answers with it as it was. 404 \`woocommerce_rest_invalid_id\` for an unknown key.`,
        params: IdParamsSchema,
        response: {
          200: ApiKeySchema,
          400: ApiErrorSchema,
          ...ownerErrorResponses,
          404: ApiErrorSchema,
        },
      },
    },
    async (request) => apiKeys.revoke(request.params.id, ownerOf(request, 'delete')),
  );
};
