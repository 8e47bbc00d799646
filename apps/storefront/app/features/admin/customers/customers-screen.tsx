import type { Customer, CustomerRole } from '@larder/contract';
import { Form, Link } from 'react-router';
import { SelectField, TextField } from '../../../components/forms/form-field.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import type { ListPage } from '../../../lib/api/back-office-api.ts';
import { AdminPageHeader } from '../admin-shell.tsx';
import { formatDate } from '../format.tsx';
import { AdminTable, Pagination } from '../list-parts.tsx';
import { ROLE_FILTER_OPTIONS, ROLE_LABELS } from './customer-labels.ts';

interface CustomersScreenProps extends ListPage<Customer> {
  search: string;
  role: CustomerRole | 'all';
  page: number;
}

export const customerName = (customer: Customer) =>
  [customer.first_name, customer.last_name].filter(Boolean).join(' ') || customer.email;

/** Every account, newest first, found by name or email and filtered by role. */
export function CustomersScreen({
  items,
  total,
  totalPages,
  search,
  role,
  page,
}: CustomersScreenProps) {
  return (
    <>
      <AdminPageHeader
        title="Customers"
        description="Shoppers, wholesale buyers and the shop’s owners."
      />
      <Form method="get" className="admin-filters" aria-label="Filter customers">
        <TextField
          id="customers-search"
          name="search"
          type="search"
          label="Search"
          hint="Name or email"
          required={false}
          defaultValue={search}
        />
        <SelectField
          id="customers-role"
          name="role"
          label="Role"
          required={false}
          placeholder="All roles"
          options={ROLE_FILTER_OPTIONS.slice(1).map((o) => ({ code: o.value, name: o.label }))}
          defaultValue={role === 'all' ? '' : role}
        />
        <div className="admin-actions admin-filters__actions">
          <Button type="submit">Filter</Button>
          <ButtonLink to="/admin/customers" variant="ghost">
            Clear
          </ButtonLink>
        </div>
      </Form>
      <AdminTable
        testId="admin-customers"
        caption={`Customers (${total})`}
        columns={['Name', 'Email', 'Role', 'Joined']}
        empty="No customers match these filters."
        rows={items.map((customer) => (
          <tr key={customer.id} data-testid={`customer-${customer.id}`}>
            <td data-label="Name">
              <Link to={`/admin/customers/${customer.id}`}>{customerName(customer)}</Link>
            </td>
            <td data-label="Email">{customer.email}</td>
            <td data-label="Role">{ROLE_LABELS[customer.role]}</td>
            <td data-label="Joined">{formatDate(customer.date_created_gmt)}</td>
          </tr>
        ))}
      />
      <Pagination page={page} totalPages={totalPages} total={total} />
    </>
  );
}
