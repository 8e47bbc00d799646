import { Outlet } from 'react-router';
import type { Route } from './+types/admin';
import { adminHeaders, adminMeta, shopNameOf } from '../features/admin/admin-headers.ts';
import { AdminErrorPage } from '../features/admin/admin-error.tsx';
import { AdminShell } from '../features/admin/admin-shell.tsx';
import { requireOwner } from '../features/admin/require-owner.server.ts';
import { simpleChrome } from '../features/layout/page-chrome.ts';

/** The guard for the whole back office: its loader runs for every /admin/... page and data request. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const owner = await requireOwner(request, context.apiFetch);
  return {
    // Read by the root layout (page chrome): the back office draws its own frame.
    chrome: simpleChrome('Back office', { backOffice: true }),
    ownerName: [owner.first_name, owner.last_name].filter(Boolean).join(' ') || owner.email,
    shopName: context.siteConfig.shop.name,
  };
}

// A session that ended, or a role taken away, leads out of the back office on the next move.
export function shouldRevalidate() {
  return true;
}

export const headers = adminHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Dashboard', shopNameOf(matches));
}

export function ErrorBoundary() {
  return <AdminErrorPage />;
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell ownerName={loaderData.ownerName} shopName={loaderData.shopName}>
      <Outlet />
    </AdminShell>
  );
}
