import type { ShippingRate } from '@larder/contract';
import { formatCents } from '@larder/contract/money';
import { rateCostLabel } from './shipping-rate-options.tsx';
import { grandTotalCents, rateTaxCents } from './shipping-estimate.ts';

interface CartTotalsProps {
  subtotalCents: number;
  /** The rate in effect, or null before there are rates. */
  rate: ShippingRate | null;
  /** shippingEstimateCents: the rate's cost, or 0 without one. */
  estimateCents: number;
  /** The words for the shipping row while there is no rate. */
  pendingShipping: string;
  /** What the discount codes take off (the server's quote), and whether shipping is free. */
  discount?: { cents: number; freeShipping: boolean } | undefined;
}

/**
 * Spec §9: subtotal, any discount, the shipping estimate, the sales tax the server quoted for the
 * address, rate and codes (issue 14), and the grand total: what the order will charge.
 */
export function CartTotals({
  subtotalCents,
  rate,
  estimateCents,
  pendingShipping,
  discount = { cents: 0, freeShipping: false },
}: CartTotalsProps) {
  const shippingCents = discount.freeShipping ? 0 : estimateCents;
  return (
    <dl className="cart-totals">
      <div className="cart-totals__row">
        <dt>Subtotal</dt>
        <dd data-testid="totals-subtotal">{formatCents(subtotalCents)}</dd>
      </div>
      {discount.cents > 0 ? (
        <div className="cart-totals__row cart-totals__row--discount">
          <dt>Discount</dt>
          <dd data-testid="totals-discount">−{formatCents(discount.cents)}</dd>
        </div>
      ) : null}
      <div className="cart-totals__row">
        <dt>Shipping{rate ? <span className="cart-totals__method"> {rate.label}</span> : null}</dt>
        <dd data-testid="totals-shipping">
          {rate ? (
            rateCostLabel(discount.freeShipping ? 0 : rate.cost)
          ) : (
            <span className="muted">{pendingShipping}</span>
          )}
        </dd>
      </div>
      <div className="cart-totals__row">
        <dt>
          Sales tax
          {rate?.tax.exempt_reason ? (
            <span className="cart-totals__method">{rate.tax.exempt_reason}</span>
          ) : null}
        </dt>
        <dd data-testid="totals-tax">
          {rate ? (
            formatCents(rateTaxCents(rate))
          ) : (
            <span className="muted">{pendingShipping}</span>
          )}
        </dd>
      </div>
      <div className="cart-totals__row cart-totals__row--grand">
        <dt>Total</dt>
        <dd data-testid="totals-grand">
          {formatCents(
            grandTotalCents(subtotalCents - discount.cents, shippingCents, rateTaxCents(rate)),
          )}
        </dd>
      </div>
    </dl>
  );
}
