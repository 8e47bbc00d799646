import { formatCents, sumCents } from '@larder/contract';

/** A discount code as the rule reads it (a row of `coupons`). */
export interface CouponRule {
  id: number;
  code: string;
  discountType: 'percent' | 'fixed_cart' | 'fixed_product';
  /** Cents for the fixed types; hundredths of a percent for `percent` (12.5 % is 1250). */
  amount: number;
  freeShipping: boolean;
  minimumCents: number;
  usageLimit: number | null;
  usageLimitPerUser: number | null;
  usageCount: number;
  productIds: number[];
  excludedProductIds: number[];
  categoryIds: number[];
  excludedCategoryIds: number[];
  individualUse: boolean;
  priceList: 'any' | 'retail' | 'wholesale';
  firstOrderOnly: boolean;
  dateStarts: Date | null;
  dateExpires: Date | null;
}

/** A priced cart line with what the rule needs to know about its product. */
export interface DiscountableLine {
  productId: number;
  variationId: number;
  quantity: number;
  /** The line's price before any code (the one price rule's total). */
  totalCents: number;
  categoryIds: readonly number[];
}

/** Who is buying, and what the database knows about them. */
export interface CouponBuyer {
  now: Date;
  priceList: 'retail' | 'wholesale';
  /**
   * Earlier orders (not cancelled) by this account or billing email; null while unknown (a guest's
   * cart before checkout), when first-order-only codes are let through until the order checks them.
   */
  earlierOrders: number | null;
  /** Uses of each coupon (by id) by this account or billing email; a missing id is 0. */
  usesByBuyer: ReadonlyMap<number, number>;
}

export interface AppliedCoupon {
  couponId: number;
  code: string;
  discountCents: number;
  freeShipping: boolean;
}

export type CouponOutcome =
  | {
      kind: 'applied';
      /** Per line, in the cart's order: what the codes took off it (never more than its total). */
      lineDiscounts: number[];
      coupons: AppliedCoupon[];
      discountCents: number;
      freeShipping: boolean;
    }
  | { kind: 'refused'; code: string; message: string };

const day = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'long',
  timeZone: 'UTC',
});

/** Whether the code covers this line: included by product or category (or all), and not excluded. */
export function coversLine(coupon: CouponRule, line: DiscountableLine): boolean {
  const ids = [line.productId, line.variationId].filter((id) => id !== 0);
  const inCategory = (list: number[]) => line.categoryIds.some((id) => list.includes(id));
  const included =
    (coupon.productIds.length === 0 && coupon.categoryIds.length === 0) ||
    ids.some((id) => coupon.productIds.includes(id)) ||
    inCategory(coupon.categoryIds);
  const excluded =
    ids.some((id) => coupon.excludedProductIds.includes(id)) ||
    inCategory(coupon.excludedCategoryIds);
  return included && !excluded;
}

/** Why this buyer may not use the code on this cart, in a sentence naming it; null when they may. */
function refusal(
  coupon: CouponRule,
  lines: readonly DiscountableLine[],
  subtotalCents: number,
  buyer: CouponBuyer,
): string | null {
  const { code } = coupon;
  if (coupon.dateStarts && buyer.now < coupon.dateStarts) {
    return `The code ${code} is not valid yet: it starts on ${day.format(coupon.dateStarts)}.`;
  }
  if (coupon.dateExpires && buyer.now >= coupon.dateExpires) {
    return `The code ${code} expired on ${day.format(coupon.dateExpires)}.`;
  }
  if (coupon.usageLimit !== null && coupon.usageCount >= coupon.usageLimit) {
    return `The code ${code} has been used up.`;
  }
  const used = buyer.usesByBuyer.get(coupon.id) ?? 0;
  if (coupon.usageLimitPerUser !== null && used >= coupon.usageLimitPerUser) {
    return coupon.usageLimitPerUser === 1
      ? `You have already used the code ${code}.`
      : `You have already used the code ${code} ${used} times, its limit per customer.`;
  }
  if (coupon.priceList !== 'any' && coupon.priceList !== buyer.priceList) {
    return coupon.priceList === 'retail'
      ? `The code ${code} is for retail orders, not wholesale accounts.`
      : `The code ${code} is for approved wholesale accounts only.`;
  }
  if (coupon.firstOrderOnly && buyer.earlierOrders !== null && buyer.earlierOrders > 0) {
    return `The code ${code} is for a first order only.`;
  }
  if (subtotalCents < coupon.minimumCents) {
    return `The code ${code} needs an order of at least ${formatCents(coupon.minimumCents)} before discounts; your cart comes to ${formatCents(subtotalCents)}.`;
  }
  const covers = lines.some((line) => coversLine(coupon, line));
  // A free-shipping code with no amount asks nothing of the lines, unless it names products.
  const namesLines = coupon.productIds.length + coupon.categoryIds.length > 0 || coupon.amount > 0;
  if (!covers && namesLines) {
    return `The code ${code} does not apply to anything in your cart.`;
  }
  return null;
}

