import { NavLink, useOutlet } from 'react-router';
import type { Route } from './+types/my-account';
import { createShopApi } from '../lib/api/index.ts';
import { toContentPage } from '../features/content/content-data.ts';
import { orNotFound } from '../features/content/not-found.ts';
import { Prose } from '../features/content/prose.tsx';
import { chromeFromPage } from '../features/layout/page-chrome.ts';
import { pageSeoMeta } from '../features/seo/seo.ts';

export { RouteErrorBoundary as ErrorBoundary } from '../features/content/route-error-boundary.tsx';

export async function loader({ context }: Route.LoaderArgs) {
  const api = createShopApi(context.apiFetch);
  const page = await orNotFound(api, api.getPageBySlug('my-account'));
  return { chrome: chromeFromPage(page), page: toContentPage(page) };
}

export function meta(args: Route.MetaArgs) {
  // The account area is the shopper's own, not for search results.
  return pageSeoMeta(args, { noindex: true });
}

/** Spec §2: the account area with its sub-pages; the session and guards come in a later issue. */
export default function MyAccount({ loaderData }: Route.ComponentProps) {
  const outlet = useOutlet();
  return (
    <div className="account">
      <div className="container">
        <nav aria-label="Account pages" className="account__nav">
          <NavLink to="/my-account" end>
            Dashboard
          </NavLink>
          <NavLink to="/my-account/order-history">Order History</NavLink>
          <NavLink to="/my-account/account-details">Account Details</NavLink>
        </nav>
      </div>
      {outlet ?? (
        <section className="section">
          <div
            className="container container--narrow"
            data-testid="content-page"
            data-slug={loaderData.page.slug}
          >
            <Prose html={loaderData.page.html} />
          </div>
        </section>
      )}
    </div>
  );
}
