import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  IdParamsSchema,
  ownerApiPaths,
  TaxClassSchema,
  TaxRateCreateSchema,
  TaxRateListQuerySchema,
  TaxRateSchema,
  TaxRateUpdateSchema,
} from '@larder/contract';
import {
  BATCH_ITEMS_LIMIT,
  BatchRequestSchema,
  batchResponseSchema,
  runBatch,
} from '../../http/batch.ts';
import { ownerErrorResponses, ownerOf, requireOwner } from '../../http/owner-guard.ts';
import { setPaginationHeaders } from '../../http/pagination.ts';
import { PRIVATE_CACHE_CONTROL } from '../../http/read-cache.ts';
import { FORM_BODY_LIMIT, requireJson } from '../../http/write-guards.ts';
import type { TaxService } from './tax.service.ts';

export interface TaxRoutesOptions {
  tax: TaxService;
  publicUrl: string;
}

const tags = ['taxes'];
const ownerOnly =
  'Owners only: 401 `woocommerce_rest_cannot_<verb>` for a guest and 403 for any other account, ' +
  'before the body is read; 404 `woocommerce_rest_invalid_id` for an unknown rate.';
const rateRules =
  'A rate applies where `country`, `state`, `postcodes` (exact, `277*` or `27500...27599`) and ' +
  '`cities` match (empty matches all); at each `priority` the first match by `order` applies, and ' +
  'priorities add up. `rate` is a percentage with up to four decimals ("7.5"); `shipping` says ' +
  'whether the rate also taxes shipping; `class` is standard, reduced-rate or zero-rate. Quotes and ' +
  'new orders use the change at once; placed orders keep the tax they were charged.';
const readErrors = { 400: ApiErrorSchema, ...ownerErrorResponses, 404: ApiErrorSchema };
const writeErrors = { ...readErrors, 413: ApiErrorSchema, 415: ApiErrorSchema };

/** WooCommerce's `/wc/v3/taxes`: the owner's sales-tax rates. */
export const taxRoutes: FastifyPluginAsyncZod<TaxRoutesOptions> = async (
  app,
  { tax, publicUrl },
) => {
  const rates = ownerApiPaths.taxes;
  const rate = `${rates}/:id`;

  app.get(
    ownerApiPaths.taxClasses,
    {
      onRequest: requireOwner('view'),
      schema: {
        tags,
        summary: 'List tax classes (owner)',
        description: `${ownerOnly} The three classes a product or rate can have.`,
        response: { 200: z.array(TaxClassSchema), ...ownerErrorResponses },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', PRIVATE_CACHE_CONTROL);
      return tax.classes();
    },
  );

  app.get(
    rates,
    {
      onRequest: requireOwner('view'),
      schema: {
        tags,
        summary: 'List tax rates (owner)',
        description: `${ownerOnly} Filter by \`class\`; sort by \`orderby\` (order, id, priority) and \`order\`. X-WP-Total and X-WP-TotalPages as WordPress sends them.`,
        querystring: TaxRateListQuerySchema,
        response: { 200: z.array(TaxRateSchema), ...readErrors },
      },
    },
    async (request, reply) => {
      const { rates: list, total } = await tax.list(request.query);
      const window = { page: request.query.page, perPage: request.query.per_page };
      setPaginationHeaders(request, reply, publicUrl, window, total);
      reply.header('cache-control', PRIVATE_CACHE_CONTROL);
      return list;
    },
  );

  app.get(
    rate,
    {
      onRequest: requireOwner('view'),
      schema: {
        tags,
        summary: 'Get a tax rate (owner)',
        description: ownerOnly,
        params: IdParamsSchema,
        response: { 200: TaxRateSchema, ...readErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE_CACHE_CONTROL);
      return tax.get(request.params.id);
    },
  );

  app.post(
    rates,
    {
      bodyLimit: FORM_BODY_LIMIT,
      onRequest: [requireOwner('create'), requireJson],
      schema: {
        tags,
        summary: 'Create a tax rate (owner)',
        description: `${ownerOnly} ${rateRules} 400 \`rest_invalid_param\` naming the field.`,
        body: TaxRateCreateSchema,
        response: { 201: TaxRateSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const created = await tax.create(request.body, ownerOf(request, 'create'));
      return reply.code(201).header('location', `${rates}/${created.id}`).send(created);
    },
  );

  app.post(
    `${rates}/batch`,
    {
      // A hundred rates with long postcode lists.
      bodyLimit: 8 * FORM_BODY_LIMIT,
      onRequest: [requireOwner('batch'), requireJson],
      schema: {
        tags,
        summary: 'Create, update and delete tax rates in one request (owner)',
        description:
          `${ownerOnly} WooCommerce's batch: \`create\` (rates), \`update\` (rates with their ` +
          `\`id\`) and \`delete\` (ids), done in that order, at most ${BATCH_ITEMS_LIMIT} items ` +
          '(413 `rest_request_entity_too_large`). Each item is written or refused on its own; a ' +
          'refused one is answered in its place as `{id, error: {code, message, data}}` and the ' +
          `others still apply. ${rateRules}`,
        body: BatchRequestSchema,
        response: { 200: batchResponseSchema(TaxRateSchema), ...writeErrors },
      },
    },
    async (request) => {
      const owner = ownerOf(request, 'batch');
      return runBatch(request.body, {
        createSchema: TaxRateCreateSchema,
        updateSchema: TaxRateUpdateSchema,
        create: (input) => tax.create(input, owner),
        update: (id, input) => tax.update(id, input, owner),
        remove: (id) => tax.remove(id, owner),
      });
    },
  );

  app.put(
    rate,
    {
      bodyLimit: FORM_BODY_LIMIT,
      onRequest: [requireOwner('edit'), requireJson],
      schema: {
        tags,
        summary: 'Update a tax rate (owner)',
        description: `${ownerOnly} Only the fields sent change. ${rateRules}`,
        params: IdParamsSchema,
        body: TaxRateUpdateSchema,
        response: { 200: TaxRateSchema, ...writeErrors },
      },
    },
    async (request) => tax.update(request.params.id, request.body, ownerOf(request, 'edit')),
  );

  app.delete(
    rate,
    {
      onRequest: requireOwner('delete'),
      schema: {
        tags,
        summary: 'Delete a tax rate (owner)',
        description:
          `${ownerOnly} Answers with the rate as it was. WooCommerce's \`force\` is accepted and ` +
          'not needed: rates are never trashed. Placed orders keep the tax they were charged.',
        params: IdParamsSchema,
        querystring: z.object({ force: z.string().max(10).optional() }),
        response: { 200: TaxRateSchema, ...readErrors },
      },
    },
    async (request) => tax.remove(request.params.id, ownerOf(request, 'delete')),
  );
};
