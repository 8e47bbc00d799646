import { createHash, randomUUID } from 'node:crypto';
import {
  CARD_PAYMENT_METHOD,
  formatCents,
  PAYMENT_ERROR_CODES,
  toMoneyString,
  type CardPaymentRequestSchema,
  type PaymentResult,
  type PayPalOrderRequestSchema,
  type PayPalPaymentRequestSchema,
} from '@larder/contract';
import type { z } from 'zod';
import { ApiError } from '../../http/errors.ts';
import type { Viewer } from '../../http/viewer.ts';
import type { AfterAnswer } from '../../http/after-answer.ts';
import type { EmailQueue } from '../mail/email-queue.ts';
import type { OrdersService, PayableOrder } from '../orders/orders.service.ts';
import { PAYMENT_ATTEMPT_TIMEOUT_MS } from '../orders/orders.repo.ts';
import {
  backOfficeOrderLink,
  invoiceOrderConfirmationEmail,
  orderConfirmationEmail,
  orderLink,
  ownerNewOrderEmail,
} from '../mail/order-emails.ts';
import { paymentDescription } from './payment-emails.ts';
import type { CardProvider, ChargeResult, PayPalProvider } from './payment-providers.ts';
import type { ClaimedAttempt, PaymentsRepo } from './payments.repo.ts';

type CardPaymentInput = z.output<typeof CardPaymentRequestSchema>;
type PayPalOrderInput = z.output<typeof PayPalOrderRequestSchema>;
type PayPalPaymentInput = z.output<typeof PayPalPaymentRequestSchema>;

export const PAYPAL_PAYMENT_METHOD = { id: 'paypal', title: 'PayPal' } as const;

export interface PaymentsServiceOptions {
  orders: Pick<OrdersService, 'findForPayment'>;
  /** null when the gateway is not enabled (another provider is configured, this one is not). */
  card: CardProvider | null;
  paypal: PayPalProvider | null;
  /** A paid order's e-mails are queued with its paid mark and sent after the answer (0057). */
  emails: Pick<EmailQueue, 'add' | 'stored' | 'kick'>;
  afterAnswer: Pick<AfterAnswer, 'run'>;
  /** The order's invoice PDF, attached to an invoice order's confirmation. */
  invoiceDocument?: (orderId: number) => Promise<{ filename: string; pdf: Buffer }>;
  publicUrl: string;
  shopOwnerEmail: string;
  /** The shop's name (SHOP_NAME) in the e-mails and on the buyer's statement. */
  shopName: string;
  log: {
    error(object: object, message: string): void;
    warn(object: object, message: string): void;
  };
  now?: () => Date;
}

const unavailable = (what: string) =>
  new ApiError(400, 'larder_payment_method_unavailable', `${what} payments are not available.`);

const declined = (message: string) => new ApiError(402, PAYMENT_ERROR_CODES.declined, message);

const providerFailed = (provider: string, detail: string) =>
  new ApiError(
    502,
    PAYMENT_ERROR_CODES.failed,
    `${provider} could not complete the payment (${detail}). Please try again in a moment.`,
  );

/**
 * Stable per order and attempt, unique across databases: the order key is random, so a fresh
 * database that reuses order ids never replays an old charge's key at the provider.
 */
const idempotencyKeyPrefix = (order: PayableOrder) =>
  `larder-${order.id}-${createHash('sha256').update(order.orderKey).digest('hex').slice(0, 16)}-`;

