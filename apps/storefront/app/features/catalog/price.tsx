import { formatMoney } from '../../lib/money.ts';
import type { PriceRange } from './product-summary.ts';

/** One price, or "From $x" on cards and "$x – $y" on the product page when sizes differ. */
export function Price({
  range,
  style = 'from',
  className,
}: {
  range: PriceRange;
  style?: 'from' | 'range';
  className?: string;
}) {
  const cls = ['price', className].filter(Boolean).join(' ');
  if (range.min === range.max) return <span className={cls}>{formatMoney(range.min)}</span>;
  if (style === 'range') {
    return (
      <span className={cls}>
        {formatMoney(range.min)} – {formatMoney(range.max)}
      </span>
    );
  }
  return (
    <span className={cls}>
      <span className="price__from">From</span> {formatMoney(range.min)}
    </span>
  );
}
