import { createHash } from 'node:crypto';
import {
  centsOf,
  formatCents,
  parseMoneyInput,
  toMoneyString,
  type OrderNote,
  type OrderNoteCreateSchema,
  type OrderRefund,
  type OrderRefundCreateSchema,
  type OrderStatus,
  type OwnerOrder,
  type OwnerOrderUpdate,
  type InvoicePaymentCreateSchema,
} from '@larder/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { ApiError, invalidParam } from '../../http/errors.ts';
import { formatWpDate } from '../../http/format.ts';
import type { Viewer } from '../../http/viewer.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { Email, Mailer } from '../mail/mailer.ts';
import {
  customerNoteEmail,
  orderCompletedEmail,
  orderLink,
  orderRefundedEmail,
  orderShippedEmail,
} from '../mail/order-emails.ts';
import { carrierName, trackingUrl } from '../orders/carrier-tracking.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { RefundingProvider } from '../payments/payment-providers.ts';
import {
  orderManagementRepo as repo,
  type OrderNoteRow,
  type OrderRefundRow,
} from './order-management.repo.ts';

type OrderNoteInput = z.output<typeof OrderNoteCreateSchema>;
type OrderRefundInput = z.output<typeof OrderRefundCreateSchema>;
type InvoicePaymentInput = z.output<typeof InvoicePaymentCreateSchema>;

export interface OrderManagementOptions {
  orders: OrdersService;
  activity: ActivityService;
  /** The providers payments may have been taken with (null when not configured). */
  providers: (RefundingProvider | null)[];
  mailer: Mailer;
  publicUrl: string;
  shopName: string;
  log: { error(object: object, message: string): void };
  now?: () => Date;
}

/** WooCommerce's names for statuses in notes: "Order status changed from Processing to Completed." */
const STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending payment',
  processing: 'Processing',
  'on-hold': 'On hold',
  completed: 'Completed',
  cancelled: 'Canceled',
  refunded: 'Refunded',
  failed: 'Failed',
};

/** Statuses in which an order's money has been taken and may be given back. */
const REFUNDABLE: OrderStatus[] = ['processing', 'on-hold', 'completed', 'cancelled'];

const toNote = (row: OrderNoteRow): OrderNote => ({
  id: row.id,
  author: row.author,
  date_created: formatWpDate(row.createdAt),
  date_created_gmt: formatWpDate(row.createdAt),
  note: row.note,
  customer_note: row.customerNote,
});

const toRefund = (row: OrderRefundRow): OrderRefund => ({
  id: row.id,
  date_created: formatWpDate(row.createdAt),
  date_created_gmt: formatWpDate(row.createdAt),
  amount: toMoneyString(row.amountCents),
  reason: row.reason,
  refunded_by: row.refundedBy,
  refunded_payment: row.providerRef !== '',
});

/**
 * The back office's order actions: status changes and shipments, notes, refunds. Each one writes
 * its order notes and activity entry in the same transaction, and emails the buyer once it is
 * committed (a failed email is logged; the change stands).
 */
