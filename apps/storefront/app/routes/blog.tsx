import type { Route } from './+types/blog';
import { createShopApi } from '../lib/api/index.ts';
import { PostGrid } from '../features/blog/post-card.tsx';
import { toContentPage, toPostSummary } from '../features/content/content-data.ts';
import { orNotFound } from '../features/content/not-found.ts';
import { Prose } from '../features/content/prose.tsx';
import { chromeFromPage } from '../features/layout/page-chrome.ts';
import { pageSeoMeta } from '../features/seo/seo.ts';

export { RouteErrorBoundary as ErrorBoundary } from '../features/content/route-error-boundary.tsx';

export async function loader({ context }: Route.LoaderArgs) {
  const api = createShopApi(context.apiFetch);
  const [page, posts] = await Promise.all([
    orNotFound(api, api.getPageBySlug('blog')),
    api.listPosts(),
  ]);
  return {
    chrome: chromeFromPage(page),
    page: toContentPage(page),
    posts: posts.map(toPostSummary),
  };
}

export function meta(args: Route.MetaArgs) {
  return pageSeoMeta(args);
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { page, posts } = loaderData;
  return (
    <section className="section">
      <div className="container">
        {page.html.trim() ? (
          <Prose html={page.html} className="prose--lead section__intro" />
        ) : null}
        <PostGrid posts={posts} headingLevel={2} />
      </div>
    </section>
  );
}
