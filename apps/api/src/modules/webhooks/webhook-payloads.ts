import {
  CouponSchema,
  CustomerSchema,
  OwnerOrderSchema,
  WooProductSchema,
  type Webhook,
} from '@larder/contract';
import { ApiError } from '../../http/errors.ts';
import type { Viewer } from '../../http/viewer.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { CouponsService } from '../coupons/coupons.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { WebhookResourceReader } from './webhooks.service.ts';

/**
 * A payload is what `GET /wp-json/wc/v3/<resource>s/{id}` answers the webhook's owner: the same
 * service call, through the same response schema (which drops what the route's serializer drops).
 */
export function wcResourceReader(services: {
  orders: OrdersService;
  catalog: CatalogService;
  accounts: AccountsService;
  coupons: CouponsService;
}): WebhookResourceReader {
  const read: Record<Webhook['resource'], (id: number, viewer: Viewer) => Promise<unknown>> = {
    order: async (id, viewer) =>
      OwnerOrderSchema.parse(await services.orders.get(id, undefined, viewer)),
    product: async (id, viewer) =>
      WooProductSchema.parse(await services.catalog.getProduct(id, viewer)),
    customer: async (id, viewer) => CustomerSchema.parse(await services.accounts.get(id, viewer)),
    coupon: async (id) => CouponSchema.parse(await services.coupons.get(id)),
  };
  return async (resource, id, viewer) => {
    try {
      return await read[resource](id, viewer);
    } catch (error) {
      // Gone before its delivery was built: the receiver gets its id, as for a deletion.
      if (error instanceof ApiError && error.status === 404) return undefined;
      throw error;
    }
  };
}
