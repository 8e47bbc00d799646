import { ORDER_DOCUMENTS } from '@larder/contract';
import { data } from 'react-router';
import type { ApiFetch } from '../../../load-context.ts';
import { foundOr404, recordIdOf } from '../record.server.ts';
import { ownerApi } from '../require-owner.server.ts';

/**
 * An order's invoice or packing slip, fetched with the owner's session and passed on as the API
 * made it: the PDF is drawn by the API, so nothing of it is in the storefront's code.
 */
export async function loadOrderDocument(
  request: Request,
  params: { id?: string; document?: string },
  apiFetch: ApiFetch,
): Promise<Response> {
  const orderId = recordIdOf(params);
  const file = ORDER_DOCUMENTS.find((name) => name === params.document);
  if (!file) throw data(null, { status: 404 });
  const api = await ownerApi(request, apiFetch);
  const pdf = await foundOr404(api.orderDocument(orderId, file));
  const headers = new Headers({ 'cache-control': 'private, no-store' });
  for (const name of ['content-type', 'content-disposition']) {
    const value = pdf.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(pdf.body, { headers });
}
