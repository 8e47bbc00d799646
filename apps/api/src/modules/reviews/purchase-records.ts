import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema.ts';
import type { Viewer } from '../../http/viewer.ts';
import type { PurchaseRecords } from './reviews.service.ts';

/** Orders that count as a purchase: paid (processing) or fulfilled (completed). */
const PAID_STATUSES = ['processing', 'completed'] as const;

/**
 * A signed-in customer bought a product when one of their paid orders has a line for it; a
 * variation's line carries its parent's product id, so buying any variation counts.
 */
export function purchaseRecordsFromOrders(db: Database): PurchaseRecords {
  return {
    async viewerBoughtProduct(viewer: Viewer, productId: number) {
      if (viewer.isGuest || viewer.customerId === 0) return false;
      const [row] = await db
        .select({ found: sql<number>`1` })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(
          and(
            eq(orders.customerId, viewer.customerId),
            inArray(orders.status, [...PAID_STATUSES]),
            eq(orderItems.productId, productId),
          ),
        )
        .limit(1);
      return row !== undefined;
    },
  };
}
