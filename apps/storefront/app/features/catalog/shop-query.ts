import type { ProductCategory } from '@larder/contract';

/** The shop's sort choices, in the order the select lists them. */
export const SHOP_SORTS = [
  { value: 'featured', label: 'Featured', orderby: 'menu_order', order: 'desc' },
  { value: 'price-asc', label: 'Price: low to high', orderby: 'price', order: 'asc' },
  { value: 'price-desc', label: 'Price: high to low', orderby: 'price', order: 'desc' },
  { value: 'name', label: 'Name', orderby: 'title', order: 'asc' },
  { value: 'rating', label: 'Top rated', orderby: 'rating', order: 'desc' },
] as const;

export type ShopSort = (typeof SHOP_SORTS)[number]['value'];

export const DEFAULT_SORT: ShopSort = 'featured';
const MAX_SEARCH_LENGTH = 100;

/** The shop's view as the URL states it: `?category=granola&q=maple&sort=price-asc`. */
export interface ShopFilters {
  category: string;
  q: string;
  sort: ShopSort;
}

const isSort = (value: string | null): value is ShopSort =>
  SHOP_SORTS.some((sort) => sort.value === value);

export function readShopFilters(params: URLSearchParams): ShopFilters {
  const sort = params.get('sort');
  return {
    category: (params.get('category') ?? '').trim(),
    q: (params.get('q') ?? '').trim().slice(0, MAX_SEARCH_LENGTH),
    sort: isSort(sort) ? sort : DEFAULT_SORT,
  };
}

/** The URL of a view, leaving out empty and default values so shared links stay short. */
export function shopSearch(filters: Partial<ShopFilters>): string {
  const params = new URLSearchParams();
  if (filters.category) params.set('category', filters.category);
  if (filters.q?.trim()) params.set('q', filters.q.trim());
  if (filters.sort && filters.sort !== DEFAULT_SORT) params.set('sort', filters.sort);
  const search = params.toString();
  return search ? `?${search}` : '';
}

/**
 * The product-list query for a view. The API filters categories by id, so the URL's slug is looked up
 * in the category list; an unknown slug filters nothing (the select then shows "All").
 */
export function productQueryFor(
  filters: ShopFilters,
  categories: Pick<ProductCategory, 'id' | 'slug'>[],
) {
  const sort = SHOP_SORTS.find((option) => option.value === filters.sort) ?? SHOP_SORTS[0];
  const category = categories.find((option) => option.slug === filters.category);
  // A search in the default order shows the best matches first (names, then categories and diets).
  const relevance = Boolean(filters.q) && filters.sort === DEFAULT_SORT;
  return {
    orderby: relevance ? 'relevance' : sort.orderby,
    order: sort.order,
    ...(category ? { category: category.id } : {}),
    ...(filters.q ? { search: filters.q } : {}),
  };
}
