import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema, wholesaleAccountPaths, type Product } from '@larder/contract';
import { DEMO_SHOP } from '../../config.ts';
import {
  createCustomer,
  createVariableProduct,
  createWholesaleBuyer,
} from '../../../test/factories.ts';
import { signedInCustomer, type Session } from '../../../test/sessions.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let buyer: Session;

beforeAll(async () => {
  // The demo catalogue: its categories, images, allergens and dietary tags.
  t = await buildTestApp();
  buyer = await createWholesaleBuyer(t);
});
afterAll(() => t.close());

const get = (headers: Record<string, string> = {}) =>
  t.app.inject({ url: wholesaleAccountPaths.lineSheet, headers });

async function textOf(body: Buffer) {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  const { text, totalPages } = await extractText(pdf, { mergePages: true });
  return { text: text.replace(/\s+/g, ' '), pages: totalPages };
}

/** PDF_OUT=dir writes the line sheet there, to look at (pdftoppm -png -r 60). */
const keep = (body: Buffer) => {
  if (process.env.PDF_OUT) writeFileSync(join(process.env.PDF_OUT, 'line-sheet.pdf'), body);
};

describe('GET /wp-json/larder/v1/wholesale/line-sheet.pdf', () => {
  it('gives an approved buyer every published product and size with both prices', async () => {
    const clusters = await createVariableProduct(t, {
      name: 'LS Clusters',
      variations: [
        { size: '12 oz', regular_price: '9.25', wholesale_price: '6.00' },
        { size: '24 oz', regular_price: '16.75', wholesale_price: '11.00' },
      ],
    });
    const res = await get(buyer.bearer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      /^inline; filename="line-sheet-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    keep(res.rawPayload);

    const { text, pages } = await textOf(res.rawPayload);
    expect(pages).toBeGreaterThan(2);
    expect(text).toContain('WHOLESALE LINE SHEET');
    expect(text).toContain(DEMO_SHOP.name);
    expect(text).toMatch(/Prices as of [A-Z][a-z]+ \d{1,2}, \d{4}/);
    expect(text).toContain(`Page 2 of ${pages}`);

    const products = (
      await t.app.inject({ url: '/wp-json/wc/v3/products?per_page=100', headers: buyer.bearer })
    ).json<Product[]>();
    expect(products.length).toBeGreaterThan(5);
    for (const product of products) {
      expect(text).toContain(product.name);
      const skus =
        product.type === 'variable' ? product.variations.map((v) => v.sku) : [product.sku];
      for (const sku of skus.filter(Boolean)) expect(text).toContain(sku);
      expect(text).toContain(product.categories[0]?.name ?? 'Other');
    }
    // Each size on its own row: SKU, size, case, minimum, wholesale, breaks, suggested retail.
    expect(text).toContain('SKU SIZE CASE MIN WHOLESALE BREAKS SRP');
    expect(text).toMatch(
      new RegExp(`${clusters.variations[0]!.sku} 12 oz \\d+ \\d+ \\$6\\.00 \\S+ \\$9\\.25`),
    );
    expect(text).toMatch(
      new RegExp(`${clusters.variations[1]!.sku} 24 oz \\d+ \\d+ \\$11\\.00 \\S+ \\$16\\.75`),
    );
    // The demo's quantity breaks (decision 0037): "12+ $7.20"-style entries.
    expect(text).toMatch(/\d+\+ \$\d+\.\d{2}/);
    // The demo's food facts.
    expect(text).toMatch(/Contains: [a-z]/i);
    expect(text).toContain('Gluten-free');
  });

  it('answers a guest 401 and a retail customer 403 in the WooCommerce shape', async () => {
    const guest = await get();
    expect(guest.statusCode).toBe(401);
    expect(ApiErrorSchema.parse(guest.json())).toMatchObject({
      code: 'woocommerce_rest_cannot_view',
      data: { status: 401 },
    });
    const retail = await get((await createCustomer(t)).bearer);
    expect(retail.statusCode).toBe(403);
    expect(ApiErrorSchema.parse(retail.json())).toMatchObject({
      code: 'woocommerce_rest_cannot_view',
      data: { status: 403 },
    });
    expect(retail.headers['content-type']).toMatch(/^application\/json/);
  });

  it('sets the cover’s notes one under another, a wrapped note included, none over the next', async () => {
    const res = await get(buyer.bearer);
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    const content = await (await pdf.getPage(1)).getTextContent();
    // Each printed line's baseline, from the bottom of the page, and its type size.
    const lines = new Map<number, number>();
    for (const item of content.items) {
      if (!('transform' in item) || item.str.trim() === '') continue;
      const baseline = Math.round(item.transform[5] as number);
      lines.set(baseline, Math.max(lines.get(baseline) ?? 0, item.height));
    }
    const baselines = [...lines.keys()].sort((a, b) => a - b);
    expect(baselines.length).toBeGreaterThan(6);
    for (const [index, baseline] of baselines.slice(1).entries()) {
      const below = baselines[index]!;
      // The line above starts no lower than a line of its own type over the one below.
      expect(baseline - below, `lines at ${below} and ${baseline}`).toBeGreaterThanOrEqual(
        lines.get(baseline)! * 0.9,
      );
    }
  });

  it('gives the shop owner the same line sheet', async () => {
    const owner = await signedInCustomer(t.app, t.database.db, { role: 'shop_manager' });
    const res = await get(owner.bearer);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
