import type { WholesaleTerms } from '@larder/contract';
import { wholesaleOrderingPaths } from '@larder/contract/wholesale-rules';
import type { ApiFetch } from '../../load-context.ts';
import { ApiError } from './api-error.ts';
import { browserApiFetch } from './browser-fetch.ts';

/**
 * `GET /wp-json/larder/v1/wholesale/terms`: the order minimum the signed-in wholesale buyer is
 * held to. Its own module, so only the cart of a wholesale buyer loads it (decision 0037).
 */
export async function fetchWholesaleTerms(
  fetcher: ApiFetch = browserApiFetch,
): Promise<WholesaleTerms> {
  const path = wholesaleOrderingPaths.terms;
  const response = await fetcher(path, {});
  if (!response.ok) throw await ApiError.fromResponse(response, path);
  return (await response.json()) as WholesaleTerms;
}
