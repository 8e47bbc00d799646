import { isOwnerRole, type Customer } from '@larder/contract';
import { data } from 'react-router';
import { createBackOfficeApi, type BackOfficeApi } from '../../lib/api/back-office-api.ts';
import type { ApiFetch } from '../../load-context.ts';
import { requireCustomer } from '../account/require-customer.server.ts';

/** What the back office's error boundary is handed when a signed-in shopper opens /admin. */
export interface NotAnOwner {
  notAnOwner: true;
}

/**
 * The back office's guard, on the server for every page and data request: a guest goes to /login
 * and comes back; a signed-in account that does not run the shop gets a 403 page.
 */
export async function requireOwner(request: Request, apiFetch: ApiFetch): Promise<Customer> {
  const viewer = await requireCustomer(request, apiFetch);
  if (!isOwnerRole(viewer.role)) {
    throw data<NotAnOwner>({ notAnOwner: true }, { status: 403 });
  }
  return viewer;
}

/**
 * The owner API for one loader or action, after the guard: a page's loader runs beside the
 * layout's, and an action runs alone, so each checks the viewer itself before asking for records.
 */
export async function ownerApi(request: Request, apiFetch: ApiFetch): Promise<BackOfficeApi> {
  await requireOwner(request, apiFetch);
  return createBackOfficeApi(apiFetch);
}
