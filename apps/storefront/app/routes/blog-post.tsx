import { Link } from 'react-router';
import type { Route } from './+types/blog-post';
import { createShopApi } from '../lib/api/index.ts';
import { demoteH1, formatDate, toPostSummary } from '../features/content/content-data.ts';
import { pageMeta } from '../features/content/meta.ts';
import { orNotFound } from '../features/content/not-found.ts';
import { Prose } from '../features/content/prose.tsx';
import { simpleChrome } from '../features/layout/page-chrome.ts';
import { decodeEntities } from '../lib/text.ts';

export { RouteErrorBoundary as ErrorBoundary } from '../features/content/route-error-boundary.tsx';

export async function loader({ context, params }: Route.LoaderArgs) {
  const api = createShopApi(context.apiFetch);
  const [post, posts] = await Promise.all([orNotFound(api, api.getPostBySlug(params.slug)), api.listPosts()]);
  // Spec §3: previous and next come from the list order.
  const index = posts.findIndex((entry) => entry.slug === post.slug);
  const neighbour = (offset: number) => {
    const entry = index === -1 ? undefined : posts[index + offset];
    return entry ? { slug: entry.slug, title: decodeEntities(entry.title.rendered) } : null;
  };
  const summary = toPostSummary(post);
  return {
    chrome: simpleChrome(summary.title, { headerImage: post.featured_image }),
    post: { ...summary, html: demoteH1(post.content.rendered) },
    previous: neighbour(-1),
    next: neighbour(1),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(loaderData?.post.title, loaderData?.post.excerpt.slice(0, 200));
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, previous, next } = loaderData;
  return (
    <article className="section">
      <div className="container container--narrow" data-testid="blog-post">
        <p className="post-byline">
          By <span className="post-byline__author" data-testid="post-author">{post.author}</span> ·{' '}
          <time dateTime={post.date}>{formatDate(post.date)}</time>
        </p>
        <Prose html={post.html} />
        <nav className="post-nav" aria-label="More stories">
          {previous ? (
            <Link to={`/blog/${previous.slug}`} rel="prev" className="post-nav__link" data-testid="post-previous">
              <span className="post-nav__hint">← Previous</span>
              <span className="post-nav__title">{previous.title}</span>
            </Link>
          ) : (
            <span />
          )}
          {next ? (
            <Link to={`/blog/${next.slug}`} rel="next" className="post-nav__link post-nav__link--next" data-testid="post-next">
              <span className="post-nav__hint">Next →</span>
              <span className="post-nav__title">{next.title}</span>
            </Link>
          ) : null}
        </nav>
      </div>
    </article>
  );
}
