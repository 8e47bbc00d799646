import type { Route } from './+types/shop';
import { createShopApi } from '../lib/api/index.ts';
import { ProductGrid } from '../features/catalog/product-card.tsx';
import { toProductCard } from '../features/catalog/product-summary.ts';
import { toContentPage } from '../features/content/content-data.ts';
import { pageMeta } from '../features/content/meta.ts';
import { orNotFound } from '../features/content/not-found.ts';
import { Prose } from '../features/content/prose.tsx';
import { chromeFromPage } from '../features/layout/page-chrome.ts';

export { RouteErrorBoundary as ErrorBoundary } from '../features/content/route-error-boundary.tsx';

export async function loader({ context }: Route.LoaderArgs) {
  const api = createShopApi(context.apiFetch);
  const [page, products] = await Promise.all([orNotFound(api, api.getPageBySlug('shop')), api.listProducts()]);
  return { chrome: chromeFromPage(page), page: toContentPage(page), products: products.map(toProductCard) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(loaderData?.chrome.headerTitle, loaderData?.page.summary);
}

/** A simple grid for now; filters and add-to-cart come with the full shop issue. */
export default function Shop({ loaderData }: Route.ComponentProps) {
  const { page, products } = loaderData;
  return (
    <section className="section" aria-labelledby="shop-heading">
      <div className="container">
        {page.html.trim() ? <Prose html={page.html} className="prose--lead section__intro" /> : null}
        <div className="section__head">
          <h2 id="shop-heading" className="section__title">
            All granola
          </h2>
          <p className="muted">
            {products.length} {products.length === 1 ? 'product' : 'products'}
          </p>
        </div>
        <ProductGrid products={products} />
      </div>
    </section>
  );
}
