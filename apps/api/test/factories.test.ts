import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, ProductSchema } from '@larder/contract';
import {
  createCategory,
  createOrder,
  createProduct,
  createVariableProduct,
  createWholesaleBuyer,
} from './factories.ts';
import { buildTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const productAs = async (id: number, headers: Record<string, string> = {}) =>
  ProductSchema.parse((await t.app.inject({ url: `${apiPaths.products}/${id}`, headers })).json());

describe('test factories', () => {
  it('a created simple product is sold at the prices, stock and categories asked for', async () => {
    const category = await createCategory(t);
    const created = await createProduct(t, {
      regular_price: '9.00',
      sale_price: '8.00',
      wholesale_price: '5.00',
      stock_quantity: 4,
      categories: [category.slug],
    });
    const retail = await productAs(created.id);
    expect(retail).toMatchObject({
      slug: created.slug,
      name: created.name,
      price: '8.00',
      regular_price: '9.00',
      sale_price: '8.00',
      manage_stock: true,
      categories: [{ id: category.id }],
    });
    const buyer = await createWholesaleBuyer(t);
    expect((await productAs(created.id, buyer.bearer)).wholesale_price).toBe('5.00');
    expect(retail.wholesale_price).toBeUndefined();
  });

  it('two products created alike get different names and slugs', async () => {
    const [a, b] = [await createProduct(t), await createProduct(t)];
    expect(a.name).not.toBe(b.name);
    expect(a.slug).not.toBe(b.slug);
  });

  it('a variable product lists its variations in order, priced from the lowest', async () => {
    const created = await createVariableProduct(t, {
      variations: [
        { size: 'Small', regular_price: '7.00' },
        { size: 'Large', regular_price: '11.00' },
      ],
    });
    expect(created.variations.map((v) => v.size)).toEqual(['Small', 'Large']);
    expect((await productAs(created.id)).price).toBe('7.00');
  });

  it('a paid order is processing; an unpaid one is pending', async () => {
    const product = await createProduct(t, { regular_price: '10.00' });
    const lines = [{ product_id: product.id, quantity: 2 }];
    const unpaid = await createOrder(t.app, lines);
    expect(unpaid.status).toBe('pending');
    const paid = await createOrder(t.app, lines, { paid: true });
    const read = await t.app.inject({
      url: `${apiPaths.orders}/${paid.id}?key=${paid.order_key}`,
    });
    expect(read.json()).toMatchObject({ status: 'processing' });
    expect(unpaid.line_items[0]).toMatchObject({ product_id: product.id, total: '20.00' });
  });
});
