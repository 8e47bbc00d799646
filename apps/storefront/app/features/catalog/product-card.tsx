import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Price } from './price.tsx';
import { DIETARY_TAG_LABELS, type ProductCardData } from './product-summary.ts';
import { StarRating } from '../../components/ui/star-rating.tsx';

export function ProductCard({
  product,
  headingLevel = 3,
}: {
  product: ProductCardData;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const href = `/product/${product.slug}`;
  return (
    <article className="product-card" data-testid="product-card">
      <Link to={href} className="product-card__media" tabIndex={-1} aria-hidden="true">
        {product.image ? (
          <img
            src={product.image.src}
            alt=""
            width={product.image.width}
            height={product.image.height}
            loading="lazy"
            decoding="async"
          />
        ) : (
          <span className="product-card__placeholder" />
        )}
        {product.onSale ? <span className="product-card__flag">Sale</span> : null}
      </Link>
      <div className="product-card__body">
        {product.category ? <p className="product-card__category">{product.category}</p> : null}
        <Heading className="product-card__title">
          <Link to={href} className="product-card__link">
            {product.name}
          </Link>
        </Heading>
        {product.rating ? (
          <StarRating
            average={product.rating.average}
            count={product.rating.count}
            className="product-card__rating"
          />
        ) : null}
        {product.blurb ? <p className="product-card__blurb">{product.blurb}</p> : null}
        {product.tags.length > 0 ? (
          <ul className="tag-list" aria-label="Dietary">
            {product.tags.map((tag) => (
              <li key={tag} className="tag">
                {DIETARY_TAG_LABELS[tag]}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="product-card__footer">
          <Price range={product.price} className="product-card__price" />
          <span className="product-card__cta" aria-hidden="true">
            View →
          </span>
        </div>
      </div>
    </article>
  );
}

export function ProductGrid({
  products,
  headingLevel,
  empty,
}: {
  products: ProductCardData[];
  headingLevel?: 2 | 3;
  /** What to say when nothing is listed; the default suits an unfiltered list. */
  empty?: ReactNode;
}) {
  if (products.length === 0)
    return (
      <div className="empty-state">
        {empty ?? <p>New batches are in the oven. Check back soon.</p>}
      </div>
    );
  return (
    <ul className="product-grid" data-testid="product-grid">
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
