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
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { encoded, prepared } from '../../db/prepared.ts';
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

/** How many orders match: the page's rows carry it; past the last page it is counted apart. */
async function totalOf(
  db: Database,
  page: { matching: number }[],
  offset: number,
  where: SQL | undefined,
): Promise<number> {
  if (page[0]) return page[0].matching;
  if (offset === 0) return 0;
  const [row] = await db.select({ total: count() }).from(orders).where(where);
  return row?.total ?? 0;
}

/** Result of taking units from managed stock. */
export type HoldResult =
  { kind: 'held'; quantity: number } | { kind: 'unmanaged' } | { kind: 'short'; left: number };

/** The columns a new order is written with: every one is given, null where it has no value. */
const orderInsertColumns = [
  'orderKey',
  'status',
  'customerId',
  'billing',
  'shipping',
  'paymentMethod',
  'paymentMethodTitle',
  'paymentTerms',
  'dateDue',
  'purchaseOrderNumber',
  'customerNote',
  'shippingMethodId',
  'shippingInstanceId',
  'shippingTitle',
  'shippingTotalCents',
  'subtotalCents',
  'cartTaxCents',
  'shippingTaxCents',
  'taxLines',
  'taxExemptReason',
  'discountTotalCents',
  'totalCents',
  'priceList',
  'customerIp',
  'customerUserAgent',
  'stockState',
  'holdExpiresAt',
  'dateCreated',
  'dateModified',
  'createdVia',
] as const satisfies readonly (keyof NewOrderRow)[];

export type OrderInsert = Required<Pick<NewOrderRow, (typeof orderInsertColumns)[number]>>;

/** Units of a product held by a client's unpaid orders, by account or by IP (unitsHeldByClient). */
const unitsHeldBy = (holder: 'customer' | 'guest') =>
  prepared(`larder_units_held_by_${holder}`, (db) =>
    db
      .select({ units: sql<number>`coalesce(sum(${orderItems.stockHeld}), 0)::int` })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(
        and(
          eq(orders.status, 'pending'),
          eq(orders.stockState, 'held'),
          gt(orders.holdExpiresAt, encoded('now', orders.holdExpiresAt)),
          holder === 'customer'
            ? eq(orders.customerId, sql.placeholder('customerId'))
            : and(eq(orders.customerId, 0), eq(orders.customerIp, sql.placeholder('ip'))),
          eq(orderItems.productId, sql.placeholder('productId')),
        ),
      ),
  );

/** An order's lines and discount codes, as the relational queries below take them with it. */
const linesAndCodes = {
  items: { orderBy: asc(orderItems.id) },
  coupons: { orderBy: asc(orderCoupons.id) },
} as const;

/**
 * A page of orders with their lines and discount codes, each row carrying how many orders match:
 * the count is a subquery of its own, run once, so the lines are read for the page alone (an int: PostgreSQL's count is a bigint, which
 * node-postgres gives as a string and a relational query's extras leave as sent).
 */
const pageOfOrders = (
  db: Database,
  where: SQL | undefined,
  limit: number | Placeholder,
  offset: number | Placeholder,
) =>
  db.query.orders.findMany({
    where,
    orderBy: [desc(orders.dateCreated), desc(orders.id)],
    limit,
    offset,
    with: linesAndCodes,
    extras: {
      matching: sql<number>`(select count(*)::int from ${orders} where ${where ?? sql`true`})`.as(
        'matching',
      ),
    },
  });

type PaidMarkValues = Record<'transactionId' | 'paymentMethod' | 'paymentMethodTitle', unknown>;

/**
 * What marking an order paid writes: pending with its stock held → processing, the held stock now
 * the sale (it was taken when the order was placed, so nothing is reduced twice). Values or
 * placeholders, so the prepared statement and a payment's one statement write the same.
 */
const paidMark = (
  db: Database,
  id: number | SQL | Placeholder,
  payment: PaidMarkValues,
  now: Date | SQL,
) =>
  db
    .update(orders)
    .set({
      status: 'processing',
      stockState: 'reduced',
      // In sql``: Drizzle's types take no placeholder in set().
      transactionId: sql`${payment.transactionId}`,
      paymentMethod: sql`${payment.paymentMethod}`,
      paymentMethodTitle: sql`${payment.paymentMethodTitle}`,
      datePaid: now,
      dateModified: now,
    })
    .where(and(eq(orders.id, id), eq(orders.status, 'pending'), eq(orders.stockState, 'held')));

const paidMarkPlaceholders: PaidMarkValues = {
  transactionId: sql.placeholder('transactionId'),
  paymentMethod: sql.placeholder('paymentMethod'),
  paymentMethodTitle: sql.placeholder('paymentMethodTitle'),
};

/**
 * Adds an order's units to its products' total sales in one statement, when `only` holds. A
 * product on two lines (two of its variations) counts both.
 */
const totalSalesOf = (orderId: number | Placeholder, only: SQL = sql`true`) => sql`
  update ${products} set total_sales = ${products.totalSales} + sold.quantity
  from (
    select product_id, sum(quantity)::int as quantity from ${orderItems}
    where order_id = ${orderId} and ${only}
    group by product_id
  ) as sold
  where ${products.id} = sold.product_id`;

