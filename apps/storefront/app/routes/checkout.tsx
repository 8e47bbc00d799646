import type { Route } from './+types/checkout';
import { createShopApi } from '../lib/api/index.ts';
import { toCountryOptions } from '../components/forms/countries.ts';
import { CheckoutView } from '../features/checkout/checkout-page.tsx';
import { toContentPage } from '../features/content/content-data.ts';
import { orNotFound } from '../features/content/not-found.ts';
import { Prose } from '../features/content/prose.tsx';
import { chromeFromPage } from '../features/layout/page-chrome.ts';
import { pageSeoMeta } from '../features/seo/seo.ts';

export { RouteErrorBoundary as ErrorBoundary } from '../features/content/route-error-boundary.tsx';

export async function loader({ context }: Route.LoaderArgs) {
  const api = createShopApi(context.apiFetch);
  const [page, countries, gateways] = await Promise.all([
    orNotFound(api, api.getPageBySlug('checkout')),
    api.listCountries(),
    // Without gateways the shopper can still fill in the form; the page says payments are down.
    api.listPaymentGateways().catch(() => []),
  ]);
  return {
    chrome: chromeFromPage(page),
    page: toContentPage(page),
    countries: toCountryOptions(countries),
    gateways: [...gateways].sort((a, b) => a.order - b.order),
  };
}

export function meta(args: Route.MetaArgs) {
  // The shopper's checkout is not for search results.
  return pageSeoMeta(args, { noindex: true });
}

export default function CheckoutRoute({ loaderData }: Route.ComponentProps) {
  return (
    <section className="section checkout-page" data-testid="content-page" data-slug="checkout">
      <div className="container">
        {loaderData.page.html.trim() ? (
          <Prose html={loaderData.page.html} className="prose--lead section__intro" />
        ) : null}
        <CheckoutView countries={loaderData.countries} gateways={loaderData.gateways} />
      </div>
    </section>
  );
}
