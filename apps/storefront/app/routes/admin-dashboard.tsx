import type { Route } from './+types/admin-dashboard';
import { adminHeaders, adminMeta, shopNameOf } from '../features/admin/admin-headers.ts';
import { loadDashboard } from '../features/admin/dashboard/dashboard.server.ts';
import { DashboardScreen } from '../features/admin/dashboard/dashboard-screen.tsx';

export const headers = adminHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Dashboard', shopNameOf(matches));
}

export const loader = ({ request, context }: Route.LoaderArgs) =>
  loadDashboard(request, context.apiFetch);

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  return <DashboardScreen {...loaderData} />;
}
