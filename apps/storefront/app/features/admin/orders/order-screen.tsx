import { taxLineCents, type OrderNote, type OwnerOrder } from '@larder/contract';
import { centsOf, formatCents, formatMoney } from '@larder/contract/money';
import { Fragment, useEffect, useRef } from 'react';
import { Form, Link, useLocation, useNavigation } from 'react-router';
import { SelectField, TextAreaField, TextField } from '../../../components/forms/form-field.tsx';
import { SubmitButton } from '../../../components/forms/submit-button.tsx';
import { ActionNotice } from '../action-notice.tsx';
import type { ActionResult } from '../action-result.ts';
import { AdminPageHeader } from '../admin-shell.tsx';
import { formatDate, formatDateTime, StatusBadge } from '../format.tsx';
import { ConfirmAction } from '../list-parts.tsx';
import { hrefWith } from '../list-query.ts';
import { orderDocumentHref } from './order-documents.ts';
import { CARRIER_OPTIONS, carrierName, orderStatusLabel } from './order-labels.ts';
import { buyerName } from './orders-screen.tsx';
import { refundableCents, type RefundQuestion } from './refunds.ts';

interface OrderScreenProps {
  order: OwnerOrder;
  notes: OrderNote[];
  refundQuestion: RefundQuestion;
  result: ActionResult | undefined;
}

const FULFILLABLE = new Set(['processing', 'on-hold']);
const CANCELLABLE = new Set(['pending', 'processing', 'on-hold']);
const REFUNDABLE = new Set(['processing', 'on-hold', 'completed', 'cancelled']);

function Address({
  title,
  address,
}: {
  title: string;
  address: OwnerOrder['shipping'] & { email?: string };
}) {
  const lines = [
    [address.first_name, address.last_name].filter(Boolean).join(' '),
    address.company,
    address.address_1,
    address.address_2,
    [address.city, address.state, address.postcode].filter(Boolean).join(' '),
    address.country,
    address.email,
    address.phone,
  ].filter(Boolean);
  return (
    <section className="admin-card" aria-labelledby={`${title}-title`}>
      <h2 id={`${title}-title`} className="admin-card__title">
        {title === 'billing' ? 'Billing address' : 'Shipping address'}
      </h2>
      <address className="admin-address">
        {lines.map((line, index) => (
          <span key={index}>{line}</span>
        ))}
      </address>
    </section>
  );
}

/**
 * A PDF to print, opened in a new tab so the order stays open here. A plain link, not a router
 * Link: the PDF comes from a resource route, which the browser must load as a document.
 */
function PrintLink({ href, label }: { href: string; label: string }) {
  return (
    <a className="button button--secondary" href={href} target="_blank" rel="noopener">
      {label}
      <span className="visually-hidden"> (PDF, opens in a new tab)</span>
    </a>
  );
}

