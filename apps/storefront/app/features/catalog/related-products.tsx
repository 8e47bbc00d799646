import { ProductGrid } from './product-card.tsx';
import type { ProductCardData } from './product-summary.ts';

/** Issue 18: "You may also like", from the API's `related_ids`, loaded by the product route's loader. */
export default function RelatedProducts({ products }: { products: ProductCardData[] }) {
  if (products.length === 0) return null;
  return (
    <section className="section" aria-labelledby="related-heading">
      <div className="container">
        <div className="section__head">
          <h2 id="related-heading" className="section__title">
            You may also like
          </h2>
        </div>
        <ProductGrid products={products} />
      </div>
    </section>
  );
}
