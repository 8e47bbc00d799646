import type { Route } from './+types/admin-messages';
import { adminHeaders, adminMeta, shopNameOf } from '../features/admin/admin-headers.ts';
import { loadMessages, markMessage } from '../features/admin/messages/messages.server.ts';
import { MessagesScreen } from '../features/admin/messages/messages-screen.tsx';

export const headers = adminHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Messages', shopNameOf(matches));
}

export const loader = ({ request, context }: Route.LoaderArgs) =>
  loadMessages(request, context.apiFetch, context.siteConfig.shop.name);

export const action = ({ request, context }: Route.ActionArgs) =>
  markMessage(request, context.apiFetch);

export default function AdminMessages({ loaderData, actionData }: Route.ComponentProps) {
  return <MessagesScreen {...loaderData} result={actionData} />;
}
