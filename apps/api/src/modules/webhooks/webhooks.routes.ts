import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  IdParamsSchema,
  WebhookCreateSchema,
  WebhookDeleteQuerySchema,
  WebhookDeliverySchema,
  WebhookEditSchema,
  WebhookReadQuerySchema,
  WebhookListQuerySchema,
  webhookPaths,
  WebhookSchema,
  WebhookUpdateSchema,
} from '@larder/contract';
import {
  BATCH_ITEMS_LIMIT,
  BatchRequestSchema,
  batchResponseSchema,
  runBatch,
} from '../../http/batch.ts';
import { runInBackground, type BackgroundWorkerOptions } from '../../http/background-worker.ts';
import { ownerErrorResponses, ownerOf, requireOwner } from '../../http/owner-guard.ts';
import { setPaginationHeaders } from '../../http/pagination.ts';
import { PRIVATE_CACHE_CONTROL } from '../../http/read-cache.ts';
import { FORM_BODY_LIMIT, requireJson } from '../../http/write-guards.ts';
import type { WebhooksService } from './webhooks.service.ts';

export interface WebhooksRoutesOptions {
  webhooks: WebhooksService;
  publicUrl: string;
  listen: BackgroundWorkerOptions['listen'];
  tickMs: number;
}

const tags = ['webhooks'];
const ownerOnly =
  'Owners, and REST API keys of owner accounts: 401 `woocommerce_rest_cannot_<verb>` for a guest ' +
  'and 403 for any other account, before the body is read; 404 ' +
  '`woocommerce_rest_webhook_invalid_id` for an unknown id.';
const fields =
  'WooCommerce’s fields: `name`, `status` active | paused | disabled, `topic` ' +
  '(order|product|customer|coupon . created|updated|deleted), `delivery_url` (http or https; not a ' +
  'private or loopback address unless the shop sets WEBHOOK_ALLOW_PRIVATE_URLS) and `secret` ' +
  '(write-only; made when not sent). Becoming active sends WooCommerce’s ping, a form post ' +
  '`webhook_id=<id>`. Each event is a POST of the resource as its owner reads it at ' +
  '`/wp-json/wc/v3/…/{id}` (`{id}` for a deleted one) with the `X-WC-Webhook-*` headers and ' +
  '`X-WC-Webhook-Signature`, base64 HMAC-SHA256 of the body with the secret.';
const readErrors = { 400: ApiErrorSchema, ...ownerErrorResponses, 404: ApiErrorSchema };
const writeErrors = { ...readErrors, 413: ApiErrorSchema, 415: ApiErrorSchema };

export const DELIVERY_CHANNEL = 'webhook_deliveries';

