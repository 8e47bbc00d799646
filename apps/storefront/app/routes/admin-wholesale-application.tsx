import type { Route } from './+types/admin-wholesale-application';
import { adminHeaders, adminMeta, shopNameOf } from '../features/admin/admin-headers.ts';
import {
  decideApplication,
  loadApplication,
} from '../features/admin/wholesale/wholesale.server.ts';
import { WholesaleDetailScreen } from '../features/admin/wholesale/wholesale-detail-screen.tsx';

export const headers = adminHeaders;

export function meta({ data, matches }: Route.MetaArgs) {
  return adminMeta(data?.application.business_name ?? 'Wholesale application', shopNameOf(matches));
}

export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  loadApplication(request, context.apiFetch, params);

export const action = ({ request, context, params }: Route.ActionArgs) =>
  decideApplication(request, context.apiFetch, params);

export default function AdminWholesaleApplication({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  return <WholesaleDetailScreen application={loaderData.application} result={actionData} />;
}
