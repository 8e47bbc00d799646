import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorSchema,
  apiPaths,
  SalesReportQuerySchema,
  SalesReportSchema,
  TopSellerSchema,
} from '@larder/contract';
import { requireOwner } from '../../http/owner-guard.ts';
import { MAX_REPORT_DAYS } from './report-period.ts';
import { TOP_SELLERS_LIMIT, type ReportsService } from './reports.service.ts';

export interface ReportsRoutesOptions {
  reports: ReportsService;
}

const tags = ['reports'];

const periodHelp =
  '`period` is `day` (today), `week` (the last 7 days, today included), `month` (this month to ' +
  'today), `last_month` or `year` (this year to today); or `date_min` to `date_max` (`YYYY-MM-DD`; ' +
  `today when \`date_max\` is left out; at most ${MAX_REPORT_DAYS} days); neither is today. Days are ` +
  'the shop’s days in UTC; an order counts on the day it was placed. 400 `rest_invalid_param` for ' +
  'a day the calendar lacks, a reversed or too long range, or `period` sent with dates. Owners ' +
  'only: 401 for guests, 403 for other accounts.';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };

export const reportsRoutes: FastifyPluginAsyncZod<ReportsRoutesOptions> = async (
  app,
  { reports },
) => {
  app.get(
    apiPaths.salesReport,
    {
      // Before validation (a preHandler would run after it): a guest gets 401, not 400.
      preValidation: requireOwner('view'),
      schema: {
        tags,
        summary: 'Sales report (owners)',
        description:
          'Paid orders (processing, completed or refunded) of the period, as WooCommerce reports ' +
          'them: `total_sales` is what they charged, shipping included; `total_refunds` what was ' +
          'given back on them; `net_sales` the difference. `totals` has one entry per day, days ' +
          'without sales included, with retail and wholesale sales apart (by the price list each ' +
          `order was priced on). ${periodHelp}`,
        querystring: SalesReportQuerySchema,
        response: { 200: SalesReportSchema, ...errors },
      },
    },
    async (request) => reports.sales(request.query),
  );

  app.get(
    apiPaths.topSellers,
    {
      preValidation: requireOwner('view'),
      schema: {
        tags,
        summary: 'Top sellers report (owners)',
        description:
          `The ${TOP_SELLERS_LIMIT} products sold in the most units in processing or completed ` +
          'orders of the period, most first (refunded orders left out), titled with the ' +
          `product's name. ${periodHelp}`,
        querystring: SalesReportQuerySchema,
        response: { 200: z.array(TopSellerSchema), ...errors },
      },
    },
    async (request) => reports.topSellers(request.query),
  );
};
