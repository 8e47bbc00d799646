import type { Route } from './+types/cart';
import { createShopApi } from '../lib/api/index.ts';
import { toCountryOptions } from '../components/forms/countries.ts';
import { CartView } from '../features/cart/cart-page.tsx';
import { toContentPage } from '../features/content/content-data.ts';
import { orNotFound } from '../features/content/not-found.ts';
import { Prose } from '../features/content/prose.tsx';
import { chromeFromPage } from '../features/layout/page-chrome.ts';
import { pageSeoMeta } from '../features/seo/seo.ts';

export { RouteErrorBoundary as ErrorBoundary } from '../features/content/route-error-boundary.tsx';

export async function loader({ context }: Route.LoaderArgs) {
  const api = createShopApi(context.apiFetch);
  const [page, countries] = await Promise.all([
    orNotFound(api, api.getPageBySlug('cart')),
    api.listCountries(),
  ]);
  return {
    chrome: chromeFromPage(page),
    page: toContentPage(page),
    countries: toCountryOptions(countries),
  };
}

export function meta(args: Route.MetaArgs) {
  // The shopper's own cart is not for search results.
  return pageSeoMeta(args, { noindex: true });
}

export default function CartRoute({ loaderData }: Route.ComponentProps) {
  return (
    <section className="section cart-page" data-testid="content-page" data-slug="cart">
      <div className="container">
        {loaderData.page.html.trim() ? (
          <Prose html={loaderData.page.html} className="prose--lead section__intro" />
        ) : null}
        <CartView
          countries={loaderData.countries}
          emptyMessage="Head to the shop to find your new favorite flavor: every bag is baked this week."
        />
      </div>
    </section>
  );
}
