import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  apiPaths,
  CountryCodeParamsSchema,
  CountrySchema,
  ShippingRateSchema,
  ShippingRatesRequestSchema,
  ShippingZoneSchema,
} from '@larder/contract';
import type { RateLimit } from '../../config.ts';
import { ApiError } from '../../http/errors.ts';
import { viewerFromRequest } from '../../http/viewer.ts';
import { buyerViewer, type ViewerForCustomer } from '../pricing/customer-viewer.ts';
import { CART_BODY_LIMIT, limitPerClient, requireJson } from '../../http/write-guards.ts';
import type { ShippingService } from './shipping.service.ts';

export interface ShippingRoutesOptions {
  shipping: ShippingService;
  rateLimit: RateLimit;
  /** Lets an owner quote as a customer (`customer_id`), for an order entered for them. */
  viewerForCustomer?: ViewerForCustomer;
}

const tags = ['shipping'];

export const shippingRoutes: FastifyPluginAsyncZod<ShippingRoutesOptions> = async (
  app,
  { shipping, rateLimit, viewerForCustomer = async () => undefined },
) => {
  app.get(
    apiPaths.countries,
    {
      schema: {
        tags,
        summary: 'List countries',
        description:
          'Every country the shop ships to, by name, with its states where checkout asks for one ' +
          '(`[]` otherwise). Public here, unlike WooCommerce, because checkout needs it.',
        response: { 200: z.array(CountrySchema) },
      },
    },
    async () => shipping.countries(),
  );

  app.get(
    `${apiPaths.countries}/:code`,
    {
      schema: {
        tags,
        summary: 'Get a country and its states',
        description:
          'The code is case-insensitive. 404 `woocommerce_rest_data_invalid_location` for an unknown code.',
        params: CountryCodeParamsSchema,
        response: { 200: CountrySchema, 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request) => shipping.country(request.params.code),
  );

  app.get(
    apiPaths.shippingZones,
    {
      schema: {
        tags,
        summary: 'List shipping zones',
        description:
          'Zone 0 ("Locations not covered by your other zones") first, then the zones in matching order.',
        response: { 200: z.array(ShippingZoneSchema) },
      },
    },
    async () => shipping.zones(),
  );

  // The storefront asks as the shopper types (debounced); both paths share one per-client limit.
  const limit = limitPerClient(app, 'shipping-rates', rateLimit);
  const ratesPath = apiPaths.shippingRates.replace(/\/$/, '');
  for (const url of [apiPaths.shippingRates, ratesPath]) {
    app.post(
      url,
      {
        bodyLimit: CART_BODY_LIMIT,
        onRequest: [limit, requireJson],
        schema: {
          tags,
          summary: url.endsWith('/')
            ? 'Quote shipping rates'
            : 'Quote shipping rates (without the trailing slash)',
          description:
            'The cart lines are WooCommerce’s `{product_id, variation_id, quantity}` or the cart items as ' +
            'the browser stores them (spec §3: `{id, quantity, product, price, variation_id?, variation?}`); ' +
            'only their ids and quantities are read. ' +
            'Prices the cart from the database, picks the first zone (by zone order) whose locations match ' +
            'the address (country, country:state, continent; postcode wildcards and ranges), else zone 0, and ' +
            "returns that zone's rates, cheapest first; a free shipping method that applies takes the place of " +
            'the flat rate listed just before it. 400 `rest_invalid_param` for a bad address or line, or for an ' +
            'address whose zone offers no method (zone 0 has none in the demo: it ships within the US only); ' +
            '409 `larder_out_of_stock` / `larder_not_purchasable` naming the product; 429 `rest_rate_limited`. ' +
            'An owner may send `customer_id` to quote as that customer (their prices, rules and tax; 400 ' +
            '`woocommerce_rest_invalid_customer_id` when there is none); anyone else only 0 or their own id (403).',
          body: ShippingRatesRequestSchema,
          response: {
            200: z.array(ShippingRateSchema),
            400: ApiErrorSchema,
            403: ApiErrorSchema,
            409: ApiErrorSchema,
            413: ApiErrorSchema,
            415: ApiErrorSchema,
            429: ApiErrorSchema,
          },
        },
      },
      async (request) =>
        shipping.rates(
          request.body,
          await buyerViewer(
            viewerFromRequest(request),
            request.body.customer_id,
            viewerForCustomer,
            () =>
              new ApiError(
                403,
                'woocommerce_rest_cannot_view',
                'You can only quote for yourself: send customer_id 0 or your own id.',
              ),
          ),
        ),
    );
  }
};