function Lines({ order }: { order: OwnerOrder }) {
  return (
    <>
      <div className="admin-table-wrap">
        <table className="admin-table admin-table--cards" data-testid="order-lines">
          {/* The card's heading says it already; the caption names the table for screen readers. */}
          <caption className="visually-hidden">Items</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">SKU</th>
              <th scope="col">Quantity</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {order.line_items.map((line) => (
              <tr key={line.id}>
                <td data-label="Product">
                  {line.parent_name ?? line.name}
                  {line.meta_data.map((meta) => (
                    <div key={meta.id} className="admin-muted">
                      {meta.display_key}: {meta.display_value}
                    </div>
                  ))}
                </td>
                <td data-label="SKU">{line.sku || '—'}</td>
                <td data-label="Quantity">{line.quantity}</td>
                <td data-label="Total">{formatMoney(line.subtotal)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="admin-totals">
        {order.discount_total !== '0.00' ? (
          <>
            <dt>Discount ({order.coupon_lines.map((line) => line.code).join(', ')})</dt>
            <dd data-testid="order-discount">−{formatMoney(order.discount_total)}</dd>
          </>
        ) : null}
        <dt>Shipping ({order.shipping_lines[0]?.method_title ?? 'none'})</dt>
        <dd>{formatMoney(order.shipping_total)}</dd>
        {order.tax_lines.length > 0 ? (
          order.tax_lines.map((line) => (
            <Fragment key={line.id}>
              <dt>
                {line.label} ({line.rate_percent} %)
              </dt>
              <dd data-testid="order-tax-line">{formatCents(taxLineCents(line))}</dd>
            </Fragment>
          ))
        ) : (
          <>
            <dt>Sales tax{order.tax_exempt_reason ? ` (${order.tax_exempt_reason})` : ''}</dt>
            <dd data-testid="order-tax">{formatMoney(order.total_tax)}</dd>
          </>
        )}
        <dt>Total</dt>
        <dd data-testid="order-total">{formatMoney(order.total)}</dd>
      </dl>
    </>
  );
}

function FulfilForm({ order, result }: { order: OwnerOrder; result: ActionResult | undefined }) {
  const navigation = useNavigation();
  const errors = result?.ok ? {} : (result?.fieldErrors ?? {});
  return (
    <Form method="post" preventScrollReset className="admin-form" aria-label="Mark fulfilled">
      <input type="hidden" name="intent" value="fulfil" />
      <SelectField
        id="fulfil-carrier"
        name="carrier"
        label="Carrier"
        placeholder="Choose the carrier"
        options={CARRIER_OPTIONS}
        error={errors.carrier}
      />
      <TextField
        id="fulfil-tracking"
        name="tracking_number"
        label="Tracking number"
        autoComplete="off"
        maxLength={100}
        error={errors.tracking_number}
      />
      <SubmitButton
        pending={navigation.formData?.get('intent') === 'fulfil'}
        pendingLabel="Saving…"
      >
        Mark fulfilled
      </SubmitButton>
      <p className="admin-muted">The buyer is emailed the tracking link.</p>
      {order.status === 'on-hold' ? (
        <p className="admin-muted">
          {order.invoice
            ? 'On account: it ships now and is paid by its due date.'
            : 'The order is on hold: check it before you ship.'}
        </p>
      ) : null}
    </Form>
  );
}

/**
 * Refund in two steps that work without JavaScript: the amount and reason go into the address
 * (`?confirm=refund`), the page asks about that exact amount, and only the second step posts.
 */
function RefundForm({
  order,
  question,
  result,
}: {
  order: OwnerOrder;
  question: RefundQuestion;
  result: ActionResult | undefined;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const query = new URLSearchParams(location.search);
  const amount = query.get('amount') ?? '';
  const reason = query.get('reason') ?? '';
  const leftCents = refundableCents(order);
  const postedError = result?.ok ? undefined : result?.fieldErrors?.amount;
  const amountError = postedError ?? question?.error;
  const amountCents = question?.amountCents ?? null;
  const asking = amountCents !== null && !amountError;
  const questionRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (asking) questionRef.current?.focus();
  }, [asking]);
  const withoutQuestion = hrefWith(location, {
    confirm: undefined,
    amount: undefined,
    reason: undefined,
  });

  if (asking && amountCents !== null) {
    return (
      <div
        ref={questionRef}
        tabIndex={-1}
        role="group"
        aria-labelledby="confirm-refund"
        className="admin-confirm"
      >
        <p id="confirm-refund" className="admin-confirm__question">
          Refund {formatCents(amountCents)} of order #{order.number} to the buyer’s payment method?
          It cannot be undone.
        </p>
        <Form method="post" action={withoutQuestion} preventScrollReset className="admin-actions">
          <input type="hidden" name="intent" value="refund" />
          <input type="hidden" name="amount" value={amount} />
          <input type="hidden" name="reason" value={reason} />
          <SubmitButton pending={navigation.state === 'submitting'} pendingLabel="Refunding…">
            Yes, refund {formatCents(amountCents)}
          </SubmitButton>
          <Link to={withoutQuestion} preventScrollReset className="button button--ghost">
            Keep it
          </Link>
        </Form>
      </div>
    );
  }
  if (leftCents === 0) return <p className="admin-muted">Nothing is left to refund.</p>;
  return (
    <Form method="get" preventScrollReset className="admin-form" aria-label="Refund">
      <input type="hidden" name="confirm" value="refund" />
      <TextField
        id="refund-amount"
        name="amount"
        label="Amount (USD)"
        inputMode="decimal"
        hint={`Up to ${formatCents(leftCents)}`}
        defaultValue={amount}
        error={amountError}
      />
      <TextField
        id="refund-reason"
        name="reason"
        label="Reason"
        required={false}
        maxLength={1000}
        defaultValue={reason}
        error={result?.ok ? undefined : result?.fieldErrors?.reason}
      />
      <SubmitButton variant="secondary" pending={false} pendingLabel="">
        Refund…
      </SubmitButton>
    </Form>
  );
}

/** Pay on account: the owner records the money that came in for an on-hold invoice order. */
function InvoicePaidForm({ result }: { result: ActionResult | undefined }) {
  const navigation = useNavigation();
  const errors = result?.ok ? {} : (result?.fieldErrors ?? {});
  const today = new Date().toISOString().slice(0, 10);
  return (
    <Form method="post" preventScrollReset className="admin-form" aria-label="Mark invoice paid">
      <input type="hidden" name="intent" value="invoice-paid" />
      <TextField
        id="invoice-date-paid"
        name="date_paid"
        type="date"
        label="Paid on"
        max={today}
        defaultValue={today}
        error={errors.date_paid}
      />
      <TextField
        id="invoice-reference"
        name="reference"
        label="Reference"
        required={false}
        hint="A check or bank transfer number, if any."
        autoComplete="off"
        maxLength={100}
        error={errors.reference}
      />
      <SubmitButton
        pending={navigation.formData?.get('intent') === 'invoice-paid'}
        pendingLabel="Saving…"
      >
        Mark invoice paid
      </SubmitButton>
    </Form>
  );
}

function NoteForm({ result, noteCount }: { result: ActionResult | undefined; noteCount: number }) {
  const navigation = useNavigation();
  return (
    // Keyed by the number of notes: a note that was added empties the form.
    <Form
      key={noteCount}
      method="post"
      preventScrollReset
      className="admin-form"
      aria-label="Add a note"
    >
      <input type="hidden" name="intent" value="note" />
      <TextAreaField
        id="note-text"
        name="note"
        label="Note"
        maxLength={5000}
        error={result?.ok ? undefined : result?.fieldErrors?.note}
      />
      <SelectField
        id="note-visibility"
        name="customer_note"
        label="Who sees it"
        required={false}
        placeholder="Private: owners only"
        options={[{ code: 'true', name: 'The customer: emailed to them' }]}
      />
      <SubmitButton
        variant="secondary"
        pending={navigation.formData?.get('intent') === 'note'}
        pendingLabel="Adding…"
      >
        Add note
      </SubmitButton>
    </Form>
  );
}

/** One order with everything an owner does to it: ship, cancel, refund, write a note. */
export function OrderScreen({ order, notes, refundQuestion, result }: OrderScreenProps) {
  return (
    <>
      <AdminPageHeader
        title={`Order #${order.number}`}
        description={
          <>
            <StatusBadge status={order.status} label={orderStatusLabel(order.status)} />{' '}
            {order.price_list === 'wholesale' ? 'Wholesale' : 'Retail'} · placed{' '}
            {formatDateTime(order.date_created_gmt)} by {buyerName(order)}
            {order.customer_id ? (
              <>
                {' '}
                (<Link to={`/admin/customers/${order.customer_id}`}>customer record</Link>)
              </>
            ) : (
              ' (guest)'
            )}
          </>
        }
        actions={
          <>
            <PrintLink
              href={orderDocumentHref(order.id, 'packing-slip.pdf')}
              label="Packing slip"
            />
            <PrintLink href={orderDocumentHref(order.id, 'invoice.pdf')} label="Invoice" />
            {CANCELLABLE.has(order.status) ? (
              <ConfirmAction
                confirmKey="cancel"
                label="Cancel order"
                question={`Cancel order #${order.number}? Its stock goes back on sale; a paid order is not refunded by this.`}
                confirmLabel="Yes, cancel the order"
              >
                <input type="hidden" name="intent" value="cancel" />
              </ConfirmAction>
            ) : null}
          </>
        }
      />
      <p>
        <Link to="/admin/orders">All orders</Link>
      </p>
      <ActionNotice result={result} />
      <div className="admin-grid-2">
        <div>
          <section className="admin-card admin-section" aria-labelledby="lines-title">
            <h2 id="lines-title" className="admin-card__title">
              Items
            </h2>
            <Lines order={order} />
            {order.customer_note ? (
              <p>
                <strong>Customer’s note:</strong> {order.customer_note}
              </p>
            ) : null}
          </section>
          <section className="admin-card admin-section" aria-labelledby="notes-title">
            <h2 id="notes-title" className="admin-card__title">
              Notes
            </h2>
            {notes.length === 0 ? (
              <p className="admin-muted">No notes yet.</p>
            ) : (
              <ol className="admin-notes" data-testid="order-notes">
                {notes.map((note) => (
                  <li key={note.id} className="admin-note">
                    <p className="admin-note__text">{note.note}</p>
                    <p className="admin-muted">
                      {note.customer_note ? 'To the customer' : 'Private'} · {note.author} ·{' '}
                      {formatDateTime(note.date_created_gmt)}
                    </p>
                  </li>
                ))}
              </ol>
            )}
            <NoteForm result={result} noteCount={notes.length} />
          </section>
        </div>
        <div>
          <section className="admin-card admin-section" aria-labelledby="payment-title">
            <h2 id="payment-title" className="admin-card__title">
              Payment
            </h2>
            <p>
              {order.payment_method_title || order.payment_method}
              {order.date_paid_gmt ? (
                <span className="admin-muted"> · paid {formatDateTime(order.date_paid_gmt)}</span>
              ) : (
                <span className="admin-muted"> · not paid</span>
              )}
            </p>
            {order.transaction_id ? (
              <p className="admin-muted">
                {order.invoice ? 'Reference' : 'Transaction'} {order.transaction_id}
              </p>
            ) : null}
            {order.invoice ? (
              <dl className="admin-fields admin-fields--before-form" data-testid="order-invoice">
                <div className="admin-fields__row">
                  <dt>Due</dt>
                  <dd>
                    {formatDate(order.invoice.date_due_gmt)}
                    {order.invoice.overdue ? (
                      <strong className="admin-overdue"> · overdue</strong>
                    ) : null}
                  </dd>
                </div>
                <div className="admin-fields__row">
                  <dt>PO number</dt>
                  <dd>{order.invoice.purchase_order_number || '—'}</dd>
                </div>
              </dl>
            ) : null}
            {order.invoice &&
            (order.status === 'on-hold' || order.status === 'completed') &&
            !order.date_paid_gmt ? (
              <InvoicePaidForm result={result} />
            ) : null}
          </section>
          <section className="admin-card admin-section" aria-labelledby="shipment-title">
            <h2 id="shipment-title" className="admin-card__title">
              Shipment
            </h2>
            {order.shipment ? (
              <p data-testid="order-shipment">
                {carrierName(order.shipment.carrier)} ·{' '}
                {order.shipment.tracking_url ? (
                  <a href={order.shipment.tracking_url} rel="noreferrer" target="_blank">
                    {order.shipment.tracking_number}
                  </a>
                ) : (
                  order.shipment.tracking_number
                )}
                <span className="admin-muted">
                  {' '}
                  · shipped {formatDateTime(order.shipment.date_shipped_gmt)}
                </span>
              </p>
            ) : FULFILLABLE.has(order.status) ? (
              <FulfilForm order={order} result={result} />
            ) : (
              <p className="admin-muted">Not shipped.</p>
            )}
          </section>
          <section className="admin-card admin-section" aria-labelledby="refunds-title">
            <h2 id="refunds-title" className="admin-card__title">
              Refunds
            </h2>
            {order.refunds.length === 0 ? null : (
              <ul className="admin-notes" data-testid="order-refunds">
                {order.refunds.map((refund) => (
                  <li key={refund.id}>
                    {formatCents(Math.abs(centsOf(refund.total)))}
                    {refund.reason ? ` · ${refund.reason}` : ''}
                  </li>
                ))}
              </ul>
            )}
            {REFUNDABLE.has(order.status) && order.date_paid_gmt ? (
              <RefundForm order={order} question={refundQuestion} result={result} />
            ) : order.refunds.length === 0 ? (
              <p className="admin-muted">No refunds.</p>
            ) : null}
          </section>
          <Address title="billing" address={order.billing} />
          <Address title="shipping" address={order.shipping} />
        </div>
      </div>
    </>
  );
}
