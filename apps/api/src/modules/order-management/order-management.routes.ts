import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  apiPaths,
  IdParamsSchema,
  InvoicePaymentCreateSchema,
  OrderNoteCreateSchema,
  OrderNoteSchema,
  OrderRefundCreateSchema,
  OrderRefundSchema,
  OwnerOrderSchema,
  OwnerOrderUpdateSchema,
} from '@larder/contract';
import { ownerOf, requireOwner } from '../../http/owner-guard.ts';
import { FORM_BODY_LIMIT, requireJson } from '../../http/write-guards.ts';
import type { OrderManagementService } from './order-management.service.ts';

export interface OrderManagementRoutesOptions {
  orderManagement: OrderManagementService;
}

const tags = ['orders'];
const ownerOnly =
  'Owners only: 401 `woocommerce_rest_cannot_<verb>` for a guest and 403 for any other account, ' +
  'before the body is read; 404 `woocommerce_rest_shop_order_invalid_id` for an unknown order.';
const readErrors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
};
const writeErrors = {
  ...readErrors,
  409: ApiErrorSchema,
  413: ApiErrorSchema,
  415: ApiErrorSchema,
};

/** The back office's order routes; reading orders stays with the orders module's routes. */
export const orderManagementRoutes: FastifyPluginAsyncZod<OrderManagementRoutesOptions> = async (
  app,
  { orderManagement },
) => {
  const order = `${apiPaths.orders}/:id`;

  app.put(
    order,
    {
      bodyLimit: FORM_BODY_LIMIT,
      // The owner check first: a guest learns nothing about the body it would take.
      onRequest: [requireOwner('edit'), requireJson],
      schema: {
        tags,
        summary: 'Update an order (owner)',
        description:
          `${ownerOnly} \`status\` processing, on-hold, completed or cancelled (cancelling gives ` +
          'held or sold stock back once); a refused move is 409 `larder_invalid_status_change` ' +
          'saying why. `shipment` {carrier, tracking_number} goes with status completed or on a ' +
          'completed order: it is stored and the buyer is emailed the tracking link. Each change ' +
          'writes an order note and an activity entry.',
        params: IdParamsSchema,
        body: OwnerOrderUpdateSchema,
        response: { 200: OwnerOrderSchema, ...writeErrors },
      },
    },
    async (request) =>
      orderManagement.update(request.params.id, request.body, ownerOf(request, 'edit')),
  );

  app.post(
    `${order}/invoice-payment`,
    {
      bodyLimit: FORM_BODY_LIMIT,
      onRequest: [requireOwner('edit'), requireJson],
      schema: {
        tags,
        summary: 'Mark an invoice paid (owner)',
        description:
          `${ownerOnly} Records that an order placed with \`payment_method: "invoice"\` was paid: ` +
          '`date_paid` (YYYY-MM-DD, default today; 400 when after today) becomes its `date_paid`, ' +
          '`reference` (optional, e.g. a cheque or transfer number) its `transaction_id` and ' +
          '`invoice.payment_reference`; an on-hold order moves to processing, one completed ' +
          '(shipped before payment) stays completed; with an order note and an activity entry. ' +
          '409 `larder_invoice_not_payable` for an order not paid by invoice, one marked paid ' +
          'already, or a cancelled one.',
        params: IdParamsSchema,
        body: InvoicePaymentCreateSchema,
        response: { 200: OwnerOrderSchema, ...writeErrors },
      },
    },
    async (request) =>
      orderManagement.markInvoicePaid(request.params.id, request.body, ownerOf(request, 'edit')),
  );

  app.get(
    `${order}/notes`,
    {
      onRequest: requireOwner('view'),
      schema: {
        tags,
        summary: "List an order's notes (owner)",
        description: `${ownerOnly} Newest first: the shop's own notes (author \`system\`) and the owners'.`,
        params: IdParamsSchema,
        response: { 200: z.array(OrderNoteSchema), ...readErrors },
      },
    },
    async (request) => orderManagement.listNotes(request.params.id),
  );

  app.post(
    `${order}/notes`,
    {
      bodyLimit: FORM_BODY_LIMIT,
      onRequest: [requireOwner('create'), requireJson],
      schema: {
        tags,
        summary: 'Add a note to an order (owner)',
        description: `${ownerOnly} A \`customer_note\` is emailed to the buyer; otherwise only owners see it.`,
        params: IdParamsSchema,
        body: OrderNoteCreateSchema,
        response: { 201: OrderNoteSchema, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await orderManagement.addNote(
            request.params.id,
            request.body,
            ownerOf(request, 'create'),
          ),
        ),
  );

  app.get(
    `${order}/refunds`,
    {
      onRequest: requireOwner('view'),
      schema: {
        tags,
        summary: "List an order's refunds (owner)",
        description: `${ownerOnly} Newest first.`,
        params: IdParamsSchema,
        response: { 200: z.array(OrderRefundSchema), ...readErrors },
      },
    },
    async (request) => orderManagement.listRefunds(request.params.id),
  );

  app.post(
    `${order}/refunds`,
    {
      bodyLimit: FORM_BODY_LIMIT,
      onRequest: [requireOwner('create'), requireJson],
      schema: {
        tags,
        summary: 'Refund an order (owner)',
        description:
          `${ownerOnly} \`amount\` at most what was paid and not yet refunded (409 ` +
          '`larder_refund_too_large`; 409 `larder_not_refundable` for an unpaid or fully refunded ' +
          'order). With `api_refund` (the default) the provider that took the payment gives the ' +
          'money back first: 409 `larder_refund_not_through_provider` when it was paid another ' +
          'way, 502 `larder_refund_failed` (nothing recorded) when the provider refuses. A full ' +
          'refund moves the order to refunded; the buyer is emailed.',
        params: IdParamsSchema,
        body: OrderRefundCreateSchema,
        response: { 201: OrderRefundSchema, ...writeErrors, 502: ApiErrorSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await orderManagement.refund(request.params.id, request.body, ownerOf(request, 'create')),
        ),
  );
};
