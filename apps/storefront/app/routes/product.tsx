import { Suspense } from 'react';
import type { Route } from './+types/product';
import { createShopApi } from '../lib/api/index.ts';
import { lazyAfterFirstVisit } from '../lib/lazy-after-first-visit.ts';
import { toProductDetail } from '../features/catalog/product-detail.ts';
import { ProductDetail } from '../features/catalog/product-detail-view.tsx';
import { toProductCard } from '../features/catalog/product-summary.ts';
import { handleBackInStock } from '../features/catalog/back-in-stock-action.server.ts';
import { BACK_IN_STOCK_INTENT } from '../features/catalog/back-in-stock.ts';
import { orNotFound } from '../features/content/not-found.ts';
import { simpleChrome } from '../features/layout/page-chrome.ts';
import { seoMeta } from '../features/seo/seo.ts';
import { productJsonLd } from '../features/seo/structured-data.ts';
import { ProductReviews } from '../features/reviews/product-reviews.tsx';
import { loadProductReviews } from '../features/reviews/review-data.ts';

export { RouteErrorBoundary as ErrorBoundary } from '../features/content/route-error-boundary.tsx';

/** Issue 18: a row of cards under the reviews. */
const RELATED_COUNT = 4;

// Under the reviews: the server renders it, and a first visit loads its code on the first scroll.
const RelatedProducts = lazyAfterFirstVisit(
  () => import('../features/catalog/related-products.tsx'),
);

export async function loader({ context, params }: Route.LoaderArgs) {
  const api = createShopApi(context.apiFetch);
  const source = await orNotFound(api, api.getProductBySlug(params.slug));
  const product = toProductDetail(source);
  // Reviews are looked up by the product's id, known only once the slug has been resolved.
  const [reviews, related] = await Promise.all([
    loadProductReviews(api, product.id),
    api.listProductsById(source.related_ids.slice(0, RELATED_COUNT)),
  ]);
  const structuredData = productJsonLd(
    source,
    context.siteConfig.publicUrl,
    context.siteConfig.shop.name,
  );
  // Issue 18: the product is the page's title, so no title band above it; the heading stays for screen readers.
  return {
    chrome: simpleChrome(product.name, { hideHeader: true }),
    product,
    reviews,
    related: related.filter((entry) => entry.catalog_visibility !== 'hidden').map(toProductCard),
    structuredData,
  };
}

/** The sold-out form's post ("Email me when it's back"), with or without JavaScript. */
export async function action({ context, params, request }: Route.ActionArgs) {
  const formData = await request.formData();
  if (formData.get('intent') !== BACK_IN_STOCK_INTENT) {
    throw new Response('Unknown form', { status: 400 });
  }
  const api = createShopApi(context.apiFetch);
  const product = await orNotFound(api, api.getProductBySlug(params.slug));
  return handleBackInStock(context.apiFetch, product.id, formData);
}

export function meta(args: Route.MetaArgs) {
  const data = args.loaderData;
  return seoMeta(args, {
    title: data?.product.name,
    description: data?.product.summary,
    image: data?.product.images[0]?.src,
    type: 'product',
    jsonLd: data?.structuredData,
  });
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, reviews, related } = loaderData;
  return (
    <>
      <ProductDetail product={product} />
      <ProductReviews product={{ id: product.id, name: product.name }} reviews={reviews} />
      <Suspense>
        <RelatedProducts products={related} />
      </Suspense>
    </>
  );
}