/** What every checkout runs, built once per process (decision 0055); values go by name. */
const statements = {
  insertOrder: prepared('larder_insert_order', (db) =>
    db
      .insert(orders)
      .values(
        Object.fromEntries(
          orderInsertColumns.map((column) => [column, encoded(column, orders[column])]),
        ) as unknown as NewOrderRow,
      )
      .returning(),
  ),
  /** The order, its lines and its discount codes in one statement (a round trip each before). */
  orderWithLines: prepared('larder_order_with_lines', (db) =>
    db.query.orders.findFirst({
      where: eq(orders.id, sql.placeholder('id')),
      with: linesAndCodes,
    }),
  ),
  /**
   * A page of a buyer's orders as versions: each row's `xmin`, the transaction that last wrote it,
   * changes with every write to the order (its lines and codes are written with it, never after).
   */
  buyersOrderVersions: prepared('larder_buyers_order_versions', (db) =>
    db
      .select({
        id: orders.id,
        version: sql<string>`${orders}.xmin::text`,
        status: orders.status,
        holdExpiresAt: orders.holdExpiresAt,
        matching: sql<number>`(select count(*)::int from ${orders} where ${orders.customerId} = ${sql.placeholder('customerId')})`,
      })
      .from(orders)
      .where(eq(orders.customerId, sql.placeholder('customerId')))
      .orderBy(desc(orders.dateCreated), desc(orders.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  ),
  /** One buyer's orders by id, each with its lines, codes and version (`buyersOrderVersions`). */
  buyersOrdersByIds: prepared('larder_buyers_orders_by_ids', (db) =>
    db.query.orders.findMany({
      where: and(
        eq(orders.customerId, sql.placeholder('customerId')),
        sql`${orders.id} = any(${sql.placeholder('ids')}::int[])`,
      ),
      with: linesAndCodes,
      extras: { version: sql<string>`${orders}.xmin::text`.as('version') },
    }),
  ),
  /** The lines and discount codes of an order already read, in one statement. */
  linesOfOrder: prepared('larder_lines_of_order', (db) =>
    db.query.orders.findFirst({
      columns: { id: true },
      where: eq(orders.id, sql.placeholder('orderId')),
      with: linesAndCodes,
    }),
  ),
  lockProduct: prepared('larder_lock_product', (db) =>
    db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, sql.placeholder('productId')))
      .for('update'),
  ),
  unitsHeldByCustomer: unitsHeldBy('customer'),
  unitsHeldByGuest: unitsHeldBy('guest'),
  /**
   * Takes `quantity` of a product's counted stock if it has that many, and says what it had: one
   * statement whether it is taken, short, or not counted at all.
   */
  holdProductStock: prepared('larder_hold_product_stock', (db) => {
    const taken = db.$with('taken').as(
      db
        .update(products)
        .set({
          stockQuantity: sql`${products.stockQuantity} - ${sql.placeholder('quantity')}`,
          stockStatus: sql`case when ${products.stockQuantity} - ${sql.placeholder('quantity')} <= 0 then 'outofstock' else ${products.stockStatus} end`,
        })
        .where(
          and(
            eq(products.id, sql.placeholder('productId')),
            eq(products.manageStock, true),
            sql`${products.stockQuantity} >= ${sql.placeholder('quantity')}`,
          ),
        )
        .returning({ id: products.id }),
    );
    return db
      .with(taken)
      .select({
        taken: sql<boolean>`exists (select 1 from ${taken})`,
        counted: products.manageStock,
        // As it was before this statement: what is left when too few.
        quantity: products.stockQuantity,
      })
      .from(products)
      .where(eq(products.id, sql.placeholder('productId')));
  }),
  /** The same for a variation whose own stock is counted (stock_quantity not null). */
  holdVariationStock: prepared('larder_hold_variation_stock', (db) => {
    const taken = db.$with('taken').as(
      db
        .update(productVariations)
        .set({
          stockQuantity: sql`${productVariations.stockQuantity} - ${sql.placeholder('quantity')}`,
          stockStatus: sql`case when ${productVariations.stockQuantity} - ${sql.placeholder('quantity')} <= 0 then 'outofstock' else ${productVariations.stockStatus} end`,
        })
        .where(
          and(
            eq(productVariations.id, sql.placeholder('variationId')),
            sql`${productVariations.stockQuantity} is not null`,
            sql`${productVariations.stockQuantity} >= ${sql.placeholder('quantity')}`,
          ),
        )
        .returning({ id: productVariations.id }),
    );
    return db
      .with(taken)
      .select({
        taken: sql<boolean>`exists (select 1 from ${taken})`,
        counted: sql<boolean>`${productVariations.stockQuantity} is not null`,
        quantity: productVariations.stockQuantity,
      })
      .from(productVariations)
      .where(eq(productVariations.id, sql.placeholder('variationId')));
  }),
  markPaid: prepared('larder_mark_paid', (db) =>
    paidMark(
      db,
      sql.placeholder('id'),
      paidMarkPlaceholders,
      encoded('now', orders.datePaid),
    ).returning(),
  ),
};

