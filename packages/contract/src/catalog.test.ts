import { describe, expect, it } from 'vitest';
import { ProductListQuerySchema } from './catalog.ts';

describe('ProductListQuerySchema', () => {
  it('accepts the storefront query and applies WooCommerce defaults', () => {
    const query = ProductListQuerySchema.parse({
      per_page: '100',
      catalog_visibility: 'visible',
      status: 'publish',
      orderby: 'menu_order',
      order: 'desc',
      stock_status: 'instock',
    });
    expect(query).toMatchObject({ page: 1, per_page: 100, orderby: 'menu_order', order: 'desc' });
  });

  it('rejects a page size above 100', () => {
    expect(ProductListQuerySchema.safeParse({ per_page: '500' }).success).toBe(false);
  });

  it('reads comma-separated id lists and rejects anything else', () => {
    expect(ProductListQuerySchema.parse({ include: '3,1' }).include).toEqual([3, 1]);
    expect(ProductListQuerySchema.safeParse({ include: '3,x' }).success).toBe(false);
  });
});
