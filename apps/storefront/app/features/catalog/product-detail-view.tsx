import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { formatMoney } from '../../lib/money.ts';
import { Prose } from '../content/prose.tsx';
import { NutritionFactsPanel } from './nutrition-facts.tsx';
import { Price } from './price.tsx';
import type { ProductDetailData } from './product-detail.ts';
import { DIETARY_TAG_LABELS } from './product-summary.ts';

/** Spec §2 product page: image, price or range, descriptions, dietary tags, ingredients and nutrition facts. */
export function ProductDetail({ product }: { product: ProductDetailData }) {
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
