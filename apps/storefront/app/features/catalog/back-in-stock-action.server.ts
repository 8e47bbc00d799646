import { stockNotificationPaths, StockNotificationRequestSchema } from '@larder/contract';
import { formErrorMessage } from '../../components/forms/form-errors.ts';
import type { ApiFetch } from '../../load-context.ts';
import { ApiError } from '../../lib/api/index.ts';
import { maxLengthOf } from '../../lib/schema-limits.ts';
import { BACK_IN_STOCK_INTENT, type BackInStockActionData } from './back-in-stock.ts';

const EMAIL_MAX = maxLengthOf(StockNotificationRequestSchema.shape.email);

/**
 * "Email me when it's back" from the product page's form, with or without JavaScript: the
 * request goes to `POST /products/{id}/stock-notifications` from the server, so the page's
 * JavaScript carries no schema and no API path for it.
 */
export async function handleBackInStock(
  apiFetch: ApiFetch,
  productId: number,
  formData: FormData,
): Promise<BackInStockActionData> {
  const raw = formData.get('email');
  const typed = typeof raw === 'string' ? raw : '';
  const email = typed.slice(0, EMAIL_MAX);
  const variation = Number(formData.get('variation_id') ?? 0);
  const parsed = StockNotificationRequestSchema.safeParse({
    email: typed,
    ...(Number.isInteger(variation) && variation > 0 ? { variation_id: variation } : {}),
  });
  const refuse = (error: string): BackInStockActionData => ({
    intent: BACK_IN_STOCK_INTENT,
    ok: false,
    email,
    error,
  });
  if (!parsed.success)
    return refuse(parsed.error.issues[0]?.message ?? 'Enter a valid email address.');
  const path = stockNotificationPaths.subscribe(productId);
  try {
    const response = await apiFetch(path, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(parsed.data),
    });
    if (!response.ok) throw await ApiError.fromResponse(response, path);
    const { message } = (await response.json()) as { message: string };
    return { intent: BACK_IN_STOCK_INTENT, ok: true, message };
  } catch (error) {
    const fieldMessage = error instanceof ApiError ? error.params.email : undefined;
    // 400 larder_in_stock: restocked since the page was loaded; the API's message says so.
    return refuse(
      fieldMessage ??
        (error instanceof ApiError && error.status < 500 ? error.message : formErrorMessage(error)),
    );
  }
}
