import { describe, expect, it } from 'vitest';
import {
  ProductCreateSchema,
  ProductUpdateSchema,
  VariationCreateSchema,
  productRuleIssues,
} from './product-writes.ts';

const food = {
  ingredients: 'Oats.',
  allergens: [],
  may_contain: [],
  dietary_tags: [],
  nutrition: {
    serving_size: '45g',
    servings_per_container: '8',
    calories: 200,
    total_fat_g: 7,
    saturated_fat_g: 1,
    trans_fat_g: 0,
    cholesterol_mg: 0,
    sodium_mg: 40,
    total_carbohydrate_g: 30,
    dietary_fiber_g: 4,
    total_sugars_g: 9,
    added_sugars_g: 7,
    protein_g: 5,
  },
};

const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map((issue) => issue.path.join('.'));

describe('ProductCreateSchema', () => {
  it('takes a simple product with a name and a regular price, filling in the rest', () => {
    const product = ProductCreateSchema.parse({ name: 'Oat Crunch', regular_price: '12.50', food });
    expect(product).toMatchObject({
      type: 'simple',
      status: 'publish',
      sale_price: '',
      images: [],
    });
  });

  it('needs a regular price on a simple product and a sale price below it', () => {
    expect(issuesOf(ProductCreateSchema.safeParse({ name: 'A', food }))).toEqual(['regular_price']);
    expect(
      issuesOf(
        ProductCreateSchema.safeParse({ name: 'A', regular_price: '5', sale_price: '5.00', food }),
      ),
    ).toEqual(['sale_price']);
  });

  it('refuses prices that are not dollars with up to two decimals', () => {
    for (const price of ['12.555', '-1', '1e3', 'abc', '12.'])
      expect(
        issuesOf(ProductCreateSchema.safeParse({ name: 'A', regular_price: price, food })),
      ).toContain('regular_price');
  });

  it('keeps a variable product’s prices on its variations, whose attributes are its options', () => {
    const result = ProductCreateSchema.safeParse({
      name: 'Crunch',
      type: 'variable',
      regular_price: '12.00',
      attributes: [{ name: 'Size', options: ['12 oz', '2 lb'] }],
      variations: [
        { regular_price: '12.00', attributes: [{ name: 'Size', option: '12 oz' }] },
        { regular_price: '20.00', attributes: [{ name: 'Size', option: '5 lb' }] },
        {
          regular_price: '20.00',
          sale_price: '25.00',
          attributes: [{ name: 'Colour', option: 'Red' }],
        },
      ],
      food,
    });
    expect(issuesOf(result).sort()).toEqual([
      'regular_price',
      'variations.1.attributes.0',
      'variations.2.attributes.0',
      'variations.2.sale_price',
    ]);
  });

  it('publishes a variable product only with a variation; a draft may wait for them', () => {
    const base = { name: 'Crunch', type: 'variable', attributes: [], food } as const;
    expect(issuesOf(ProductCreateSchema.safeParse(base))).toEqual(['variations']);
    expect(ProductCreateSchema.safeParse({ ...base, status: 'draft' }).success).toBe(true);
  });
});

describe('ProductUpdateSchema and VariationCreateSchema', () => {
  it('takes any subset of a product, each field checked', () => {
    expect(ProductUpdateSchema.parse({ sale_price: '9.99' })).toEqual({ sale_price: '9.99' });
    expect(issuesOf(ProductUpdateSchema.safeParse({ slug: 'Not A Slug' }))).toEqual(['slug']);
  });

  it('needs a counted stock to say how many', () => {
    expect(
      issuesOf(VariationCreateSchema.safeParse({ regular_price: '4', manage_stock: true })),
    ).toEqual(['stock_quantity']);
  });

  it('checks a merged product as the service does after a PUT', () => {
    const state = {
      type: 'simple' as const,
      status: 'publish' as const,
      regularCents: 1000,
      saleCents: 1200,
      wholesaleCents: null,
      manageStock: false,
      stockQuantity: null,
      variationCount: 0,
    };
    expect(productRuleIssues(state).map((issue) => issue.path.join('.'))).toEqual(['sale_price']);
    expect(productRuleIssues({ ...state, saleCents: 900 })).toEqual([]);
  });
});
