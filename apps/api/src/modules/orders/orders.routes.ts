import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { serializerCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  apiPaths,
  OrderCreateSchema,
  OrderGetQuerySchema,
  OrderIdParamsSchema,
  OrderSchema,
  OwnerOrderListQuerySchema,
  OwnerOrderSchema,
} from '@larder/contract';
import type { RateLimit } from '../../config.ts';
import { ApiError } from '../../http/errors.ts';
import { setPaginationHeaders } from '../../http/pagination.ts';
import { viewerFromRequest } from '../../http/viewer.ts';
import { FORM_BODY_LIMIT, limitPerClient, requireJson } from '../../http/write-guards.ts';
import { createOrderFragments } from './order-fragments.ts';
import type { OrdersService } from './orders.service.ts';

export interface OrdersRoutesOptions {
  orders: OrdersService;
  publicUrl: string;
  rateLimit: RateLimit;
  /** How often unpaid orders past their hold are cancelled in the background (ms). */
  sweepIntervalMs: number;
  /** Runs the sweep unless another of the shop's processes is running it (skips the tick then). */
  oneProcessAtATime?: (task: () => Promise<unknown>) => Promise<boolean>;
  /** Further periodic work run on the sweep's tick, by the same one process (overdue reminders). */
  alsoOnSweep?: { name: string; run: () => Promise<unknown> }[];
}

const tags = ['orders'];

/**
 * A customer's order in exactly its shape, tried before an owner's: zod tries a union's branches in
 * turn, and with the owner's first every customer's order was checked twice, failing it first (near
 * a quarter of an order history's CPU). An owner's order has keys this one has not, so it fails here
 * and is kept whole by the owner's schema. A customer's order with a key its schema does not know
 * fails both: an error, never a leak.
 */
const CustomerOrderSchema = OrderSchema.strict();

export const ordersRoutes: FastifyPluginAsyncZod<OrdersRoutesOptions> = async (
  app,
  {
    orders,
    publicUrl,
    rateLimit,
    sweepIntervalMs,
    oneProcessAtATime = async (task) => (await task(), true),
    alsoOnSweep = [],
  },
) => {
  // A customer's history is their orders' kept texts joined, each as this serializer made it.
  const serializeOrder = serializerCompiler({
    schema: CustomerOrderSchema,
    method: 'GET',
    url: apiPaths.orders,
  }) as (order: unknown) => string;
  const fragments = createOrderFragments({ orders, serialize: serializeOrder });

  // Holds are also released lazily before every order read and write; the timer frees stock
  // that nobody asks about, so the catalogue shows it again.
  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    const tasks = [
      { name: 'release expired stock holds', run: () => orders.releaseExpiredHolds() },
      ...alsoOnSweep,
    ];
    sweeper = setInterval(() => {
      oneProcessAtATime(async () => {
        // Each task on its own: one failing does not stop the others.
        for (const task of tasks) {
          await task.run().catch((error: unknown) => {
            app.log.error({ err: error }, `could not ${task.name}`);
          });
        }
      }).catch((error: unknown) => {
        app.log.error({ err: error }, 'could not run the periodic sweep');
      });
    }, sweepIntervalMs);
    sweeper.unref();
  });
  app.addHook('onClose', async () => {
    if (sweeper) clearInterval(sweeper);
  });

  const limit = limitPerClient(app, 'order', rateLimit);
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
          'another signed-in customer. An owner reads any order with its price list, shipment and ' +
          'refunds (404 `woocommerce_rest_shop_order_invalid_id` when there is none).',
        params: OrderIdParamsSchema,
        querystring: OrderGetQuerySchema,
        response: {
          200: z.union([CustomerOrderSchema, OwnerOrderSchema]),
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
          404: ApiErrorSchema,
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
        summary: 'List orders',
        description:
          'A customer lists their own orders, named by `customer` (400 without it, 403 for anyone ' +
          "else's); an owner lists every customer's, `customer` optional, with price list, shipment " +
          'and refunds. 401 for a guest, before the query is read. Filters: `status` (or `any`), ' +
          '`after`/`before` (date_created, ISO 8601, GMT when no offset), `price_list`, `search` (an ' +
          "order number, or part of the buyer's name or email). Newest first, with X-WP-Total and " +
          'X-WP-TotalPages.',
        querystring: OwnerOrderListQuerySchema,
        response: {
          200: z.union([z.array(CustomerOrderSchema), z.array(OwnerOrderSchema)]),
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
        },
      },
      // Before the query is validated: a guest learns nothing about the parameters.
      preValidation: async (request) => {
        if (viewerFromRequest(request).isGuest) {
          throw new ApiError(
            401,
            'woocommerce_rest_cannot_view',
            'Sorry, you cannot list resources.',
          );
        }
      },
    },
    async (request, reply) => {
      const viewer = viewerFromRequest(request);
      const own = await fragments.listOwn(request.query, viewer);
      if (own) {
        setPaginationHeaders(request, reply, publicUrl, own.window, own.total);
        // Already the schema's text: Fastify sends a string with a JSON type as it is.
        return (reply as FastifyReply).type('application/json; charset=utf-8').send(own.body);
      }
      const { orders: list, total, window } = await orders.list(request.query, viewer);
      setPaginationHeaders(request, reply, publicUrl, window, total);
      return list;
    },
  );
};
