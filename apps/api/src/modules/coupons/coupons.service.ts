import {
  MoneyInputError,
  parseMoneyInput,
  toMoneyString,
  type CartDiscounts,
  type Coupon,
  type CouponCreateInput,
  type CouponListQuery,
  type CouponUpdateInput,
} from '@larder/contract';
import type { z } from 'zod';
import type { CartDiscountsRequestSchema } from '@larder/contract';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { ApiError, invalidParam } from '../../http/errors.ts';
import { formatWpDate } from '../../http/format.ts';
import { pageOffset } from '../../http/pagination.ts';
import type { Viewer } from '../../http/viewer.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import { priceCart, type PricedLine } from '../pricing/cart-pricing.ts';
import { applyCoupons, type CouponRule } from './coupon-rules.ts';
import { couponsRepo, type CouponRow, type CouponUser, type NewCouponRow } from './coupons.repo.ts';

export interface CouponsServiceOptions {
  activity: ActivityService;
  now?: () => Date;
}

/** What the codes take off an order, as the orders module stores it. */
export interface OrderDiscount {
  lineDiscounts: number[];
  discountCents: number;
  freeShipping: boolean;
  coupons: { couponId: number; code: string; discountCents: number; freeShipping: boolean }[];
}

const couponNotFound = () =>
  new ApiError(404, 'woocommerce_rest_shop_coupon_invalid_id', 'Invalid ID.');
const codeTaken = (code: string) =>
  new ApiError(
    409,
    'woocommerce_rest_coupon_code_already_exists',
    `The coupon code ${code} already exists.`,
    { code: 'Another coupon has this code. Choose another.' },
  );

/** A refused code: WooCommerce's 400 with the code in `data.coupon` and the reason per field. */
export const couponRefused = (code: string, message: string) =>
  new ApiError(
    400,
    'woocommerce_rest_invalid_coupon',
    message,
    { coupon_lines: message },
    {
      coupon: code,
    },
  );

const date = (value: Date | null) => (value ? formatWpDate(value) : null);

export function toCoupon(row: CouponRow): Coupon {
  return {
    id: row.id,
    code: row.code,
    amount: toMoneyString(row.amount),
    discount_type: row.discountType,
    description: row.description,
    date_created: formatWpDate(row.createdAt),
    date_created_gmt: formatWpDate(row.createdAt),
    date_modified: formatWpDate(row.modifiedAt),
    date_modified_gmt: formatWpDate(row.modifiedAt),
    date_starts: date(row.dateStarts),
    date_starts_gmt: date(row.dateStarts),
    date_expires: date(row.dateExpires),
    date_expires_gmt: date(row.dateExpires),
    usage_count: row.usageCount,
    individual_use: row.individualUse,
    product_ids: row.productIds,
    excluded_product_ids: row.excludedProductIds,
    usage_limit: row.usageLimit,
    usage_limit_per_user: row.usageLimitPerUser,
    free_shipping: row.freeShipping,
    product_categories: row.categoryIds,
    excluded_product_categories: row.excludedCategoryIds,
    minimum_amount: toMoneyString(row.minimumCents),
    price_list: row.priceList,
    first_order_only: row.firstOrderOnly,
  };
}

function amountOf(field: string, value: string): number {
  try {
    return parseMoneyInput(value);
  } catch (error) {
    if (error instanceof MoneyInputError) throw invalidParam(field, error.message);
    throw error;
  }
}

/** A GMT date or date-time as WooCommerce sends it ("2026-12-31" is that day's midnight GMT). */
function dateOf(field: string, value: string | null | undefined): Date | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  const time = new Date(value.includes('T') ? value.replace(/Z?$/, 'Z') : `${value}T00:00:00Z`);
  if (Number.isNaN(time.getTime()) || time.toISOString().slice(0, 10) !== value.slice(0, 10)) {
    throw invalidParam(field, 'Use a date that exists, such as 2026-12-31.');
  }
  return time;
}

