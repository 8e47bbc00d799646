import { useMemo, useState } from 'react';
import {
  INVOICE_PAYMENT_METHOD_ID,
  invoiceMethodTitle,
  invoiceRefusal,
  paymentTermsLabel,
  PURCHASE_ORDER_NUMBER_MAX,
  type Customer,
} from '@larder/contract';
import { centsOf, formatCents } from '@larder/contract/money';
import { Form, Link, useNavigation } from 'react-router';
import { SelectField, TextAreaField, TextField } from '../../../components/forms/form-field.tsx';
import { SubmitButton } from '../../../components/forms/submit-button.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import {
  quickOrderLines,
  quickOrderRows,
  rowTitle,
} from '../../wholesale/quick-order/quick-order-rows.ts';
import { ActionNotice } from '../action-notice.tsx';
import type { ActionResult } from '../action-result.ts';
import { AdminPageHeader } from '../admin-shell.tsx';
import { AdminTable } from '../list-parts.tsx';
import { wholesaleProgress } from '../../cart/wholesale-cart.ts';
import { MinimumMeter } from '../../wholesale/minimum-meter.tsx';
import { ROLE_LABELS } from '../customers/customer-labels.ts';
import type { NewOrderData } from './new-order.server.ts';
import { ADDRESS_KEYS, PAID_METHODS, quantityField, rowsForCustomer } from './new-order.ts';

type LinesStep = Extract<NewOrderData, { step: 'lines' }>;
type FieldErrors = Partial<Record<string, string>>;

const customerName = (customer: Pick<Customer, 'first_name' | 'last_name' | 'email'>) =>
  [customer.first_name, customer.last_name].filter(Boolean).join(' ') || customer.email;

const ADDRESS_LABELS: Record<string, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  company: 'Company',
  address_1: 'Street address',
  address_2: 'Apartment, suite, unit',
  city: 'City',
  state: 'State',
  postcode: 'ZIP code',
  country: 'Country code',
  email: 'Email',
  phone: 'Phone',
};
const OPTIONAL_ADDRESS = new Set(['company', 'address_2', 'state']);

/** Step one: find the customer by name, email or company. */
function CustomerSearch({ search, found }: { search: string; found: Customer[] }) {
  return (
    <>
      <Form method="get" className="admin-filters" aria-label="Find the customer">
        <TextField
          id="new-order-search"
          name="search"
          type="search"
          label="Customer"
          hint="Name, email or company"
          defaultValue={search}
        />
        <div className="admin-actions admin-filters__actions">
          <Button type="submit">Find</Button>
        </div>
      </Form>
      {search ? (
        <AdminTable
          testId="new-order-customers"
          caption={`Customers matching “${search}” (${found.length})`}
          columns={['Customer', 'Company', 'Account', 'Choose']}
          empty="No customer matches. Search by another part of the name or email."
          rows={found.map((customer) => (
            <tr key={customer.id}>
              <td data-label="Customer">
                {customerName(customer)}
                <div className="admin-muted">{customer.email}</div>
              </td>
              <td data-label="Company">{customer.billing.company || '—'}</td>
              <td data-label="Account">
                {ROLE_LABELS[customer.role]}
                {customer.wholesale?.terms ? (
                  <div className="admin-muted">{paymentTermsLabel(customer.wholesale.terms)}</div>
                ) : null}
              </td>
              <td data-label="Choose">
                <ButtonLink
                  to={`?customer=${customer.id}`}
                  variant="secondary"
                  aria-label={`Order for ${customerName(customer)}`}
                >
                  Order for
                </ButtonLink>
              </td>
            </tr>
          ))}
        />
      ) : null}
    </>
  );
}

