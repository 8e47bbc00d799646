import type { ApiFetch } from '../../../load-context.ts';
import { pageOf } from '../list-query.ts';
import { ownerApi } from '../require-owner.server.ts';

const PAGE_SIZE = 25;

/** The activity log, newest first (the API's order), a page at a time. */
export async function loadActivity(request: Request, apiFetch: ApiFetch) {
  const page = pageOf(new URL(request.url));
  const api = await ownerApi(request, apiFetch);
  return { page, ...(await api.listActivity({ page, per_page: PAGE_SIZE })) };
}
