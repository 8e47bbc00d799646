import type { Route } from './+types/admin-shipping';
import { adminHeaders, adminMeta, shopNameOf } from '../features/admin/admin-headers.ts';
import { loadShipping, shippingAction } from '../features/admin/shipping/shipping.server.ts';
import { ShippingScreen } from '../features/admin/shipping/shipping-screen.tsx';

export const headers = adminHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Shipping', shopNameOf(matches));
}

export const loader = ({ request, context }: Route.LoaderArgs) =>
  loadShipping(request, context.apiFetch);

export const action = ({ request, context }: Route.ActionArgs) =>
  shippingAction(request, context.apiFetch);

export default function AdminShipping({ loaderData, actionData }: Route.ComponentProps) {
  return <ShippingScreen {...loaderData} result={actionData} />;
}
