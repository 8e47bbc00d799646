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
}

/**
 * Spec §9: subtotal, the shipping estimate, the sales tax the server quoted for the address and
 * rate (issue 14), and the grand total: what the order will charge.
 */
export function CartTotals({
  subtotalCents,
  rate,
  estimateCents,
  pendingShipping,
}: CartTotalsProps) {
  return (
    <dl className="cart-totals">
      <div className="cart-totals__row">
        <dt>Subtotal</dt>
        <dd data-testid="totals-subtotal">{formatCents(subtotalCents)}</dd>
      </div>
      <div className="cart-totals__row">
        <dt>Shipping{rate ? <span className="cart-totals__method"> {rate.label}</span> : null}</dt>
        <dd data-testid="totals-shipping">
          {rate ? rateCostLabel(rate.cost) : <span className="muted">{pendingShipping}</span>}
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
          {formatCents(grandTotalCents(subtotalCents, estimateCents, rateTaxCents(rate)))}
        </dd>
      </div>
    </dl>
  );
}