/**
 * Spreads `amount` cents over lines in proportion to `weights` (each at most its weight): shares are
 * rounded down and the cents left over go one each to the largest lines, so the shares add up exactly.
 */
export function spreadCents(amount: number, weights: readonly number[]): number[] {
  const total = sumCents(weights);
  const capped = Math.min(amount, total);
  if (capped <= 0) return weights.map(() => 0);
  const shares = weights.map((weight) => Math.floor((capped * weight) / total));
  let left = capped - sumCents(shares);
  const largestFirst = weights
    .map((weight, index) => ({ weight, index }))
    .filter(({ weight, index }) => weight > shares[index]!)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { index } of largestFirst) {
    if (left === 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

/**
 * What a set of codes takes off a priced cart, or why one of them is refused (the first, in the
 * order entered). Percent and fixed-per-product codes come first, each on every line it covers;
 * fixed-cart codes then spread over what is left of the lines they cover. No line goes below 0.
 */
export function applyCoupons(
  lines: readonly DiscountableLine[],
  coupons: readonly CouponRule[],
  buyer: CouponBuyer,
): CouponOutcome {
  const subtotalCents = sumCents(lines.map((line) => line.totalCents));
  const seen = new Set<number>();
  for (const coupon of coupons) {
    if (seen.has(coupon.id)) {
      return {
        kind: 'refused',
        code: coupon.code,
        message: `The code ${coupon.code} is already applied.`,
      };
    }
    seen.add(coupon.id);
    const reason = refusal(coupon, lines, subtotalCents, buyer);
    if (reason) return { kind: 'refused', code: coupon.code, message: reason };
  }
  if (coupons.length > 1) {
    const alone = coupons.find((coupon) => coupon.individualUse);
    if (alone) {
      return {
        kind: 'refused',
        code: alone.code,
        message: `The code ${alone.code} cannot be used with other codes. Remove one of them.`,
      };
    }
  }

  const remaining = lines.map((line) => line.totalCents);
  const byCoupon = new Map<number, number>();
  const take = (couponId: number, index: number, cents: number) => {
    const taken = Math.min(cents, remaining[index]!);
    remaining[index]! -= taken;
    byCoupon.set(couponId, (byCoupon.get(couponId) ?? 0) + taken);
  };
  const ordered = [
    ...coupons.filter((coupon) => coupon.discountType !== 'fixed_cart'),
    ...coupons.filter((coupon) => coupon.discountType === 'fixed_cart'),
  ];
  for (const coupon of ordered) {
    const covered = lines.map((line) => coversLine(coupon, line));
    if (coupon.discountType === 'percent') {
      lines.forEach((line, index) => {
        // Half a cent and up rounds up, per line, as WooCommerce rounds each line's discount.
        if (covered[index])
          take(coupon.id, index, Math.round((line.totalCents * coupon.amount) / 10_000));
      });
    } else if (coupon.discountType === 'fixed_product') {
      lines.forEach((line, index) => {
        if (covered[index]) take(coupon.id, index, coupon.amount * line.quantity);
      });
    } else {
      const weights = remaining.map((cents, index) => (covered[index] ? cents : 0));
      spreadCents(coupon.amount, weights).forEach((share, index) => take(coupon.id, index, share));
    }
  }

  const lineDiscounts = lines.map((line, index) => line.totalCents - remaining[index]!);
  return {
    kind: 'applied',
    lineDiscounts,
    coupons: coupons.map((coupon) => ({
      couponId: coupon.id,
      code: coupon.code,
      discountCents: byCoupon.get(coupon.id) ?? 0,
      freeShipping: coupon.freeShipping,
    })),
    discountCents: sumCents(lineDiscounts),
    freeShipping: coupons.some((coupon) => coupon.freeShipping),
  };
}
