import { describe, expect, it } from 'vitest';
import { ApiError } from '../../http/errors.ts';
import { daysOf, MAX_REPORT_DAYS, reportPeriod } from './report-period.ts';

const now = new Date('2026-03-04T23:30:00Z');

const refusal = (query: Parameters<typeof reportPeriod>[0]) => {
  try {
    reportPeriod(query, now);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return { status: (error as ApiError).status, params: (error as ApiError).params };
  }
  throw new Error(`accepted ${JSON.stringify(query)}`);
};

describe('reportPeriod', () => {
  it('reads the named periods as WooCommerce does, in UTC days', () => {
    expect(reportPeriod({}, now)).toEqual({ first: '2026-03-04', last: '2026-03-04' });
    expect(reportPeriod({ period: 'day' }, now)).toEqual({ first: '2026-03-04', last: '2026-03-04' });
    expect(reportPeriod({ period: 'week' }, now)).toEqual({
      first: '2026-02-26',
      last: '2026-03-04',
    });
    expect(reportPeriod({ period: 'month' }, now)).toEqual({
      first: '2026-03-01',
      last: '2026-03-04',
    });
    expect(reportPeriod({ period: 'last_month' }, now)).toEqual({
      first: '2026-02-01',
      last: '2026-02-28',
    });
    expect(reportPeriod({ period: 'year' }, now)).toEqual({
      first: '2026-01-01',
      last: '2026-03-04',
    });
    expect(reportPeriod({ period: 'last_month' }, new Date('2026-01-15T00:00:00Z'))).toEqual({
      first: '2025-12-01',
      last: '2025-12-31',
    });
  });

  it('takes date_min to date_max, or to today', () => {
    expect(reportPeriod({ date_min: '2024-02-27', date_max: '2024-03-01' }, now)).toEqual({
      first: '2024-02-27',
      last: '2024-03-01',
    });
    expect(reportPeriod({ date_min: '2026-03-01' }, now)).toEqual({
      first: '2026-03-01',
      last: '2026-03-04',
    });
  });

  it('refuses days the calendar lacks, reversed or over-long ranges, and mixed parameters', () => {
    expect(refusal({ date_min: '2026-02-30' }).params).toHaveProperty('date_min');
    expect(refusal({ date_min: '2026-01-01', date_max: '2026-13-01' }).params).toHaveProperty(
      'date_max',
    );
    expect(refusal({ date_min: '2026-03-02', date_max: '2026-03-01' }).params).toHaveProperty(
      'date_max',
    );
    expect(refusal({ date_min: '2026-03-05' }).params).toHaveProperty('date_min');
    expect(refusal({ date_max: '2026-03-01' }).params).toHaveProperty('date_min');
    expect(refusal({ period: 'week', date_min: '2026-03-01' }).params).toHaveProperty('period');
    expect(refusal({ date_min: '0000-01-01', date_max: '0000-01-02' }).params).toHaveProperty(
      'date_min',
    );
    expect(refusal({ date_min: '2999-12-31', date_max: '9999-12-31' }).params).toHaveProperty(
      'date_max',
    );
    expect(refusal({ date_min: '2020-01-01', date_max: '2022-12-31' }).status).toBe(400);
    const longest = reportPeriod({ date_min: '2024-01-01', date_max: '2025-12-31' }, now);
    expect(daysOf(longest)).toHaveLength(MAX_REPORT_DAYS);
  });
});

describe('daysOf', () => {
  it('lists every day once, across a leap day and a year end', () => {
    expect(daysOf({ first: '2024-02-28', last: '2024-03-01' })).toEqual([
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
    expect(daysOf({ first: '2025-12-31', last: '2026-01-01' })).toEqual([
      '2025-12-31',
      '2026-01-01',
    ]);
    expect(daysOf({ first: '2026-03-04', last: '2026-03-04' })).toEqual(['2026-03-04']);
  });
});