export function createOrderManagementService(db: Database, options: OrderManagementOptions) {
  const now = options.now ?? (() => new Date());
  const { orders, activity, log } = options;

  async function send(message: Email, orderId: number): Promise<void> {
    try {
      await options.mailer.send(message);
    } catch (error) {
      log.error({ err: error, orderId }, `could not send "${message.subject}"`);
    }
  }

  const link = (order: OwnerOrder) => orderLink(options.publicUrl, order);

  const systemNote = (tx: Database, orderId: number, note: string) =>
    repo.insertNote(tx, { orderId, note, customerNote: false, author: 'system', createdAt: now() });

  async function recordStatusChange(
    tx: Database,
    owner: Viewer,
    orderId: number,
    from: OrderStatus,
    to: OrderStatus,
  ): Promise<void> {
    await systemNote(
      tx,
      orderId,
      `Order status changed from ${STATUS_LABELS[from]} to ${STATUS_LABELS[to]}.`,
    );
    await activity.record(
      owner,
      {
        action: 'order.status',
        subjectType: 'order',
        subjectId: orderId,
        summary: `Order #${orderId}: ${STATUS_LABELS[from]} → ${STATUS_LABELS[to]}`,
      },
      tx,
    );
  }

  /** Stable per order and refund, unique across databases (the order key is random). */
  const refundKey = (order: OwnerOrder, refundNumber: number) =>
    `larder-refund-${order.id}-${createHash('sha256').update(order.order_key).digest('hex').slice(0, 16)}-${refundNumber}`;

  return {
    /**
     * `PUT /orders/{id}`: moves the status through the orders service's rules and, with
     * `shipment`, marks it fulfilled (only as it is completed, or once it is).
     */
    async update(orderId: number, input: OwnerOrderUpdate, owner: Viewer): Promise<OwnerOrder> {
      const { status, shipment } = input;
      if (status === undefined && shipment === undefined) {
        throw invalidParam('status', 'Send a status, a shipment, or both.');
      }
      if (shipment && status !== undefined && status !== 'completed') {
        throw invalidParam('shipment', 'A shipment goes with status completed.');
      }
      const { order, completedNow } = await db.transaction(async (tx) => {
        const current = await orders.lockForOwner(orderId, tx);
        // Completed with a shipment on an order completed already: only the shipment is new.
        const moves = status !== undefined && !(shipment && current.status === status);
        let completedNow = false;
        if (moves) {
          const change = await orders.setStatus(orderId, status, tx);
          await recordStatusChange(tx, owner, orderId, change.from, change.order.status);
          completedNow = change.order.status === 'completed';
        }
        if (shipment) {
          if (!moves && current.status !== 'completed') {
            throw new ApiError(
              409,
              'larder_invalid_status_change',
              `Order #${orderId} is ${current.status}: send status completed with the shipment.`,
            );
          }
          const trackingNumber = shipment.tracking_number;
          await orders.recordShipment(orderId, { carrier: shipment.carrier, trackingNumber }, tx);
          const carrier =
            shipment.carrier === 'other'
              ? 'Shipped'
              : `Shipped with ${carrierName(shipment.carrier)}`;
          await systemNote(tx, orderId, `${carrier}, tracking number ${trackingNumber}.`);
          await activity.record(
            owner,
            {
              action: 'order.fulfilled',
              subjectType: 'order',
              subjectId: orderId,
              summary: `Order #${orderId} marked fulfilled (${shipment.carrier === 'other' ? '' : `${carrierName(shipment.carrier)} `}${trackingNumber})`,
            },
            tx,
          );
        }
        return { order: await orders.findForOwner(orderId, tx), completedNow };
      });
      if (shipment && order.shipment) {
        await send(
          orderShippedEmail(order, link(order), options.shopName, {
            carrier: order.shipment.carrier,
            trackingNumber: order.shipment.tracking_number,
            trackingUrl: trackingUrl(order.shipment.carrier, order.shipment.tracking_number),
          }),
          orderId,
        );
      } else if (completedNow) {
        await send(orderCompletedEmail(order, link(order), options.shopName), orderId);
      }
      return order;
    },

    /**
     * `POST /orders/{id}/invoice-payment`: the owner records that an invoice order was paid (the
     * day, default today, and an optional reference); it moves to processing with a note and an
     * activity entry. A day in the future is 400; see markInvoicePaid for the 409s.
     */
    async markInvoicePaid(
      orderId: number,
      input: InvoicePaymentInput,
      owner: Viewer,
    ): Promise<OwnerOrder> {
      const today = now();
      const datePaid = input.date_paid ? new Date(`${input.date_paid}T12:00:00Z`) : today;
      if (input.date_paid && input.date_paid > today.toISOString().slice(0, 10)) {
        throw invalidParam('date_paid', 'The payment cannot be dated after today.');
      }
      return db.transaction(async (tx) => {
        const paid = await orders.markInvoicePaid(
          orderId,
          { datePaid, reference: input.reference },
          tx,
        );
        const day = datePaid.toISOString().slice(0, 10);
        const reference = input.reference ? ` (reference ${input.reference})` : '';
        const moved =
          paid.status === 'processing'
            ? ` Order status changed from ${STATUS_LABELS['on-hold']} to ${STATUS_LABELS.processing}.`
            : '';
        await systemNote(tx, orderId, `Invoice paid on ${day}${reference}.${moved}`);
        await activity.record(
          owner,
          {
            action: 'order.invoice_paid',
            subjectType: 'order',
            subjectId: orderId,
            summary: `Order #${orderId}: invoice of ${formatCents(centsOf(paid.total))} paid on ${day}${reference}`,
          },
          tx,
        );
        return paid;
      });
    },

    async listNotes(orderId: number): Promise<OrderNote[]> {
      await orders.findForOwner(orderId);
      return (await repo.notesOf(db, orderId)).map(toNote);
    },

    /** `POST /orders/{id}/notes`: private, or emailed to the buyer as a customer note. */
    async addNote(orderId: number, input: OrderNoteInput, owner: Viewer): Promise<OrderNote> {
      const { order, row } = await db.transaction(async (tx) => {
        const order = await orders.findForOwner(orderId, tx);
        const row = await repo.insertNote(tx, {
          orderId,
          note: input.note,
          customerNote: input.customer_note,
          author: await repo.authorName(tx, owner.customerId),
          createdAt: now(),
        });
        await activity.record(
          owner,
          {
            action: 'order.note',
            subjectType: 'order',
            subjectId: orderId,
            summary: input.customer_note
              ? `Note sent to the buyer of order #${orderId}`
              : `Private note added to order #${orderId}`,
          },
          tx,
        );
        return { order, row };
      });
      if (input.customer_note) {
        await send(customerNoteEmail(order, link(order), options.shopName, input.note), orderId);
      }
      return toNote(row);
    },

    async listRefunds(orderId: number): Promise<OrderRefund[]> {
      await orders.findForOwner(orderId);
      return (await repo.refundsOf(db, orderId)).map(toRefund);
    },

    /**
     * `POST /orders/{id}/refunds`: at most what was paid and not yet given back; with `api_refund`
     * the provider that took the money returns it first, and a refusal records nothing (502).
     * The order's row stays locked meanwhile, so two refunds of one order cannot both pass the
     * check. Giving back everything moves the order to refunded.
     */
    async refund(orderId: number, input: OrderRefundInput, owner: Viewer): Promise<OrderRefund> {
      const amountCents = parseMoneyInput(input.amount);
      if (amountCents <= 0) throw invalidParam('amount', 'Enter an amount above 0.00.');
      const { order, row, full } = await db.transaction(async (tx) => {
        const order = await orders.lockForOwner(orderId, tx);
        if (order.date_paid_gmt === null || !REFUNDABLE.includes(order.status)) {
          throw new ApiError(
            409,
            'larder_not_refundable',
            order.status === 'refunded'
              ? `Order #${orderId} has been refunded in full already.`
              : `Order #${orderId} is ${order.status} and was never paid, so there is nothing to refund.`,
          );
        }
        const refundedCents = order.refunds.reduce((sum, refund) => sum - centsOf(refund.total), 0);
        const leftCents = centsOf(order.total) - refundedCents;
        if (amountCents > leftCents) {
          throw new ApiError(
            409,
            'larder_refund_too_large',
            `At most ${formatCents(leftCents)} of order #${orderId} is left to refund (${formatCents(refundedCents)} of ${formatCents(centsOf(order.total))} already refunded).`,
          );
        }
        let providerRef = '';
        if (input.api_refund) {
          const payment = await repo.takenPayment(tx, orderId);
          if (!payment || payment.providerRef === '') {
            throw new ApiError(
              409,
              'larder_refund_not_through_provider',
              `Order #${orderId} was not paid through the shop's checkout: return the money yourself, then record it with api_refund false.`,
            );
          }
          const provider = options.providers.find(
            (candidate) => candidate?.id === payment.provider,
          );
          if (!provider) {
            throw new ApiError(
              409,
              'larder_refund_not_through_provider',
              `Order #${orderId} was paid through ${payment.provider}, which this shop is no longer set up for: return the money there, then record it with api_refund false.`,
            );
          }
          const result = await provider
            .refund({
              transactionId: payment.providerRef,
              amountCents,
              currency: 'USD',
              idempotencyKey: refundKey(order, order.refunds.length + 1),
              reason: input.reason,
            })
            .catch((error: unknown) => {
              log.error({ err: error, orderId }, 'payment provider threw on a refund');
              return { status: 'failed' as const, message: 'unexpected error' };
            });
          if (result.status === 'failed') {
            throw new ApiError(
              502,
              'larder_refund_failed',
              `The payment provider did not refund order #${orderId} (${result.message}). Nothing was recorded; try again, or refund it in the provider's dashboard and record it with api_refund false.`,
            );
          }
          providerRef = result.refundId;
        }
        const row = await repo.insertRefund(tx, {
          orderId,
          amountCents,
          reason: input.reason,
          providerRef,
          refundedBy: owner.customerId,
          createdAt: now(),
        });
        const how = providerRef ? ` through ${order.payment_method_title}` : ' (recorded only)';
        await systemNote(
          tx,
          orderId,
          `Refunded ${formatCents(amountCents)}${how}${input.reason ? `: ${input.reason}` : '.'}`,
        );
        await activity.record(
          owner,
          {
            action: 'order.refund',
            subjectType: 'order',
            subjectId: orderId,
            summary: `Order #${orderId}: refunded ${formatCents(amountCents)}`,
          },
          tx,
        );
        const full = amountCents === leftCents;
        if (full) {
          await orders.markRefunded(orderId, tx);
          await recordStatusChange(tx, owner, orderId, order.status, 'refunded');
        }
        return { order: await orders.findForOwner(orderId, tx), row, full };
      });
      await send(
        orderRefundedEmail(order, link(order), options.shopName, {
          amountCents,
          reason: input.reason,
          full,
          throughProvider: row.providerRef !== '',
        }),
        orderId,
      );
      return toRefund(row);
    },
  };
}

export type OrderManagementService = ReturnType<typeof createOrderManagementService>;
