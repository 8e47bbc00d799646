import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ApiErrorSchema,
  apiPaths,
  centsOf,
  PageSchema,
  parseMoneyInput,
  ShippingRateSchema,
} from '@larder/contract';
import { createProduct } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * The seeded shipping policy page is what shoppers read; the seeded zones are what checkout
 * charges. These tests read the figures out of the page's text and ask the quote API for them, so
 * the copy and the rates cannot drift apart again (issue 14).
 */

let t: TestApp;
let policyText: string;

/** The policy's figures, parsed from its text: cents, or state codes. */
let policy: {
  standardCents: number;
  freeFromCents: number;
  expeditedCents: number;
  localDeliveryCents: number;
  militaryStates: string[];
};

const asText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

/** The first capture of `pattern` in the policy, failing with the pattern when the copy lacks it. */
function figure(pattern: RegExp): string {
  const match = pattern.exec(policyText);
  expect(match, `the shipping policy no longer says ${pattern}`).not.toBeNull();
  return match![1]!;
}

beforeAll(async () => {
  t = await buildTestApp();
  const res = await t.app.inject({ url: `${apiPaths.pages}?slug=shipping-policy` });
  expect(res.statusCode).toBe(200);
  const [page] = z.array(PageSchema).parse(res.json());
  policyText = asText(page!.content.rendered);
  const dollars = (pattern: RegExp) => parseMoneyInput(figure(pattern));
  policy = {
    standardCents: dollars(/Standard shipping[^:]*: \$(\d+\.\d\d)/),
    freeFromCents: dollars(/free on orders of \$(\d+(?:\.\d\d)?) or more/),
    expeditedCents: dollars(/Expedited shipping[^:]*: \$(\d+\.\d\d)/),
    localDeliveryCents: dollars(/Local delivery[^:]*: \$(\d+\.\d\d)/),
    militaryStates: figure(/states ([A-Z]{2}(?:, [A-Z]{2})* and [A-Z]{2})\)/).split(/, | and /),
  };
});
afterAll(() => t.close());

/** A product of this test's own at exactly this price. */
const productAt = async (cents: number) =>
  (await createProduct(t, { regular_price: (cents / 100).toFixed(2) })).id;

const PORTLAND = { address_1: '1 SW Main St', city: 'Portland', state: 'OR', postcode: '97204' };
const NEW_YORK = { address_1: '200 Broadway', city: 'New York', state: 'NY', postcode: '10007' };
const DURHAM = { address_1: '318 Hunt St', city: 'Durham', state: 'NC', postcode: '27701' };

const askRates = (
  to: Record<string, string>,
  products: { product_id: number; quantity: number }[],
) =>
  t.app.inject({
    method: 'POST',
    url: apiPaths.shippingRates,
    payload: { country: 'US', ...to, products },
  });

/** Each offered rate as "label cents". */
async function rates(to: Record<string, string>, productId: number, quantity = 1) {
  const res = await askRates(to, [{ product_id: productId, quantity }]);
  expect(res.statusCode, res.body).toBe(200);
  return z
    .array(ShippingRateSchema)
    .parse(res.json())
    .map((rate) => ({ label: rate.label, cents: centsOf(rate.cost), methodId: rate.method_id }));
}

const costOf = (quoted: Awaited<ReturnType<typeof rates>>, label: string) =>
  quoted.find((rate) => rate.label === label)?.cents;

