import type { Customer } from '@larder/contract';
import { redirect } from 'react-router';
import { ApiError, createShopApi } from '../../lib/api/index.ts';
import type { ApiFetch } from '../../load-context.ts';
import { loginPathFor } from './safe-redirect.ts';
import { hasSessionCookie } from './server-session.server.ts';

/**
 * The account area's guard: the signed-in customer, or a redirect to /login that comes back here.
 * Runs on the server for the first page and for every client navigation (its data request carries
 * the session cookie), so a visitor never sees an account page.
 */
export async function requireCustomer(request: Request, apiFetch: ApiFetch): Promise<Customer> {
  const url = new URL(request.url);
  // A client navigation asks for /my-account.data; come back to the page, not to its data.
  const path = url.pathname.replace(/\.data$/, '');
  const back = () => redirect(loginPathFor(`${path}${url.search}`));
  if (!hasSessionCookie(request)) throw back();
  try {
    return await createShopApi(apiFetch).getMe();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw back();
    throw error;
  }
}
