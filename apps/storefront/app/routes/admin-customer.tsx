import type { Route } from './+types/admin-customer';
import { adminHeaders, adminMeta, shopNameOf } from '../features/admin/admin-headers.ts';
import { customerAction, loadCustomer } from '../features/admin/customers/customers.server.ts';
import { CustomerScreen } from '../features/admin/customers/customer-screen.tsx';

export const headers = adminHeaders;

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const customer = loaderData?.customer;
  const name = customer
    ? [customer.first_name, customer.last_name].filter(Boolean).join(' ') || customer.email
    : 'Customer';
  return adminMeta(name, shopNameOf(matches));
}

export const loader = ({ request, params, context }: Route.LoaderArgs) =>
  loadCustomer(request, params, context.apiFetch);

export const action = ({ request, params, context }: Route.ActionArgs) =>
  customerAction(request, params, context.apiFetch);

export default function AdminCustomer({ loaderData, actionData }: Route.ComponentProps) {
  return <CustomerScreen {...loaderData} result={actionData} />;
}
