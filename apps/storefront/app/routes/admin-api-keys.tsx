import type { Route } from './+types/admin-api-keys';
import { adminHeaders, adminMeta, shopNameOf } from '../features/admin/admin-headers.ts';
import { apiKeysAction, loadApiKeys } from '../features/admin/api-keys/api-keys.server.ts';
import { ApiKeysScreen } from '../features/admin/api-keys/api-keys-screen.tsx';

export const headers = adminHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('API keys', shopNameOf(matches));
}

export const loader = ({ request, context }: Route.LoaderArgs) =>
  loadApiKeys(request, context.apiFetch);

export const action = ({ request, context }: Route.ActionArgs) =>
  apiKeysAction(request, context.apiFetch);

export default function AdminApiKeys({ loaderData, actionData }: Route.ComponentProps) {
  return <ApiKeysScreen {...loaderData} result={actionData} />;
}
