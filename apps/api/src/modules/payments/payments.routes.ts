import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  apiPaths,
  CardPaymentRequestSchema,
  PaymentGatewaySchema,
  PaymentResultSchema,
  PayPalOrderRequestSchema,
  PayPalOrderResultSchema,
  PayPalPaymentRequestSchema,
  type PaymentGateway,
} from '@larder/contract';
import type { RateLimit } from '../../config.ts';
import { viewerFromRequest } from '../../http/viewer.ts';
import { FORM_BODY_LIMIT, limitPerClient, requireJson } from '../../http/write-guards.ts';
import type { PaymentsService } from './payments.service.ts';

export interface PaymentsRoutesOptions {
  payments: PaymentsService;
  gateways: PaymentGateway[];
  rateLimit: RateLimit;
}

const tags = ['payments'];

const paymentErrors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  402: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
  413: ApiErrorSchema,
  415: ApiErrorSchema,
  429: ApiErrorSchema,
  502: ApiErrorSchema,
};

const whoMayPay =
  'The order must be pending: its customer may pay it, a guest needs `order_key` (401 without it, ' +
  '403 for another customer). The amount is always the order total computed by the server. ';

export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsRoutesOptions> = async (
  app,
  { payments, gateways, rateLimit },
) => {
  app.get(
    apiPaths.paymentGateways,
    {
      schema: {
        tags,
        summary: 'List the enabled payment gateways',
        description:
          'Enabled gateways only, without settings. `client` holds what the browser needs to start the ' +
          "provider's widget: Stripe's publishable key, PayPal's client id, or `{provider: 'test'}` for " +
          'the built-in offline provider used while no keys are configured. Never a secret.',
        response: { 200: z.array(PaymentGatewaySchema) },
      },
    },
    async () => gateways,
  );

  // One counter for the three payment posts: they are one action seen from the client.
  const limit = limitPerClient(app, 'payment', rateLimit);
  const guards = { bodyLimit: FORM_BODY_LIMIT, onRequest: [limit, requireJson] };

  app.post(
    apiPaths.cardPayment,
    {
      ...guards,
      schema: {
        tags,
        summary: 'Pay an order by card',
        description:
          whoMayPay +
          "`payment_token` is the payment method the card widget created (Stripe's `pm_…`, or the test " +
          "provider's `pm_test_<outcome>_<last4>`). 200 when paid: the order is processing and the buyer " +
          'and the shop owner are emailed. 402 `larder_card_declined` with the reason to show (the order ' +
          'stays payable); 409 `larder_order_not_payable` when already paid, cancelled or expired, 409 ' +
          '`larder_payment_in_progress` while another payment of the order runs; 502 ' +
          '`larder_payment_failed` when the provider fails. Paying twice never charges twice.',
        body: CardPaymentRequestSchema,
        response: { 200: PaymentResultSchema, ...paymentErrors },
      },
    },
    async (request) => payments.payByCard(request.body, viewerFromRequest(request)),
  );

  app.post(
    apiPaths.paypalOrder,
    {
      ...guards,
      schema: {
        tags,
        summary: 'Create the PayPal order for an order',
        description:
          whoMayPay +
          "Returns the PayPal order id (for the PayPal buttons' `createOrder`) for the order total in USD. " +
          '502 `larder_payment_failed` when PayPal fails.',
        body: PayPalOrderRequestSchema,
        response: { 200: PayPalOrderResultSchema, ...paymentErrors },
      },
    },
    async (request) => payments.createPayPalOrder(request.body, viewerFromRequest(request)),
  );

  app.post(
    apiPaths.paypalPayment,
    {
      ...guards,
      schema: {
        tags,
        summary: 'Capture the approved PayPal payment of an order',
        description:
          whoMayPay +
          '`ppec_token` is the PayPal order id the buyer approved. It must be a PayPal order created for ' +
          'this order and its total (402 `larder_payment_mismatch` otherwise, nothing captured). Errors ' +
          'as for card payments; 402 `larder_card_declined` when PayPal refuses the payment.',
        body: PayPalPaymentRequestSchema,
        response: { 200: PaymentResultSchema, ...paymentErrors },
      },
    },
    async (request) => payments.payByPayPal(request.body, viewerFromRequest(request)),
  );
};
