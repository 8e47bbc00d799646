import {
  toMoneyString,
  sumCents,
  type SalesReport,
  type SalesReportQuery,
  type TopSellerSchema,
} from '@larder/contract';
import type { z } from 'zod';
import type { ReportsRepo } from './reports.repo.ts';
import { dayStart, daysOf, reportPeriod, type ReportPeriod } from './report-period.ts';

type TopSeller = z.infer<typeof TopSellerSchema>;

/** WooCommerce's top sellers report lists twelve products. */
export const TOP_SELLERS_LIMIT = 12;

const DAY_MS = 86_400_000;

const windowOf = (period: ReportPeriod) => ({
  from: dayStart(period.first)!,
  until: new Date(dayStart(period.last)!.getTime() + DAY_MS),
});

/** The owner's sales reports, in WooCommerce's shapes; every sum is integer cents until the end. */
export function createReportsService(repo: ReportsRepo, options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());
  return {
    async sales(query: SalesReportQuery): Promise<SalesReport> {
      const period = reportPeriod(query, now());
      const rows = await repo.salesByDay(windowOf(period));
      const byDay = new Map(rows.map((row) => [row.day, row]));
      const sum = (pick: (row: (typeof rows)[number]) => number) => sumCents(rows.map(pick));
      const salesCents = sum((row) => row.salesCents);
      const refundsCents = sum((row) => row.refundsCents);
      return {
        total_sales: toMoneyString(salesCents),
        net_sales: toMoneyString(salesCents - refundsCents),
        total_orders: sum((row) => row.orders),
        total_items: sum((row) => row.items),
        total_shipping: toMoneyString(sum((row) => row.shippingCents)),
        total_refunds: toMoneyString(refundsCents),
        totals_grouped_by: 'day',
        totals: Object.fromEntries(
          daysOf(period).map((day) => {
            const row = byDay.get(day);
            return [
              day,
              {
                sales: toMoneyString(row?.salesCents ?? 0),
                orders: row?.orders ?? 0,
                items: row?.items ?? 0,
                shipping: toMoneyString(row?.shippingCents ?? 0),
                retail_sales: toMoneyString(row?.retailCents ?? 0),
                wholesale_sales: toMoneyString(row?.wholesaleCents ?? 0),
              },
            ];
          }),
        ),
      };
    },

    async topSellers(query: SalesReportQuery): Promise<TopSeller[]> {
      const period = reportPeriod(query, now());
      const rows = await repo.topSellers(windowOf(period), TOP_SELLERS_LIMIT);
      return rows.map((row) => ({
        title: row.title,
        product_id: row.productId,
        quantity: row.quantity,
      }));
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
