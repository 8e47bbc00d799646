import type { ApiFetch } from '../../../load-context.ts';
import { pageOf } from '../list-query.ts';
import { ownerApi } from '../require-owner.server.ts';
import { postedId, postedText, refused, runAction } from '../run-action.server.ts';
import { MESSAGE_LISTS, MESSAGE_TABS } from './message-labels.ts';

const PAGE_SIZE = 20;

export async function loadMessages(request: Request, apiFetch: ApiFetch, shopName: string) {
  const url = new URL(request.url);
  const list =
    MESSAGE_LISTS.find((entry) => entry.value === url.searchParams.get('list'))?.value ?? 'contact';
  const status =
    MESSAGE_TABS.find((tab) => tab.value === url.searchParams.get('status'))?.value ?? 'unhandled';
  const page = pageOf(url);
  const api = await ownerApi(request, apiFetch);
  if (list === 'newsletter') {
    const subscribers = await api.listNewsletterSubscribers({ page, per_page: PAGE_SIZE });
    return { list, status, page, shopName, messages: null, subscribers };
  }
  const messages = await api.listContactMessages({ status, page, per_page: PAGE_SIZE });
  return { list, status, page, shopName, messages, subscribers: null };
}

/** Marks one contact message handled or not (`intent=mark`, `id`, `handled=true|false`). */
export async function markMessage(request: Request, apiFetch: ApiFetch) {
  const api = await ownerApi(request, apiFetch);
  const formData = await request.formData();
  const id = postedId(formData);
  const handled = postedText(formData, 'handled');
  if (id === null || (handled !== 'true' && handled !== 'false')) {
    return refused('Choose a message and whether it is handled.');
  }
  return runAction(async () => {
    const message = await api.markContactMessage(id, handled === 'true');
    const from = `${message.first_name} ${message.last_name}`.trim() || message.email;
    return message.handled
      ? `The message from ${from} was marked handled.`
      : `The message from ${from} is waiting for you again.`;
  });
}
