import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiPaths, ApiErrorSchema, dietaryClaims, ProductSchema } from '@larder/contract';
import { createProduct, uniqueName } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * Search and the dietary categories over the demo catalogue, the one the shop's search box
 * suggests words for (issue 14: "cocoa", "nut-free", "vegan" and "gluten-free" found nothing).
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const ProductListSchema = z.array(ProductSchema);

async function list(query: string) {
  const res = await t.app.inject({ url: `${apiPaths.products}?per_page=100&${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return ProductListSchema.parse(res.json());
}

const slugsOf = async (query: string) => (await list(query)).map((product) => product.slug);
const search = (words: string, extra = '') =>
  slugsOf(`search=${encodeURIComponent(words)}${extra}`);

async function categoryId(slug: string): Promise<number> {
  const res = await t.app.inject({ url: `${apiPaths.productCategories}?slug=${slug}` });
  const [category] = z.array(z.object({ id: z.number() })).parse(res.json());
  return category!.id;
}

describe('GET /products?search=', () => {
  it('finds an ingredient: cocoa is in Dark Chocolate Sea Salt and the Granola Bites', async () => {
    const found = await search('cocoa');
    expect(found).toEqual(expect.arrayContaining(['dark-chocolate-sea-salt', 'granola-bites']));
    expect(found).not.toContain('honey-oat-classic');
    expect(found).not.toContain('maple-pecan-crunch');
  });

  it('nut-free finds the products that may claim it, and none with nuts declared', async () => {
    const found = await search('nut-free');
    expect(found.sort()).toEqual(
      [
        'apple-cinnamon-crumble',
        'dark-chocolate-sea-salt',
        'ginger-turmeric-sunrise',
        'honey-oat-classic',
        'tahini-date',
      ].sort(),
    );
    // Written apart, as shoppers also type it.
    expect((await search('nut free')).sort()).toEqual(found);
  });

  it('vegan finds Maple Pecan Crunch and the other vegan granolas, not the honey ones', async () => {
    const found = await search('vegan');
    expect(found).toEqual(
      expect.arrayContaining([
        'maple-pecan-crunch',
        'coconut-cashew',
        'ginger-turmeric-sunrise',
        'tahini-date',
      ]),
    );
    expect(found).not.toContain('honey-oat-classic');
    expect(found).not.toContain('vanilla-almond-low-sugar');
  });

  it('gluten-free finds every product that claims it', async () => {
    const everything = await list('');
    const glutenFree = everything
      .filter((product) => dietaryClaims(product).includes('gluten-free'))
      .map((product) => product.slug);
    expect(glutenFree.length).toBeGreaterThan(5);
    expect((await search('gluten-free')).sort()).toEqual(glutenFree.sort());
  });

  it('a category name finds its products: "snacks" finds the Granola Bites', async () => {
    expect(await search('snacks')).toEqual(['granola-bites']);
  });

  it('orderby=relevance puts a name hit before a description hit', async () => {
    const word = uniqueName('quince')
      .replace(/[^a-z]/gi, '')
      .toLowerCase();
    const named = await createProduct(t, { name: `Golden ${word}` });
    const described = await createProduct(t, {
      name: uniqueName('Orchard Mix'),
      description: `<p>Slow-baked ${word}, ${word} paste and more ${word}.</p>`,
      food: { ingredients: `Oats, ${word}.` },
    });
    // Newest first, the described product leads: only relevance puts the name hit first.
    expect(await search(word, '&orderby=id&order=desc')).toEqual([described.slug, named.slug]);
    expect(await search(word, '&orderby=relevance')).toEqual([named.slug, described.slug]);
  });

  it('ranks Maple Pecan Crunch first for "maple", ahead of granolas with maple in the recipe', async () => {
    const found = await search('maple', '&orderby=relevance');
    expect(found[0]).toBe('maple-pecan-crunch');
    expect(found).toContain('coconut-cashew');
  });

  it('still finds a partial name as it is typed', async () => {
    expect(await search('choc')).toContain('dark-chocolate-sea-salt');
  });

  it.each([
    '"',
    '"unclosed quote',
    '& | ! : * ( ) <-> \\',
    "'; drop table products; --",
    '-',
    'or',
    '!!vegan',
    'maple:*',
    'a'.repeat(200),
    '&|!:*'.repeat(40),
    '\u0000',
  ])('answers hostile search %j with 200', async (words) => {
    const res = await t.app.inject({
      url: `${apiPaths.products}?search=${encodeURIComponent(words)}&orderby=relevance`,
    });
    expect(res.statusCode, res.body).toBeLessThan(500);
    if (!words.includes('\u0000')) expect(res.statusCode).toBe(200);
  });

  it('refuses a search longer than 200 characters with 400 and the parameter named', async () => {
    const res = await t.app.inject({
      url: `${apiPaths.products}?search=${'a'.repeat(201)}`,
    });
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json()).data.params).toHaveProperty('search');
  });

  it('refuses orderby=relevance without a search, as WordPress does', async () => {
    const res = await t.app.inject({ url: `${apiPaths.products}?orderby=relevance` });
    expect(res.statusCode).toBe(400);
    const error = ApiErrorSchema.parse(res.json());
    expect(error.code).toBe('rest_no_search_term_defined');
    expect(error.data.params).toHaveProperty('orderby');
  });
});

describe('dietary categories follow the badges', () => {
  it('the Vegan category lists Maple Pecan Crunch, which carries the Vegan badge', async () => {
    const vegan = await slugsOf(`category=${await categoryId('vegan')}`);
    expect(vegan).toContain('maple-pecan-crunch');
  });

  it('for every product and diet category, the listing agrees with the badges', async () => {
    const everything = await list('');
    for (const diet of ['vegan', 'nut-free'] as const) {
      const listed = await slugsOf(`category=${await categoryId(diet)}`);
      const badged = everything
        .filter((product) => dietaryClaims(product).includes(diet))
        .map((product) => product.slug);
      expect(listed.sort(), diet).toEqual(badged.sort());
    }
  });

  it('a claim the allergens contradict is neither badged, listed nor found', async () => {
    const word = uniqueName('almondine')
      .replace(/[^a-z]/gi, '')
      .toLowerCase();
    const product = await createProduct(t, {
      name: `Nutty ${word}`,
      categories: ['nut-free'],
      food: { dietary_tags: ['nut-free', 'vegan'], allergens: ['Tree nuts (almonds)'] },
    });
    const [read] = await list(`include=${product.id}`);
    expect(dietaryClaims(read!)).toEqual(['vegan']);
    expect(await slugsOf(`category=${await categoryId('nut-free')}`)).not.toContain(product.slug);
    expect(await slugsOf(`category=${await categoryId('vegan')}`)).toContain(product.slug);
    expect(await search(`${word} nut-free`)).toEqual([]);
    expect(await search(`${word} vegan`)).toEqual([product.slug]);
  });
});
