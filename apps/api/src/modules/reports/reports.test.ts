import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiErrorSchema,
  apiPaths,
  centsOf,
  SalesReportSchema,
  TopSellerSchema,
  type Order,
} from '@larder/contract';
import { z } from 'zod';
import { orderRefunds, orders } from '../../db/schema.ts';
import { seedShippingZones } from '../../../seed/shipping-zones.ts';
import { createProduct } from '../../../test/factories.ts';
import { payOrder, placeOrderAs, signedInCustomer, type Session } from '../../../test/sessions.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * The shop's clock, moved between orders so each lands on the day it should. Ahead of the real
 * date, so the session tokens signed meanwhile are still good when checked against real time.
 */
let clock = new Date('2031-06-15T12:00:00Z');
const at = (iso: string) => {
  clock = new Date(iso);
};

let t: TestApp;
let owner: Session;
let retail: Session;
let wholesale: Session;
let granola: number;
let muesli: number;

beforeAll(async () => {
  t = await buildTestApp({ seed: false, now: () => clock });
  await seedShippingZones(t.database.db);
  owner = await signedInCustomer(t.app, t.database.db, { name: 'owner', role: 'administrator' });
  retail = await signedInCustomer(t.app, t.database.db, { name: 'retail' });
  wholesale = await signedInCustomer(t.app, t.database.db, {
    name: 'trade',
    role: 'wholesale_customer',
  });
  granola = (await createProduct(t, { name: 'Report Granola', regular_price: '12.50', wholesale_price: '7.50' })).id;
  muesli = (await createProduct(t, { name: 'Report Muesli', regular_price: '9.00', wholesale_price: '5.40' })).id;
});
afterAll(() => t.close());

const paidOrder = async (session: Session, lines: { product_id: number; quantity: number }[]) => {
  const order = await placeOrderAs(t.app, session, lines);
  await payOrder(t.app, session, order);
  return order;
};

/** Stands in for the refund route (the orders module's): a refund row, the status when full. */
async function refund(order: Order, cents: number, full = false) {
  await t.database.db
    .insert(orderRefunds)
    .values({ orderId: order.id, amountCents: cents, refundedBy: owner.id });
  if (full) await t.database.db.update(orders).set({ status: 'refunded' }).where(eq(orders.id, order.id));
}

const report = async (url: string) => {
  const res = await t.app.inject({ url, headers: owner.bearer });
  expect(res.statusCode, res.body).toBe(200);
  return res;
};

const cents = (order: Order) => centsOf(order.total);
const shippingCents = (order: Order) => centsOf(order.shipping_total);

describe('GET /reports/sales and /reports/top_sellers', () => {
  // Built once: every test reads the same week of orders.
  let mon: Order[];
  let wed: Order[];
  let before: Order;

  beforeAll(async () => {
    at('2031-06-05T10:00:00Z');
    before = await paidOrder(retail, [{ product_id: muesli, quantity: 4 }]);

    at('2031-06-09T00:00:00Z');
    const first = await paidOrder(retail, [{ product_id: granola, quantity: 2 }]);
    at('2031-06-09T23:59:59Z');
    const trade = await paidOrder(wholesale, [
      { product_id: granola, quantity: 10 },
      { product_id: muesli, quantity: 1 },
    ]);
    mon = [first, trade];

    at('2031-06-11T09:00:00Z');
    const partlyRefunded = await paidOrder(retail, [{ product_id: muesli, quantity: 3 }]);
    await refund(partlyRefunded, 450);
    const fullyRefunded = await paidOrder(retail, [{ product_id: granola, quantity: 1 }]);
    await refund(fullyRefunded, cents(fullyRefunded), true);
    // Placed, never paid; and paid then cancelled: neither is a sale.
    await placeOrderAs(t.app, retail, [{ product_id: granola, quantity: 5 }]);
    const cancelled = await paidOrder(retail, [{ product_id: granola, quantity: 7 }]);
    await t.database.db
      .update(orders)
      .set({ status: 'cancelled' })
      .where(eq(orders.id, cancelled.id));
    wed = [partlyRefunded, fullyRefunded];

    at('2031-06-15T12:00:00Z');
  });

  it('sums the week’s paid orders per day, days without sales included, retail and wholesale apart', async () => {
    const res = await report(`${apiPaths.salesReport}?period=week`);
    const body = SalesReportSchema.parse(res.json());

    expect(Object.keys(body.totals)).toEqual([
      '2031-06-09',
      '2031-06-10',
      '2031-06-11',
      '2031-06-12',
      '2031-06-13',
      '2031-06-14',
      '2031-06-15',
    ]);
    const [first, trade] = mon;
    expect(body.totals['2031-06-09']).toEqual({
      sales: ((cents(first!) + cents(trade!)) / 100).toFixed(2),
      orders: 2,
      items: 13,
      shipping: ((shippingCents(first!) + shippingCents(trade!)) / 100).toFixed(2),
      retail_sales: (cents(first!) / 100).toFixed(2),
      wholesale_sales: (cents(trade!) / 100).toFixed(2),
    });
    // The wholesale order was priced on the wholesale list: 10 × $7.50 + $5.40 before shipping.
    expect(cents(trade!) - shippingCents(trade!)).toBe(8040);
    expect(body.totals['2031-06-10']).toEqual({
      sales: '0.00',
      orders: 0,
      items: 0,
      shipping: '0.00',
      retail_sales: '0.00',
      wholesale_sales: '0.00',
    });
    const wedCents = wed.reduce((sum, order) => sum + cents(order), 0);
    expect(body.totals['2031-06-11']).toMatchObject({
      sales: (wedCents / 100).toFixed(2),
      orders: 2,
      items: 4,
      wholesale_sales: '0.00',
    });

    const all = [...mon, ...wed];
    const gross = all.reduce((sum, order) => sum + cents(order), 0);
    const refunds = 450 + cents(wed[1]!);
    expect(body).toMatchObject({
      total_sales: (gross / 100).toFixed(2),
      total_refunds: (refunds / 100).toFixed(2),
      net_sales: ((gross - refunds) / 100).toFixed(2),
      total_orders: 4,
      total_items: 17,
      total_shipping: (all.reduce((sum, order) => sum + shippingCents(order), 0) / 100).toFixed(2),
      totals_grouped_by: 'day',
    });
  });

  it('takes date_min and date_max, day by day', async () => {
    const res = await report(`${apiPaths.salesReport}?date_min=2031-06-05&date_max=2031-06-09`);
    const body = SalesReportSchema.parse(res.json());
    expect(Object.keys(body.totals)).toHaveLength(5);
    expect(body.totals['2031-06-05']).toMatchObject({ orders: 1, items: 4, retail_sales: before.total });
    expect(body.total_orders).toBe(3);
    expect(body.total_sales).toBe(
      ((cents(before) + cents(mon[0]!) + cents(mon[1]!)) / 100).toFixed(2),
    );
  });

  it('answers today alone, or this month, from the shop’s clock', async () => {
    const today = SalesReportSchema.parse((await report(apiPaths.salesReport)).json());
    expect(Object.keys(today.totals)).toEqual(['2031-06-15']);
    expect(today).toMatchObject({ total_sales: '0.00', net_sales: '0.00', total_orders: 0 });

    const month = SalesReportSchema.parse(
      (await report(`${apiPaths.salesReport}?period=month`)).json(),
    );
    expect(Object.keys(month.totals)).toHaveLength(15);
    expect(month.total_orders).toBe(5);
    const lastMonth = SalesReportSchema.parse(
      (await report(`${apiPaths.salesReport}?period=last_month`)).json(),
    );
    expect(Object.keys(lastMonth.totals)).toHaveLength(31);
    expect(lastMonth.total_orders).toBe(0);
  });

  it('lists the top sellers by units in processing and completed orders, most first', async () => {
    const res = await report(`${apiPaths.topSellers}?period=week`);
    const sellers = z.array(TopSellerSchema).parse(res.json());
    // Granola: 2 + 10 (the refunded, pending and cancelled orders do not count); muesli: 1 + 3.
    expect(sellers).toEqual([
      { title: 'Report Granola', product_id: granola, quantity: 12 },
      { title: 'Report Muesli', product_id: muesli, quantity: 4 },
    ]);
    const earlier = await report(`${apiPaths.topSellers}?date_min=2031-06-01&date_max=2031-06-08`);
    expect(earlier.json()).toEqual([{ title: 'Report Muesli', product_id: muesli, quantity: 4 }]);
  });
});

