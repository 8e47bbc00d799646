import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  apiPaths,
  OrderCreateSchema,
  OrderGetQuerySchema,
  OrderIdParamsSchema,
  OrderListQuerySchema,
  OrderSchema,
} from '@larder/contract';
import type { RateLimit } from '../../config.ts';
import { setPaginationHeaders } from '../../http/pagination.ts';
import { viewerFromRequest } from '../../http/viewer.ts';
import { FORM_BODY_LIMIT, limitPerClient, requireJson } from '../../http/write-guards.ts';
import type { OrdersService } from './orders.service.ts';

export interface OrdersRoutesOptions {
  orders: OrdersService;
  publicUrl: string;
  rateLimit: RateLimit;
  /** How often unpaid orders past their hold are cancelled in the background (ms). */
  sweepIntervalMs: number;
}

const tags = ['orders'];

export const ordersRoutes: FastifyPluginAsyncZod<OrdersRoutesOptions> = async (
  app,
  { orders, publicUrl, rateLimit, sweepIntervalMs },
) => {
  // Holds are also released lazily before every order read and write; the timer frees stock
  // that nobody asks about, so the catalogue shows it again.
  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweeper = setInterval(() => {
      orders.releaseExpiredHolds().catch((error: unknown) => {
        app.log.error({ err: error }, 'could not release expired stock holds');
      });
    }, sweepIntervalMs);
    sweeper.unref();
  });
  app.addHook('onClose', async () => {
    if (sweeper) clearInterval(sweeper);
  });

  const limit = limitPerClient(app, rateLimit);
  for (const url of [apiPaths.orders, `${apiPaths.orders}/`]) {
    app.post(
      url,
      {
        bodyLimit: FORM_BODY_LIMIT,
        onRequest: [limit, requireJson],
        schema: {
          tags,
          summary: url.endsWith('/') ? 'Place an order (with a trailing slash)' : 'Place an order',
          description:
            'Prices every line from the database (prices in the body are ignored), re-quotes shipping for ' +
            'the shipping address (else billing) and requires `shipping_lines[0]` to be one of those rates ' +
            '(400 `larder_invalid_shipping_rate`), and holds the stock until `date_hold_expires_gmt`. ' +
            "`customer_id` is 0 for a guest or the signed-in customer's own id (403 otherwise). " +
            '400 `rest_invalid_param` with a message per field (also for more than ORDER_HOLD_MAX_UNITS of ' +
            'one stock-counted product, or a product that is not published); 409 `larder_out_of_stock` ' +
            'naming the product (the count left only to signed-in customers); 409 `larder_hold_limit` when ' +
            "the client's unpaid orders (a guest's by IP, a customer's by account) would hold more than " +
            'ORDER_HOLD_MAX_UNITS of one product; 429 `rest_rate_limited`. The `order_key` lets a guest ' +
            'read and pay the order.',
          body: OrderCreateSchema,
          response: {
            201: OrderSchema,
            400: ApiErrorSchema,
            403: ApiErrorSchema,
            409: ApiErrorSchema,
            413: ApiErrorSchema,
            415: ApiErrorSchema,
            429: ApiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const order = await orders.create(request.body, viewerFromRequest(request), {
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? '',
        });
        return reply.code(201).send(order);
      },
    );
  }

  app.get(
    `${apiPaths.orders}/:id`,
    {
      schema: {
        tags,
        summary: 'Get an order',
        description:
          "The order's customer, or anyone with its `?key=` (the order key). Otherwise 401 " +
          '`woocommerce_rest_cannot_view` for a guest (whether or not the order exists) and 403 for ' +
          'another signed-in customer.',
        params: OrderIdParamsSchema,
        querystring: OrderGetQuerySchema,
        response: {
          200: OrderSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
        },
      },
    },
    async (request) => orders.get(request.params.id, request.query.key, viewerFromRequest(request)),
  );

  app.get(
    apiPaths.orders,
    {
      schema: {
        tags,
        summary: "List a customer's orders",
        description:
          'Only for the signed-in customer named by `customer` (401 for a guest, 403 for anyone else); ' +
          'newest first, with X-WP-Total and X-WP-TotalPages.',
        querystring: OrderListQuerySchema,
        response: {
          200: z.array(OrderSchema),
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const {
        orders: list,
        total,
        window,
      } = await orders.listForCustomer(request.query, viewerFromRequest(request));
      setPaginationHeaders(request, reply, publicUrl, window, total);
      return list;
    },
  );
};
