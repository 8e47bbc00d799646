import type { Route } from './+types/admin-emails';
import { adminHeaders, adminMeta, shopNameOf } from '../features/admin/admin-headers.ts';
import { emailsAction, loadEmails } from '../features/admin/emails/emails.server.ts';
import { EmailsScreen } from '../features/admin/emails/emails-screen.tsx';

export const headers = adminHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('E-mails', shopNameOf(matches));
}

export const loader = ({ request, context }: Route.LoaderArgs) =>
  loadEmails(request, context.apiFetch);

export const action = ({ request, context }: Route.ActionArgs) =>
  emailsAction(request, context.apiFetch);

export default function AdminEmails({ loaderData, actionData }: Route.ComponentProps) {
  return <EmailsScreen {...loaderData} result={actionData} />;
}
