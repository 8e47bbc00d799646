import { formatCents } from '@larder/contract/money';
import { formatDate } from '../format.tsx';
import type { DaySales } from './sales-figures.ts';

const WIDTH = 720;
const HEIGHT = 240;
const PLOT = { left: 56, right: 8, top: 12, bottom: 28 };

/** A round step for the value axis: 1, 2 or 5 times a power of ten, about four lines in all. */
function axisStep(maxCents: number): number {
  const raw = Math.max(maxCents, 100) / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((value) => value >= raw);
  return step ?? raw;
}

const shortMoney = (cents: number) =>
  cents >= 100_000
    ? `$${(cents / 100_000).toFixed(cents % 100_000 === 0 ? 0 : 1)}k`
    : formatCents(cents).replace(/\.00$/, '');

/**
 * Daily revenue, retail and wholesale stacked, drawn as SVG from the report (decision 0025: no chart
 * library). The picture is for the eye; the same figures are in the table below it for everyone.
 */
export function RevenueChart({ days }: { days: readonly DaySales[] }) {
  const max = Math.max(...days.map((day) => day.retailCents + day.wholesaleCents), 0);
  const step = axisStep(max);
  const top = Math.max(step * Math.ceil(max / step), step);
  const plotWidth = WIDTH - PLOT.left - PLOT.right;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const slot = plotWidth / Math.max(days.length, 1);
  const bar = Math.max(slot * 0.68, 2);
  const y = (cents: number) => PLOT.top + plotHeight - (cents / top) * plotHeight;
  const lines = Array.from({ length: Math.round(top / step) + 1 }, (_, index) => index * step);
  const total = days.reduce((sum, day) => sum + day.retailCents + day.wholesaleCents, 0);

  return (
    <figure className="admin-chart-figure">
      <ul className="admin-legend">
        <li>
          <span className="admin-legend__swatch admin-chart__retail-swatch" aria-hidden="true" />
          Retail
        </li>
        <li>
          <span className="admin-legend__swatch admin-chart__wholesale-swatch" aria-hidden="true" />
          Wholesale
        </li>
      </ul>
      <svg
        className="admin-chart"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`Daily revenue over ${days.length} days, ${formatCents(total)} in all; the figures are in the table below.`}
        data-testid="revenue-chart"
      >
        {lines.map((value) => (
          <g key={value}>
            <line
              className="admin-chart__grid"
              x1={PLOT.left}
              x2={WIDTH - PLOT.right}
              y1={y(value)}
              y2={y(value)}
            />
            <text className="admin-chart__axis" x={PLOT.left - 6} y={y(value) + 4} textAnchor="end">
              {shortMoney(value)}
            </text>
          </g>
        ))}
        {days.map((day, index) => {
          const x = PLOT.left + index * slot + (slot - bar) / 2;
          const retailTop = y(day.retailCents);
          const wholesaleTop = y(day.retailCents + day.wholesaleCents);
          const showLabel = index % 7 === (days.length - 1) % 7;
          return (
            <g key={day.date} data-date={day.date}>
              <rect
                className="admin-chart__retail"
                x={x}
                width={bar}
                y={retailTop}
                height={y(0) - retailTop}
              />
              <rect
                className="admin-chart__wholesale"
                x={x}
                width={bar}
                y={wholesaleTop}
                height={retailTop - wholesaleTop}
              />
              {showLabel ? (
                <text
                  className="admin-chart__axis"
                  x={x + bar / 2}
                  y={HEIGHT - 8}
                  textAnchor="middle"
                >
                  {formatDate(day.date).replace(/, \d{4}$/, '')}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <details className="admin-chart__data">
        <summary>Daily figures as a table</summary>
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption>Revenue by day</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col" className="admin-table__number">
                  Orders
                </th>
                <th scope="col" className="admin-table__number">
                  Retail
                </th>
                <th scope="col" className="admin-table__number">
                  Wholesale
                </th>
              </tr>
            </thead>
            <tbody>
              {[...days].reverse().map((day) => (
                <tr key={day.date}>
                  <th scope="row">{formatDate(day.date)}</th>
                  <td className="admin-table__number">{day.orders}</td>
                  <td className="admin-table__number">{formatCents(day.retailCents)}</td>
                  <td className="admin-table__number">{formatCents(day.wholesaleCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
