import type { Route } from './+types/admin-webhooks';
import { adminHeaders, adminMeta, shopNameOf } from '../features/admin/admin-headers.ts';
import { loadWebhooks, webhooksAction } from '../features/admin/webhooks/webhooks.server.ts';
import { WebhooksScreen } from '../features/admin/webhooks/webhooks-screen.tsx';

export const headers = adminHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Webhooks', shopNameOf(matches));
}

export const loader = ({ request, context }: Route.LoaderArgs) =>
  loadWebhooks(request, context.apiFetch);

export const action = ({ request, context }: Route.ActionArgs) =>
  webhooksAction(request, context.apiFetch);

export default function AdminWebhooks({ loaderData, actionData }: Route.ComponentProps) {
  return <WebhooksScreen {...loaderData} result={actionData} />;
}
