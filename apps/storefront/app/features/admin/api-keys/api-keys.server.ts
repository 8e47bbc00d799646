import { ApiKeyCreateSchema, type ApiKeyCreated } from '@larder/contract';
import { data } from 'react-router';
import { ApiError } from '../../../lib/api/index.ts';
import type { ApiFetch } from '../../../load-context.ts';
import type { ActionResult } from '../action-result.ts';
import { ownerApi } from '../require-owner.server.ts';
import { postedId, postedText, refused, runAction } from '../run-action.server.ts';

/** A created key comes back once, with its secret: the page shows it and never again. */
export interface ApiKeysActionResult extends ActionResult {
  created?: ApiKeyCreated;
}

export async function loadApiKeys(request: Request, apiFetch: ApiFetch) {
  const api = await ownerApi(request, apiFetch);
  return { keys: await api.listApiKeys() };
}

const keyName = (key: { description: string; truncated_key: string }) =>
  `${key.description ? `“${key.description}”` : 'The key'} (…${key.truncated_key})`;

/** Creating and revoking REST API keys (`intent` says which). */
export async function apiKeysAction(request: Request, apiFetch: ApiFetch) {
  const api = await ownerApi(request, apiFetch);
  const formData = await request.formData();
  const intent = postedText(formData, 'intent');

  if (intent === 'revoke-key') {
    const id = postedId(formData);
    if (id === null) return refused('Choose a key to revoke.');
    return runAction(async () => {
      const revoked = await api.revokeApiKey(id);
      return `${keyName(revoked)} was revoked. Tools using it can no longer reach the shop.`;
    });
  }

  if (intent === 'create-key') {
    const input = {
      description: postedText(formData, 'description'),
      permissions: postedText(formData, 'permissions'),
    };
    const checked = ApiKeyCreateSchema.safeParse(input);
    if (!checked.success) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of checked.error.issues)
        fieldErrors[String(issue.path[0])] ??= issue.message;
      return refused('Check the key’s details.', fieldErrors);
    }
    try {
      const created = await api.createApiKey(checked.data);
      return data<ApiKeysActionResult>({
        ok: true,
        message: `${keyName(created)} was created. Copy the consumer secret now: it is not shown again.`,
        created,
      });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      return data<ApiKeysActionResult>(
        { ok: false, message: error.message, fieldErrors: error.params },
        { status: error.status },
      );
    }
  }

  return refused('Choose what to change.');
}
