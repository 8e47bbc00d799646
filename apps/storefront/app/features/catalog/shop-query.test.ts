import { describe, expect, it } from 'vitest';
import { productQueryFor, readShopFilters, shopSearch } from './shop-query.ts';

const categories = [
  { id: 3, slug: 'classic-granola' },
  { id: 5, slug: 'vegan' },
];

describe('shop filters from the URL', () => {
  it('reads category, search and sort', () => {
    expect(
      readShopFilters(new URLSearchParams('category=vegan&q=%20maple%20&sort=price-asc')),
    ).toEqual({
      category: 'vegan',
      q: 'maple',
      sort: 'price-asc',
    });
  });

  it('falls back to Featured for a missing or unknown sort', () => {
    expect(readShopFilters(new URLSearchParams('')).sort).toBe('featured');
    expect(readShopFilters(new URLSearchParams('sort=cheapest')).sort).toBe('featured');
  });

  it('writes a short URL without empty or default values', () => {
    expect(shopSearch({ category: '', q: '  ', sort: 'featured' })).toBe('');
    expect(shopSearch({ category: 'vegan', q: 'maple', sort: 'name' })).toBe(
      '?category=vegan&q=maple&sort=name',
    );
  });
});

describe('the product query for a view', () => {
  it('asks for menu order, descending, by default (spec §7)', () => {
    expect(productQueryFor(readShopFilters(new URLSearchParams()), categories)).toEqual({
      orderby: 'menu_order',
      order: 'desc',
    });
  });

  it('maps each sort to the API ordering', () => {
    const orderOf = (sort: string) => {
      const { orderby, order } = productQueryFor(
        readShopFilters(new URLSearchParams({ sort })),
        categories,
      );
      return `${orderby} ${order}`;
    };
    expect(['price-asc', 'price-desc', 'name', 'rating'].map(orderOf)).toEqual([
      'price asc',
      'price desc',
      'title asc',
      'rating desc',
    ]);
  });

  it('filters by the category id for the slug, and searches the text', () => {
    expect(
      productQueryFor({ category: 'vegan', q: 'maple', sort: 'featured' }, categories),
    ).toMatchObject({
      category: 5,
      search: 'maple',
    });
  });

  it('orders a search by relevance unless the shopper chose a sort', () => {
    const orderOf = (search: string) => {
      const { orderby, order } = productQueryFor(
        readShopFilters(new URLSearchParams(search)),
        categories,
      );
      return `${orderby} ${order}`;
    };
    expect(orderOf('q=cocoa')).toBe('relevance desc');
    expect(orderOf('q=cocoa&sort=price-asc')).toBe('price asc');
    expect(orderOf('')).toBe('menu_order desc');
  });

  it('ignores an unknown category slug', () => {
    expect(
      productQueryFor({ category: 'candles', q: '', sort: 'featured' }, categories),
    ).not.toHaveProperty('category');
  });
});
