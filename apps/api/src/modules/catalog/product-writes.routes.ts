import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorSchema,
  apiPaths,
  ForceDeleteQuerySchema,
  IdParamsSchema,
  MAX_ID,
  ProductCreateSchema,
  WooProductSchema,
  ProductUpdateSchema,
  ProductVariationSchema,
  VariationCreateSchema,
  VariationUpdateSchema,
} from '@larder/contract';
import { ownerErrorResponses, ownerOf, requireOwner } from '../../http/owner-guard.ts';
import { requireJson } from '../../http/write-guards.ts';
import type { ProductWritesService } from './product-writes.service.ts';

export interface ProductWritesRoutesOptions {
  productWrites: ProductWritesService;
}

/** A product with long descriptions, food data and a hundred variations stays far below this. */
const PRODUCT_BODY_LIMIT = 512 * 1024;

const tags = ['catalog'];
const ownerOnly =
  'Owners only: 401 `woocommerce_rest_cannot_<verb>` for a guest and 403 for any other account, ' +
  'before the body is read. Prices are decimal strings ("12.50", "" for none). The answer is the ' +
  'product as `GET /products/{id}?context=edit` reads it, the wholesale price included.';
const errors = {
  ...ownerErrorResponses,
  400: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
  413: ApiErrorSchema,
  415: ApiErrorSchema,
};

const VariationParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(MAX_ID),
  variation_id: z.coerce.number().int().positive().max(MAX_ID),
});

/** The back office's product and variation writes; the reads stay in catalog.routes.ts. */
export const productWritesRoutes: FastifyPluginAsyncZod<ProductWritesRoutesOptions> = async (
  app,
  { productWrites },
) => {
  const product = `${apiPaths.products}/:id`;
  const variations = `${product}/variations`;
  const variation = `${variations}/:variation_id`;

  app.post(
    apiPaths.products,
    {
      bodyLimit: PRODUCT_BODY_LIMIT,
      onRequest: [requireOwner('create'), requireJson],
      schema: {
        tags,
        summary: 'Create a product (owner)',
        description:
          `${ownerOnly} \`name\` is required, and \`regular_price\` for a simple product; a ` +
          'variable product keeps its prices on its variations, which may be sent with it ' +
          '(`variations`, ours) and must choose options of its attributes. Without `slug`, one ' +
          'is made from the name and made unique; a `slug` or SKU another product has is 409. ' +
          'Unknown category or image ids are 400 with `data.params`. Nothing is written on any ' +
          'refusal.',
        body: ProductCreateSchema,
        response: { 201: WooProductSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await productWrites.create(request.body, ownerOf(request, 'create'))),
  );

  app.put(
    product,
    {
      bodyLimit: PRODUCT_BODY_LIMIT,
      onRequest: [requireOwner('edit'), requireJson],
      schema: {
        tags,
        summary: 'Update a product (owner)',
        description:
          `${ownerOnly} Any subset of the create body; the rules hold for the product that ` +
          'results (a sale price below the regular one, a published variable product with a ' +
          'variation, attributes its variations still fit). `categories`, `images` and ' +
          '`attributes` replace the whole list. Made simple while it has variations: 409.',
        params: IdParamsSchema,
        body: ProductUpdateSchema,
        response: { 200: WooProductSchema, ...errors },
      },
    },
    async (request) =>
      productWrites.update(request.params.id, request.body, ownerOf(request, 'edit')),
  );

  app.delete(
    product,
    {
      onRequest: requireOwner('delete'),
      schema: {
        tags,
        summary: 'Delete a product (owner)',
        description:
          `${ownerOnly} There is no trash: without \`force=true\` the answer is 400 ` +
          '`woocommerce_rest_trash_not_supported` (set the status to draft or private to take ' +
          'it off the shop). With it, a product no order names is deleted and returned as it ' +
          'was; one that orders name is 409 `larder_product_has_orders`.',
        params: IdParamsSchema,
        querystring: ForceDeleteQuerySchema,
        response: { 200: WooProductSchema, ...errors },
      },
    },
    async (request) =>
      productWrites.remove(request.params.id, request.query.force, ownerOf(request, 'delete')),
  );

  app.post(
    variations,
    {
      bodyLimit: PRODUCT_BODY_LIMIT,
      onRequest: [requireOwner('create'), requireJson],
      schema: {
        tags,
        summary: 'Add a variation to a product (owner)',
        description:
          `${ownerOnly.replace('the product as', 'the variation as')} \`regular_price\` is ` +
          "required; `attributes` [{name, option}] must be options of the product's " +
          'attributes (400). A simple product takes none: 409 `larder_product_not_variable`.',
        params: IdParamsSchema,
        body: VariationCreateSchema,
        response: { 201: ProductVariationSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await productWrites.createVariation(
            request.params.id,
            request.body,
            ownerOf(request, 'create'),
          ),
        ),
  );

  app.put(
    variation,
    {
      bodyLimit: PRODUCT_BODY_LIMIT,
      onRequest: [requireOwner('edit'), requireJson],
      schema: {
        tags,
        summary: 'Update a variation (owner)',
        description: `${ownerOnly.replace('the product as', 'the variation as')} Any subset; the sale price stays below the regular one.`,
        params: VariationParamsSchema,
        body: VariationUpdateSchema,
        response: { 200: ProductVariationSchema, ...errors },
      },
    },
    async (request) =>
      productWrites.updateVariation(
        request.params.id,
        request.params.variation_id,
        request.body,
        ownerOf(request, 'edit'),
      ),
  );

  app.delete(
    variation,
    {
      onRequest: requireOwner('delete'),
      schema: {
        tags,
        summary: 'Delete a variation (owner)',
        description:
          `${ownerOnly.replace('the product as', 'the variation as')} As a product: ` +
          '`force=true` is required, and one that orders name is 409. The last variation of a ' +
          'published product is 409 `larder_last_variation`.',
        params: VariationParamsSchema,
        querystring: ForceDeleteQuerySchema,
        response: { 200: ProductVariationSchema, ...errors },
      },
    },
    async (request) =>
      productWrites.removeVariation(
        request.params.id,
        request.params.variation_id,
        request.query.force,
        ownerOf(request, 'delete'),
      ),
  );
};
