import { useEffect, useId, useRef, type FormEvent } from 'react';
import { Form, useNavigate } from 'react-router';
import { SHOP_SORTS, shopSearch, type ShopFilters, type ShopSort } from './shop-query.ts';
import { Button } from '../../components/ui/button.tsx';

/** Typing pauses this long before the list updates. */
export const SEARCH_DEBOUNCE_MS = 350;

export interface ShopCategoryOption {
  slug: string;
  name: string;
}

interface ShopFiltersFormProps {
  /** What the URL asks for, or what a navigation under way will show. */
  filters: ShopFilters;
  categories: ShopCategoryOption[];
}

/**
 * A plain GET form, so filtering works without JavaScript; with it, each change navigates at once
 * (search after a pause) to a short URL that can be shared.
 */
export function ShopFiltersForm({ filters, categories }: ShopFiltersFormProps) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const ids = useId();

  useEffect(() => () => clearTimeout(timer.current), []);

  // The search box is uncontrolled while typing; follow the URL when it changes from elsewhere (Back, a reset link).
  const lastSearched = useRef(filters.q);
  useEffect(() => {
    const input = searchRef.current;
    if (input && filters.q !== lastSearched.current) input.value = filters.q;
    lastSearched.current = filters.q;
  }, [filters.q]);

  function go(changes: Partial<ShopFilters>, replace: boolean) {
    clearTimeout(timer.current);
    const form = formRef.current;
    if (!form) return;
    const data = new FormData(form);
    const current: ShopFilters = {
      category: String(data.get('category') ?? ''),
      q: String(data.get('q') ?? ''),
      sort: String(data.get('sort') ?? 'featured') as ShopSort,
    };
    const next = { ...current, ...changes };
    lastSearched.current = next.q.trim();
    void navigate(`/shop${shopSearch(next)}`, { replace, preventScrollReset: true });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    go({}, false);
  }

  return (
    <Form
      ref={formRef}
      method="get"
      action="/shop"
      className="shop-filters"
      role="search"
      aria-label="Products"
      onSubmit={handleSubmit}
    >
      <div className="shop-filters__field shop-filters__field--search">
        <label htmlFor={`${ids}-q`} className="shop-filters__label">
          Search
        </label>
        <div className="shop-filters__search">
          <input
            ref={searchRef}
            id={`${ids}-q`}
            name="q"
            type="search"
            defaultValue={filters.q}
            placeholder="Maple, cocoa, nut-free…"
            maxLength={100}
            autoComplete="off"
            data-testid="shop-search"
            onChange={() => {
              clearTimeout(timer.current);
              // Starting a search adds a history entry; refining it replaces that entry, so Back leaves the search.
              timer.current = setTimeout(
                () => go({}, new URLSearchParams(window.location.search).has('q')),
                SEARCH_DEBOUNCE_MS,
              );
            }}
          />
          <Button type="submit" className="shop-filters__submit">
            Search
          </Button>
        </div>
      </div>
      <div className="shop-filters__field">
        <label htmlFor={`${ids}-category`} className="shop-filters__label">
          Category
        </label>
        <select
          id={`${ids}-category`}
          name="category"
          value={filters.category}
          data-testid="shop-category"
          onChange={(event) => go({ category: event.target.value }, false)}
        >
          <option value="">All products</option>
          {categories.map((category) => (
            <option key={category.slug} value={category.slug}>
              {category.name}
            </option>
          ))}
        </select>
      </div>
      <div className="shop-filters__field">
        <label htmlFor={`${ids}-sort`} className="shop-filters__label">
          Sort by
        </label>
        <select
          id={`${ids}-sort`}
          name="sort"
          value={filters.sort}
          data-testid="shop-sort"
          onChange={(event) => go({ sort: event.target.value as ShopSort }, false)}
        >
          {SHOP_SORTS.map((sort) => (
            <option key={sort.value} value={sort.value}>
              {sort.label}
            </option>
          ))}
        </select>
      </div>
    </Form>
  );
}
