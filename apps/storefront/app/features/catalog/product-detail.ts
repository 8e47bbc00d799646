import type { Product } from '@larder/contract';
import { dietaryClaims } from '@larder/contract/dietary';
import type { ResponsiveImageData } from '../../components/ui/responsive-image.tsx';
import { decodeEntities, stripTags } from '../../lib/text.ts';
import { toCartProduct } from '../cart/cart-store.ts';
import { demoteH1 } from '../content/content-data.ts';
import { amountOf, priceRange, toRating } from './product-summary.ts';
import { initialSelection } from './variation-selection.ts';

export type GalleryImage = ResponsiveImageData & { id: number; alt: string };

function toGalleryImage(image: Product['images'][number], name: string): GalleryImage {
  return {
    id: image.id,
    src: image.src,
    alt: image.alt || name,
    width: image.width,
    height: image.height,
    sizes: image.sizes,
  };
}

/** What the product page shows, trimmed from the API's product (loader data is serialised into the HTML). */
export function toProductDetail(product: Product) {
  const name = decodeEntities(product.name);
  const attributeNames = product.attributes
    .filter((attribute) => attribute.variation)
    .map((attribute) => attribute.name);
  // The cart title joins the values in this order (spec §3), so keep the product's attribute order.
  const inAttributeOrder = (values: Record<string, string>) =>
    Object.fromEntries(
      [
        ...attributeNames.filter((key) => key in values),
        ...Object.keys(values).filter((key) => !attributeNames.includes(key)),
      ].map((key) => [key, values[key] ?? '']),
    );
  const attributes = product.attributes
    .filter((attribute) => attribute.variation)
    .map(({ name: label, options }) => ({ name: label, options }));
  const variations = product.variations.map((variation) => ({
    variation_id: variation.variation_id,
    attributes: inAttributeOrder(variation.attributes),
    display_price: variation.display_price,
    display_regular_price: variation.display_regular_price,
    ...(variation.wholesale_price !== undefined
      ? { wholesale_price: variation.wholesale_price }
      : {}),
    ...(variation.wholesale_price !== undefined && variation.wholesale
      ? { wholesale: variation.wholesale }
      : {}),
    is_in_stock: variation.is_in_stock,
    is_purchasable: variation.is_purchasable,
    stock_quantity: variation.stock_quantity,
    max_qty: variation.max_qty,
    /** The size's own picture (decision 0043); the gallery shows it while the size is chosen. */
    image: variation.image ? toGalleryImage(variation.image, name) : null,
  }));
  return {
    id: product.id,
    slug: product.slug,
    name,
    type: product.type,
    images: product.images.map((image) => toGalleryImage(image, name)),
    price: priceRange(product),
    /** A simple product's own price and stock; a variable product's come from its variations. */
    simple: {
      price: amountOf(product.price),
      regularPrice: amountOf(product.regular_price),
      // Spec §6: present only where the server decided this buyer pays a wholesale price.
      ...(product.wholesale_price !== undefined
        ? { wholesalePrice: amountOf(product.wholesale_price) }
        : {}),
      // Decision 0037: cases, minimum and breaks, sent only to a buyer with wholesale prices.
      ...(product.wholesale_price !== undefined && product.wholesale
        ? { wholesale: product.wholesale }
        : {}),
      inStock: product.stock_status !== 'outofstock' && product.purchasable,
      stockQuantity: product.manage_stock ? product.stock_quantity : null,
    },
    rating: toRating(product),
    shortDescription: demoteH1(product.short_description),
    description: demoteH1(product.description),
    summary: stripTags(product.short_description),
    category: product.categories[0]?.name ?? null,
    /** Spec §7: options already sorted by length by the API client. */
    attributes,
    /** Spec §7: sorted by ascending display_price. */
    variations,
    // Chosen on the server: the rule stays out of the page's script (issue 6's first-load budget).
    initialSelection: initialSelection(attributes, variations),
    cartProduct: toCartProduct({ ...product, name }),
    // The badges the shop's dietary filters and search agree with (decision 0032).
    food: { ...product.food, dietary_tags: dietaryClaims(product) },
  };
}

export type ProductDetailData = ReturnType<typeof toProductDetail>;
