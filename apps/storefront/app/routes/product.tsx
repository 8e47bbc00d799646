import { useState } from 'react';
import type { Route } from './+types/product';
import { Button } from '../components/ui/button.tsx';
import { Dialog } from '../components/ui/dialog.tsx';
import { createShopApi } from '../lib/api/index.ts';
import { formatMoney } from '../lib/money.ts';
import { decodeEntities, stripTags } from '../lib/text.ts';
import { NutritionFactsPanel } from '../features/catalog/nutrition-facts.tsx';
import { Price } from '../features/catalog/price.tsx';
import { DIETARY_TAG_LABELS, priceRange } from '../features/catalog/product-summary.ts';
import { pageMeta } from '../features/content/meta.ts';
import { demoteH1 } from '../features/content/content-data.ts';
import { orNotFound } from '../features/content/not-found.ts';
import { Prose } from '../features/content/prose.tsx';
import { simpleChrome } from '../features/layout/page-chrome.ts';

export { RouteErrorBoundary as ErrorBoundary } from '../features/content/route-error-boundary.tsx';

export async function loader({ context, params }: Route.LoaderArgs) {
  const api = createShopApi(context.apiFetch);
  const product = await orNotFound(api, api.getProductBySlug(params.slug));
  return {
    chrome: simpleChrome(decodeEntities(product.name)),
    product: {
      id: product.id,
      slug: product.slug,
      name: decodeEntities(product.name),
      images: product.images.map(({ id, src, alt, width, height }) => ({ id, src, alt: alt || product.name, width, height })),
      price: priceRange(product),
      shortDescription: demoteH1(product.short_description),
      description: demoteH1(product.description),
      summary: stripTags(product.short_description).slice(0, 200),
      category: product.categories[0]?.name ?? null,
      sizes: product.variations.map((variation) => ({
        id: variation.variation_id,
        label: Object.values(variation.attributes).join(', '),
        price: variation.display_price,
        inStock: variation.is_in_stock,
      })),
      food: product.food,
    },
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(loaderData?.product.name, loaderData?.product.summary);
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  const [nutritionOpen, setNutritionOpen] = useState(false);
  const [image] = product.images;
  const { food } = product;

  return (
    <>
      <section className="section" aria-label="Product details">
        <div className="container product" data-testid="product-page">
          <div className="product__media">
            {image ? (
              <img src={image.src} alt={image.alt} width={image.width} height={image.height} fetchPriority="high" />
            ) : (
              <span className="product-card__placeholder" />
            )}
          </div>
          <div className="product__info">
            {product.category ? <p className="eyebrow">{product.category}</p> : null}
            <p className="product__name" aria-hidden="true">
              {product.name}
            </p>
            <p className="product__price" data-testid="product-price">
              <Price range={product.price} style="range" />
            </p>
            {food.dietary_tags.length > 0 ? (
              <ul className="tag-list" aria-label="Dietary">
                {food.dietary_tags.map((tag) => (
                  <li key={tag} className="tag tag--strong">
                    {DIETARY_TAG_LABELS[tag]}
                  </li>
                ))}
              </ul>
            ) : null}
            <Prose html={product.shortDescription} className="prose--lead" />
            {product.sizes.length > 0 ? (
              <div className="product__sizes">
                <h2 className="product__label">Sizes</h2>
                <ul>
                  {product.sizes.map((size) => (
                    <li key={size.id} className="size-chip" data-out={!size.inStock}>
                      <span>{size.label}</span>
                      <span>{size.inStock ? formatMoney(size.price) : 'Sold out'}</span>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            <div className="cluster">
              <Button variant="secondary" onClick={() => setNutritionOpen(true)} data-testid="nutrition-facts-button">
                Nutrition facts
              </Button>
            </div>
          </div>
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="about-product">
        <div className="container product-details">
          <div>
            <h2 id="about-product" className="section__title">
              About this granola
            </h2>
            <Prose html={product.description} />
          </div>
          <aside className="ingredients-card" aria-labelledby="ingredients-heading">
            <h2 id="ingredients-heading" className="product__label">
              Ingredients
            </h2>
            <p>{food.ingredients}</p>
            {food.allergens.length > 0 ? (
              <p>
                <strong>Contains:</strong> {food.allergens.join(', ')}
              </p>
            ) : (
              <p>
                <strong>Contains:</strong> no major allergens
              </p>
            )}
            {food.may_contain.length > 0 ? (
              <p className="muted">May contain traces of {food.may_contain.join(', ')}.</p>
            ) : null}
          </aside>
        </div>
      </section>

      <Dialog open={nutritionOpen} onClose={() => setNutritionOpen(false)} title="Nutrition facts" testId="nutrition-dialog">
        <p className="muted">{product.name}</p>
        <NutritionFactsPanel facts={food.nutrition} />
      </Dialog>
    </>
  );
}
