import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { serializerCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  apiPaths,
  IdParamSchema,
  ProductCategoryListQuerySchema,
  ProductCategorySchema,
  ProductListQuerySchema,
  ProductReadQuerySchema,
  WooProductSchema,
} from '@larder/contract';
import { setPaginationHeaders } from '../../http/pagination.ts';
import {
  readSource,
  versionReadFor,
  viewerClass,
  type ReadCacheVersion,
} from '../../http/read-cache.ts';
import { viewerFromRequest } from '../../http/viewer.ts';
import type { CatalogService } from './catalog.service.ts';
import { createProductFragments } from './product-fragments.ts';

export interface CatalogRoutesOptions {
  catalog: CatalogService;
  /** The same reads on the read database, for the viewers the read cache serves. */
  catalogReads: CatalogService;
  publicUrl: string;
  /**
   * The read cache's version (on the read database): with it, the products list is assembled from
   * each product's kept text for the viewers that cache serves (decision 0050).
   */
  versions?: Pick<ReadCacheVersion, 'current' | 'changedBetween'>;
}

const tags = ['catalog'];

export const catalogRoutes: FastifyPluginAsyncZod<CatalogRoutesOptions> = async (
  app,
  { catalog, catalogReads, publicUrl, versions },
) => {
  const source = (request: FastifyRequest) => readSource(request, catalog, catalogReads);
  // The serializer the route's schema gets (app.ts), for one product: a list is their texts joined.
  const serializeProduct = serializerCompiler({
    schema: WooProductSchema,
    method: 'GET',
    url: apiPaths.products,
  }) as (product: unknown) => string;
  const fragments =
    versions &&
    createProductFragments({ catalog: catalogReads, versions, serialize: serializeProduct });
  app.get(
    apiPaths.products,
    {
      schema: {
        tags,
        summary: 'List products',
        description:
          'Hidden products are always left out and out-of-stock products unless `stock_status` asks for them. ' +
          'A `slug` lookup also reaches hidden products; no match is a 404. `status` other than ' +
          "publish or any is for owners (401 for a guest, 403 for other accounts); an owner's " +
          '`any` lists all four. `context=edit` (owners only, `woocommerce_rest_forbidden_context` ' +
          "otherwise) is the back office's reading: hidden and sold-out products included, " +
          'wholesale prices shown. `search` matches the name, short description and the SKU of ' +
          'the product or any of its variations; `sku` finds a product by its own SKU or a ' +
          "variation's. `related_ids`: up to five published products sharing a category or a " +
          'dietary tag, best sellers first.',
        querystring: ProductListQuerySchema,
        response: {
          200: z.array(WooProductSchema),
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
          404: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const viewer = viewerFromRequest(request);
      // The owner's reads go to the primary and are never kept (read-cache.ts): built whole.
      if (fragments && viewerClass(viewer) !== null) {
        const { body, total, window } = await fragments.listProducts(
          request.query,
          viewer,
          versionReadFor(request),
        );
        setPaginationHeaders(request, reply, publicUrl, window, total);
        // Already the schema's text: Fastify sends a string with a JSON type as it is.
        return (reply as FastifyReply).type('application/json; charset=utf-8').send(body);
      }
      const { products, total, window } = await source(request).listProducts(request.query, viewer);
      setPaginationHeaders(request, reply, publicUrl, window, total);
      return products;
    },
  );

  app.get(
    `${apiPaths.products}/:id`,
    {
      schema: {
        tags,
        summary: 'Get a product',
        description:
          'Owners also reach drafts, pending and private products. `context=edit` (owners only: ' +
          '401/403 `woocommerce_rest_forbidden_context` for anyone else) adds the wholesale price.',
        params: IdParamSchema,
        querystring: ProductReadQuerySchema,
        response: {
          200: WooProductSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
          404: ApiErrorSchema,
        },
      },
    },
    async (request) =>
      source(request).getProduct(
        request.params.id,
        viewerFromRequest(request),
        request.query.context,
      ),
  );

  app.get(
    apiPaths.productCategories,
    {
      schema: {
        tags,
        summary: 'List product categories',
        querystring: ProductCategoryListQuerySchema,
        response: { 200: z.array(ProductCategorySchema), 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const { categories, total, window } = await source(request).listCategories(request.query);
      setPaginationHeaders(request, reply, publicUrl, window, total);
      return categories;
    },
  );

  app.get(
    `${apiPaths.productCategories}/:id`,
    {
      schema: {
        tags,
        summary: 'Get a product category',
        params: IdParamSchema,
        response: { 200: ProductCategorySchema, 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request) => source(request).getCategory(request.params.id),
  );
};
