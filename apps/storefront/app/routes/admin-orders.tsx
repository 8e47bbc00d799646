import type { Route } from './+types/admin-orders';
import { adminHeaders, adminMeta, shopNameOf } from '../features/admin/admin-headers.ts';
import { loadOrders } from '../features/admin/orders/orders.server.ts';
import { OrdersScreen } from '../features/admin/orders/orders-screen.tsx';

export const headers = adminHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Orders', shopNameOf(matches));
}

export const loader = ({ request, context }: Route.LoaderArgs) =>
  loadOrders(request, context.apiFetch);

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  return <OrdersScreen {...loaderData} />;
}
