import { WebhookCreateSchema, WebhookUpdateSchema, type WebhookEdit } from '@larder/contract';
import type { ApiFetch } from '../../../load-context.ts';
import { ownerApi } from '../require-owner.server.ts';
import { postedId, postedText, refused, runAction } from '../run-action.server.ts';

/** The webhooks, and the one opened with `?webhook=<id>` with its secret and recent deliveries. */
export async function loadWebhooks(request: Request, apiFetch: ApiFetch) {
  const api = await ownerApi(request, apiFetch);
  const opened = Number(new URL(request.url).searchParams.get('webhook'));
  const webhooks = await api.listWebhooks();
  const selected: WebhookEdit | undefined = webhooks.some((webhook) => webhook.id === opened)
    ? await api.getWebhook(opened)
    : undefined;
  return {
    webhooks,
    selected,
    deliveries: selected ? await api.listWebhookDeliveries(selected.id) : [],
  };
}

const fieldsOf = (formData: FormData) => ({
  name: postedText(formData, 'name'),
  status: postedText(formData, 'status'),
  topic: postedText(formData, 'topic'),
  delivery_url: postedText(formData, 'delivery_url'),
  secret: postedText(formData, 'secret') || undefined,
});

const fieldErrorsOf = (issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) => {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
};

/** Creating, changing and deleting webhooks (`intent` says which). */
export async function webhooksAction(request: Request, apiFetch: ApiFetch) {
  const api = await ownerApi(request, apiFetch);
  const formData = await request.formData();
  const intent = postedText(formData, 'intent');

  if (intent === 'create-webhook') {
    const checked = WebhookCreateSchema.safeParse(fieldsOf(formData));
    if (!checked.success)
      return refused('Check the webhook’s details.', fieldErrorsOf(checked.error.issues));
    return runAction(async () => {
      const created = await api.createWebhook(checked.data);
      return `“${created.name}” was created${created.status === 'active' ? ' and pinged' : ''}.`;
    });
  }

  const id = postedId(formData);
  if (id === null) return refused('Choose a webhook.');
  if (intent === 'update-webhook') {
    const checked = WebhookUpdateSchema.safeParse(fieldsOf(formData));
    if (!checked.success)
      return refused('Check the webhook’s details.', fieldErrorsOf(checked.error.issues));
    return runAction(async () => {
      const updated = await api.updateWebhook(id, checked.data);
      return `“${updated.name}” was saved.`;
    });
  }
  if (intent === 'delete-webhook') {
    return runAction(async () => {
      const deleted = await api.deleteWebhook(id);
      return `“${deleted.name}” was deleted. Nothing more is sent to ${deleted.delivery_url}.`;
    });
  }
  return refused('Choose what to change.');
}
