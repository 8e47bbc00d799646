import type { SalesReport } from '@larder/contract';
import { centsOf } from '@larder/contract/money';

/** One day of the chart, in cents. */
export interface DaySales {
  date: string;
  orders: number;
  retailCents: number;
  wholesaleCents: number;
}

export interface PeriodFigures {
  label: string;
  orders: number;
  revenueCents: number;
}

/** `YYYY-MM-DD` of a UTC day `daysBack` before `today`. */
export function isoDay(today: Date, daysBack = 0): string {
  const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  day.setUTCDate(day.getUTCDate() - daysBack);
  return day.toISOString().slice(0, 10);
}

/** The report's days, oldest first, each day of the range present even without sales. */
export function daySales(report: SalesReport, from: string, days: number): DaySales[] {
  const start = new Date(`${from}T00:00:00Z`);
  return Array.from({ length: days }, (_, index) => {
    const day = new Date(start);
    day.setUTCDate(start.getUTCDate() + index);
    const date = day.toISOString().slice(0, 10);
    const figures = report.totals[date];
    return {
      date,
      orders: figures?.orders ?? 0,
      retailCents: figures ? centsOf(figures.retail_sales) : 0,
      wholesaleCents: figures ? centsOf(figures.wholesale_sales) : 0,
    };
  });
}

/** Orders and revenue of the last day, 7 days and all the days given (newest last). */
export function periodFigures(days: readonly DaySales[]): PeriodFigures[] {
  const sum = (label: string, last: number): PeriodFigures => {
    const slice = days.slice(-last);
    return {
      label,
      orders: slice.reduce((total, day) => total + day.orders, 0),
      revenueCents: slice.reduce((total, day) => total + day.retailCents + day.wholesaleCents, 0),
    };
  };
  return [sum('Today', 1), sum('Last 7 days', 7), sum(`Last ${days.length} days`, days.length)];
}