/** The row's fields from a create or update body; absent fields are left out. */
function toRow(input: CouponUpdateInput, kept?: CouponRow): Partial<NewCouponRow> {
  const row: Partial<NewCouponRow> = {};
  if (input.code !== undefined) row.code = input.code;
  if (input.description !== undefined) row.description = input.description;
  if (input.discount_type !== undefined) row.discountType = input.discount_type;
  if (input.amount !== undefined) row.amount = amountOf('amount', input.amount);
  const type = row.discountType ?? kept?.discountType ?? 'fixed_cart';
  const amount = row.amount ?? kept?.amount ?? 0;
  if (type === 'percent' && amount > 10_000) {
    throw invalidParam('amount', 'A percentage is at most 100.');
  }
  if (input.minimum_amount !== undefined) {
    row.minimumCents = amountOf('minimum_amount', input.minimum_amount);
  }
  if (input.free_shipping !== undefined) row.freeShipping = input.free_shipping;
  if (input.usage_limit !== undefined) row.usageLimit = input.usage_limit;
  if (input.usage_limit_per_user !== undefined) row.usageLimitPerUser = input.usage_limit_per_user;
  if (input.product_ids !== undefined) row.productIds = input.product_ids;
  if (input.excluded_product_ids !== undefined) row.excludedProductIds = input.excluded_product_ids;
  if (input.product_categories !== undefined) row.categoryIds = input.product_categories;
  if (input.excluded_product_categories !== undefined) {
    row.excludedCategoryIds = input.excluded_product_categories;
  }
  if (input.individual_use !== undefined) row.individualUse = input.individual_use;
  if (input.price_list !== undefined) row.priceList = input.price_list;
  if (input.first_order_only !== undefined) row.firstOrderOnly = input.first_order_only;
  const starts =
    dateOf('date_starts_gmt', input.date_starts_gmt) ?? dateOf('date_starts', input.date_starts);
  if (starts !== undefined) row.dateStarts = starts;
  const expires =
    dateOf('date_expires_gmt', input.date_expires_gmt) ??
    dateOf('date_expires', input.date_expires);
  if (expires !== undefined) row.dateExpires = expires;
  const from = row.dateStarts !== undefined ? row.dateStarts : (kept?.dateStarts ?? null);
  const until = row.dateExpires !== undefined ? row.dateExpires : (kept?.dateExpires ?? null);
  if (from && until && until <= from) {
    throw invalidParam('date_expires', 'The end date comes after the start date.');
  }
  return row;
}

const toRule = (row: CouponRow): CouponRule => ({
  id: row.id,
  code: row.code,
  discountType: row.discountType,
  amount: row.amount,
  freeShipping: row.freeShipping,
  minimumCents: row.minimumCents,
  usageLimit: row.usageLimit,
  usageLimitPerUser: row.usageLimitPerUser,
  usageCount: row.usageCount,
  productIds: row.productIds,
  excludedProductIds: row.excludedProductIds,
  categoryIds: row.categoryIds,
  excludedCategoryIds: row.excludedCategoryIds,
  individualUse: row.individualUse,
  priceList: row.priceList,
  firstOrderOnly: row.firstOrderOnly,
  dateStarts: row.dateStarts,
  dateExpires: row.dateExpires,
});

const noDiscount = (lines: readonly PricedLine[]): OrderDiscount => ({
  lineDiscounts: lines.map(() => 0),
  discountCents: 0,
  freeShipping: false,
  coupons: [],
});

