import { Link } from 'react-router';
import type { Route } from './+types/home';
import { createShopApi } from '../lib/api/index.ts';
import { PostGrid } from '../features/blog/post-card.tsx';
import { ProductGrid } from '../features/catalog/product-card.tsx';
import { toProductCard } from '../features/catalog/product-summary.ts';
import { toContentPage, toPostSummary } from '../features/content/content-data.ts';
import { orNotFound } from '../features/content/not-found.ts';
import { Prose } from '../features/content/prose.tsx';
import { chromeFromPage } from '../features/layout/page-chrome.ts';
import { seoMeta, siteOrigin, siteShop } from '../features/seo/seo.ts';
import { organizationJsonLd } from '../features/seo/structured-data.ts';

export { RouteErrorBoundary as ErrorBoundary } from '../features/content/route-error-boundary.tsx';

const FEATURED_COUNT = 4;
const LATEST_POSTS = 3;

export async function loader({ context }: Route.LoaderArgs) {
  const api = createShopApi(context.apiFetch);
  const [page, products, posts] = await Promise.all([
    orNotFound(api, api.getPageBySlug('home')),
    api.listProducts(),
    api.listPosts({ per_page: LATEST_POSTS }),
  ]);
  // Featured products first, topped up with the rest so the row is always full.
  const row = [...products.filter((p) => p.featured), ...products.filter((p) => !p.featured)].slice(
    0,
    FEATURED_COUNT,
  );
  return {
    chrome: chromeFromPage(page, { isHome: true, largeHeader: true }),
    page: toContentPage(page),
    products: row.map(toProductCard),
    posts: posts.slice(0, LATEST_POSTS).map(toPostSummary),
  };
}

export function meta(args: Route.MetaArgs) {
  const data = args.loaderData;
  const shop = siteShop(args.matches);
  return seoMeta(args, {
    title: data ? 'Small-batch granola' : undefined,
    description: data?.chrome.deck || data?.page.summary,
    image: data?.chrome.headerImage?.src,
    jsonLd: shop ? organizationJsonLd(siteOrigin(args.matches), shop) : null,
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { page, products, posts } = loaderData;
  return (
    <>
      <section className="section section--intro">
        <div className="container container--narrow">
          <Prose html={page.html} className="prose--lead" />
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="featured-heading">
        <div className="container">
          <div className="section__head">
            <div>
              <p className="eyebrow">Fresh from the oven</p>
              <h2 id="featured-heading" className="section__title">
                Our favorite granolas
              </h2>
            </div>
            <Link to="/shop" className="text-link">
              Shop all granola →
            </Link>
          </div>
          <ProductGrid products={products} />
        </div>
      </section>

      <section className="section" aria-labelledby="journal-heading">
        <div className="container">
          <div className="section__head">
            <div>
              <p className="eyebrow">From the journal</p>
              <h2 id="journal-heading" className="section__title">
                Recipes &amp; stories
              </h2>
            </div>
            <Link to="/blog" className="text-link">
              All stories →
            </Link>
          </div>
          <PostGrid posts={posts} />
        </div>
      </section>
    </>
  );
}