describe('the shipping policy page and the quoted rates', () => {
  it('reads the figures shoppers are promised', () => {
    expect(policy).toEqual({
      standardCents: 695,
      freeFromCents: 5000,
      expeditedCents: 1495,
      localDeliveryCents: 400,
      militaryStates: ['AA', 'AE', 'AP'],
    });
    expect(policyText).toContain("We don't ship internationally");
  });

  it('the shop page promises the same free-shipping threshold', async () => {
    const res = await t.app.inject({ url: `${apiPaths.pages}?slug=shop` });
    const [shop] = z.array(PageSchema).parse(res.json());
    const promise = /Orders of \$(\d+(?:\.\d\d)?) or more ship free/.exec(
      asText(shop!.content.rendered),
    );
    expect(promise, 'the shop page no longer states the free-shipping threshold').not.toBeNull();
    expect(parseMoneyInput(promise![1]!)).toBe(policy.freeFromCents);
  });

  it('charges the standard and expedited rates below the threshold ($30.00 to Portland, OR)', async () => {
    const quoted = await rates(PORTLAND, await productAt(3000));
    expect(quoted.map((rate) => [rate.label, rate.cents])).toEqual([
      ['Standard shipping', policy.standardCents],
      ['Expedited shipping', policy.expeditedCents],
    ]);
  });

  it('ships free, in place of standard, from the threshold: not a cent below it', async () => {
    const justBelow = await productAt(policy.freeFromCents - 1);
    expect(costOf(await rates(NEW_YORK, justBelow), 'Standard shipping')).toBe(
      policy.standardCents,
    );
    const atThreshold = await productAt(policy.freeFromCents);
    const quoted = await rates(NEW_YORK, atThreshold);
    expect(quoted.map((rate) => [rate.label, rate.cents])).toEqual([
      ['Free shipping', 0],
      ['Expedited shipping', policy.expeditedCents],
    ]);
  });

  it('ships $64.50 to Portland, OR and $54.00 to New York free (issue 14 charged $14.45 and $11.95)', async () => {
    for (const [to, cents] of [
      [PORTLAND, 6450],
      [NEW_YORK, 5400],
    ] as const) {
      const quoted = await rates(to, await productAt(cents));
      expect(quoted[0]).toEqual({ label: 'Free shipping', cents: 0, methodId: 'free_shipping' });
      expect(costOf(quoted, 'Standard shipping')).toBeUndefined();
    }
  });

  it('counts the items before shipping: three $20.00 bags reach the threshold', async () => {
    const quoted = await rates(PORTLAND, await productAt(2000), 3);
    expect(costOf(quoted, 'Free shipping')).toBe(0);
  });

  it('accepts the APO/FPO/DPO states the policy names, at the US rates', async () => {
    const bag = await productAt(1250);
    for (const state of policy.militaryStates) {
      const quoted = await rates(
        { address_1: 'Unit 2050 Box 4190', city: 'APO', state, postcode: '09021' },
        bag,
      );
      expect(costOf(quoted, 'Standard shipping'), state).toBe(policy.standardCents);
    }
  });

  it('offers local delivery at its one price and pickup free in Durham, beside the postal rates', async () => {
    const quoted = await rates(DURHAM, await productAt(1250));
    expect(costOf(quoted, 'Local delivery')).toBe(policy.localDeliveryCents);
    expect(quoted.find((rate) => rate.methodId === 'local_pickup')?.cents).toBe(0);
    expect(costOf(quoted, 'Standard shipping')).toBe(policy.standardCents);
    // One local delivery, never a free one beside a paid one.
    expect(quoted.filter((rate) => /local delivery/i.test(rate.label))).toHaveLength(1);
  });

  it('does not ship internationally: Canada and the UK are told where the shop ships', async () => {
    const bag = await productAt(3000);
    for (const abroad of [
      {
        address_1: '1 King St W',
        city: 'Toronto',
        country: 'CA',
        state: 'ON',
        postcode: 'M5H 1A1',
      },
      {
        address_1: '10 Downing St',
        city: 'London',
        country: 'GB',
        state: '',
        postcode: 'SW1A 2AA',
      },
    ]) {
      const res = await askRates(abroad, [{ product_id: bag, quantity: 1 }]);
      expect(res.statusCode, res.body).toBe(400);
      expect(ApiErrorSchema.parse(res.json()).data.params).toEqual({
        country: 'We ship to United States addresses only, so we cannot ship to this address.',
      });
    }
  });
});
