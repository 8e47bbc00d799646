import { Form } from 'react-router';

/**
 * The header's product search, shown at 1024–1399 px where the navigation is folded into the menu
 * and the bar has room (issue 18). It opens the shop's own search (`/shop?q=`). Kept to bare markup:
 * it is on every page's first load (decision 0015's budget).
 */
export function HeaderSearch() {
  return (
    <Form action="/shop" role="search" className="header-search">
      <input name="q" type="search" aria-label="Search products" placeholder="Search granola…" />
      <button type="submit">Search</button>
    </Form>
  );
}
