import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  apiPaths,
  IdParamSchema,
  ProductCategoryListQuerySchema,
  ProductCategorySchema,
  ProductListQuerySchema,
  ProductSchema,
} from '@larder/contract';
import { setPaginationHeaders } from '../../http/pagination.ts';
import { viewerFromRequest } from '../../http/viewer.ts';
import type { CatalogService } from './catalog.service.ts';

export interface CatalogRoutesOptions {
  catalog: CatalogService;
  publicUrl: string;
}

const tags = ['catalog'];

export const catalogRoutes: FastifyPluginAsyncZod<CatalogRoutesOptions> = async (
  app,
  { catalog, publicUrl },
) => {
  app.get(
    apiPaths.products,
    {
      schema: {
        tags,
        summary: 'List products',
        description:
          'Hidden products are always left out and out-of-stock products unless `stock_status` asks for them. ' +
          'A `slug` lookup also reaches hidden products; no match is a 404.',
        querystring: ProductListQuerySchema,
        response: {
          200: z.array(ProductSchema),
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          404: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { products, total, window } = await catalog.listProducts(
        request.query,
        viewerFromRequest(request),
      );
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
        params: IdParamSchema,
        response: { 200: ProductSchema, 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request) => catalog.getProduct(request.params.id, viewerFromRequest(request)),
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
      const { categories, total, window } = await catalog.listCategories(request.query);
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
    async (request) => catalog.getCategory(request.params.id),
  );
};
