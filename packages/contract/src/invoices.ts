import { z } from 'zod';
import { MoneyStringSchema } from './common.ts';
import { centsOf } from './money.ts';

/**
 * Pay on account (issue 15): an approved wholesale account with payment terms may pay an order by
 * invoice, due a number of days after the order is placed, within its credit limit.
 */
export const PaymentTermsSchema = z.enum(['net15', 'net30', 'net60'], {
  error: 'Choose net15, net30, net60 or none.',
});
export type PaymentTerms = z.infer<typeof PaymentTermsSchema>;

export const PAYMENT_TERMS_DAYS: Record<PaymentTerms, number> = { net15: 15, net30: 30, net60: 60 };

/** "Net 30". */
export const paymentTermsLabel = (terms: PaymentTerms) => `Net ${PAYMENT_TERMS_DAYS[terms]}`;

export const INVOICE_PAYMENT_METHOD_ID = 'invoice';
/** "Pay by invoice (Net 30)": the checkout's option and the order's payment_method_title. */
export const invoiceMethodTitle = (terms: PaymentTerms) =>
  `Pay by invoice (${paymentTermsLabel(terms)})`;

/** The day an invoice is due: the order's date plus the terms' days (UTC). */
export const invoiceDueDate = (ordered: Date, terms: PaymentTerms): Date =>
  new Date(ordered.getTime() + PAYMENT_TERMS_DAYS[terms] * 86_400_000);

export const PURCHASE_ORDER_NUMBER_MAX = 40;
/** The buyer's own reference for the order, printed on the invoice. */
export const PurchaseOrderNumberSchema = z
  .string({ error: 'Enter the purchase order number as text.' })
  .trim()
  .max(
    PURCHASE_ORDER_NUMBER_MAX,
    `Keep the purchase order number under ${PURCHASE_ORDER_NUMBER_MAX} characters.`,
  )
  .regex(/^[^\p{Cc}]*$/u, 'Use letters, digits and punctuation only.');

/**
 * A wholesale account's terms, on `GET /customers/{id}` for the owner and the customer themself:
 * the limit, what its unpaid invoices add up to, and how many of them are past due.
 */
export const CustomerWholesaleTermsSchema = z.object({
  terms: PaymentTermsSchema.nullable(),
  credit_limit: MoneyStringSchema.nullable(),
  balance: MoneyStringSchema,
  overdue_invoices: z.number().int(),
});
export type CustomerWholesaleTerms = z.infer<typeof CustomerWholesaleTermsSchema>;

/**
 * The owner's `PUT /customers/{id}` with `{"wholesale": {...}}`: `terms` net15/net30/net60 or
 * `none` (null too), `credit_limit` a money string such as "1000.00" (needed with terms).
 */
export const WholesaleTermsUpdateSchema = z.object(
  {
    terms: z.union([PaymentTermsSchema, z.literal('none'), z.null()], {
      error: 'Choose net15, net30, net60 or none.',
    }),
    credit_limit: z
      .union([z.string().max(20, 'Write the limit in dollars, such as 1000.00.'), z.null()], {
        error: 'Write the credit limit as a money string, such as "1000.00".',
      })
      .optional(),
  },
  { error: 'Send wholesale as {terms, credit_limit}.' },
);
export type WholesaleTermsUpdate = z.input<typeof WholesaleTermsUpdateSchema>;

/** An invoice order's terms, due date and PO number (`invoice` on the order; null otherwise). */
export const OrderInvoiceSchema = z.object({
  terms: PaymentTermsSchema,
  purchase_order_number: z.string(),
  date_due: z.string(),
  date_due_gmt: z.string(),
  /** Unpaid and past its due date. */
  overdue: z.boolean(),
  /** The owner's reference for the payment when it was marked paid ('' when none was given). */
  payment_reference: z.string(),
});
export type OrderInvoice = z.infer<typeof OrderInvoiceSchema>;

/** `POST /orders/{id}/invoice-payment` (owner): the day the money came in and its reference. */
export const InvoicePaymentCreateSchema = z.object({
  date_paid: z.iso
    .date({ error: 'Give the day it was paid as YYYY-MM-DD.' })
    .optional()
    .describe('The day the payment came in (YYYY-MM-DD, default today).'),
  reference: z
    .string({ error: 'Enter the payment reference as text.' })
    .trim()
    .max(100, 'Keep the reference under 100 characters.')
    .default(''),
});
export type InvoicePaymentCreate = z.input<typeof InvoicePaymentCreateSchema>;

/** Refusals of `payment_method: "invoice"`; each message says why and that a card still works. */
export const INVOICE_ERROR_CODES = {
  notOffered: 'larder_invoice_unavailable',
  overLimit: 'larder_credit_limit_exceeded',
  overdue: 'larder_invoice_overdue',
} as const;

/** Why this buyer cannot pay this total by invoice, or null when they can (checkout and server). */
export function invoiceRefusal(
  account: CustomerWholesaleTerms | null | undefined,
  totalCents: number,
  money: (cents: number) => string,
): { code: string; message: string } | null {
  if (!account?.terms || account.credit_limit === null) {
    return {
      code: INVOICE_ERROR_CODES.notOffered,
      message:
        'Pay by invoice is for approved wholesale accounts with payment terms. Please pay by card.',
    };
  }
  if (account.overdue_invoices > 0) {
    return {
      code: INVOICE_ERROR_CODES.overdue,
      message: `Your account has ${account.overdue_invoices === 1 ? 'an invoice' : `${account.overdue_invoices} invoices`} past due, so new orders cannot go on account until ${account.overdue_invoices === 1 ? 'it is' : 'they are'} paid. Please pay by card.`,
    };
  }
  const limit = centsOf(account.credit_limit);
  const balance = centsOf(account.balance);
  if (balance + totalCents > limit) {
    return {
      code: INVOICE_ERROR_CODES.overLimit,
      message: `This order (${money(totalCents)}) would take your account over its credit limit of ${money(limit)}: ${money(balance)} is already unpaid, so ${money(Math.max(0, limit - balance))} is left. Please pay by card.`,
    };
  }
  return null;
}