/**
 * Data access for orders. Every function takes the executor explicitly (the database or an open
 * transaction), so the service decides what runs in one transaction.
 */
export const ordersRepo = {
  async insertOrder(db: Database, values: OrderInsert): Promise<OrderRow> {
    const [row] = await statements.insertOrder(db, values);
    return row!;
  },

  /** The rows inserted, in the order find reads them (by id). */
  async insertItems(db: Database, values: NewOrderItemRow[]): Promise<OrderItemRow[]> {
    if (values.length === 0) return [];
    const rows = await db.insert(orderItems).values(values).returning();
    return rows.sort((a, b) => a.id - b.id);
  },

  async find(db: Database, id: number): Promise<OrderWithItems | undefined> {
    const found = await statements.orderWithLines(db, { id });
    if (!found) return undefined;
    const { items, coupons, ...order } = found;
    return { order, items, coupons };
  },

  /** An order row already read (or just written) with its items and discount codes. */
  async withLines(db: Database, order: OrderRow): Promise<OrderWithItems> {
    const lines = await statements.linesOfOrder(db, { orderId: order.id });
    return { order, items: lines?.items ?? [], coupons: lines?.coupons ?? [] };
  },

  /**
   * Orders matching the filter, newest first (orders_date_idx, or orders_customer_idx for one
   * buyer), with their lines, discount codes and how many match, in one statement: four round
   * trips before. A buyer's own history, unfiltered, is the statement built once.
   */
  async listFiltered(
    db: Database,
    filter: OrderFilter,
    limit: number,
    offset: number,
  ): Promise<{ rows: OrderWithItems[]; total: number }> {
    const where = filterConditions(filter);
    const page = await pageOfOrders(db, where, limit, offset);
    const total = await totalOf(db, page, offset, where);
    // Each row stands as its order, lines included: copying its 40 columns out without them took a
    // sixth of a 100-order history's CPU.
    return {
      rows: page.map((row) => ({ order: row, items: row.items, coupons: row.coupons })),
      total,
    };
  },

  /** A page of a buyer's orders, newest first, as `buyersOrderVersions` reads them. */
  async buyersOrderVersions(db: Database, customerId: number, limit: number, offset: number) {
    const rows = await statements.buyersOrderVersions(db, { customerId, limit, offset });
    const total = await totalOf(db, rows, offset, eq(orders.customerId, customerId));
    return { rows, total };
  },

  /** Those of `ids` that are the buyer's, with their lines, codes and the version read with them. */
  async buyersOrdersByIds(db: Database, customerId: number, ids: number[]) {
    if (ids.length === 0) return [];
    const rows = await statements.buyersOrdersByIds(db, { customerId, ids });
    return rows.map((row) => ({
      found: { order: row, items: row.items, coupons: row.coupons } as OrderWithItems,
      version: row.version,
    }));
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
    return order && ordersRepo.withLines(db, order);
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
    await statements.lockProduct(db, { productId });
  },

  /**
   * Units of a product held by one client's unpaid orders: a customer's orders by their id, guest
   * orders (customer_id 0) by the IP they were placed from. Holds lapsed at `now` do not count,
   * whether or not the sweep has cancelled their orders yet.
   */
  async unitsHeldByClient(
    db: Database,
    productId: number,
    client: { customerId: number; ip: string },
    now: Date,
  ): Promise<number> {
    const [row] =
      client.customerId !== 0
        ? await statements.unitsHeldByCustomer(db, {
            customerId: client.customerId,
            productId,
            now,
          })
        : await statements.unitsHeldByGuest(db, { ip: client.ip, productId, now });
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
    // A variation counts its own stock, or shares its product's.
    const [stock] =
      variationId !== 0
        ? await statements.holdVariationStock(db, { variationId, quantity })
        : [undefined];
    const [counted] = stock?.counted
      ? [stock]
      : await statements.holdProductStock(db, { productId, quantity });
    if (counted?.taken) return { kind: 'held', quantity };
    if (counted?.counted) return { kind: 'short', left: Math.max(counted.quantity ?? 0, 0) };
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
    const [row] = await statements.markPaid(db, { id, ...payment, now });
    return row;
  },

  /** Counts a paid order's units in its products' total sales. */
  async addTotalSalesOf(db: Database, orderId: number): Promise<void> {
    await db.execute(totalSalesOf(orderId));
  },

  /**
   * The paid mark and the sales it counts, as parts of a statement that writes more with them (a
   * payment's, decision 0059); `ifPaid` is the condition that the mark moved the order. Values by
   * placeholder: orderId, transactionId, paymentMethod, paymentMethodTitle and now.
   */
  paidMarkStatements(db: Database, ifPaid: SQL): { mark: SQL; sales: SQL } {
    const orderId = sql.placeholder('orderId');
    return {
      mark: paidMark(db, orderId, paidMarkPlaceholders, encoded('now', orders.datePaid))
        .returning({ id: orders.id })
        .getSQL(),
      sales: totalSalesOf(orderId, ifPaid),
    };
  },
};
