import type { Customer } from '@larder/contract';
import { createShopApi } from '../../lib/api/index.ts';
import type { ApiFetch } from '../../load-context.ts';

/** The API's httpOnly session cookie (apps/api accounts module). */
export const SESSION_COOKIE = 'larder_session';

export const hasSessionCookie = (request: Request) =>
  (request.headers.get('cookie') ?? '')
    .split(';')
    .some((part) => part.trim().startsWith(`${SESSION_COOKIE}=`));

/**
 * The signed-in customer for server rendering, or null. A visitor without the session cookie costs
 * no API call; an ended session or an API failure renders as a visitor (the browser refreshes).
 */
export async function serverCustomer(
  request: Request,
  apiFetch: ApiFetch,
): Promise<Customer | null> {
  if (!hasSessionCookie(request)) return null;
  try {
    return await createShopApi(apiFetch).getMe();
  } catch {
    return null;
  }
}
