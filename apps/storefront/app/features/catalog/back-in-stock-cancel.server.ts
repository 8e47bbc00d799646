import { stockNotificationPaths } from '@larder/contract';
import { formErrorMessage } from '../../components/forms/form-errors.ts';
import { ApiError } from '../../lib/api/index.ts';
import type { ApiFetch } from '../../load-context.ts';

export type StockRequestCancellation = { ok: boolean; message: string };

/**
 * Opening the confirmation email's link cancels the request: one click from the mailbox, as the
 * email-change link works. The key is checked by the API; a used or wrong link is one answer.
 */
export async function cancelStockRequestFromLink(
  apiFetch: ApiFetch,
  url: URL,
): Promise<StockRequestCancellation> {
  const key = url.searchParams.get('key') ?? '';
  const id = Number(url.searchParams.get('id'));
  if (!key || key.length > 200 || !Number.isInteger(id) || id <= 0) {
    return { ok: false, message: 'This link is incomplete. Open it from the email again.' };
  }
  const path = `${stockNotificationPaths.cancel(id)}?key=${encodeURIComponent(key)}`;
  try {
    const response = await apiFetch(path, {
      method: 'DELETE',
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw await ApiError.fromResponse(response, path);
    const { message } = (await response.json()) as { message: string };
    return { ok: true, message };
  } catch (error) {
    return { ok: false, message: formErrorMessage(error) };
  }
}
