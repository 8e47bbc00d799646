import { couponApiPaths, type CartDiscounts, type CartDiscountsRequest } from '@larder/contract';
import type { ApiFetch } from '../../load-context.ts';
import { ApiError } from './api-error.ts';
import { browserApiFetch } from './browser-fetch.ts';

/**
 * `POST /wp-json/larder/v1/cart/discounts`: what the codes take off the cart, checked by the server
 * as the order will be. Its own module, so only the cart and checkout carry it.
 */
export async function quoteCartDiscounts(
  request: CartDiscountsRequest,
  fetcher: ApiFetch = browserApiFetch,
): Promise<CartDiscounts> {
  const path = couponApiPaths.cartDiscounts;
  const response = await fetcher(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request),
  });
  if (!response.ok) throw await ApiError.fromResponse(response, path);
  return (await response.json()) as CartDiscounts;
}
