import { lineTotalCents, parseMoneyInput } from '@larder/contract';
import type { PricedCart } from '../pricing/cart-pricing.ts';
import type { ZoneMethodRow } from './shipping.repo.ts';

/**
 * "7.95" → 795, "7.5" → 750. Settings are merchant-entered strings and WooCommerce reads an empty
 * or unreadable one as 0, so this does too rather than refuse every quote.
 */
export function settingCents(value: string | undefined): number {
  try {
    return parseMoneyInput(value ?? '');
  } catch {
    return 0;
  }
}

/** Reference §9 step 4: what one enabled method charges for this cart, or null when it is not offered. */
export function methodCostCents(
  method: Pick<ZoneMethodRow, 'methodId' | 'settings'>,
  cart: Pick<PricedCart, 'subtotalCents' | 'itemCount'>,
): number | null {
  const { settings } = method;
  switch (method.methodId) {
    case 'flat_rate':
      return (
        settingCents(settings.cost) +
        lineTotalCents(settingCents(settings.per_item_cost), cart.itemCount)
      );
    case 'local_pickup':
      return settingCents(settings.cost);
    case 'free_shipping': {
      // No coupons exist in this shop, so "coupon" and "both" can never be met.
      const requires = settings.requires ?? '';
      if (requires === '') return 0;
      if (requires === 'min_amount' || requires === 'either') {
        return cart.subtotalCents >= settingCents(settings.min_amount) ? 0 : null;
      }
      return null;
    }
  }
}
