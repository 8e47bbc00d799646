import type { Product } from '@larder/contract';
import { decodeEntities, stripTags } from '../../lib/text.ts';
import { demoteH1 } from '../content/content-data.ts';
import { priceRange } from './product-summary.ts';

/** What the product page shows, trimmed from the API's product (loader data is serialised into the HTML). */
export function toProductDetail(product: Product) {
  const name = decodeEntities(product.name);
  return {
    id: product.id,
    slug: product.slug,
    name,
    images: product.images.map(({ id, src, alt, width, height }) => ({ id, src, alt: alt || name, width, height })),
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
  };
}

export type ProductDetailData = ReturnType<typeof toProductDetail>;
