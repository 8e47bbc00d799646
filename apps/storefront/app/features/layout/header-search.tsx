import { Form } from 'react-router';

/**
 * The header's product search, shown at 1024–1399 px where the navigation is folded into the menu
 * and the bar has room (issue 18). It opens the shop's own search (`/shop?q=`), the one the shop's
 * filters write.
 */
export function HeaderSearch() {
  return (
    <Form method="get" action="/shop" role="search" aria-label="Site" className="header-search">
      <label htmlFor="header-search-q" className="visually-hidden">
        Search products
      </label>
      <input
        id="header-search-q"
        name="q"
        type="search"
        placeholder="Search granola…"
        maxLength={100}
        autoComplete="off"
        className="header-search__input"
        data-testid="header-search"
      />
      <button type="submit" className="header-search__button">
        Search
      </button>
    </Form>
  );
}
