import type { SalesReportQuery } from '@larder/contract';
import { invalidParam } from '../../http/errors.ts';

/** Days of the shop's calendar, in UTC, first and last included. */
export interface ReportPeriod {
  /** `YYYY-MM-DD` */
  first: string;
  last: string;
}

/** One report answers at most two years of days (one entry per day). */
export const MAX_REPORT_DAYS = 731;

const DAY_MS = 86_400_000;

export const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

/** The UTC midnight of a `YYYY-MM-DD` day, or null for a day the calendar does not have. */
export function dayStart(day: string): Date | null {
  const date = new Date(`${day}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) || isoDay(date) !== day ? null : date;
}

/** Every day of the period in order, `YYYY-MM-DD`. */
export function daysOf(period: ReportPeriod): string[] {
  const days: string[] = [];
  const last = dayStart(period.last)!.getTime();
  for (let at = dayStart(period.first)!.getTime(); at <= last; at += DAY_MS) {
    days.push(isoDay(new Date(at)));
  }
  return days;
}

/** Orders are dated within these years; the bounds also keep every date one the database takes. */
const FIRST_YEAR = 1970;
const LAST_YEAR = 2999;

function queryDay(name: 'date_min' | 'date_max', day: string): Date {
  const date = dayStart(day);
  if (!date) throw invalidParam(name, `${day} is not a day of the calendar.`);
  const year = date.getUTCFullYear();
  if (year < FIRST_YEAR || year > LAST_YEAR) {
    throw invalidParam(name, `Use a day between ${FIRST_YEAR} and ${LAST_YEAR}.`);
  }
  return date;
}

/**
 * The days a report covers, as WooCommerce reads its parameters: a named `period` (`week` is the
 * last 7 days, today included; `month` and `year` run to today), or `date_min` to `date_max`
 * (today when left out); neither is today alone. Days are UTC days.
 */
export function reportPeriod(query: SalesReportQuery, now: Date): ReportPeriod {
  const today = isoDay(now);
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  if (query.period !== undefined) {
    if (query.date_min !== undefined || query.date_max !== undefined) {
      throw invalidParam('period', 'Send either period or date_min and date_max, not both.');
    }
    switch (query.period) {
      case 'day':
        return { first: today, last: today };
      case 'week':
        return { first: isoDay(new Date(dayStart(today)!.getTime() - 6 * DAY_MS)), last: today };
      case 'month':
        return { first: isoDay(new Date(Date.UTC(year, month, 1))), last: today };
      case 'last_month':
        return {
          first: isoDay(new Date(Date.UTC(year, month - 1, 1))),
          // Day 0 of this month is the last day of the one before.
          last: isoDay(new Date(Date.UTC(year, month, 0))),
        };
      case 'year':
        return { first: isoDay(new Date(Date.UTC(year, 0, 1))), last: today };
    }
  }
  if (query.date_min === undefined) {
    if (query.date_max !== undefined) {
      throw invalidParam('date_min', 'Send date_min with date_max (date_max alone has no start).');
    }
    return { first: today, last: today };
  }
  const first = queryDay('date_min', query.date_min);
  const last = query.date_max === undefined ? dayStart(today)! : queryDay('date_max', query.date_max);
  if (last < first) {
    throw query.date_max === undefined
      ? invalidParam('date_min', 'date_min is after today.')
      : invalidParam('date_max', 'date_max is before date_min.');
  }
  if ((last.getTime() - first.getTime()) / DAY_MS + 1 > MAX_REPORT_DAYS) {
    throw invalidParam('date_min', `Ask for at most ${MAX_REPORT_DAYS} days at a time.`);
  }
  return { first: isoDay(first), last: isoDay(last) };
}
