import {
  InvoicePaymentCreateSchema,
  OrderNoteCreateSchema,
  OrderRefundCreateSchema,
  OwnerOrderListQuerySchema,
  OwnerOrderUpdateSchema,
  type OwnerOrder,
  type OwnerOrderListQuery,
} from '@larder/contract';
import { parseMoneyInput } from '@larder/contract/money-input';
import { formatCents, formatMoney } from '@larder/contract/money';
import type { ZodError } from 'zod';
import type { ApiFetch } from '../../../load-context.ts';
import { fieldErrorsOf } from '../../../components/forms/use-schema-form.ts';
import { pageOf } from '../list-query.ts';
import { foundOr404, recordIdOf } from '../record.server.ts';
import { ownerApi } from '../require-owner.server.ts';
import { postedText, refused, runAction } from '../run-action.server.ts';
import { carrierName } from './order-labels.ts';
import { refundableCents, type RefundQuestion } from './refunds.ts';

const PAGE_SIZE = 20;

/** The list's filters as the URL carries them: empty for a filter not set. */
export interface OrderFilters {
  status: string;
  after: string;
  before: string;
  price_list: string;
  search: string;
  customer: string;
  /** Unpaid or overdue invoices (pay on account). */
  invoice: string;
}

/**
 * The filters read from the address: each checked by the contract's own query schema, so a filter
 * the API would refuse (a date such as 11/25) is dropped rather than failing the page.
 */
export function orderFiltersOf(url: URL): {
  filters: OrderFilters;
  query: Partial<OwnerOrderListQuery>;
} {
  const filters: OrderFilters = {
    status: '',
    after: '',
    before: '',
    price_list: '',
    search: '',
    customer: '',
    invoice: '',
  };
  const query: Partial<OwnerOrderListQuery> = {};
  for (const key of Object.keys(filters) as Array<keyof OrderFilters>) {
    const raw = url.searchParams.get(key)?.trim() ?? '';
    if (!raw) continue;
    const parsed = OwnerOrderListQuerySchema.safeParse({ [key]: raw });
    if (!parsed.success) continue;
    filters[key] = raw;
    Object.assign(query, { [key]: parsed.data[key] });
  }
  return { filters, query };
}

export async function loadOrders(request: Request, apiFetch: ApiFetch) {
  const url = new URL(request.url);
  const { filters, query } = orderFiltersOf(url);
  const page = pageOf(url);
  const api = await ownerApi(request, apiFetch);
  // A bare day for `before` means up to the end of that day, as the owner reads the form.
  const before =
    query.before && /^\d{4}-\d{2}-\d{2}$/.test(query.before)
      ? `${query.before}T23:59:59`
      : query.before;
  const orders = await api.listOrders({
    ...query,
    before,
    page,
    per_page: PAGE_SIZE,
    orderby: 'date',
    order: 'desc',
  });
  return { filters, page, ...orders };
}

export async function loadOrder(request: Request, params: { id?: string }, apiFetch: ApiFetch) {
  const id = recordIdOf(params);
  const api = await ownerApi(request, apiFetch);
  const [order, notes] = await foundOr404(Promise.all([api.getOrder(id), api.listOrderNotes(id)]));
  return { order, notes, refundQuestion: refundQuestionOf(new URL(request.url), order) };
}

/** The refund question of the page's address (see RefundQuestion), checked against what is left. */
function refundQuestionOf(url: URL, order: OwnerOrder): RefundQuestion {
  if (url.searchParams.get('confirm') !== 'refund') return null;
  const leftCents = refundableCents(order);
  try {
    const amountCents = parseMoneyInput(url.searchParams.get('amount') ?? '');
    if (amountCents === 0) return { error: 'Enter an amount above $0.00.' };
    if (amountCents > leftCents)
      return { error: `At most ${formatCents(leftCents)} is left to refund.` };
    return { amountCents };
  } catch {
    return { error: 'Enter an amount such as 12.50.' };
  }
}

/** Fulfil, cancel, refund or add a note to one order (`intent` says which). */
export async function orderAction(request: Request, params: { id?: string }, apiFetch: ApiFetch) {
  const id = recordIdOf(params);
  const api = await ownerApi(request, apiFetch);
  const formData = await request.formData();
  const intent = postedText(formData, 'intent');

  if (intent === 'fulfil') {
    const update = OwnerOrderUpdateSchema.safeParse({
      status: 'completed',
      shipment: {
        carrier: postedText(formData, 'carrier'),
        tracking_number: postedText(formData, 'tracking_number'),
      },
    });
    if (!update.success) {
      return refused(
        'Choose the carrier and enter the tracking number.',
        shipmentErrors(update.error),
      );
    }
    return runAction(async () => {
      const order = await api.updateOrder(id, update.data);
      const carrier = carrierName(order.shipment?.carrier ?? update.data.shipment?.carrier ?? '');
      return `Order ${order.number} was marked fulfilled, shipped by ${carrier}; the buyer was emailed the tracking link.`;
    });
  }

  if (intent === 'invoice-paid') {
    const payment = InvoicePaymentCreateSchema.safeParse({
      date_paid: postedText(formData, 'date_paid') || undefined,
      reference: postedText(formData, 'reference'),
    });
    if (!payment.success) {
      const issue = payment.error.issues[0]!;
      return refused(issue.message, { [String(issue.path[0])]: issue.message });
    }
    return runAction(async () => {
      const order = await api.markInvoicePaid(id, payment.data);
      return `The invoice for order ${order.number} is marked paid; the order is now processing.`;
    });
  }

  if (intent === 'cancel') {
    return runAction(async () => {
      const order = await api.updateOrder(id, { status: 'cancelled' });
      return `Order ${order.number} was canceled and its stock put back.`;
    });
  }

  if (intent === 'refund') {
    const refund = OrderRefundCreateSchema.safeParse({
      amount: postedText(formData, 'amount'),
      reason: postedText(formData, 'reason'),
    });
    if (!refund.success) {
      return refused('Check the refund.', fieldErrorsOf(refund.error));
    }
    return runAction(async () => {
      const made = await api.refundOrder(id, refund.data);
      return made.refunded_payment
        ? `${formatMoney(made.amount)} was refunded to the buyer's payment method.`
        : `A refund of ${formatMoney(made.amount)} was recorded.`;
    });
  }

  if (intent === 'note') {
    const note = OrderNoteCreateSchema.safeParse({
      note: postedText(formData, 'note'),
      customer_note: postedText(formData, 'customer_note') === 'true',
    });
    if (!note.success) return refused('Write the note first.', fieldErrorsOf(note.error));
    return runAction(async () => {
      const added = await api.addOrderNote(id, note.data);
      return added.customer_note
        ? 'The note was added and emailed to the customer.'
        : 'The private note was added.';
    });
  }

  return refused('Choose what to do with the order.');
}

/** The shipment's messages by the form's field names (the schema nests them under `shipment`). */
function shipmentErrors(error: ZodError): Partial<Record<string, string>> {
  const errors: Partial<Record<string, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path.at(-1);
    if (typeof field === 'string' && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
