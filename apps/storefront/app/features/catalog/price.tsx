import { formatMoney } from '@larder/contract/money';
import type { PriceRange } from './product-summary.ts';

/** One price, or "From $x" on cards and "$x – $y" on the product page when sizes differ; a wholesale buyer's marked as such. */
export function Price({
  range,
  style = 'from',
  className,
}: {
  range: PriceRange;
  style?: 'from' | 'range';
  className?: string;
}) {
  const cls = ['price', range.wholesale ? 'price--wholesale' : '', className]
    .filter(Boolean)
    .join(' ');
  const amount =
    range.min === range.max ? (
      formatMoney(range.min)
    ) : style === 'range' ? (
      `${formatMoney(range.min)} – ${formatMoney(range.max)}`
    ) : (
      <>
        <span className="price__from">From</span> {formatMoney(range.min)}
      </>
    );
  if (!range.wholesale) return <span className={cls}>{amount}</span>;
  return (
    <span className={cls}>
      <span>
        <span className="visually-hidden">Wholesale price </span>
        {amount}
      </span>{' '}
      <span className="price__badge" aria-hidden="true">
        Wholesale
      </span>
    </span>
  );
}
