import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  apiPaths,
  IdParamSchema,
  ProductReviewSchema,
  ReviewCreateSchema,
  ReviewListQuerySchema,
  ReviewModerationSchema,
} from '@larder/contract';
import type { RateLimit } from '../../config.ts';
import { ownerOf, requireOwner } from '../../http/owner-guard.ts';
import { setPaginationHeaders } from '../../http/pagination.ts';
import { viewerFromRequest } from '../../http/viewer.ts';
import { FORM_BODY_LIMIT, limitPerClient, requireJson } from '../../http/write-guards.ts';
import type { ReviewsService } from './reviews.service.ts';

export interface ReviewsRoutesOptions {
  reviews: ReviewsService;
  publicUrl: string;
  rateLimit: RateLimit;
}

const tags = ['reviews'];

export const reviewsRoutes: FastifyPluginAsyncZod<ReviewsRoutesOptions> = async (
  app,
  { reviews, publicUrl, rateLimit },
) => {
  app.get(
    apiPaths.productReviews,
    {
      schema: {
        tags,
        summary: 'List product reviews',
        description:
          'Approved reviews of published products, newest first. `product` filters by product id(s). ' +
          'Any other `status` is for the shop owner only (401 `woocommerce_rest_cannot_view` for guests, ' +
          '403 for other signed-in customers). ' +
          'Reviewer email addresses are never included.',
        querystring: ReviewListQuerySchema,
        response: {
          200: z.array(ProductReviewSchema),
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const {
        reviews: list,
        total,
        window,
      } = await reviews.list(request.query, viewerFromRequest(request));
      setPaginationHeaders(request, reply, publicUrl, window, total);
      return list;
    },
  );

  app.get(
    `${apiPaths.productReviews}/:id`,
    {
      schema: {
        tags,
        summary: 'Get a product review',
        description:
          'Only approved reviews exist for anyone but the shop owner: any other id is 404 ' +
          '`woocommerce_rest_review_invalid_id`.',
        params: IdParamSchema,
        response: { 200: ProductReviewSchema, 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request) => reviews.get(request.params.id, viewerFromRequest(request)),
  );

  app.put(
    `${apiPaths.productReviews}/:id`,
    {
      onRequest: [requireOwner('edit'), requireJson],
      schema: {
        tags,
        summary: 'Moderate a product review (owners)',
        description:
          "WooCommerce's moderation: `status` approved (on the product page and in its rating), hold, " +
          "spam or trash. The product's `average_rating` and `rating_count` follow at once. Answers " +
          'the review with `reviewer_email`. 404 `woocommerce_rest_review_invalid_id` for an unknown id.',
        params: IdParamSchema,
        body: ReviewModerationSchema,
        response: {
          200: ProductReviewSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
          404: ApiErrorSchema,
          415: ApiErrorSchema,
        },
      },
    },
    async (request) =>
      reviews.moderate(request.params.id, request.body.status, ownerOf(request, 'edit')),
  );

  // The storefront posts to the path with a trailing slash (spec §7); both paths share one limit.
  const limit = limitPerClient(app, 'review', rateLimit);
  for (const url of [`${apiPaths.productReviews}/`, apiPaths.productReviews]) {
    app.post(
      url,
      {
        bodyLimit: FORM_BODY_LIMIT,
        onRequest: [limit, requireJson],
        schema: {
          tags,
          summary: url.endsWith('/')
            ? 'Write a product review'
            : 'Write a product review (without the trailing slash)',
          description:
            'Stored as plain text for moderation (`status: "hold"`, shown once approved). A signed-in customer ' +
            "writes under their account's name and email (`reviewer` and `reviewer_email` are ignored); each paid " +
            'order line of the product earns them one review approved at once and marked `verified`. ' +
            '400 `rest_invalid_param` ' +
            'with a message per field in `data.params`; 404 `woocommerce_rest_product_invalid_id` for an unknown ' +
            'product; 409 `woocommerce_rest_comment_duplicate` for the same review again; 429 `rest_rate_limited` ' +
            'after too many reviews from one client.',
          body: ReviewCreateSchema,
          response: {
            201: ProductReviewSchema,
            400: ApiErrorSchema,
            403: ApiErrorSchema,
            404: ApiErrorSchema,
            409: ApiErrorSchema,
            413: ApiErrorSchema,
            415: ApiErrorSchema,
            429: ApiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const review = await reviews.create(request.body, viewerFromRequest(request));
        return reply.code(201).send(review);
      },
    );
  }
};
