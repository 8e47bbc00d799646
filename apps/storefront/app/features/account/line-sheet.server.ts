import { LINE_SHEET_PAGE } from '@larder/contract';
import { redirect } from 'react-router';
import { ApiError } from '../../lib/api/index.ts';
import { createWholesaleAccountApi } from '../../lib/api/wholesale-account-api.ts';
import type { ApiFetch } from '../../load-context.ts';
import { loginPathFor } from './safe-redirect.ts';
import { hasSessionCookie } from './server-session.server.ts';

/**
 * The line sheet fetched with the visitor's session and passed on as the API made it (the PDF is
 * drawn by the API). A visitor who is not signed in goes to the sign-in page and comes back; a
 * signed-in account that may not have it gets the API's words as a 403 page.
 */
export async function loadLineSheet(request: Request, apiFetch: ApiFetch): Promise<Response> {
  const toLogin = () => redirect(loginPathFor(LINE_SHEET_PAGE));
  if (!hasSessionCookie(request)) throw toLogin();
  try {
    const pdf = await createWholesaleAccountApi(apiFetch).lineSheet();
    const headers = new Headers({ 'cache-control': 'private, no-store' });
    for (const name of ['content-type', 'content-disposition']) {
      const value = pdf.headers.get(name);
      if (value) headers.set(name, value);
    }
    return new Response(pdf.body, { headers });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 401) throw toLogin();
    if (error.status === 403) {
      return new Response(`${error.message}\n`, {
        status: 403,
        headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
      });
    }
    throw error;
  }
}
