import type { Route } from './+types/admin-order';
import { adminHeaders, adminMeta, shopNameOf } from '../features/admin/admin-headers.ts';
import { loadOrder, orderAction } from '../features/admin/orders/orders.server.ts';
import { OrderScreen } from '../features/admin/orders/order-screen.tsx';

export const headers = adminHeaders;

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const title = loaderData ? `Order #${loaderData.order.number}` : 'Order';
  return adminMeta(title, shopNameOf(matches));
}

export const loader = ({ request, params, context }: Route.LoaderArgs) =>
  loadOrder(request, params, context.apiFetch);

export const action = ({ request, params, context }: Route.ActionArgs) =>
  orderAction(request, params, context.apiFetch);

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  return <OrderScreen {...loaderData} result={actionData} />;
}
