import {
  wholesaleAccountPaths,
  type StockistListing,
  type StockistListingRequest,
  type WholesaleAccount,
} from '@larder/contract';
import type { ApiFetch } from '../../load-context.ts';
import { ApiError } from './api-error.ts';

/**
 * A signed-in buyer's wholesale paths (issue 15): status, line sheet, stockist listing requests.
 * Called from My Account's loader and action and the line sheet's resource route only (all on the
 * server), so no shop page's JavaScript carries it.
 */
export function createWholesaleAccountApi(apiFetch: ApiFetch) {
  async function send(path: string, init: RequestInit = {}): Promise<Response> {
    const response = await apiFetch(path, {
      ...init,
      headers: {
        accept: 'application/json',
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...Object.fromEntries(new Headers(init.headers)),
      },
    });
    if (!response.ok) throw await ApiError.fromResponse(response, path);
    return response;
  }

  return {
    accountStatus: async () =>
      (await (await send(wholesaleAccountPaths.account)).json()) as WholesaleAccount,
    ownListings: async () =>
      (await (await send(wholesaleAccountPaths.ownListings)).json()) as StockistListing[],
    requestListing: async (listing: StockistListingRequest) =>
      (await (
        await send(wholesaleAccountPaths.ownListings, {
          method: 'POST',
          body: JSON.stringify(listing),
        })
      ).json()) as StockistListing,
    /** The PDF as the API answers it, to pass on to the browser as it is. */
    lineSheet: () =>
      send(wholesaleAccountPaths.lineSheet, { headers: { accept: 'application/pdf' } }),
  };
}
