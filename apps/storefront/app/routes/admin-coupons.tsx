import type { Route } from './+types/admin-coupons';
import { adminHeaders, adminMeta, shopNameOf } from '../features/admin/admin-headers.ts';
import { couponsAction, loadCoupons } from '../features/admin/coupons/coupons.server.ts';
import { CouponsScreen } from '../features/admin/coupons/coupons-screen.tsx';

export const headers = adminHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Discount codes', shopNameOf(matches));
}

export const loader = ({ request, context }: Route.LoaderArgs) =>
  loadCoupons(request, context.apiFetch);

export const action = ({ request, context }: Route.ActionArgs) =>
  couponsAction(request, context.apiFetch);

export default function AdminCoupons({ loaderData, actionData }: Route.ComponentProps) {
  return <CouponsScreen {...loaderData} result={actionData} />;
}
