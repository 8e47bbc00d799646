import type { Route } from './+types/admin-wholesale';
import { adminHeaders, adminMeta, shopNameOf } from '../features/admin/admin-headers.ts';
import { loadApplications } from '../features/admin/wholesale/wholesale.server.ts';
import { WholesaleListScreen } from '../features/admin/wholesale/wholesale-list-screen.tsx';

export const headers = adminHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Wholesale applications', shopNameOf(matches));
}

export const loader = ({ request, context }: Route.LoaderArgs) =>
  loadApplications(request, context.apiFetch);

export default function AdminWholesale({ loaderData }: Route.ComponentProps) {
  return <WholesaleListScreen {...loaderData} />;
}