/** WooCommerce's `/wc/v3/webhooks`, and the worker that sends their deliveries. */
export const webhooksRoutes: FastifyPluginAsyncZod<WebhooksRoutesOptions> = async (
  app,
  { webhooks, publicUrl, listen, tickMs },
) => {
  runInBackground(app, webhooks, { listen, channel: DELIVERY_CHANNEL, tickMs });

  const collection = webhookPaths.webhooks;
  const item = `${collection}/:id`;

  app.get(
    collection,
    {
      onRequest: requireOwner('view'),
      schema: {
        tags,
        summary: 'List webhooks (owner)',
        description: `${ownerOnly} Newest first; \`status\` filters.`,
        querystring: WebhookListQuerySchema,
        response: { 200: z.array(WebhookSchema), ...readErrors },
      },
    },
    async (request, reply) => {
      const { webhooks: page, total } = await webhooks.list(request.query);
      setPaginationHeaders(
        request,
        reply,
        publicUrl,
        { page: request.query.page, perPage: request.query.per_page },
        total,
      );
      reply.header('cache-control', PRIVATE_CACHE_CONTROL);
      return page;
    },
  );

  app.post(
    collection,
    {
      bodyLimit: FORM_BODY_LIMIT,
      onRequest: [requireOwner('create'), requireJson],
      schema: {
        tags,
        summary: 'Create a webhook (owner)',
        description: `${ownerOnly} ${fields}`,
        body: WebhookCreateSchema,
        response: { 201: WebhookSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const created = await webhooks.create(request.body, ownerOf(request, 'create'));
      return reply.code(201).header('location', `${collection}/${created.id}`).send(created);
    },
  );

  app.post(
    `${collection}/batch`,
    {
      bodyLimit: 4 * FORM_BODY_LIMIT,
      onRequest: [requireOwner('batch'), requireJson],
      schema: {
        tags,
        summary: 'Create, update and delete webhooks in one request (owner)',
        description:
          `${ownerOnly} WooCommerce's batch: \`create\`, \`update\` (with their \`id\`) and ` +
          `\`delete\` (ids), in that order, at most ${BATCH_ITEMS_LIMIT} items; a refused item is ` +
          `answered in its place as \`{id, error}\`. ${fields}`,
        body: BatchRequestSchema,
        response: { 200: batchResponseSchema(WebhookSchema), ...writeErrors },
      },
    },
    async (request) => {
      const owner = ownerOf(request, 'batch');
      return runBatch(request.body, {
        createSchema: WebhookCreateSchema,
        updateSchema: WebhookUpdateSchema,
        create: (input) => webhooks.create(input, owner),
        update: (id, input) => webhooks.update(id, input, owner),
        remove: (id) => webhooks.remove(id, owner),
      });
    },
  );

  app.get(
    item,
    {
      onRequest: requireOwner('view'),
      schema: {
        tags,
        summary: 'Get a webhook (owner)',
        description: `${ownerOnly} \`context=edit\` adds its \`secret\`, as WooCommerce's edit screen shows it.`,
        params: IdParamsSchema,
        querystring: WebhookReadQuerySchema,
        response: { 200: z.union([WebhookEditSchema, WebhookSchema]), ...readErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE_CACHE_CONTROL);
      return webhooks.get(request.params.id, request.query.context);
    },
  );

  app.put(
    item,
    {
      bodyLimit: FORM_BODY_LIMIT,
      onRequest: [requireOwner('edit'), requireJson],
      schema: {
        tags,
        summary: 'Change a webhook (owner)',
        description: `${ownerOnly} Only the fields sent change. ${fields}`,
        params: IdParamsSchema,
        body: WebhookUpdateSchema,
        response: { 200: WebhookSchema, ...writeErrors },
      },
    },
    async (request) => webhooks.update(request.params.id, request.body, ownerOf(request, 'edit')),
  );

  app.delete(
    item,
    {
      onRequest: requireOwner('delete'),
      schema: {
        tags,
        summary: 'Delete a webhook (owner)',
        description:
          `${ownerOnly} Answers with it as it was; its deliveries still queued are dropped. ` +
          'WooCommerce’s `force` is accepted and not needed: webhooks are never trashed.',
        params: IdParamsSchema,
        querystring: WebhookDeleteQuerySchema,
        response: { 200: WebhookSchema, ...readErrors },
      },
    },
    async (request) => webhooks.remove(request.params.id, ownerOf(request, 'delete')),
  );

  app.get(
    `${item}/deliveries`,
    {
      onRequest: requireOwner('view'),
      schema: {
        tags,
        summary: 'A webhook’s recent deliveries (owner)',
        description:
          `${ownerOnly} The last 25, newest first: topic, resource, pending | delivered | failed, ` +
          'attempts, the last attempt’s time, status code (null when the receiver could not be ' +
          'reached), duration, the next retry, the body sent and the first 1,000 characters of ' +
          'the answer. A failed attempt is retried after 1, 5, 30, 120 and 360 minutes; more than ' +
          'five failures in a row disable the webhook and email its owner.',
        params: IdParamsSchema,
        response: { 200: z.array(WebhookDeliverySchema), ...readErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE_CACHE_CONTROL);
      return webhooks.deliveries(request.params.id);
    },
  );
};
