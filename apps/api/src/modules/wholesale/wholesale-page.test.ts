import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  apiPaths,
  PageSchema,
  parseMoneyInput,
  wholesaleOrderingPaths,
  type WooProduct,
} from '@larder/contract';
import { signedInCustomer, type Session } from '../../../test/sessions.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * The seeded wholesale page is what a café reads before applying; the seeded rules are what the
 * checkout enforces. These tests read the page's figures and compare them with the settings and
 * the products a wholesale buyer is shown, so copy, rules and data say the same (issue 15).
 */

let t: TestApp;
let buyer: Session;
let pageText: string;
let catalogue: WooProduct[];

function figure(pattern: RegExp): string {
  const match = pattern.exec(pageText);
  expect(match, `the wholesale page no longer says ${pattern}`).not.toBeNull();
  return match![1]!;
}

/** Every size a wholesale buyer can order: [name, size or '', its rules and wholesale price]. */
function sizes() {
  return catalogue.flatMap((product) =>
    product.type === 'simple'
      ? [
          {
            name: product.name,
            size: '',
            rules: product.wholesale!,
            price: product.wholesale_price,
          },
        ]
      : product.variations.map((variation) => ({
          name: product.name,
          size: variation.attributes.Size ?? '',
          rules: variation.wholesale!,
          price: variation.wholesale_price?.toFixed(2),
        })),
  );
}

beforeAll(async () => {
  t = await buildTestApp({ demoWholesaleMinimums: true });
  buyer = await signedInCustomer(t.app, t.database.db, { role: 'wholesale_customer' });
  const res = await t.app.inject({ url: `${apiPaths.pages}?slug=wholesale` });
  const [page] = z.array(PageSchema).parse(res.json());
  pageText = page!.content.rendered
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
  const products = await t.app.inject({
    url: `${apiPaths.products}?per_page=100`,
    headers: buyer.bearer,
  });
  catalogue = products.json<WooProduct[]>();
});

afterAll(() => t.close());

describe('the wholesale page, its rules and its data agree', () => {
  it('states the opening and reorder minimums the checkout enforces', async () => {
    const terms = await t.app.inject({ url: wholesaleOrderingPaths.terms, headers: buyer.bearer });
    const body = terms.json<{ opening_order_minimum: string; reorder_minimum: string }>();
    const opening = parseMoneyInput(figure(/opening order is \$(\d+(?:\.\d\d)?)/));
    const reorder = parseMoneyInput(figure(/reorders have a \$(\d+(?:\.\d\d)?) minimum/));
    expect(parseMoneyInput(body.opening_order_minimum)).toBe(opening);
    expect(parseMoneyInput(body.reorder_minimum)).toBe(reorder);
    expect(opening).toBe(15000);
  });

  it('gives every product and size a wholesale price, a case and a minimum', () => {
    expect(sizes().length).toBeGreaterThan(12);
    for (const size of sizes()) {
      expect(size.price, `${size.name} ${size.size}`).toMatch(/^\d+\.\d\d$/);
      expect(size.rules.case_size, `${size.name} ${size.size}`).toBeGreaterThanOrEqual(1);
      expect(size.rules.min_quantity, `${size.name} ${size.size}`).toBeGreaterThanOrEqual(1);
    }
  });

  it('sells each bag size in the case the page names', () => {
    const cases = {
      '12 oz': Number(figure(/12 oz retail bags come in cases of (\d+)/)),
      '2 lb': Number(figure(/2 lb bags in cases of (\d+)/)),
    };
    const bulkMinimum = figure(/sold by the bag, (two) bags or more/) === 'two' ? 2 : 0;
    for (const size of sizes()) {
      const label = `${size.name} ${size.size}`;
      if (size.size === '2 lb') expect(size.rules.case_size, label).toBe(cases['2 lb']);
      else if (size.size === '5 lb bulk')
        expect(size.rules, label).toMatchObject({ case_size: 1, min_quantity: bulkMinimum });
      else if (size.name.includes('Tin'))
        expect(size.rules.case_size, label).toBe(Number(figure(/gift tins in cases of (\d+)/)));
      else expect(size.rules, label).toMatchObject({ case_size: cases['12 oz'], min_quantity: 12 });
    }
  });

  it('takes the percentages the page promises at 5 and 10 cases', () => {
    const first = Number(figure(/Order (\d+) cases or more/));
    const firstOff = Number(figure(/cases or more of a product and save (\d+)%/));
    const second = Number(figure(/; (\d+) cases or more and save/));
    const secondOff = Number(figure(/; \d+ cases or more and save (\d+)%/));
    for (const size of sizes().filter((entry) => entry.rules.case_size > 1)) {
      const wholesale = parseMoneyInput(size.price!);
      const { case_size: caseSize, tiers } = size.rules;
      expect(
        tiers.map((tier) => tier.min_quantity),
        size.name,
      ).toEqual([first * caseSize, second * caseSize]);
      expect(tiers.map((tier) => parseMoneyInput(tier.price))).toEqual([
        Math.round((wholesale * (100 - firstOff)) / 100),
        Math.round((wholesale * (100 - secondOff)) / 100),
      ]);
    }
  });
});
