// Decision 0037: a wholesale buyer's quantity, by the case, with the item's breaks. Its own chunk,
// loaded only when the shop sent this viewer wholesale rules: shoppers never download it.
import { useEffect } from 'react';
import type { WholesaleRulesOut } from '@larder/contract';
import { centsOf, formatCents } from '@larder/contract/money';
import {
  firstAllowedQuantity,
  nextAllowedQuantity,
  wholesaleUnitCents,
} from '@larder/contract/wholesale-rules';
import type { QuantityStepper } from './quantity-stepper.tsx';
import './wholesale-quantity.css';

interface WholesaleQuantityProps {
  rules: WholesaleRulesOut;
  /** The item's wholesale price (dollars), what a quantity below the first break costs. */
  price: number;
  value: number;
  onChange: (quantity: number) => void;
  /** The page's own stepper, passed in so this chunk does not split it into a script of its own. */
  Stepper: typeof QuantityStepper;
}

export default function WholesaleQuantity({
  rules,
  price,
  value,
  onChange,
  Stepper,
}: WholesaleQuantityProps) {
  const caseSize = rules.case_size;
  const limits = { caseSize, minQuantity: rules.min_quantity };
  const first = firstAllowedQuantity(limits);
  const tiers = rules.tiers.map((tier) => ({
    minQuantity: tier.min_quantity,
    priceCents: centsOf(tier.price),
  }));
  const allowed = value >= first && value % caseSize === 0;
  // A quantity the rules refuse (the shopper's default of 1) moves up to the first case.
  useEffect(() => {
    if (!allowed) onChange(nextAllowedQuantity(limits, value));
  });
  // The stepper's plus and minus move a whole case; a typed quantity rounds up to a case.
  const choose = (next: number) =>
    onChange(
      next < value
        ? Math.max(first, Math.floor(next / caseSize) * caseSize)
        : nextAllowedQuantity(limits, next),
    );
  const unitCents = wholesaleUnitCents(centsOf(price), tiers, value);
  const terms = [
    caseSize > 1 ? `Sold in cases of ${caseSize}` : 'Sold by the unit',
    `minimum ${first}`,
  ].join(' · ');
  return (
    <div className="wholesale-quantity" data-testid="wholesale-quantity">
      <Stepper value={value} onChange={choose} hint={terms} />
      <p className="wholesale-quantity__unit" data-testid="wholesale-unit-price">
        {formatCents(unitCents)} each · {formatCents(unitCents * value)} for {value}
      </p>
      {tiers.length > 0 ? (
        <table className="wholesale-tiers" data-testid="wholesale-tiers">
          <caption>Quantity breaks</caption>
          <thead>
            <tr>
              <th scope="col">Quantity</th>
              <th scope="col">Price each</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>{first}+</td>
              <td>{formatCents(centsOf(price))}</td>
            </tr>
            {tiers.map((tier) => (
              <tr key={tier.minQuantity}>
                <td>
                  {tier.minQuantity}+{caseSize > 1 ? ` (${tier.minQuantity / caseSize} cases)` : ''}
                </td>
                <td>{formatCents(tier.priceCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
