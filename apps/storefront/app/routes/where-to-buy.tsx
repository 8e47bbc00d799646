import '../features/content/content.css';
import type { Route } from './+types/where-to-buy';
import { createShopApi } from '../lib/api/index.ts';
import { toContentPage, toLocation } from '../features/content/content-data.ts';
import { filterLocations, readLocationFilter } from '../features/content/locations.ts';
import { StoreLocator } from '../features/content/store-locator.tsx';
import { orNotFound } from '../features/content/not-found.ts';
import { Prose } from '../features/content/prose.tsx';
import { chromeFromPage } from '../features/layout/page-chrome.ts';
import { pageSeoMeta, siteShop } from '../features/seo/seo.ts';
import { storeListJsonLd } from '../features/seo/structured-data.ts';

export { RouteErrorBoundary as ErrorBoundary } from '../features/content/route-error-boundary.tsx';

export async function loader({ context, request }: Route.LoaderArgs) {
  const api = createShopApi(context.apiFetch);
  const [page, all] = await Promise.all([
    orNotFound(api, api.getPageBySlug('where-to-buy')),
    api.listLocations(),
  ]);
  const locations = all.map(toLocation);
  const filter = readLocationFilter(new URL(request.url).searchParams);
  return {
    chrome: chromeFromPage(page),
    page: toContentPage(page),
    filter,
    places: locations.map(({ state, city }) => ({ state, city })),
    locations: filterLocations(locations, filter),
  };
}

export function meta(args: Route.MetaArgs) {
  const data = args.loaderData;
  return pageSeoMeta(args, {
    canonicalParams: ['state', 'city'],
    jsonLd: data
      ? storeListJsonLd(
          data.locations.map((location) => ({ ...location, street: location.address })),
          siteShop(args.matches)?.name ?? '',
        )
      : null,
  });
}

export default function WhereToBuy({ loaderData }: Route.ComponentProps) {
  const { page, filter, places, locations } = loaderData;
  return (
    <>
      {page.html.trim() ? (
        <section className="section">
          <div className="container container--narrow">
            <Prose html={page.html} />
          </div>
        </section>
      ) : null}
      <section className="section section--tinted" aria-labelledby="stockists-heading">
        <div className="container">
          <h2 id="stockists-heading" className="section__title">
            Our stockists
          </h2>
          <StoreLocator filter={filter} places={places} locations={locations} />
        </div>
      </section>
    </>
  );
}
