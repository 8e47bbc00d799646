import { and, count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema.ts';
import type { Viewer } from '../../http/viewer.ts';
import type { PurchaseRecords } from './reviews.service.ts';

/** Orders that count as a purchase: paid (processing) or fulfilled (completed). */
const PAID_STATUSES = ['processing', 'completed'] as const;

/**
 * How many lines of a signed-in customer's paid orders are for a product; a variation's line
 * carries its parent's product id, so buying any variation counts. 0 for a guest.
 */
export function purchaseRecordsFromOrders(db: Database): PurchaseRecords {
  return {
    async purchasedLines(viewer: Viewer, productId: number) {
      if (viewer.isGuest || viewer.customerId === 0) return 0;
      const [row] = await db
        .select({ lines: count() })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(
          and(
            eq(orders.customerId, viewer.customerId),
            inArray(orders.status, [...PAID_STATUSES]),
            eq(orderItems.productId, productId),
          ),
        );
      return row?.lines ?? 0;
    },
  };
}
