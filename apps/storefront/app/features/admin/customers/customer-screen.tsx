import {
  isOwnerRole,
  PAYMENT_TERMS_DAYS,
  paymentTermsLabel,
  type Customer,
  type OwnerOrder,
  type PaymentTerms,
} from '@larder/contract';
import { formatMoney } from '@larder/contract/money';
import { Form, Link, useNavigation } from 'react-router';
import { SelectField, TextField } from '../../../components/forms/form-field.tsx';
import { SubmitButton } from '../../../components/forms/submit-button.tsx';
import type { ListPage } from '../../../lib/api/back-office-api.ts';
import { ActionNotice } from '../action-notice.tsx';
import type { ActionResult } from '../action-result.ts';
import { AdminPageHeader } from '../admin-shell.tsx';
import { formatDate, StatusBadge } from '../format.tsx';
import { AdminTable } from '../list-parts.tsx';
import { orderStatusLabel } from '../orders/order-labels.ts';
import { ASSIGNABLE_ROLES, ROLE_LABELS } from './customer-labels.ts';
import { customerName } from './customers-screen.tsx';

interface CustomerScreenProps {
  customer: Customer;
  orders: ListPage<OwnerOrder>;
  result: ActionResult | undefined;
}

function RoleForm({ customer, result }: { customer: Customer; result: ActionResult | undefined }) {
  const navigation = useNavigation();
  if (isOwnerRole(customer.role)) {
    return (
      <p className="admin-muted" data-testid="owner-role">
        {ROLE_LABELS[customer.role]}: an owner account’s role is changed on the command line only.
      </p>
    );
  }
  return (
    // Keyed by the role, so the select shows the saved role after a change.
    <Form
      key={customer.role}
      method="post"
      preventScrollReset
      className="admin-form"
      aria-label="Change role"
    >
      <input type="hidden" name="intent" value="role" />
      <SelectField
        id="customer-role"
        name="role"
        label="Role"
        placeholder="Choose a role"
        options={ASSIGNABLE_ROLES}
        defaultValue={customer.role}
        hint="A wholesale customer sees wholesale prices."
        error={result?.ok ? undefined : result?.fieldErrors?.role}
      />
      <SubmitButton pending={navigation.state === 'submitting'} pendingLabel="Saving…">
        Change role
      </SubmitButton>
    </Form>
  );
}

const TERMS_OPTIONS = [
  { code: 'none', name: 'No terms: pays when ordering' },
  ...(Object.keys(PAYMENT_TERMS_DAYS) as PaymentTerms[]).map((terms) => ({
    code: terms,
    name: `${paymentTermsLabel(terms)}: invoice due in ${PAYMENT_TERMS_DAYS[terms]} days`,
  })),
];

/** Pay on account: a wholesale account's terms and credit limit, with what it owes now. */
function TermsForm({ customer, result }: { customer: Customer; result: ActionResult | undefined }) {
  const navigation = useNavigation();
  const account = customer.wholesale;
  if (customer.role !== 'wholesale_customer' || !account) {
    return (
      <p className="admin-muted" data-testid="terms-unavailable">
        Payment terms are for approved wholesale accounts. Make this account a wholesale customer
        first.
      </p>
    );
  }
  const errors = result?.ok ? undefined : result?.fieldErrors;
  return (
    <>
      <dl className="admin-fields admin-fields--before-form" data-testid="account-standing">
        <div className="admin-fields__row">
          <dt>Unpaid invoices</dt>
          <dd>{formatMoney(account.balance)}</dd>
        </div>
        <div className="admin-fields__row">
          <dt>Past due</dt>
          <dd>{account.overdue_invoices === 0 ? 'None' : `${account.overdue_invoices}`}</dd>
        </div>
      </dl>
      {account.overdue_invoices > 0 ? (
        <p>
          <Link to={`/admin/orders?customer=${customer.id}&invoice=overdue`}>
            See the overdue invoices
          </Link>
        </p>
      ) : null}
      <Form
        key={`${account.terms}-${account.credit_limit}`}
        method="post"
        preventScrollReset
        className="admin-form"
        aria-label="Payment terms"
      >
        <input type="hidden" name="intent" value="terms" />
        <SelectField
          id="customer-terms"
          name="terms"
          label="Terms"
          placeholder="Choose terms"
          options={TERMS_OPTIONS}
          defaultValue={account.terms ?? 'none'}
          hint="With terms the buyer can choose Pay by invoice at checkout."
          error={errors?.['wholesale.terms'] ?? errors?.wholesale}
        />
        <TextField
          id="customer-credit-limit"
          name="credit_limit"
          label="Credit limit ($)"
          inputMode="decimal"
          defaultValue={account.credit_limit ?? ''}
          hint="Unpaid invoices may add up to this much. Needed with terms."
          error={errors?.['wholesale.credit_limit']}
        />
        <SubmitButton pending={navigation.state === 'submitting'} pendingLabel="Saving…">
          Save terms
        </SubmitButton>
      </Form>
    </>
  );
}

/** One account: who it is, its role, and its latest orders. */
export function CustomerScreen({ customer, orders, result }: CustomerScreenProps) {
  const address = customer.billing;
  return (
    <>
      <AdminPageHeader
        title={customerName(customer)}
        description={`${ROLE_LABELS[customer.role]} · joined ${formatDate(customer.date_created_gmt)}`}
      />
      <p>
        <Link to="/admin/customers">All customers</Link>
      </p>
      <ActionNotice result={result} />
      <div className="admin-grid-2">
        <section className="admin-card admin-section" aria-labelledby="customer-orders-title">
          <h2 id="customer-orders-title" className="admin-card__title">
            Orders
          </h2>
          <AdminTable
            testId="customer-orders"
            caption={`Latest orders (${orders.total})`}
            columns={['Order', 'Date', 'Status', 'Total']}
            empty="No orders yet."
            rows={orders.items.map((order) => (
              <tr key={order.id}>
                <td data-label="Order">
                  <Link to={`/admin/orders/${order.id}`}>Order #{order.number}</Link>
                </td>
                <td data-label="Date">{formatDate(order.date_created_gmt)}</td>
                <td data-label="Status">
                  <StatusBadge status={order.status} label={orderStatusLabel(order.status)} />
                </td>
                <td data-label="Total">{formatMoney(order.total)}</td>
              </tr>
            ))}
          />
          {orders.total > orders.items.length ? (
            <p>
              <Link to={`/admin/orders?customer=${customer.id}`}>
                All {orders.total} orders of this customer
              </Link>
            </p>
          ) : null}
        </section>
        <div>
          <section className="admin-card admin-section" aria-labelledby="customer-contact-title">
            <h2 id="customer-contact-title" className="admin-card__title">
              Contact
            </h2>
            <address className="admin-address">
              <a href={`mailto:${customer.email}`}>{customer.email}</a>
              {address.phone ? <span>{address.phone}</span> : null}
              {address.address_1 ? <span>{address.address_1}</span> : null}
              {address.city ? (
                <span>
                  {[address.city, address.state, address.postcode].filter(Boolean).join(' ')}
                </span>
              ) : null}
            </address>
          </section>
          <section className="admin-card admin-section" aria-labelledby="customer-role-title">
            <h2 id="customer-role-title" className="admin-card__title">
              Role
            </h2>
            <RoleForm customer={customer} result={result} />
          </section>
          <section className="admin-card admin-section" aria-labelledby="customer-terms-title">
            <h2 id="customer-terms-title" className="admin-card__title">
              Pay on account
            </h2>
            <TermsForm customer={customer} result={result} />
          </section>
        </div>
      </div>
    </>
  );
}
