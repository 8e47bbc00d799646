import { useNavigation } from 'react-router';
import type { Route } from './+types/shop';
import { createShopApi } from '../lib/api/index.ts';
import { ProductGrid } from '../features/catalog/product-card.tsx';
import { toProductCard } from '../features/catalog/product-summary.ts';
import { ShopFiltersForm } from '../features/catalog/shop-filters.tsx';
import { productQueryFor, readShopFilters } from '../features/catalog/shop-query.ts';
import { toContentPage } from '../features/content/content-data.ts';
import { orNotFound } from '../features/content/not-found.ts';
import { Prose } from '../features/content/prose.tsx';
import { chromeFromPage } from '../features/layout/page-chrome.ts';
import { pageSeoMeta } from '../features/seo/seo.ts';
import { decodeEntities } from '../lib/text.ts';
import { ButtonLink } from '../components/ui/button.tsx';

export { RouteErrorBoundary as ErrorBoundary } from '../features/content/route-error-boundary.tsx';

/** The URL is the whole state of the shop (`?category=…&q=…&sort=…`), so a shared link renders on the server. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const api = createShopApi(context.apiFetch);
  const filters = readShopFilters(new URL(request.url).searchParams);
  const [page, categories] = await Promise.all([
    orNotFound(api, api.getPageBySlug('shop')),
    api.listProductCategories(),
  ]);
  const products = await api.listProducts(productQueryFor(filters, categories));
  const known = categories.some((category) => category.slug === filters.category);
  return {
    chrome: chromeFromPage(page),
    page: toContentPage(page),
    filters: { ...filters, category: known ? filters.category : '' },
    categories: categories.map(({ slug, name }) => ({ slug, name: decodeEntities(name) })),
    products: products.map(toProductCard),
  };
}

/** When the shop page has no excerpt of its own: search results need a description. */
const SHOP_DESCRIPTION =
  'Shop small-batch granola baked in Durham, NC: big clusters, honest ingredients, sweetened lightly.';

export function meta(args: Route.MetaArgs) {
  return pageSeoMeta(args, {
    description: args.loaderData?.page.summary || SHOP_DESCRIPTION,
    // A filtered or searched view is its own page; tracking parameters are not.
    canonicalParams: ['category', 'q', 'sort'],
  });
}

export default function Shop({ loaderData }: Route.ComponentProps) {
  const { page, products, filters, categories } = loaderData;
  const navigation = useNavigation();
  const pending = navigation.location?.pathname === '/shop';
  const category = categories.find((option) => option.slug === filters.category);
  const filtered = Boolean(filters.q || category);

  return (
    <section className="section shop" aria-labelledby="shop-heading">
      <div className="container">
        {page.html.trim() ? (
          <Prose html={page.html} className="prose--lead section__intro" />
        ) : null}
        <ShopFiltersForm
          filters={
            pending ? readShopFilters(new URLSearchParams(navigation.location?.search)) : filters
          }
          categories={categories}
        />
        <div className="section__head shop__head">
          <h2 id="shop-heading" className="section__title" data-testid="shop-heading">
            {filters.q
              ? `Results for “${filters.q}”${category ? ` in ${category.name}` : ''}`
              : (category?.name ?? 'All granola')}
          </h2>
          <p className="muted shop__count" role="status" data-testid="result-count">
            {products.length} {products.length === 1 ? 'product' : 'products'}
          </p>
        </div>
        <div className="shop__results" data-pending={pending} aria-busy={pending}>
          <ProductGrid
            products={products}
            // The top of the first row shows under the header image on a phone and a wide screen.
            aboveFoldCount={4}
            empty={
              filtered ? (
                <div data-testid="shop-empty">
                  <p className="empty-state__title">
                    {filters.q
                      ? `No granola matches “${filters.q}”`
                      : `Nothing in ${category?.name ?? 'this category'} right now`}
                    {filters.q && category ? ` in ${category.name}` : ''}
                  </p>
                  <p>Try another word or category, or see everything we bake.</p>
                  <ButtonLink to="/shop" variant="secondary">
                    Show all products
                  </ButtonLink>
                </div>
              ) : undefined
            }
          />
        </div>
      </div>
    </section>
  );
}
