import type { DietaryTag, Product, ProductVariation } from '@larder/contract';
import { dietaryClaims } from '@larder/contract/dietary';
import { centsOf, toMoneyNumber } from '@larder/contract/money';
import type { ResponsiveImageData } from '../../components/ui/responsive-image.tsx';
import { decodeEntities, stripTags, truncateAtWord } from '../../lib/text.ts';
import { toCartProduct, type CartProduct, type CartVariationInput } from '../cart/cart-store.ts';

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
  /** The sale a retail shopper gets: a simple product's, or its cheapest size on sale (decision 0047). */
  sale: CardSale | null;
  /** What "Add to cart" on the card adds, for a product with one size; null links to the page instead. */
  quickAdd: QuickAdd | null;
  rating: { average: number; count: number } | null;
}

export interface CardSale {
  /** The size on sale, for a product with sizes. */
  size: string | null;
  price: number;
  regularPrice: number;
}

export interface QuickAdd {
  product: CartProduct;
  variation?: CartVariationInput;
  price: number;
}

/** A wholesale price with a case or minimum above one: the product page explains it, not a card. */
const soldByTheCase = (rules: Product['wholesale'] | undefined) =>
  rules !== undefined && (rules.case_size > 1 || rules.min_quantity > 1);

/** A size that can be bought now. */
export const isAvailable = (variation: Pick<ProductVariation, 'is_in_stock' | 'is_purchasable'>) =>
  variation.is_in_stock && variation.is_purchasable;

/** A retail shopper's size on sale (a wholesale buyer pays their own price, never the sale's). */
export const onSale = (
  variation: Pick<ProductVariation, 'display_price' | 'display_regular_price' | 'wholesale_price'>,
) =>
  variation.wholesale_price === undefined &&
  variation.display_regular_price > variation.display_price;

/** Server-decided prices only: the API's sale and regular prices for this viewer (spec §6). */
function cardSale(product: Product): CardSale | null {
  if (product.variations.length === 0) {
    if (product.wholesale_price !== undefined || !product.sale_price) return null;
    const price = amountOf(product.price);
    const regularPrice = amountOf(product.regular_price);
    return regularPrice > price ? { size: null, price, regularPrice } : null;
  }
  // Spec §7: variations arrive cheapest first.
  const sale = product.variations.find(onSale);
  if (!sale) return null;
  return {
    size: Object.values(sale.attributes).filter(Boolean).join(', '),
    price: sale.display_price,
    regularPrice: sale.display_regular_price,
  };
}

/** Decision 0047: one purchasable size, sold by the unit to this viewer. */
function quickAddOf(product: Product, name: string): QuickAdd | null {
  const cartProduct = toCartProduct({ ...product, name });
  if (product.variations.length === 0) {
    if (!product.purchasable || product.stock_status === 'outofstock') return null;
    if (product.wholesale_price !== undefined && soldByTheCase(product.wholesale)) return null;
    return { product: cartProduct, price: amountOf(product.wholesale_price ?? product.price) };
  }
  const buyable = product.variations.filter(isAvailable);
  const [only] = buyable;
  if (buyable.length !== 1 || !only) return null;
  if (only.wholesale_price !== undefined && soldByTheCase(only.wholesale)) return null;
  const { variation_id, attributes, display_price, wholesale_price } = only;
  return {
    product: cartProduct,
    variation: {
      variation_id,
      attributes,
      display_price,
      ...(wholesale_price !== undefined ? { wholesale_price } : {}),
    },
    price: wholesale_price ?? display_price,
  };
}

export function toProductCard(product: Product): ProductCardData {
  const image = product.images[0];
  const name = decodeEntities(product.name);
  return {
    id: product.id,
    slug: product.slug,
    name,
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
    sale: cardSale(product),
    quickAdd: quickAddOf(product, name),
    rating: toRating(product),
  };
}

export { DIETARY_TAG_LABELS } from '@larder/contract/dietary';
