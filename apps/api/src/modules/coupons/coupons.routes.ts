import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  CartDiscountsRequestSchema,
  CartDiscountsSchema,
  CouponCreateSchema,
  CouponIdParamsSchema,
  couponApiPaths,
  CouponListQuerySchema,
  CouponSchema,
  CouponUpdateSchema,
} from '@larder/contract';
import type { RateLimit } from '../../config.ts';
import { ownerErrorResponses, ownerOf, requireOwner } from '../../http/owner-guard.ts';
import { setPaginationHeaders } from '../../http/pagination.ts';
import { viewerFromRequest } from '../../http/viewer.ts';
import {
  CART_BODY_LIMIT,
  FORM_BODY_LIMIT,
  limitPerClient,
  requireJson,
} from '../../http/write-guards.ts';
import type { CouponsService } from './coupons.service.ts';

export interface CouponsRoutesOptions {
  coupons: CouponsService;
  publicUrl: string;
  /** The cart's quote is asked as the shopper applies a code: the shipping quote's limit. */
  rateLimit: RateLimit;
}

const tags = ['coupons'];
const ownerOnly =
  'Owners only: 401 `woocommerce_rest_cannot_<verb>` for a guest and 403 for any other account, ' +
  'before the body is read; 404 `woocommerce_rest_shop_coupon_invalid_id` for an unknown id.';
const fields =
  'WooCommerce’s fields: `discount_type` percent | fixed_cart | fixed_product, `amount` (dollars, ' +
  'or the percentage), `free_shipping`, `minimum_amount`, `date_expires` (GMT; the code stops ' +
  'working then), `usage_limit`, `usage_limit_per_user` (by account, and by billing email for ' +
  'guests), `product_ids`, `excluded_product_ids`, `product_categories`, ' +
  '`excluded_product_categories`, `individual_use` (not combinable with other codes). Ours: ' +
  '`date_starts` (GMT; the code works from then), `price_list` any | retail | wholesale (who may ' +
  'use it), `first_order_only` (only a buyer with no earlier order that was not cancelled). ' +
  '`usage_count` is read-only: a use is taken with the order and given back when an unpaid order ' +
  'is cancelled. 400 `rest_invalid_param` naming the field; 409 ' +
  '`woocommerce_rest_coupon_code_already_exists` for a code another coupon has (any case).';
const readErrors = { 400: ApiErrorSchema, ...ownerErrorResponses, 404: ApiErrorSchema };
const writeErrors = {
  ...readErrors,
  409: ApiErrorSchema,
  413: ApiErrorSchema,
  415: ApiErrorSchema,
};

export const couponsRoutes: FastifyPluginAsyncZod<CouponsRoutesOptions> = async (
  app,
  { coupons, publicUrl, rateLimit },
) => {
  const collection = couponApiPaths.coupons;
  const item = `${collection}/:id`;

  app.get(
    collection,
    {
      onRequest: requireOwner('view'),
      schema: {
        tags,
        summary: 'List discount codes (owner)',
        description: `${ownerOnly} By code, A to Z; \`search\` finds part of a code, \`code\` one code exactly (any case). X-WP-Total and X-WP-TotalPages.`,
        querystring: CouponListQuerySchema,
        response: { 200: z.array(CouponSchema), ...readErrors },
      },
    },
    async (request, reply) => {
      const { coupons: list, total, window } = await coupons.list(request.query);
      setPaginationHeaders(request, reply, publicUrl, window, total);
      return list;
    },
  );

  app.get(
    item,
    {
      onRequest: requireOwner('view'),
      schema: {
        tags,
        summary: 'Get a discount code (owner)',
        description: ownerOnly,
        params: CouponIdParamsSchema,
        response: { 200: CouponSchema, ...readErrors },
      },
    },
    async (request) => coupons.get(request.params.id),
  );

  app.post(
    collection,
    {
      bodyLimit: FORM_BODY_LIMIT,
      onRequest: [requireOwner('create'), requireJson],
      schema: {
        tags,
        summary: 'Create a discount code (owner)',
        description: `${ownerOnly} ${fields}`,
        body: CouponCreateSchema,
        response: { 201: CouponSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const created = await coupons.create(request.body, ownerOf(request, 'create'));
      return reply.code(201).header('location', `${collection}/${created.id}`).send(created);
    },
  );

  app.put(
    item,
    {
      bodyLimit: FORM_BODY_LIMIT,
      onRequest: [requireOwner('edit'), requireJson],
      schema: {
        tags,
        summary: 'Change a discount code (owner)',
        description: `${ownerOnly} Any of the fields; the rest are kept. ${fields}`,
        params: CouponIdParamsSchema,
        body: CouponUpdateSchema,
        response: { 200: CouponSchema, ...writeErrors },
      },
    },
    async (request) => coupons.update(request.params.id, request.body, ownerOf(request, 'edit')),
  );

  app.delete(
    item,
    {
      onRequest: requireOwner('delete'),
      schema: {
        tags,
        summary: 'Delete a discount code (owner)',
        description:
          `${ownerOnly} Answers with the code as it was. WooCommerce’s \`force\` is accepted and ` +
          'not needed: codes are never trashed. Orders that used it keep their code lines.',
        params: CouponIdParamsSchema,
        response: { 200: CouponSchema, ...readErrors },
      },
    },
    async (request) => coupons.remove(request.params.id, ownerOf(request, 'delete')),
  );

  const limit = limitPerClient(app, 'cart-discounts', rateLimit);
  app.post(
    couponApiPaths.cartDiscounts,
    {
      bodyLimit: CART_BODY_LIMIT,
      onRequest: [limit, requireJson],
      schema: {
        tags,
        summary: 'Quote what discount codes take off a cart',
        description:
          'Prices the lines as an order would and applies the codes (`coupon_lines: [{code}]`) with ' +
          'the same rule: each line’s subtotal and discounted total, each code’s discount, and ' +
          'whether shipping is free. 400 `woocommerce_rest_invalid_coupon` for an unknown, expired, ' +
          'not-yet-valid, used-up, minimum-not-met or not-applicable code, the message naming the ' +
          'code and the reason, and the code in `data.coupon`. A guest’s first-order and ' +
          'per-customer limits are checked by `billing_email` when sent, else when the order is placed.',
        body: CartDiscountsRequestSchema,
        response: {
          200: CartDiscountsSchema,
          400: ApiErrorSchema,
          409: ApiErrorSchema,
          413: ApiErrorSchema,
          415: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
    },
    async (request) => coupons.quote(request.body, viewerFromRequest(request)),
  );
};
