import type { Route } from './+types/admin-taxes';
import { adminHeaders, adminMeta, shopNameOf } from '../features/admin/admin-headers.ts';
import { loadTaxes, taxesAction } from '../features/admin/taxes/taxes.server.ts';
import { TaxesScreen } from '../features/admin/taxes/taxes-screen.tsx';

export const headers = adminHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Sales tax', shopNameOf(matches));
}

export const loader = ({ request, context }: Route.LoaderArgs) =>
  loadTaxes(request, context.apiFetch);

export const action = ({ request, context }: Route.ActionArgs) =>
  taxesAction(request, context.apiFetch);

export default function AdminTaxes({ loaderData, actionData }: Route.ComponentProps) {
  return <TaxesScreen {...loaderData} result={actionData} />;
}
