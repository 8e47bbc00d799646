import type { Route } from './+types/admin-security';
import { adminHeaders, adminMeta, shopNameOf } from '../features/admin/admin-headers.ts';
import { loadSecurity, securityAction } from '../features/admin/security/security.server.ts';
import { SecurityScreen } from '../features/admin/security/security-screen.tsx';

export const headers = adminHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Your sign-in', shopNameOf(matches));
}

export const loader = ({ request, context }: Route.LoaderArgs) =>
  loadSecurity(request, context.apiFetch);

export const action = ({ request, context }: Route.ActionArgs) =>
  securityAction(request, context.apiFetch);

export default function AdminSecurity({ loaderData, actionData }: Route.ComponentProps) {
  return <SecurityScreen {...loaderData} result={actionData} />;
}
