import type { Route } from './+types/admin-order-new';
import { adminHeaders, adminMeta, shopNameOf } from '../features/admin/admin-headers.ts';
import { loadNewOrder, newOrderAction } from '../features/admin/orders/new-order.server.ts';
import { NewOrderScreen } from '../features/admin/orders/new-order-screen.tsx';

export const headers = adminHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('New order', shopNameOf(matches));
}

export const loader = ({ request, context }: Route.LoaderArgs) =>
  loadNewOrder(request, context.apiFetch);

export const action = ({ request, context }: Route.ActionArgs) =>
  newOrderAction(request, context.apiFetch);

export default function AdminOrderNew({ loaderData, actionData }: Route.ComponentProps) {
  return <NewOrderScreen data={loaderData} result={actionData} />;
}
