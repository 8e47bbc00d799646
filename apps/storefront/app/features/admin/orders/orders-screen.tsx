import type { OwnerOrder } from '@larder/contract';
import { formatMoney } from '@larder/contract/money';
import { Form, Link } from 'react-router';
import { SelectField, TextField } from '../../../components/forms/form-field.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import type { ListPage } from '../../../lib/api/back-office-api.ts';
import { AdminPageHeader } from '../admin-shell.tsx';
import { formatDate, StatusBadge } from '../format.tsx';
import { AdminTable, Pagination } from '../list-parts.tsx';
import type { OrderFilters } from './orders.server.ts';
import { ORDER_STATUS_OPTIONS, PRICE_LIST_OPTIONS, orderStatusLabel } from './order-labels.ts';

interface OrdersScreenProps extends ListPage<OwnerOrder> {
  filters: OrderFilters;
  page: number;
}

const asOptions = (options: ReadonlyArray<{ value: string; label: string }>) =>
  options.filter((option) => option.value !== 'any').map((o) => ({ code: o.value, name: o.label }));

export const buyerName = (order: OwnerOrder) =>
  [order.billing.first_name, order.billing.last_name].filter(Boolean).join(' ') ||
  order.billing.email;

/** The filters as a GET form: the address holds them, so a filtered list can be shared and reloaded. */
function OrderFiltersForm({ filters }: { filters: OrderFilters }) {
  return (
    <Form method="get" className="admin-filters" aria-label="Filter orders">
      {filters.customer ? <input type="hidden" name="customer" value={filters.customer} /> : null}
      <TextField
        id="orders-search"
        name="search"
        type="search"
        label="Search"
        hint="Order number, name or email"
        required={false}
        defaultValue={filters.search}
      />
      <SelectField
        id="orders-status"
        name="status"
        label="Status"
        required={false}
        placeholder={ORDER_STATUS_OPTIONS[0].label}
        options={asOptions(ORDER_STATUS_OPTIONS)}
        defaultValue={filters.status}
      />
      <SelectField
        id="orders-price-list"
        name="price_list"
        label="Retail or wholesale"
        required={false}
        placeholder={PRICE_LIST_OPTIONS[0].label}
        options={asOptions(PRICE_LIST_OPTIONS)}
        defaultValue={filters.price_list}
      />
      <SelectField
        id="orders-invoice"
        name="invoice"
        label="Invoices"
        required={false}
        placeholder="Any payment"
        options={[
          { code: 'unpaid', name: 'Unpaid invoices' },
          { code: 'overdue', name: 'Overdue invoices' },
        ]}
        defaultValue={filters.invoice}
      />
      <TextField
        id="orders-after"
        name="after"
        type="date"
        label="From"
        required={false}
        defaultValue={filters.after}
      />
      <TextField
        id="orders-before"
        name="before"
        type="date"
        label="To"
        required={false}
        defaultValue={filters.before}
      />
      <div className="admin-actions admin-filters__actions">
        <Button type="submit">Filter</Button>
        <ButtonLink to="/admin/orders" variant="ghost">
          Clear
        </ButtonLink>
      </div>
    </Form>
  );
}

/** Every customer's orders, newest first, filtered from the address's query. */
export function OrdersScreen({ items, total, totalPages, filters, page }: OrdersScreenProps) {
  return (
    <>
      <AdminPageHeader
        title="Orders"
        description={
          filters.customer
            ? `Orders of customer #${filters.customer}.`
            : 'Processing orders are paid and wait for you to ship them.'
        }
        actions={<ButtonLink to="/admin/orders/new">New order</ButtonLink>}
      />
      <OrderFiltersForm filters={filters} />
      <AdminTable
        testId="admin-orders"
        caption={`Orders (${total})`}
        columns={['Order', 'Date', 'Customer', 'Status', 'Type', 'Total']}
        empty="No orders match these filters."
        rows={items.map((order) => (
          <tr key={order.id} data-testid={`order-${order.id}`}>
            <td data-label="Order">
              <Link to={`/admin/orders/${order.id}`}>Order #{order.number}</Link>
            </td>
            <td data-label="Date">{formatDate(order.date_created_gmt)}</td>
            <td data-label="Customer">
              {buyerName(order)}
              <div className="admin-muted">{order.billing.email}</div>
            </td>
            <td data-label="Status">
              <StatusBadge status={order.status} label={orderStatusLabel(order.status)} />
              {order.invoice &&
              !order.date_paid_gmt &&
              (order.status === 'on-hold' || order.status === 'completed') ? (
                <div className="admin-muted">
                  Invoice due {formatDate(order.invoice.date_due_gmt)}
                  {order.invoice.overdue ? (
                    <strong className="admin-overdue"> · overdue</strong>
                  ) : null}
                </div>
              ) : null}
            </td>
            <td data-label="Type">{order.price_list === 'wholesale' ? 'Wholesale' : 'Retail'}</td>
            <td data-label="Total">{formatMoney(order.total)}</td>
          </tr>
        ))}
      />
      <Pagination page={page} totalPages={totalPages} total={total} />
    </>
  );
}
