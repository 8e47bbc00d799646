import '../features/content/content.css';
import { Link } from 'react-router';
import type { Route } from './+types/blog-post';
import { createShopApi } from '../lib/api/index.ts';
import { demoteH1, formatDate, toPostSummary } from '../features/content/content-data.ts';
import { orNotFound } from '../features/content/not-found.ts';
import { Prose } from '../features/content/prose.tsx';
import { simpleChrome } from '../features/layout/page-chrome.ts';
import { seoMeta, siteOrigin, siteShop } from '../features/seo/seo.ts';
import { blogPostingJsonLd } from '../features/seo/structured-data.ts';
import { decodeEntities } from '../lib/text.ts';

export { RouteErrorBoundary as ErrorBoundary } from '../features/content/route-error-boundary.tsx';

export async function loader({ context, params }: Route.LoaderArgs) {
  const api = createShopApi(context.apiFetch);
  const [post, posts] = await Promise.all([
    orNotFound(api, api.getPostBySlug(params.slug)),
    api.listPosts(),
  ]);
  // Spec §3: previous and next come from the list order.
  const index = posts.findIndex((entry) => entry.slug === post.slug);
  const neighbour = (offset: number) => {
    const entry = index === -1 ? undefined : posts[index + offset];
    return entry ? { slug: entry.slug, title: decodeEntities(entry.title.rendered) } : null;
  };
  const summary = toPostSummary(post);
  return {
    chrome: simpleChrome(summary.title, { headerImage: post.featured_image }),
    post: {
      ...summary,
      dateGmt: post.date_gmt,
      modifiedGmt: post.modified_gmt,
      html: demoteH1(post.content.rendered),
    },
    previous: neighbour(-1),
    next: neighbour(1),
  };
}

export function meta(args: Route.MetaArgs) {
  const post = args.loaderData?.post;
  return seoMeta(args, {
    title: post?.title,
    description: post?.excerpt,
    image: post?.image?.src,
    type: 'article',
    jsonLd: post
      ? blogPostingJsonLd(
          {
            ...post,
            date: post.dateGmt,
            modified: post.modifiedGmt,
            image: post.image?.src ?? null,
          },
          siteOrigin(args.matches),
          siteShop(args.matches)?.name ?? '',
        )
      : null,
  });
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, previous, next } = loaderData;
  return (
    <article className="section">
      <div className="container container--narrow" data-testid="blog-post">
        <p className="post-byline">
          By{' '}
          <span className="post-byline__author" data-testid="post-author">
            {post.author}
          </span>{' '}
          · <time dateTime={post.date}>{formatDate(post.date)}</time>
        </p>
        <Prose html={post.html} />
        <nav className="post-nav" aria-label="More stories">
          {previous ? (
            <Link
              to={`/blog/${previous.slug}`}
              rel="prev"
              className="post-nav__link"
              data-testid="post-previous"
            >
              <span className="post-nav__hint">← Previous</span>
              <span className="post-nav__title">{previous.title}</span>
            </Link>
          ) : (
            <span />
          )}
          {next ? (
            <Link
              to={`/blog/${next.slug}`}
              rel="next"
              className="post-nav__link post-nav__link--next"
              data-testid="post-next"
            >
              <span className="post-nav__hint">Next →</span>
              <span className="post-nav__title">{next.title}</span>
            </Link>
          ) : null}
        </nav>
      </div>
    </article>
  );
}
