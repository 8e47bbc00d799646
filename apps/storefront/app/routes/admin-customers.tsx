import type { Route } from './+types/admin-customers';
import { adminHeaders, adminMeta, shopNameOf } from '../features/admin/admin-headers.ts';
import { loadCustomers } from '../features/admin/customers/customers.server.ts';
import { CustomersScreen } from '../features/admin/customers/customers-screen.tsx';

export const headers = adminHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Customers', shopNameOf(matches));
}

export const loader = ({ request, context }: Route.LoaderArgs) =>
  loadCustomers(request, context.apiFetch);

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  return <CustomersScreen {...loaderData} />;
}