describe('who may read the reports, and what they take', () => {
  for (const path of [apiPaths.salesReport, apiPaths.topSellers]) {
    it(`${path}: 401 for a guest, 403 for customers, even with a bad query`, async () => {
      for (const query of ['', '?period=fortnight']) {
        const guest = await t.app.inject({ url: `${path}${query}` });
        expect(guest.statusCode).toBe(401);
        expect(ApiErrorSchema.parse(guest.json()).code).toBe('woocommerce_rest_cannot_view');
        for (const session of [retail, wholesale]) {
          const res = await t.app.inject({ url: `${path}${query}`, headers: session.bearer });
          expect(res.statusCode).toBe(403);
        }
      }
    });

    it(`${path}: 400 naming the parameter for a bad period or range`, async () => {
      for (const [query, param] of [
        ['period=fortnight', 'period'],
        ['date_min=2031-02-30', 'date_min'],
        ['date_min=2031-06-10&date_max=2031-06-01', 'date_max'],
        ['date_min=2020-01-01&date_max=2031-01-01', 'date_min'],
        ['period=week&date_min=2031-06-01', 'period'],
        ['date_max=2031-06-01', 'date_min'],
      ] as const) {
        const res = await t.app.inject({ url: `${path}?${query}`, headers: owner.bearer });
        expect(res.statusCode, query).toBe(400);
        expect(ApiErrorSchema.parse(res.json()).data.params, query).toHaveProperty(param);
      }
    });
  }
});

describe('hostile report queries from an owner', () => {
  it('answer 200 or 400 in the error shape, never a server error', async () => {
    const day = fc.oneof(
      fc
        .tuple(
          fc.integer({ min: 0, max: 9999 }),
          fc.integer({ min: 0, max: 99 }),
          fc.integer({ min: 0, max: 99 }),
        )
        .map(([y, m, d]) =>
          [String(y).padStart(4, '0'), String(m).padStart(2, '0'), String(d).padStart(2, '0')].join('-'),
        ),
      fc.string({ maxLength: 12 }),
    );
    const query = fc.record(
      {
        period: fc.oneof(
          fc.constantFrom('day', 'week', 'month', 'last_month', 'year'),
          fc.string({ maxLength: 8 }),
        ),
        date_min: day,
        date_max: day,
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(apiPaths.salesReport, apiPaths.topSellers), query, async (path, params) => {
        const search = new URLSearchParams(params as Record<string, string>).toString();
        const res = await t.app.inject({ url: `${path}?${search}`, headers: owner.bearer });
        expect([200, 400], `${search}: ${res.body.slice(0, 200)}`).toContain(res.statusCode);
        if (res.statusCode === 400) expect(ApiErrorSchema.safeParse(res.json()).success).toBe(true);
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 100) },
    );
  });
});