function AddressInputs({
  prefix,
  values,
  errors,
}: {
  prefix: 'billing' | 'shipping';
  values: Record<string, string>;
  errors: FieldErrors;
}) {
  return (
    <fieldset
      className="admin-card new-order__fieldset new-order__address"
      aria-describedby={prefix === 'shipping' ? 'new-order-ship-to-hint' : undefined}
    >
      <legend className="admin-card__title">
        {prefix === 'billing' ? 'Billing address' : 'Ship to'}
      </legend>
      {prefix === 'shipping' ? (
        <p id="new-order-ship-to-hint" className="form-field__hint">
          Leave the street address empty to ship to the billing address.
        </p>
      ) : null}
      {ADDRESS_KEYS[prefix].map((key) => (
        <TextField
          key={key}
          id={`new-order-${prefix}-${key}`}
          name={`${prefix}.${key}`}
          label={ADDRESS_LABELS[key]!}
          required={prefix === 'billing' && !OPTIONAL_ADDRESS.has(key)}
          type={key === 'email' ? 'email' : key === 'phone' ? 'tel' : 'text'}
          maxLength={key === 'country' ? 2 : 200}
          defaultValue={values[key] ?? ''}
          error={errors[`${prefix}.${key}`]}
        />
      ))}
    </fieldset>
  );
}