export function createCouponsService(db: Database, options: CouponsServiceOptions) {
  const now = options.now ?? (() => new Date());
  const { activity } = options;

  /**
   * What the codes take off these priced lines for this buyer, or the 400 naming the first code
   * refused. `user.email` is "" while unknown: a guest's first-order and per-customer checks then
   * wait for the order.
   */
  async function discountFor(
    executor: Database,
    lines: readonly PricedLine[],
    codes: readonly string[],
    viewer: Viewer,
    user: CouponUser,
  ): Promise<OrderDiscount> {
    if (codes.length === 0) return noDiscount(lines);
    const found = await couponsRepo.findByCodes(executor, [...codes]);
    const rules = codes.map((code) => {
      const row = found.find((candidate) => candidate.code.toLowerCase() === code.toLowerCase());
      if (!row) throw couponRefused(code, `The code ${code} does not exist. Check its spelling.`);
      return toRule(row);
    });
    const categories = await couponsRepo.categoriesOf(executor, [
      ...new Set(lines.map((line) => line.productId)),
    ]);
    const known = user.customerId !== 0 || user.email !== '';
    const outcome = applyCoupons(
      lines.map((line) => ({
        productId: line.productId,
        variationId: line.variationId,
        quantity: line.quantity,
        totalCents: line.totalCents,
        categoryIds: categories.get(line.productId) ?? [],
      })),
      rules,
      {
        now: now(),
        priceList: viewer.canSeeWholesale ? 'wholesale' : 'retail',
        earlierOrders: known ? await couponsRepo.earlierOrders(executor, user) : null,
        usesByBuyer: known
          ? await couponsRepo.usesBy(
              executor,
              rules.map((rule) => rule.id),
              user,
            )
          : new Map(),
      },
    );
    if (outcome.kind === 'refused') throw couponRefused(outcome.code, outcome.message);
    return outcome;
  }

  return {
    discountFor,

    /**
     * For the shipping quote's tax: what the codes take off, or nothing when the order would refuse
     * one (the cart then shows no discount, and its discount quote says why).
     */
    async discountOrNone(
      lines: readonly PricedLine[],
      codes: readonly string[],
      viewer: Viewer,
      user: CouponUser,
    ): Promise<OrderDiscount> {
      try {
        return await discountFor(db, lines, codes, viewer, user);
      } catch (error) {
        if (error instanceof ApiError && error.code === 'woocommerce_rest_invalid_coupon') {
          return noDiscount(lines);
        }
        throw error;
      }
    },

    /**
     * Inside the order's transaction: takes one use of each code (refused when another order took
     * the last one first), re-checks the per-customer limit with the coupon's row locked, and
     * records the codes on the order.
     */
    async redeem(
      tx: Database,
      discount: OrderDiscount,
      orderId: number,
      user: CouponUser,
    ): Promise<void> {
      if (discount.coupons.length === 0) return;
      for (const used of discount.coupons) {
        if (!(await couponsRepo.takeUse(tx, used.couponId))) {
          throw couponRefused(used.code, `The code ${used.code} has been used up.`);
        }
      }
      const couponIds = discount.coupons.map((used) => used.couponId);
      const uses = await couponsRepo.usesBy(tx, couponIds, user);
      for (const used of discount.coupons) {
        const [row] = await couponsRepo.findByCodes(tx, [used.code]);
        const limit = row?.usageLimitPerUser ?? null;
        if (limit !== null && (uses.get(used.couponId) ?? 0) >= limit) {
          throw couponRefused(used.code, `You have already used the code ${used.code}.`);
        }
      }
      await couponsRepo.insertOrderCoupons(
        tx,
        discount.coupons.map((used) => ({
          orderId,
          couponId: used.couponId,
          code: used.code,
          discountCents: used.discountCents,
          freeShipping: used.freeShipping,
          customerId: user.customerId,
          billingEmail: user.email.toLowerCase(),
        })),
      );
    },

    /** A cancelled order gives its uses back, once. */
    async release(tx: Database, orderId: number): Promise<void> {
      await couponsRepo.release(tx, orderId, now());
    },

    /** `POST /larder/v1/cart/discounts`: the cart's and checkout's estimate, checked as an order is. */
    async quote(
      input: z.output<typeof CartDiscountsRequestSchema>,
      viewer: Viewer,
    ): Promise<CartDiscounts> {
      const cart = await priceCart(db, input.products, viewer, 'products');
      const discount = await discountFor(
        db,
        cart.lines,
        input.coupon_lines.map((line) => line.code),
        viewer,
        { customerId: viewer.isGuest ? 0 : viewer.customerId, email: input.billing_email ?? '' },
      );
      return {
        subtotal: toMoneyString(cart.subtotalCents),
        discount_total: toMoneyString(discount.discountCents),
        free_shipping: discount.freeShipping,
        coupon_lines: discount.coupons.map((used, index) => ({
          id: index + 1,
          code: used.code,
          discount: toMoneyString(used.discountCents),
          discount_tax: '0.00',
          free_shipping: used.freeShipping,
        })),
        line_items: cart.lines.map((line, index) => ({
          subtotal: toMoneyString(line.totalCents),
          total: toMoneyString(line.totalCents - discount.lineDiscounts[index]!),
        })),
      };
    },

    async list(query: CouponListQuery) {
      const window = { page: query.page, perPage: query.per_page };
      const { rows, total } = await couponsRepo.list(
        db,
        { search: query.search, code: query.code },
        query.per_page,
        pageOffset(window),
      );
      return { coupons: rows.map(toCoupon), total, window };
    },

    async get(id: number): Promise<Coupon> {
      const row = await couponsRepo.find(db, id);
      if (!row) throw couponNotFound();
      return toCoupon(row);
    },

    async create(input: CouponCreateInput, owner: Viewer): Promise<Coupon> {
      const values = toRow(input) as NewCouponRow;
      try {
        return await db.transaction(async (tx) => {
          const row = await couponsRepo.insert(tx, values);
          await activity.record(
            owner,
            {
              action: 'coupon.created',
              subjectType: 'coupon',
              subjectId: row.id,
              summary: `Discount code ${row.code} added`,
            },
            tx,
          );
          return toCoupon(row);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw codeTaken(input.code);
        throw error;
      }
    },

    async update(id: number, input: CouponUpdateInput, owner: Viewer): Promise<Coupon> {
      try {
        return await db.transaction(async (tx) => {
          const kept = await couponsRepo.find(tx, id);
          if (!kept) throw couponNotFound();
          const row = await couponsRepo.update(tx, id, {
            ...toRow(input, kept),
            modifiedAt: now(),
          });
          if (!row) throw couponNotFound();
          await activity.record(
            owner,
            {
              action: 'coupon.updated',
              subjectType: 'coupon',
              subjectId: id,
              summary: `Discount code ${row.code} changed`,
            },
            tx,
          );
          return toCoupon(row);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw codeTaken(input.code ?? '');
        throw error;
      }
    },

    /** Deletes the code; orders that used it keep their code lines. */
    async remove(id: number, owner: Viewer): Promise<Coupon> {
      return db.transaction(async (tx) => {
        const row = await couponsRepo.remove(tx, id);
        if (!row) throw couponNotFound();
        await activity.record(
          owner,
          {
            action: 'coupon.deleted',
            subjectType: 'coupon',
            subjectId: id,
            summary: `Discount code ${row.code} deleted`,
          },
          tx,
        );
        return toCoupon(row);
      });
    },
  };
}

export type CouponsService = ReturnType<typeof createCouponsService>;