export function createPaymentsService(repo: PaymentsRepo, options: PaymentsServiceOptions) {
  const now = options.now ?? (() => new Date());
  const { orders, log } = options;

  async function claim(order: PayableOrder, provider: string): Promise<ClaimedAttempt> {
    const at = now();
    const claimed = await repo.claim({
      orderId: order.id,
      provider,
      amountCents: order.totalCents,
      idempotencyKeyPrefix: idempotencyKeyPrefix(order),
      now: at,
      staleBefore: new Date(at.getTime() - PAYMENT_ATTEMPT_TIMEOUT_MS),
    });
    if (claimed.kind === 'in-progress') {
      throw new ApiError(
        409,
        PAYMENT_ERROR_CODES.inProgress,
        'A payment for this order is already under way. Please wait a moment before trying again.',
      );
    }
    if (claimed.kind === 'not-payable') {
      throw new ApiError(409, PAYMENT_ERROR_CODES.notPayable, 'This order has already been paid.');
    }
    return claimed.attempt;
  }

  /** Runs the provider call; an unexpected throw counts as a failed attempt, never a lost claim. */
  async function attempt<T extends { status: string }>(
    row: ClaimedAttempt,
    call: () => Promise<T>,
  ): Promise<T | { status: 'failed'; message: string }> {
    try {
      return await call();
    } catch (error) {
      log.error({ err: error, orderId: row.orderId, attemptId: row.id }, 'payment provider threw');
      return { status: 'failed', message: 'unexpected error' };
    }
  }

  /** A paid order's e-mails: the buyer's confirmation (`buyerEmail`) and the owner's notice. */
  const paidOrderEmails = (
    order: PayableOrder['order'],
    buyerEmail = orderConfirmationEmail(
      order,
      orderLink(options.publicUrl, order),
      options.shopName,
    ),
  ) => [
    buyerEmail,
    ownerNewOrderEmail(
      order,
      backOfficeOrderLink(options.publicUrl, order),
      options.shopOwnerEmail,
    ),
  ];

  /** Starts sending queued e-mails once the answer has gone (the queue logs its failures). */
  const sendSoon = () =>
    options.afterAnswer.run('could not send e-mails', () => options.emails.kick());

  /**
   * Settles a successful charge: the attempt, the order and its e-mails move together, in one
   * statement (decision 0059). When the order can no longer be marked paid (its hold expired while
   * the provider was charging), the charge is recorded and logged for a refund, and the shopper
   * is told.
   */
  async function complete(
    row: ClaimedAttempt,
    payable: PayableOrder,
    transactionId: string,
    method: { id: string; title: string },
  ): Promise<PaymentResult> {
    // The e-mails describe the order as the statement leaves it: paid, by this method.
    const paid: PayableOrder['order'] = {
      ...payable.order,
      status: 'processing',
      payment_method: method.id,
      payment_method_title: method.title,
      transaction_id: transactionId,
    };
    const refundMessage = 'Charged, but the order could no longer be marked paid: refund it.';
    let marked = false;
    try {
      marked = await repo.completeCharge({
        attemptId: row.id,
        orderId: row.orderId,
        transactionId,
        method,
        now: now(),
        refundMessage,
        emails: options.emails.stored(`order ${paid.id}`, paidOrderEmails(paid)),
      });
    } catch (error) {
      // Nothing of the statement was written: the charge is still recorded, for the refund.
      await repo.settle(row.id, {
        status: 'succeeded',
        providerRef: transactionId,
        message: refundMessage,
      });
      log.error(
        { err: error, orderId: row.orderId, transactionId },
        'could not mark a charged order paid',
      );
    }
    if (!marked) {
      log.error(
        { orderId: row.orderId, transactionId },
        'payment taken for an order that could not be marked paid; refund needed',
      );
      throw new ApiError(
        409,
        PAYMENT_ERROR_CODES.notPayable,
        "This order was canceled before your payment went through. Please contact us and we'll refund it.",
      );
    }
    sendSoon();
    return {
      code: 200,
      message: 'Thank you! Your payment was received and your order is being prepared.',
      order_id: paid.id,
      status: 'processing',
      transaction_id: transactionId,
    };
  }

  async function refuse(
    row: ClaimedAttempt,
    result: Exclude<ChargeResult, { status: 'succeeded' }>,
  ) {
    await repo.settle(row.id, {
      status: result.status,
      providerRef: 'transactionId' in result ? result.transactionId : '',
      message: result.message,
    });
  }

  return {
    /**
     * An order placed on account needs no payment step: its confirmation goes out at once, with
     * the invoice PDF attached (without it when the PDF cannot be made: the order stands).
     */
    async invoiceOrderPlaced(order: PayableOrder['order']): Promise<void> {
      const link = orderLink(options.publicUrl, order);
      let confirmation = orderConfirmationEmail(order, link, options.shopName);
      try {
        const invoice = await options.invoiceDocument?.(order.id);
        if (invoice) {
          confirmation = invoiceOrderConfirmationEmail(order, link, options.shopName, {
            filename: invoice.filename,
            content: invoice.pdf,
            contentType: 'application/pdf',
          });
        }
      } catch (error) {
        log.error({ err: error, orderId: order.id }, 'could not make the invoice PDF');
      }
      await options.emails.add(`order ${order.id}`, paidOrderEmails(order, confirmation));
      sendSoon();
    },

    /** An order the owner entered as paid another way (decision 0041): the emails a payment sends. */
    async paidOrderPlaced(order: PayableOrder['order']): Promise<void> {
      await options.emails.add(`order ${order.id}`, paidOrderEmails(order));
      sendSoon();
    },

    async payByCard(input: CardPaymentInput, viewer: Viewer): Promise<PaymentResult> {
      const provider = options.card;
      if (!provider) throw unavailable('Card');
      const order = await orders.findForPayment(input.order_id, input.order_key, viewer);
      const row = await claim(order, provider.id);
      const result = await attempt(row, () =>
        provider.charge({
          orderId: order.id,
          amountCents: order.totalCents,
          currency: order.currency,
          paymentToken: input.payment_token,
          idempotencyKey: row.idempotencyKey,
          description: paymentDescription(options.shopName, order.id),
        }),
      );
      if (result.status === 'succeeded') {
        // Spec §9: the method's id and title are fixed; the client's title is not stored.
        return complete(row, order, result.transactionId, CARD_PAYMENT_METHOD);
      }
      await refuse(row, result);
      if (result.status === 'declined') throw declined(result.message);
      throw providerFailed('The card payment service', result.message);
    },

    /** Creates the PayPal order for the order's own total; the buttons then ask the buyer. */
    async createPayPalOrder(input: PayPalOrderInput, viewer: Viewer): Promise<{ id: string }> {
      const provider = options.paypal;
      if (!provider) throw unavailable('PayPal');
      const order = await orders.findForPayment(input.order_id, input.order_key, viewer);
      const created = await provider
        .createOrder({
          orderId: order.id,
          amountCents: order.totalCents,
          currency: order.currency,
          requestId: `larder-${order.id}-create-${randomUUID()}`,
          description: paymentDescription(options.shopName, order.id),
        })
        .catch((error: unknown) => {
          log.error({ err: error, orderId: order.id }, 'PayPal order creation threw');
          return { failed: 'unexpected error' };
        });
      if ('failed' in created) throw providerFailed('PayPal', created.failed);
      return { id: created.id };
    },

    /**
     * Captures the approved PayPal order, but only one created for this order's total: a PayPal
     * order made elsewhere (the buttons only need the public client id) is refused uncaptured.
     */
    async payByPayPal(input: PayPalPaymentInput, viewer: Viewer): Promise<PaymentResult> {
      const provider = options.paypal;
      if (!provider) throw unavailable('PayPal');
      const order = await orders.findForPayment(input.order_id, input.order_key, viewer);
      const mismatch = () =>
        new ApiError(
          402,
          PAYMENT_ERROR_CODES.mismatch,
          `This PayPal payment is not for order ${order.id} and its total of ${formatCents(order.totalCents)}. Please pay with PayPal again.`,
        );
      const approved = await provider.getOrder(input.ppec_token).catch((error: unknown) => {
        log.error({ err: error, orderId: order.id }, 'PayPal order lookup threw');
        return { failed: 'unexpected error' };
      });
      if (approved === null) {
        throw declined(
          'This PayPal payment was not found or has expired. Please try PayPal again.',
        );
      }
      if ('failed' in approved) throw providerFailed('PayPal', approved.failed);
      if (
        approved.shopOrderId !== String(order.id) ||
        approved.amountCents !== order.totalCents ||
        approved.currency !== order.currency
      ) {
        throw mismatch();
      }

      const row = await claim(order, provider.id);
      const result = await attempt(row, () =>
        provider.capture(input.ppec_token, row.idempotencyKey),
      );
      if (result.status === 'succeeded') {
        if (
          result.shopOrderId !== String(order.id) ||
          result.amountCents !== order.totalCents ||
          result.currency !== order.currency
        ) {
          await repo.settle(row.id, {
            status: 'failed',
            providerRef: result.captureId,
            message: `Captured ${result.currency} ${toMoneyString(result.amountCents)} for order ${result.shopOrderId}: refund it.`,
          });
          log.error(
            { orderId: order.id, captureId: result.captureId },
            'PayPal captured an amount that does not match the order; refund needed',
          );
          throw mismatch();
        }
        return complete(row, order, result.captureId, PAYPAL_PAYMENT_METHOD);
      }
      await refuse(row, result);
      if (result.status === 'declined') throw declined(result.message);
      throw providerFailed('PayPal', result.message);
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
