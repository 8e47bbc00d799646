import { and, count, desc, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderItems, orderRefunds, orders, products } from '../../db/schema.ts';
import { PAID_ORDER_STATUSES } from '../orders/paid-statuses.ts';

/** What one day sold, in integer cents. */
export interface DaySales {
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  orders: number;
  items: number;
  salesCents: number;
  shippingCents: number;
  retailCents: number;
  wholesaleCents: number;
  refundsCents: number;
}

export interface TopSellerRow {
  productId: number;
  title: string;
  quantity: number;
}

/** The report's window: orders created from `from` up to, not including, `until`. */
export interface DateWindow {
  from: Date;
  until: Date;
}

/** Sums are bigint in SQL (a year of sales can pass 2^31 cents); as numbers they stay exact. */
const total = (expression: ReturnType<typeof sql>) =>
  sql<number>`coalesce(sum(${expression}), 0)`.mapWith(Number);

// A literal, not a parameter: the select and the group by must be the same expression.
const dayOf = sql<string>`to_char(${orders.dateCreated}, ${sql.raw(`'YYYY-MM-DD'`)})`;

export function createReportsRepo(db: Database) {
  const inWindow = (window: DateWindow) =>
    and(gte(orders.dateCreated, window.from), lt(orders.dateCreated, window.until));

  return {
    /** Paid orders (PAID_ORDER_STATUSES) created in the window, summed per UTC day. */
    async salesByDay(window: DateWindow): Promise<DaySales[]> {
      const paidInWindow = and(inArray(orders.status, [...PAID_ORDER_STATUSES]), inWindow(window));
      // Three sums, each reaching order lines and refunds only through the window's orders (the
      // date index), rather than one join that would count an order's total once per line.
      const [totals, items, refunds] = await Promise.all([
        db
          .select({
            day: dayOf,
            orders: count(),
            salesCents: total(sql`${orders.totalCents}`),
            shippingCents: total(sql`${orders.shippingTotalCents}`),
            retailCents: total(
              sql`case when ${orders.priceList} = 'retail' then ${orders.totalCents} else 0 end`,
            ),
            wholesaleCents: total(
              sql`case when ${orders.priceList} = 'wholesale' then ${orders.totalCents} else 0 end`,
            ),
          })
          .from(orders)
          .where(paidInWindow)
          .groupBy(dayOf),
        db
          .select({ day: dayOf, items: total(sql`${orderItems.quantity}`) })
          .from(orderItems)
          .innerJoin(orders, eq(orders.id, orderItems.orderId))
          .where(paidInWindow)
          .groupBy(dayOf),
        db
          .select({ day: dayOf, refundsCents: total(sql`${orderRefunds.amountCents}`) })
          .from(orderRefunds)
          .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
          .where(paidInWindow)
          .groupBy(dayOf),
      ]);
      const itemsByDay = new Map(items.map((row) => [row.day, row.items]));
      const refundsByDay = new Map(refunds.map((row) => [row.day, row.refundsCents]));
      return totals.map((row) => ({
        ...row,
        items: itemsByDay.get(row.day) ?? 0,
        refundsCents: refundsByDay.get(row.day) ?? 0,
      }));
    },

    /**
     * The most sold products by units in orders created in the window. Refunded orders are left
     * out: their goods came back or never went. The title is the product's name now, or the
     * ordered line's for a product since deleted.
     */
    async topSellers(window: DateWindow, limit: number): Promise<TopSellerRow[]> {
      const quantity = sql<number>`sum(${orderItems.quantity})`.mapWith(Number);
      return db
        .select({
          productId: orderItems.productId,
          title: sql<string>`coalesce(max(${products.name}), max(coalesce(${orderItems.parentName}, ${orderItems.name})))`,
          quantity,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .leftJoin(products, eq(products.id, orderItems.productId))
        .where(and(inArray(orders.status, ['processing', 'completed']), inWindow(window)))
        .groupBy(orderItems.productId)
        .orderBy(desc(quantity), asc(orderItems.productId))
        .limit(limit);
    },
  };
}

export type ReportsRepo = ReturnType<typeof createReportsRepo>;
