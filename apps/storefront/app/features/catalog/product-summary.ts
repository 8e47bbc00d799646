import type { DietaryTag, Product } from '@larder/contract';
import { dietaryClaims } from '@larder/contract/dietary';
import { centsOf, toMoneyNumber } from '@larder/contract/money';
import type { ResponsiveImageData } from '../../components/ui/responsive-image.tsx';
import { decodeEntities, stripTags, truncateAtWord } from '../../lib/text.ts';

export interface PriceRange {
  min: number;
  max: number;
  /** Spec §6: the prices are this buyer's wholesale prices (the API sent `wholesale_price`). */
  wholesale?: boolean;
}

/** A wire amount ("12.50") as the number the cart and the price components use. */
export const amountOf = (amount: string): number => toMoneyNumber(centsOf(amount));

/**
 * Spec §7: variations arrive sorted by ascending display_price; a simple product has one price.
 * Spec §6: a wholesale buyer's range is their wholesale prices, where the API gave them.
 */
export function priceRange(
  product: Pick<Product, 'price' | 'wholesale_price' | 'variations'>,
): PriceRange {
  const { variations } = product;
  const prices =
    variations.length > 0
      ? variations.map((variation) => variation.wholesale_price ?? variation.display_price)
      : // cart-derived's simplePriceToPay, inlined: importing it here would add it to every first load.
        [amountOf(product.wholesale_price ?? product.price)];
  const wholesale =
    product.wholesale_price !== undefined ||
    variations.some((variation) => variation.wholesale_price !== undefined);
  return {
    min: Math.min(...prices),
    max: Math.max(...prices),
    ...(wholesale ? { wholesale } : {}),
  };
}

/** Spec: stars from average_rating and rating_count; null (no stars shown) when nobody has rated it yet. */
export function toRating(
  product: Pick<Product, 'average_rating' | 'rating_count'>,
): { average: number; count: number } | null {
  const average = Number.parseFloat(product.average_rating);
  if (product.rating_count <= 0 || !Number.isFinite(average) || average <= 0) return null;
  return { average: Math.min(5, average), count: product.rating_count };
}

/** What a product card needs, so list loaders do not ship every description and nutrition panel. */
export interface ProductCardData {
  id: number;
  slug: string;
  name: string;
  image: (ResponsiveImageData & { alt: string }) | null;
  price: PriceRange;
  category: string | null;
  tags: DietaryTag[];
  blurb: string;
  onSale: boolean;
  rating: { average: number; count: number } | null;
}

export function toProductCard(product: Product): ProductCardData {
  const image = product.images[0];
  return {
    id: product.id,
    slug: product.slug,
    name: decodeEntities(product.name),
    image: image
      ? {
          src: image.src,
          alt: image.alt || product.name,
          width: image.width,
          height: image.height,
          sizes: image.sizes,
        }
      : null,
    price: priceRange(product),
    category: product.categories[0]?.name ?? null,
    // The badges are the claims the shop's dietary filters and search agree with (decision 0032).
    tags: dietaryClaims(product).slice(0, 3),
    blurb: truncateAtWord(stripTags(product.short_description), 140),
    onSale: product.on_sale,
    rating: toRating(product),
  };
}

export { DIETARY_TAG_LABELS } from '@larder/contract/dietary';
