import type { Route } from './+types/admin-wholesale';
import { adminHeaders, adminMeta, shopNameOf } from '../features/admin/admin-headers.ts';
import { loadApplications, wholesaleAction } from '../features/admin/wholesale/wholesale.server.ts';
import { WholesaleListScreen } from '../features/admin/wholesale/wholesale-list-screen.tsx';

export const headers = adminHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Wholesale', shopNameOf(matches));
}

export const loader = ({ request, context }: Route.LoaderArgs) =>
  loadApplications(request, context.apiFetch);

export const action = ({ request, context }: Route.ActionArgs) =>
  wholesaleAction(request, context.apiFetch);

export default function AdminWholesale({ loaderData, actionData }: Route.ComponentProps) {
  return <WholesaleListScreen {...loaderData} result={actionData} />;
}
