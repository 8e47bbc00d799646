import { and, asc, count, eq, ilike, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { coupons, orderCoupons, orders, productCategoryAssignments } from '../../db/schema.ts';
import { likePattern } from '../../http/format.ts';

export type CouponRow = typeof coupons.$inferSelect;
export type NewCouponRow = typeof coupons.$inferInsert;
export type OrderCouponRow = typeof orderCoupons.$inferSelect;

/** Who used a code: an account (0 for none) and a billing email (any case; "" when unknown). */
export interface CouponUser {
  customerId: number;
  email: string;
}

const byUser = (
  user: CouponUser,
  customerColumn: typeof orders.customerId | typeof orderCoupons.customerId,
  email: unknown,
) =>
  or(
    user.customerId !== 0 ? eq(customerColumn, user.customerId) : undefined,
    user.email !== '' ? sql`lower(${email}) = ${user.email.toLowerCase()}` : undefined,
  );

/** Data access for discount codes; every function takes the executor (database or transaction). */
export const couponsRepo = {
  async list(
    db: Database,
    filter: { search?: string; code?: string },
    limit: number,
    offset: number,
  ) {
    const where = and(
      filter.search ? ilike(coupons.code, likePattern(filter.search)) : undefined,
      filter.code ? sql`lower(${coupons.code}) = ${filter.code.toLowerCase()}` : undefined,
    );
    const [totalRow] = await db.select({ total: count() }).from(coupons).where(where);
    const rows = await db
      .select()
      .from(coupons)
      .where(where)
      .orderBy(asc(coupons.code), asc(coupons.id))
      .limit(limit)
      .offset(offset);
    return { rows, total: totalRow?.total ?? 0 };
  },

  async find(db: Database, id: number): Promise<CouponRow | undefined> {
    const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
    return row;
  },

  /** The coupons with these codes, whatever their case. */
  async findByCodes(db: Database, codes: string[]): Promise<CouponRow[]> {
    if (codes.length === 0) return [];
    return db
      .select()
      .from(coupons)
      .where(
        inArray(
          sql`lower(${coupons.code})`,
          codes.map((code) => code.toLowerCase()),
        ),
      );
  },

  async insert(db: Database, values: NewCouponRow): Promise<CouponRow> {
    const [row] = await db.insert(coupons).values(values).returning();
    return row!;
  },

  async update(db: Database, id: number, values: Partial<NewCouponRow>) {
    const [row] = await db.update(coupons).set(values).where(eq(coupons.id, id)).returning();
    return row;
  },

  async remove(db: Database, id: number): Promise<CouponRow | undefined> {
    const [row] = await db.delete(coupons).where(eq(coupons.id, id)).returning();
    return row;
  },

  /** Each product's categories, for codes limited to or excluding categories. */
  async categoriesOf(db: Database, productIds: number[]): Promise<Map<number, number[]>> {
    const byProduct = new Map<number, number[]>();
    if (productIds.length === 0) return byProduct;
    const rows = await db
      .select()
      .from(productCategoryAssignments)
      .where(inArray(productCategoryAssignments.productId, productIds));
    for (const row of rows) {
      byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row.categoryId]);
    }
    return byProduct;
  },

  /** Orders by this account or billing email that were not cancelled (first-order codes). */
  async earlierOrders(db: Database, user: CouponUser): Promise<number> {
    const who = byUser(user, orders.customerId, sql`${orders.billing}->>'email'`);
    if (!who) return 0;
    const [row] = await db
      .select({ total: count() })
      .from(orders)
      .where(and(who, notInArray(orders.status, ['cancelled', 'failed'])));
    return row?.total ?? 0;
  },

  /** Uses of these coupons by this account or billing email that were not given back. */
  async usesBy(db: Database, couponIds: number[], user: CouponUser): Promise<Map<number, number>> {
    const uses = new Map<number, number>();
    const who = byUser(user, orderCoupons.customerId, orderCoupons.billingEmail);
    if (couponIds.length === 0 || !who) return uses;
    const rows = await db
      .select({ couponId: orderCoupons.couponId, uses: count() })
      .from(orderCoupons)
      .where(and(inArray(orderCoupons.couponId, couponIds), isNull(orderCoupons.releasedAt), who))
      .groupBy(orderCoupons.couponId);
    for (const row of rows) uses.set(row.couponId, row.uses);
    return uses;
  },

  /**
   * Takes one use with a conditional UPDATE, so two orders racing for the last use cannot both
   * get it (the second waits for the first's row lock, then re-reads the count). The row stays
   * locked until the transaction ends, so per-customer counts read after it are settled too.
   */
  async takeUse(db: Database, couponId: number): Promise<boolean> {
    const rows = await db
      .update(coupons)
      .set({ usageCount: sql`${coupons.usageCount} + 1` })
      .where(
        and(
          eq(coupons.id, couponId),
          or(isNull(coupons.usageLimit), sql`${coupons.usageCount} < ${coupons.usageLimit}`),
        ),
      )
      .returning({ id: coupons.id });
    return rows.length > 0;
  },

  async insertOrderCoupons(db: Database, values: (typeof orderCoupons.$inferInsert)[]) {
    if (values.length === 0) return [];
    return db.insert(orderCoupons).values(values).returning();
  },

  async ofOrders(db: Database, orderIds: number[]): Promise<OrderCouponRow[]> {
    if (orderIds.length === 0) return [];
    return db
      .select()
      .from(orderCoupons)
      .where(inArray(orderCoupons.orderId, orderIds))
      .orderBy(asc(orderCoupons.id));
  },

  /** Gives an order's uses back (once: released rows are skipped). */
  async release(db: Database, orderId: number, at: Date): Promise<void> {
    const released = await db
      .update(orderCoupons)
      .set({ releasedAt: at })
      .where(and(eq(orderCoupons.orderId, orderId), isNull(orderCoupons.releasedAt)))
      .returning({ couponId: orderCoupons.couponId });
    for (const { couponId } of released) {
      await db
        .update(coupons)
        .set({ usageCount: sql`greatest(${coupons.usageCount} - 1, 0)` })
        .where(eq(coupons.id, couponId));
    }
  },
};
