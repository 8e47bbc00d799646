import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WooProductSchema, type DietaryTag } from '@larder/contract';
import { products } from '../../db/schema.ts';
import { createCategory, createProduct, uniqueName } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
/** The test's products by letter; the comments say what relates them. */
const ids: Record<string, number> = {};

const relatedOf = async (letter: string) => {
  const res = await t.app.inject({ url: `/wp-json/wc/v3/products/${ids[letter]}` });
  expect(res.statusCode).toBe(200);
  const related = WooProductSchema.parse(res.json()).related_ids;
  const letters = new Map(Object.entries(ids).map(([name, id]) => [id, name]));
  return related.map((id) => letters.get(id) ?? id);
};

beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  const oats = await createCategory(t, { name: uniqueName('Oats') });
  const bars = await createCategory(t, { name: uniqueName('Bars') });
  const make = async (
    letter: string,
    sales: number,
    {
      categories = [],
      tags = [],
      ...rest
    }: {
      categories?: string[];
      tags?: DietaryTag[];
      status?: 'draft';
      catalog_visibility?: 'hidden';
      stock_status?: 'outofstock';
    } = {},
  ) => {
    const { id } = await createProduct(t, { categories, food: { dietary_tags: tags }, ...rest });
    await t.database.db.update(products).set({ totalSales: sales }).where(eq(products.id, id));
    ids[letter] = id;
  };
  await make('A', 50, { categories: [oats.slug], tags: ['vegan'] });
  await make('B', 90, { categories: [oats.slug] });
  await make('C', 90, { categories: [oats.slug] });
  await make('D', 70, { categories: [bars.slug], tags: ['vegan'] });
  await make('E', 100, { categories: [bars.slug] });
  // Best sellers no shopper reaches: never related.
  await make('F', 1000, { categories: [oats.slug], status: 'draft' });
  await make('G', 999, { categories: [oats.slug], catalog_visibility: 'hidden' });
  await make('H', 10, { tags: ['vegan', 'nut-free'] });
  await make('I', 5, { categories: [oats.slug] });
  // Sold out, yet still related (the shop shows it as sold out), as WooCommerce does.
  await make('J', 80, { categories: [oats.slug], stock_status: 'outofstock' });
  await make('K', 60, { categories: [oats.slug] });
  await make('L', 40);
});
afterAll(() => t.close());

describe('related products', () => {
  it('are the best sellers sharing a category or a dietary tag, ties by id, published and listed only', async () => {
    // Oats: B 90, C 90, J 80, K 60, I 5; vegan: D 70, H 10.
    expect(await relatedOf('A')).toEqual(['B', 'C', 'J', 'D', 'K']);
    // Oats' sixth best seller is still B's fifth: B itself is among the first five.
    expect(await relatedOf('B')).toEqual(['C', 'J', 'K', 'A', 'I']);
    expect(await relatedOf('E')).toEqual(['D']);
    expect(await relatedOf('H')).toEqual(['D', 'A']);
    expect(await relatedOf('L')).toEqual([]);
  });

  // A product's own answer keeps its related ids until it or the catalogue changes (another
  // product's sale leaves it, decision 0049; WooCommerce keeps them for a day); lists follow sales.
  it('follow sales in the lists', async () => {
    const relatedListed = async () => {
      const res = await t.app.inject({
        url: `/wp-json/wc/v3/products?include=${ids.A},${ids.B}&_fields=id,related_ids`,
      });
      const listed = res.json() as Array<{ id: number; related_ids: number[] }>;
      const letters = new Map(Object.entries(ids).map(([name, id]) => [id, name]));
      return Object.fromEntries(
        listed.map((p) => [letters.get(p.id), p.related_ids.map((id) => letters.get(id))]),
      );
    };
    expect(await relatedListed()).toEqual({
      A: ['B', 'C', 'J', 'D', 'K'],
      B: ['C', 'J', 'K', 'A', 'I'],
    });
    await t.database.db.update(products).set({ totalSales: 95 }).where(eq(products.id, ids.I!));
    expect(await relatedListed()).toEqual({
      A: ['I', 'B', 'C', 'J', 'D'],
      B: ['I', 'C', 'J', 'K', 'A'],
    });
  });

  it("give a list a new ETag when only its products' related ids change", async () => {
    const url = `/wp-json/wc/v3/products?include=${ids.A},${ids.B}`;
    const before = await t.app.inject({ url });
    // Another product's sales: A's and B's own texts stay as they were, their related ids do not.
    await t.database.db.update(products).set({ totalSales: 200 }).where(eq(products.id, ids.K!));
    const after = await t.app.inject({
      url,
      headers: { 'if-none-match': before.headers.etag as string },
    });
    expect(after.statusCode).toBe(200);
    const relatedOf = (body: string) =>
      (JSON.parse(body) as Array<{ related_ids: number[] }>).map((p) => p.related_ids);
    expect(relatedOf(after.body)).not.toEqual(relatedOf(before.body));
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });
});
