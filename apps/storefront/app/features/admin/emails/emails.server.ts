import type { ApiFetch } from '../../../load-context.ts';
import { pageOf } from '../list-query.ts';
import { ownerApi } from '../require-owner.server.ts';
import { postedId, postedText, refused, runAction } from '../run-action.server.ts';
import { EMAIL_TABS } from './email-labels.ts';

const PAGE_SIZE = 20;

/** The queued e-mails of one status, failed ones unless another is chosen, newest first. */
export async function loadEmails(request: Request, apiFetch: ApiFetch) {
  const url = new URL(request.url);
  const status =
    EMAIL_TABS.find((tab) => tab.value === url.searchParams.get('status'))?.value ?? 'failed';
  const page = pageOf(url);
  const api = await ownerApi(request, apiFetch);
  return {
    status,
    page,
    emails: await api.listQueuedEmails({ status, page, per_page: PAGE_SIZE }),
  };
}

/** Sends one failed or waiting e-mail again (`intent=resend`, `id`). */
export async function emailsAction(request: Request, apiFetch: ApiFetch) {
  const api = await ownerApi(request, apiFetch);
  const formData = await request.formData();
  const id = postedId(formData);
  if (postedText(formData, 'intent') !== 'resend' || id === null) {
    return refused('Choose an e-mail to send again.');
  }
  return runAction(async () => {
    const email = await api.resendEmail(id);
    return `“${email.subject}” to ${email.recipient.email} is being sent again; it moves to Sent once the mail server takes it.`;
  });
}
