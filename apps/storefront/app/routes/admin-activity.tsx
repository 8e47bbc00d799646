import type { Route } from './+types/admin-activity';
import { adminHeaders, adminMeta, shopNameOf } from '../features/admin/admin-headers.ts';
import { loadActivity } from '../features/admin/activity/activity.server.ts';
import { ActivityScreen } from '../features/admin/activity/activity-screen.tsx';

export const headers = adminHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Activity', shopNameOf(matches));
}

export const loader = ({ request, context }: Route.LoaderArgs) =>
  loadActivity(request, context.apiFetch);

export default function AdminActivity({ loaderData }: Route.ComponentProps) {
  return <ActivityScreen {...loaderData} />;
}
