import type { Route } from './+types/product';
import { createShopApi } from '../lib/api/index.ts';
import { toProductDetail } from '../features/catalog/product-detail.ts';
import { ProductDetail } from '../features/catalog/product-detail-view.tsx';
import { pageMeta } from '../features/content/meta.ts';
import { orNotFound } from '../features/content/not-found.ts';
import { simpleChrome } from '../features/layout/page-chrome.ts';
import { ProductReviews } from '../features/reviews/product-reviews.tsx';
import { loadProductReviews } from '../features/reviews/review-data.ts';

export { RouteErrorBoundary as ErrorBoundary } from '../features/content/route-error-boundary.tsx';

export async function loader({ context, params }: Route.LoaderArgs) {
  const api = createShopApi(context.apiFetch);
  const product = toProductDetail(await orNotFound(api, api.getProductBySlug(params.slug)));
  // Reviews are looked up by the product's id, known only once the slug has been resolved.
  const reviews = await loadProductReviews(api, product.id);
  return { chrome: simpleChrome(product.name), product, reviews };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(loaderData?.product.name, loaderData?.product.summary);
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, reviews } = loaderData;
  return (
    <>
      <ProductDetail product={product} />
      <ProductReviews product={{ id: product.id, name: product.name }} reviews={reviews} />
    </>
  );
}
