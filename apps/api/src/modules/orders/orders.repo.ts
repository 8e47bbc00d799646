import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  lt,
  ilike,
  inArray,
  lte,
  notExists,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { unpaidInvoice } from './invoice-accounts.ts';
import { likePattern } from '../../http/format.ts';
import {
  orderCoupons,
  orderItems,
  orderPayments,
  orderRefunds,
  orders,
  products,
  productVariations,
} from '../../db/schema.ts';

/** A payment attempt still marked in flight after this long was abandoned mid-charge. */
export const PAYMENT_ATTEMPT_TIMEOUT_MS = 5 * 60_000;

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type NewOrderItemRow = typeof orderItems.$inferInsert;
export type OrderStatus = OrderRow['status'];
export type OrderRefundRow = typeof orderRefunds.$inferSelect;
export type OrderCouponRow = typeof orderCoupons.$inferSelect;

/** What the owner's order list narrows by; every field optional. */
export interface OrderFilter {
  customerId?: number;
  status?: OrderStatus;
  /** WooCommerce's `after` / `before`: date_created strictly after / before. */
  after?: Date;
  before?: Date;
  priceList?: OrderRow['priceList'];
  /** An order number (exact), or part of the billing name or email (any case). */
  search?: string;
  /** Unpaid invoice orders only; with `dueBefore`, only those due before it (overdue). */
  invoice?: { dueBefore?: Date };
}

function filterConditions(filter: OrderFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    filter.customerId !== undefined ? eq(orders.customerId, filter.customerId) : undefined,
    filter.status ? eq(orders.status, filter.status) : undefined,
    filter.after ? gt(orders.dateCreated, filter.after) : undefined,
    filter.before ? lt(orders.dateCreated, filter.before) : undefined,
    filter.priceList ? eq(orders.priceList, filter.priceList) : undefined,
    filter.invoice ? unpaidInvoice : undefined,
    filter.invoice?.dueBefore ? lt(orders.dateDue, filter.invoice.dueBefore) : undefined,
  ];
  const term = filter.search?.trim();
  if (term) {
    const pattern = likePattern(term);
    const number = /^#?(\d{1,9})$/.exec(term)?.[1];
    conditions.push(
      or(
        number !== undefined ? eq(orders.id, Number(number)) : undefined,
        ilike(sql`${orders.billing}->>'email'`, pattern),
        ilike(
          sql`concat_ws(' ', ${orders.billing}->>'first_name', ${orders.billing}->>'last_name')`,
          pattern,
        ),
      ),
    );
  }
  return and(...conditions);
}

export interface OrderWithItems {
  order: OrderRow;
  items: OrderItemRow[];
  /** The discount codes the order used (modules/coupons writes them). */
  coupons: OrderCouponRow[];
}

const couponsOf = (db: Database, orderIds: number[]) =>
  orderIds.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(orderCoupons)
        .where(inArray(orderCoupons.orderId, orderIds))
        .orderBy(asc(orderCoupons.id));

/** Result of taking units from managed stock. */
export type HoldResult =
  { kind: 'held'; quantity: number } | { kind: 'unmanaged' } | { kind: 'short'; left: number };

/**
 * Data access for orders. Every function takes the executor explicitly (the database or an open
 * transaction), so the service decides what runs in one transaction.
 */
