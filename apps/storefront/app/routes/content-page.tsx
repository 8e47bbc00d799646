import type { Route } from './+types/content-page';
import { createShopApi } from '../lib/api/index.ts';
import { toContentPage } from '../features/content/content-data.ts';
import { contentSlugFor } from '../features/content/content-slug.ts';
import { notFoundResponse, orNotFound } from '../features/content/not-found.ts';
import { Prose } from '../features/content/prose.tsx';
import { chromeFromPage } from '../features/layout/page-chrome.ts';
import { pageSeoMeta } from '../features/seo/seo.ts';
import { PRIVATE_PAGE_SLUGS } from '../features/seo/sitemap.ts';
import { ButtonLink } from '../components/ui/button.tsx';

export { RouteErrorBoundary as ErrorBoundary } from '../features/content/route-error-boundary.tsx';

/** One module for every plain content page (wholesale, contact, cart, login, /:slug, …); the slug comes from the matched route. */
export async function loader({ context, params, pattern }: Route.LoaderArgs) {
  const api = createShopApi(context.apiFetch);
  const slug = contentSlugFor(pattern, params);
  if (!slug) throw await notFoundResponse(api);
  const page = await orNotFound(api, api.getPageBySlug(slug));
  return { chrome: chromeFromPage(page), page: toContentPage(page) };
}

export function meta(args: Route.MetaArgs) {
  const data = args.loaderData;
  return pageSeoMeta(args, {
    // Cart, checkout and account pages are for the shopper's session, not for search results.
    noindex: data ? PRIVATE_PAGE_SLUGS.has(data.page.slug) : false,
  });
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  return (
    <section className="section">
      <div
        className="container container--narrow"
        data-testid="content-page"
        data-slug={loaderData.page.slug}
      >
        <Prose html={loaderData.page.html} />
        {loaderData.page.slug === 'wholesale' ? (
          <p className="content-page__cta">
            <ButtonLink to="/sign-up?account=wholesale" size="lg">
              Apply for a wholesale account
            </ButtonLink>
          </p>
        ) : null}
      </div>
    </section>
  );
}