/** Step two: the lines at the customer's prices, addresses, shipping, payment; then place it. */
function OrderLines({ data, result }: { data: LinesStep; result: ActionResult | undefined }) {
  const { customer, draft, rates, minimum } = data;
  const navigation = useNavigation();
  const errors: FieldErrors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  const wholesale = customer.role === 'wholesale_customer';
  const rows = useMemo(
    () => rowsForCustomer(quickOrderRows(data.products), wholesale),
    [data.products, wholesale],
  );
  const [quantities, setQuantities] = useState(
    () => new Map(Object.entries(draft.quantities).map(([key, n]) => [key, Number(n)])),
  );
  const lines = quickOrderLines(rows, quantities);
  const problems = new Map(lines.map((line) => [line.row.key, line]));
  const subtotalCents = lines.reduce((sum, line) => sum + line.totalCents, 0);
  const progress = minimum ? wholesaleProgress(minimum, subtotalCents) : null;
  const quotedKeys = Object.keys(draft.quantities).sort().join();
  const linesChanged =
    [...quantities]
      .filter(([, n]) => n > 0)
      .map(([key]) => key)
      .sort()
      .join() !== quotedKeys ||
    [...quantities].some(([key, n]) => n > 0 && Number(draft.quantities[key]) !== n);
  const [chosenRate, setRateId] = useState(draft.rate);
  // A new quote may not offer the rate chosen before: the cheapest is chosen then, as at checkout.
  const rateId = rates.some((rate) => rate.rate_id === chosenRate)
    ? chosenRate
    : (rates[0]?.rate_id ?? '');
  const rate = rates.find((candidate) => candidate.rate_id === rateId);
  const estimateCents = rate
    ? subtotalCents + centsOf(rate.cost) + centsOf(rate.tax.total_tax)
    : subtotalCents;
  const terms = wholesale ? (customer.wholesale ?? null) : null;
  const invoiceProblem = terms?.terms ? invoiceRefusal(terms, estimateCents, formatCents) : null;
  const canInvoice = Boolean(terms?.terms) && invoiceProblem === null;
  const [payment, setPayment] = useState(
    draft.payment || (canInvoice ? INVOICE_PAYMENT_METHOD_ID : 'paid'),
  );
  const placing = navigation.state === 'submitting' && navigation.formMethod === 'POST';

  return (
    <>
      <section className="admin-card admin-section" aria-labelledby="new-order-customer">
        <h2 id="new-order-customer" className="admin-card__title">
          {customerName(customer)}
        </h2>
        <p data-testid="new-order-account">
          {customer.email} · {ROLE_LABELS[customer.role]}
          {terms?.terms
            ? ` · ${paymentTermsLabel(terms.terms)}, credit limit ${formatCents(centsOf(terms.credit_limit ?? '0'))}, ${formatCents(centsOf(terms.balance))} unpaid`
            : ''}
        </p>
        <p className="admin-muted">
          {wholesale
            ? 'Prices, cases and minimums are this customer’s wholesale ones.'
            : 'This is a retail account: shop prices, no cases or minimums.'}{' '}
          <Link to="/admin/orders/new">Choose another customer</Link>
        </p>
      </section>
      <ActionNotice result={result} />
      <Form
        method="post"
        className="new-order"
        aria-label={`New order for ${customerName(customer)}`}
      >
        <input type="hidden" name="customer" value={customer.id} />
        <AdminTable
          testId="new-order-lines"
          caption="Lines"
          columns={['Product', 'SKU', 'Price', 'Quantity', 'Line total']}
          empty="Nothing can be ordered: no published product has a price."
          rows={rows.map((row) => {
            const line = problems.get(row.key);
            const id = `new-order-qty-${row.key.replace(':', '-')}`;
            const problemId = `${id}-problem`;
            const rules = row.rules;
            return (
              <tr
                key={row.key}
                data-testid="new-order-line"
                data-invalid={line?.problem ? '' : undefined}
              >
                <td data-label="Product">
                  <label htmlFor={id}>{rowTitle(row)}</label>
                  {rules.caseSize > 1 || rules.minQuantity > 1 ? (
                    <div className="admin-muted">
                      {rules.caseSize > 1 ? `Case of ${rules.caseSize}` : ''}
                      {rules.caseSize > 1 && rules.minQuantity > rules.caseSize
                        ? `, at least ${rules.minQuantity}`
                        : rules.caseSize <= 1 && rules.minQuantity > 1
                          ? `At least ${rules.minQuantity}`
                          : ''}
                    </div>
                  ) : null}
                  {line?.problem ? (
                    <p
                      id={problemId}
                      className="form-field__error"
                      data-testid="new-order-line-problem"
                    >
                      {line.problem}
                    </p>
                  ) : null}
                </td>
                <td data-label="SKU">{row.sku || '—'}</td>
                <td data-label="Price">{formatCents(line?.unitCents ?? row.unitCents)}</td>
                <td data-label="Quantity">
                  <input
                    id={id}
                    name={quantityField(row.key)}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    step={rules.caseSize > 1 ? rules.caseSize : 1}
                    className="form-field__control new-order__quantity"
                    defaultValue={draft.quantities[row.key] ?? ''}
                    aria-invalid={line?.problem ? true : undefined}
                    aria-describedby={line?.problem ? problemId : undefined}
                    onChange={(event) => {
                      const value = Number(event.currentTarget.value);
                      setQuantities((current) =>
                        new Map(current).set(
                          row.key,
                          Number.isInteger(value) && value > 0 ? value : 0,
                        ),
                      );
                    }}
                  />
                </td>
                <td data-label="Line total">{line ? formatCents(line.totalCents) : '—'}</td>
              </tr>
            );
          })}
        />
        <section
          className="admin-card admin-section new-order__totals"
          aria-labelledby="new-order-totals"
        >
          <h2 id="new-order-totals" className="admin-card__title">
            Totals
          </h2>
          <p data-testid="new-order-subtotal">
            Goods: <strong>{formatCents(subtotalCents)}</strong>
          </p>
          {progress ? (
            <MinimumMeter
              progress={progress}
              id="new-order-minimum"
              className="new-order__minimum"
            />
          ) : null}
          {rate ? (
            <p data-testid="new-order-estimate">
              With {rate.label} ({formatCents(centsOf(rate.cost))}) and tax (
              {formatCents(centsOf(rate.tax.total_tax))}):{' '}
              <strong>{formatCents(estimateCents)}</strong>
              {rate.tax.exempt_reason ? (
                <span className="admin-muted"> · {rate.tax.exempt_reason}</span>
              ) : null}
            </p>
          ) : null}
          <div className="admin-actions">
            <Button type="submit" formMethod="get" variant="secondary">
              Update totals
            </Button>
          </div>
        </section>
        <div className="new-order__addresses">
          <AddressInputs prefix="billing" values={draft.addresses.billing} errors={errors} />
          <AddressInputs prefix="shipping" values={draft.addresses.shipping} errors={errors} />
        </div>
        <fieldset
          className="admin-card new-order__fieldset"
          aria-describedby="new-order-shipping-hint"
        >
          <legend className="admin-card__title">Shipping</legend>
          <p id="new-order-shipping-hint" className="form-field__hint">
            {data.quoteProblem ??
              (!draft.quoted || linesChanged
                ? 'Update totals to quote shipping for these lines and this address.'
                : 'The rates this address is quoted, as at checkout.')}
          </p>
          {errors.shipping_lines ? (
            <p className="form-field__error">{errors.shipping_lines}</p>
          ) : null}
          <div className="new-order__choices">
            {rates.map((option) => (
              <div className="new-order__choice" key={option.rate_id}>
                <input
                  type="radio"
                  id={`new-order-rate-${option.rate_id}`}
                  name="rate"
                  value={option.rate_id}
                  checked={rateId === option.rate_id}
                  onChange={() => setRateId(option.rate_id)}
                />
                <label htmlFor={`new-order-rate-${option.rate_id}`}>
                  {option.label}: {formatCents(centsOf(option.cost))}
                </label>
              </div>
            ))}
          </div>
        </fieldset>
        <fieldset className="admin-card new-order__fieldset">
          <legend className="admin-card__title">Payment</legend>
          {errors.payment ? <p className="form-field__error">{errors.payment}</p> : null}
          <div className="new-order__choices">
            {terms?.terms ? (
              <div className="new-order__choice">
                <input
                  type="radio"
                  id="new-order-pay-invoice"
                  name="payment"
                  value={INVOICE_PAYMENT_METHOD_ID}
                  checked={payment === INVOICE_PAYMENT_METHOD_ID}
                  disabled={!canInvoice}
                  aria-describedby={invoiceProblem ? 'new-order-invoice-problem' : undefined}
                  onChange={() => setPayment(INVOICE_PAYMENT_METHOD_ID)}
                />
                <label htmlFor="new-order-pay-invoice">{invoiceMethodTitle(terms.terms)}</label>
              </div>
            ) : null}
            <div className="new-order__choice">
              <input
                type="radio"
                id="new-order-pay-paid"
                name="payment"
                value="paid"
                checked={payment === 'paid'}
                onChange={() => setPayment('paid')}
              />
              <label htmlFor="new-order-pay-paid">Mark paid</label>
            </div>
          </div>
          {invoiceProblem ? (
            <p id="new-order-invoice-problem" className="form-field__hint">
              {invoiceProblem.message}
            </p>
          ) : null}
          <SelectField
            id="new-order-paid-method"
            name="paid_method"
            label="Paid by"
            required={false}
            hint="For “Mark paid”: the order goes straight to processing and the customer is emailed."
            placeholder="Choose"
            options={PAID_METHODS.map((method) => ({ code: method.id, name: method.title }))}
            defaultValue={draft.paidMethod}
            error={errors.paid_method}
          />
          <TextField
            id="new-order-reference"
            name="reference"
            label="Payment reference"
            required={false}
            hint="A check number or bank reference."
            maxLength={100}
            defaultValue={draft.reference}
          />
        </fieldset>
        <div className="admin-card admin-form">
          <TextField
            id="new-order-po"
            name="purchase_order_number"
            label="Purchase-order number"
            required={false}
            maxLength={PURCHASE_ORDER_NUMBER_MAX}
            defaultValue={draft.purchaseOrderNumber}
            error={errors.purchase_order_number}
          />
          <TextAreaField
            id="new-order-note"
            name="customer_note"
            label="Note from the customer"
            required={false}
            maxLength={1000}
            rows={3}
            defaultValue={draft.note}
            error={errors.customer_note}
          />
          <div className="admin-actions">
            <SubmitButton pending={placing} pendingLabel="Placing…">
              Place order
            </SubmitButton>
          </div>
        </div>
      </Form>
    </>
  );
}

/** `/admin/orders/new`: the owner enters a phone or email order for a customer (decision 0041). */
export function NewOrderScreen({
  data,
  result,
}: {
  data: NewOrderData;
  result: ActionResult | undefined;
}) {
  return (
    <>
      <AdminPageHeader
        title="New order"
        description="A phone or email order, priced and checked as the customer: their prices, cases, minimums, tax and terms."
      />
      {data.step === 'customer' ? (
        <CustomerSearch search={data.search} found={data.found} />
      ) : (
        <OrderLines data={data} result={result} />
      )}
    </>
  );
}