export const ordersRepo = {
  async insertOrder(db: Database, values: NewOrderRow): Promise<OrderRow> {
    const [row] = await db.insert(orders).values(values).returning();
    return row!;
  },

  /** The rows inserted, in the order find reads them (by id). */
  async insertItems(db: Database, values: NewOrderItemRow[]): Promise<OrderItemRow[]> {
    if (values.length === 0) return [];
    const rows = await db.insert(orderItems).values(values).returning();
    return rows.sort((a, b) => a.id - b.id);
  },

  async find(db: Database, id: number): Promise<OrderWithItems | undefined> {
    const [order] = await db.select().from(orders).where(eq(orders.id, id));
    return order && ordersRepo.withLines(db, order);
  },

  /** An order row already read (or just written) with its items and discount codes. */
  async withLines(db: Database, order: OrderRow): Promise<OrderWithItems> {
    const items = await db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.id));
    return { order, items, coupons: await couponsOf(db, [order.id]) };
  },

  /** Orders matching the filter, newest first (orders_date_idx, or orders_customer_idx for one buyer). */
  async listFiltered(
    db: Database,
    filter: OrderFilter,
    limit: number,
    offset: number,
  ): Promise<{ rows: OrderWithItems[]; total: number }> {
    const where = filterConditions(filter);
    const [totalRow] = await db.select({ total: count() }).from(orders).where(where);
    const page = await db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.dateCreated), desc(orders.id))
      .limit(limit)
      .offset(offset);
    const items =
      page.length === 0
        ? []
        : await db
            .select()
            .from(orderItems)
            .where(
              inArray(
                orderItems.orderId,
                page.map((order) => order.id),
              ),
            )
            .orderBy(asc(orderItems.id));
    const codes = await couponsOf(
      db,
      page.map((order) => order.id),
    );
    return {
      rows: page.map((order) => ({
        order,
        items: items.filter((item) => item.orderId === order.id),
        coupons: codes.filter((code) => code.orderId === order.id),
      })),
      total: totalRow?.total ?? 0,
    };
  },

  /** The refunds of these orders, oldest first. */
  async refundsOf(db: Database, orderIds: number[]): Promise<OrderRefundRow[]> {
    if (orderIds.length === 0) return [];
    return db
      .select()
      .from(orderRefunds)
      .where(inArray(orderRefunds.orderId, orderIds))
      .orderBy(asc(orderRefunds.id));
  },

  async setShipment(
    db: Database,
    id: number,
    shipment: { carrier: string; trackingNumber: string; dateShipped: Date },
  ): Promise<void> {
    await db
      .update(orders)
      .set({
        shippingCarrier: shipment.carrier,
        trackingNumber: shipment.trackingNumber,
        dateShipped: shipment.dateShipped,
        dateModified: shipment.dateShipped,
      })
      .where(eq(orders.id, id));
  },

  /** Every order (the owner's view), newest first, optionally of one status. */
  async list(
    db: Database,
    status: OrderStatus | undefined,
    limit: number,
    offset: number,
  ): Promise<{ rows: OrderRow[]; total: number }> {
    const where = status ? eq(orders.status, status) : undefined;
    const [totalRow] = await db.select({ total: count() }).from(orders).where(where);
    const rows = await db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.dateCreated), desc(orders.id))
      .limit(limit)
      .offset(offset);
    return { rows, total: totalRow?.total ?? 0 };
  },

  /** The order with its row locked until the transaction ends, so two status changes queue. */
  async findForUpdate(db: Database, id: number): Promise<OrderWithItems | undefined> {
    const [order] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!order) return undefined;
    const items = await db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, id))
      .orderBy(asc(orderItems.id));
    return { order, items, coupons: await couponsOf(db, [id]) };
  },

  async updateStatus(
    db: Database,
    id: number,
    changes: Partial<
      Pick<NewOrderRow, 'status' | 'stockState' | 'dateCompleted' | 'datePaid' | 'transactionId'>
    > & {
      dateModified: Date;
    },
  ): Promise<void> {
    await db.update(orders).set(changes).where(eq(orders.id, id));
  },

  /** Pending orders whose stock hold ran out at `now`. */
  async expiredHoldIds(db: Database, now: Date): Promise<number[]> {
    const rows = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.status, 'pending'), lte(orders.holdExpiresAt, now)))
      .orderBy(asc(orders.id));
    return rows.map((row) => row.id);
  },

  /**
   * Locks a stock-counted product's row until the transaction ends, before any of its units are
   * taken: orders of one product then count a client's earlier holds one at a time.
   */
  async lockProduct(db: Database, productId: number): Promise<void> {
    await db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, productId))
      .for('update');
  },

  /**
   * Units of a product held by one client's unpaid orders: a customer's orders by their id, guest
   * orders (customer_id 0) by the IP they were placed from.
   */
  async unitsHeldByClient(
    db: Database,
    productId: number,
    client: { customerId: number; ip: string },
  ): Promise<number> {
    const [row] = await db
      .select({ units: sql<number>`coalesce(sum(${orderItems.stockHeld}), 0)::int` })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(
        and(
          eq(orders.status, 'pending'),
          eq(orders.stockState, 'held'),
          client.customerId !== 0
            ? eq(orders.customerId, client.customerId)
            : and(eq(orders.customerId, 0), eq(orders.customerIp, client.ip)),
          eq(orderItems.productId, productId),
        ),
      );
    return Number(row?.units ?? 0);
  },

  /**
   * Takes `quantity` units with one conditional UPDATE, so two buyers of the last unit cannot both
   * get it: on PostgreSQL the second UPDATE waits for the first's row lock and then re-checks
   * `stock_quantity >= n` against the committed value. A variation with its own quantity counts
   * that; otherwise the product's, when the product manages stock.
   */
  async holdStock(
    db: Database,
    productId: number,
    variationId: number,
    quantity: number,
  ): Promise<HoldResult> {
    if (variationId !== 0) {
      const taken = await db
        .update(productVariations)
        .set({
          stockQuantity: sql`${productVariations.stockQuantity} - ${quantity}`,
          stockStatus: sql`case when ${productVariations.stockQuantity} - ${quantity} <= 0 then 'outofstock' else ${productVariations.stockStatus} end`,
        })
        .where(
          and(
            eq(productVariations.id, variationId),
            sql`${productVariations.stockQuantity} is not null`,
            sql`${productVariations.stockQuantity} >= ${quantity}`,
          ),
        )
        .returning({ id: productVariations.id });
      if (taken.length > 0) return { kind: 'held', quantity };
      const [variation] = await db
        .select({ stockQuantity: productVariations.stockQuantity })
        .from(productVariations)
        .where(eq(productVariations.id, variationId));
      if (variation && variation.stockQuantity !== null) {
        return { kind: 'short', left: Math.max(variation.stockQuantity, 0) };
      }
    }
    const taken = await db
      .update(products)
      .set({
        stockQuantity: sql`${products.stockQuantity} - ${quantity}`,
        stockStatus: sql`case when ${products.stockQuantity} - ${quantity} <= 0 then 'outofstock' else ${products.stockStatus} end`,
      })
      .where(
        and(
          eq(products.id, productId),
          eq(products.manageStock, true),
          sql`${products.stockQuantity} >= ${quantity}`,
        ),
      )
      .returning({ id: products.id });
    if (taken.length > 0) return { kind: 'held', quantity };
    const [product] = await db
      .select({ manageStock: products.manageStock, stockQuantity: products.stockQuantity })
      .from(products)
      .where(eq(products.id, productId));
    if (product?.manageStock)
      return { kind: 'short', left: Math.max(product.stockQuantity ?? 0, 0) };
    return { kind: 'unmanaged' };
  },

  /** Gives held units back to where holdStock took them from. */
  async restoreStock(
    db: Database,
    productId: number,
    variationId: number,
    quantity: number,
  ): Promise<void> {
    if (variationId !== 0) {
      const restored = await db
        .update(productVariations)
        .set({
          stockQuantity: sql`${productVariations.stockQuantity} + ${quantity}`,
          stockStatus: sql`case when ${productVariations.stockQuantity} + ${quantity} > 0 then 'instock' else ${productVariations.stockStatus} end`,
        })
        .where(
          and(
            eq(productVariations.id, variationId),
            sql`${productVariations.stockQuantity} is not null`,
          ),
        )
        .returning({ id: productVariations.id });
      if (restored.length > 0) return;
    }
    await db
      .update(products)
      .set({
        stockQuantity: sql`${products.stockQuantity} + ${quantity}`,
        stockStatus: sql`case when ${products.stockQuantity} + ${quantity} > 0 then 'instock' else ${products.stockStatus} end`,
      })
      .where(and(eq(products.id, productId), eq(products.manageStock, true)));
  },

  /** Moves a pending order with held stock to cancelled; false when someone else already moved it. */
  /**
   * Cancels a pending order unless a payment for it is in flight: the provider may be charging the
   * card this moment, and the buyer must never be charged for an order that gave its stock away.
   * An attempt older than PAYMENT_ATTEMPT_TIMEOUT_MS is abandoned (the server stopped mid-charge).
   */
  async cancelPending(db: Database, id: number, now: Date): Promise<boolean> {
    const paymentInFlight = db
      .select({ id: orderPayments.id })
      .from(orderPayments)
      .where(
        and(
          eq(orderPayments.orderId, orders.id),
          eq(orderPayments.status, 'pending'),
          gt(orderPayments.createdAt, new Date(now.getTime() - PAYMENT_ATTEMPT_TIMEOUT_MS)),
        ),
      );
    const rows = await db
      .update(orders)
      .set({ status: 'cancelled', stockState: 'released', dateModified: now })
      .where(and(eq(orders.id, id), eq(orders.status, 'pending'), notExists(paymentInFlight)))
      .returning({ id: orders.id, stockState: orders.stockState });
    return rows.length > 0;
  },

  async markPaid(
    db: Database,
    id: number,
    payment: { transactionId: string; paymentMethod: string; paymentMethodTitle: string },
    now: Date,
  ): Promise<OrderRow | undefined> {
    const [row] = await db
      .update(orders)
      .set({
        status: 'processing',
        stockState: 'reduced',
        transactionId: payment.transactionId,
        paymentMethod: payment.paymentMethod,
        paymentMethodTitle: payment.paymentMethodTitle,
        datePaid: now,
        dateModified: now,
      })
      .where(and(eq(orders.id, id), eq(orders.status, 'pending'), eq(orders.stockState, 'held')))
      .returning();
    return row;
  },

  async addTotalSales(db: Database, productId: number, quantity: number): Promise<void> {
    await db
      .update(products)
      .set({ totalSales: sql`${products.totalSales} + ${quantity}` })
      .where(eq(products.id, productId));
  },
};
