import type { ReactNode } from 'react';
import { ResponsiveImage } from '../../components/ui/responsive-image.tsx';
import { Link } from 'react-router';
import { formatMoney } from '@larder/contract/money';
import { Price } from './price.tsx';
import { DIETARY_TAG_LABELS, type CardSale, type ProductCardData } from './product-summary.ts';
import { QuickAddButton } from './quick-add-button.tsx';
import { StarRating } from '../../components/ui/star-rating.tsx';

/** How wide a card's image is shown: two columns on phones, up to four on a wide screen. */
const CARD_IMAGE_SIZES = '(max-width: 879px) 50vw, (max-width: 1159px) 33vw, 300px';

export function ProductCard({
  product,
  headingLevel = 3,
  aboveFold = false,
}: {
  product: ProductCardData;
  headingLevel?: 2 | 3;
  /** The card is in the first row: its image is not lazy (the page's header image still comes first). */
  aboveFold?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const href = `/product/${product.slug}`;
  return (
    <article className="product-card" data-testid="product-card">
      <Link to={href} className="product-card__media" tabIndex={-1} aria-hidden="true">
        {product.image ? (
          <ResponsiveImage
            image={product.image}
            alt=""
            sizes={CARD_IMAGE_SIZES}
            eager={aboveFold}
          />
        ) : (
          <span className="product-card__placeholder" />
        )}
        {product.sale ? <span className="product-card__flag">Sale</span> : null}
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
          <div className="product-card__prices">
            {product.sale?.size === null ? null : (
              <Price range={product.price} className="product-card__price" />
            )}
            {product.sale ? <SalePrice sale={product.sale} /> : null}
          </div>
          {product.quickAdd ? (
            <QuickAddButton quickAdd={product.quickAdd} name={product.name} />
          ) : (
            <Link to={href} className="button button--secondary product-card__action">
              {product.price.wholesale ? 'Order by the case' : 'Choose size'}
              <span className="visually-hidden"> for {product.name}</span>
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}

/** A simple product's sale price, or the size on sale beside the "From" price; the regular price struck. */
function SalePrice({ sale }: { sale: CardSale }) {
  return (
    <span className="price price--sale product-card__price" data-testid="card-sale">
      {sale.size ? <span className="price__from">{sale.size}</span> : null}
      <span className="price__now">
        <span className="visually-hidden">Sale price </span>
        {formatMoney(sale.price)}
      </span>
      <del className="price__was">
        <span className="visually-hidden">Regular price </span>
        {formatMoney(sale.regularPrice)}
      </del>
    </span>
  );
}

export function ProductGrid({
  products,
  headingLevel,
  empty,
  aboveFoldCount = 0,
}: {
  products: ProductCardData[];
  headingLevel?: 2 | 3;
  /** How many leading cards are above the fold (their images are not lazy, the rest are). */
  aboveFoldCount?: number;
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
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard
            product={product}
            headingLevel={headingLevel}
            aboveFold={index < aboveFoldCount}
          />
        </li>
      ))}
    </ul>
  );
}
