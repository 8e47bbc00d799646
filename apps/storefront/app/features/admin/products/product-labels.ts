import type { Product, ProductImage } from '@larder/contract';

type Option = { code: string; name: string };

export const PRODUCT_STATUS_LABELS: Record<Product['status'], string> = {
  publish: 'Published',
  draft: 'Draft',
  pending: 'Pending review',
  private: 'Private',
};

/** The list's status tabs: `any` is every status. */
export const PRODUCT_STATUS_FILTERS = [
  { value: 'any', label: 'All' },
  { value: 'publish', label: 'Published' },
  { value: 'draft', label: 'Drafts' },
  { value: 'private', label: 'Private' },
  { value: 'pending', label: 'Pending review' },
] as const;

export const PRODUCT_STATUS_OPTIONS: Option[] = [
  { code: 'publish', name: 'Published: on the shop' },
  { code: 'draft', name: 'Draft: owners only' },
  { code: 'private', name: 'Private: owners only, finished' },
  { code: 'pending', name: 'Pending review' },
];

export const VISIBILITY_OPTIONS: Option[] = [
  { code: 'visible', name: 'Shop and search results' },
  { code: 'catalog', name: 'Shop only' },
  { code: 'search', name: 'Search results only' },
  { code: 'hidden', name: 'Hidden: by its link only' },
];

export const STOCK_STATUS_LABELS: Record<Product['stock_status'], string> = {
  instock: 'In stock',
  outofstock: 'Out of stock',
  onbackorder: 'On backorder',
};

export const STOCK_STATUS_OPTIONS: Option[] = Object.entries(STOCK_STATUS_LABELS).map(
  ([code, name]) => ({ code, name }),
);

/** The tax classes (`/taxes/classes`); standard is '' and is the select's empty choice. */
export const TAX_CLASS_OPTIONS: Option[] = [
  { code: 'reduced-rate', name: 'Reduced rate: food' },
  { code: 'zero-rate', name: 'Zero rate' },
];

/** A variation may also take its product's class, as in WooCommerce. */
export const VARIATION_TAX_CLASS_OPTIONS: Option[] = [
  { code: 'parent', name: 'Same as the product' },
  ...TAX_CLASS_OPTIONS,
];

export const TAX_STATUS_OPTIONS: Option[] = [
  { code: 'taxable', name: 'Taxable: the item and its shipping' },
  { code: 'shipping', name: 'Only its shipping is taxed' },
  { code: 'none', name: 'Not taxed' },
];

export const PRODUCT_TYPE_OPTIONS: Option[] = [
  { code: 'simple', name: 'Simple: one price' },
  { code: 'variable', name: 'Variable: sizes, each priced' },
];

/** The status badge's tone key (format.tsx): published is good, a draft waits on the owner. */
export const productStatusTone = (status: Product['status']) =>
  status === 'publish' ? 'approved' : status === 'private' ? 'refunded' : 'pending';

/** The smallest generated width at least `width` wide, so a list of thumbnails loads kilobytes. */
export function thumbnailSrc(image: ProductImage, width: number): string {
  const sizes = Object.values(image.sizes ?? {})
    .filter((size) => size.width >= width)
    .sort((a, b) => a.width - b.width);
  return sizes[0]?.source_url ?? image.src;
}
