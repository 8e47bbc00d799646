import { z } from 'zod';

// The codes a shopper sends with a cart quote or an order; apart from the rest of the coupons
// contract so the shipping-rates request can take them without an import cycle.

/** A code as shoppers type it: letters, digits, - and _, matched whatever its case. */
export const CouponCodeSchema = z
  .string({ error: 'Enter a discount code.' })
  .trim()
  .min(1, 'Enter a discount code.')
  .max(50, 'A discount code is at most 50 characters.');

/** `coupon_lines` on an order request, as WooCommerce takes it: `[{ code }]`. */
export const CouponLinesInputSchema = z
  .array(z.object({ code: CouponCodeSchema }), { error: 'Send the codes as [{ code }].' })
  .max(5, 'At most 5 discount codes per order.')
  .default([]);
