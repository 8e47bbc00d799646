import { ApiError } from '../../http/errors.ts';
import type { Viewer } from '../../http/viewer.ts';

/**
 * The Viewer of a customer's account, as their own requests would have it; undefined when there
 * is no such customer. The composition root builds it from the accounts module, which the
 * pricing, orders and shipping modules may not import (decision 0023).
 */
export type ViewerForCustomer = (customerId: number) => Promise<Viewer | undefined>;

/**
 * Whom a request is priced and checked as (decision 0041): the caller, or, when an owner names
 * another customer, that customer, so an owner-entered order gets the buyer's prices and rules.
 * 0 or the caller's own id is the caller. Another id is 403 (`refusal`) for anyone but an owner,
 * and 400 `woocommerce_rest_invalid_customer_id` when no such customer exists.
 */
export async function buyerViewer(
  viewer: Viewer,
  customerId: number | undefined,
  viewerForCustomer: ViewerForCustomer,
  refusal: () => ApiError,
): Promise<Viewer> {
  if (customerId === undefined || customerId === 0) return viewer;
  if (!viewer.isGuest && customerId === viewer.customerId) return viewer;
  if (!viewer.isOwner) throw refusal();
  const buyer = await viewerForCustomer(customerId);
  if (!buyer) {
    throw new ApiError(400, 'woocommerce_rest_invalid_customer_id', 'Customer ID is invalid.', {
      customer_id: 'No customer has this id.',
    });
  }
  return buyer;
}
