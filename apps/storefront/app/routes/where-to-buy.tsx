import type { Route } from './+types/where-to-buy';
import { createShopApi } from '../lib/api/index.ts';
import { toContentPage, toLocation } from '../features/content/content-data.ts';
import { pageMeta } from '../features/content/meta.ts';
import { orNotFound } from '../features/content/not-found.ts';
import { Prose } from '../features/content/prose.tsx';
import { chromeFromPage } from '../features/layout/page-chrome.ts';

export { RouteErrorBoundary as ErrorBoundary } from '../features/content/route-error-boundary.tsx';

export async function loader({ context }: Route.LoaderArgs) {
  const api = createShopApi(context.apiFetch);
  const [page, locations] = await Promise.all([orNotFound(api, api.getPageBySlug('where-to-buy')), api.listLocations()]);
  return { chrome: chromeFromPage(page), page: toContentPage(page), locations: locations.map(toLocation) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(loaderData?.chrome.headerTitle, loaderData?.page.summary);
}

const displayHost = (url: string) => url.replace(/^https?:\/\//, '').replace(/\/$/, '');

export default function WhereToBuy({ loaderData }: Route.ComponentProps) {
  const { page, locations } = loaderData;
  return (
    <>
      <section className="section">
        <div className="container container--narrow">
          <Prose html={page.html} />
        </div>
      </section>
      <section className="section section--tinted" aria-labelledby="stockists-heading">
        <div className="container">
          <h2 id="stockists-heading" className="section__title">
            Our stockists
          </h2>
          {locations.length === 0 ? (
            <p className="empty-state">New stockists are on their way.</p>
          ) : (
            <ul className="location-grid" data-testid="location-list">
              {locations.map((location) => (
                <li key={location.id} className="location-card">
                  <h3 className="location-card__name">{location.name}</h3>
                  <address>
                    <span>{location.address}</span>
                    <span>{location.cityLine}</span>
                  </address>
                  <p className="location-card__links">
                    {location.phone ? <a href={`tel:${location.phone.replace(/[^\d+]/g, '')}`}>{location.phone}</a> : null}
                    {location.website ? (
                      <a href={location.website} target="_blank" rel="noopener noreferrer">
                        {displayHost(location.website)}
                        <span className="visually-hidden"> (opens in a new tab)</span>
                      </a>
                    ) : null}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
    </>
  );
}
