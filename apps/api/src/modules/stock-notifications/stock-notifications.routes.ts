import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  IdParamsSchema,
  StockNotificationCancelQuerySchema,
  StockNotificationRequestSchema,
  StockNotificationResultSchema,
} from '@larder/contract';
import type { RateLimit } from '../../config.ts';
import { FORM_BODY_LIMIT, limitPerClient, requireJson } from '../../http/write-guards.ts';
import type { StockNotificationsService } from './stock-notifications.service.ts';

export interface StockNotificationsRoutesOptions {
  stockNotifications: StockNotificationsService;
  /** The newsletter's limit: the same kind of public email form. */
  rateLimit: RateLimit;
}

const errors = {
  400: ApiErrorSchema,
  404: ApiErrorSchema,
  413: ApiErrorSchema,
  415: ApiErrorSchema,
  429: ApiErrorSchema,
};

export const stockNotificationsRoutes: FastifyPluginAsyncZod<
  StockNotificationsRoutesOptions
> = async (app, { stockNotifications, rateLimit }) => {
  app.post(
    '/wp-json/wc/v3/products/:id/stock-notifications',
    {
      bodyLimit: FORM_BODY_LIMIT,
      onRequest: [limitPerClient(app, 'stock-notification', rateLimit), requireJson],
      schema: {
        tags: ['products'],
        summary: 'Ask for one email when a sold-out product (or variation) is back',
        description:
          'Public. Stores the request and emails the address a confirmation with a cancel link; ' +
          'one back-in-stock email follows when an owner restocks the item. 202 with the same ' +
          'answer whether or not the address was already waiting. 404 for an unknown product; ' +
          '400 `rest_invalid_param` for a bad address or unknown `variation_id`, 400 ' +
          '`larder_in_stock` when the item can be bought now; 429 `rest_rate_limited`.',
        params: IdParamsSchema,
        body: StockNotificationRequestSchema,
        response: { 202: StockNotificationResultSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await stockNotifications.subscribe(request.params.id, request.body)),
  );

  app.delete(
    '/wp-json/wc/v3/stock-notifications/:id',
    {
      onRequest: [limitPerClient(app, 'stock-notification-removal', rateLimit)],
      schema: {
        tags: ['products'],
        summary: 'Cancel a back-in-stock request (the link in its confirmation email)',
        description:
          'Public, with the secret `key` from the emailed link. 404 ' +
          '`larder_stock_notification_invalid` for an unknown id, a wrong key, or a request ' +
          'already sent or cancelled.',
        params: IdParamsSchema,
        querystring: StockNotificationCancelQuerySchema,
        response: { 200: StockNotificationResultSchema, ...errors },
      },
    },
    async (request) => stockNotifications.cancel(request.params.id, request.query.key),
  );
};
