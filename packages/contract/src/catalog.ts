import { z } from 'zod';
import {
  MAX_ID,
  MetaDataSchema,
  MoneyStringSchema,
  SortOrderSchema,
  PaginationQuerySchema,
  queryBoolean,
  queryCsv,
  queryIdList,
  queryInt,
} from './common.ts';
import { WholesaleRulesSchema } from './wholesale-ordering.ts';
import { DIETARY_TAGS } from './dietary.ts';
import { ImageSizesSchema } from './media.ts';

export const StockStatusSchema = z.enum(['instock', 'outofstock', 'onbackorder']);
export const CatalogVisibilitySchema = z.enum(['visible', 'catalog', 'search', 'hidden']);
export const ProductStatusSchema = z.enum(['draft', 'pending', 'private', 'publish']);
export const ProductTypeSchema = z.enum(['simple', 'variable']);

export const ProductImageSchema = z.object({
  id: z.number().int(),
  src: z.string(),
  name: z.string(),
  alt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Responsive AVIF and WebP widths of `src`, named as WordPress's `media_details.sizes`. */
  sizes: ImageSizesSchema.optional(),
});
export type ProductImage = z.infer<typeof ProductImageSchema>;

export const ProductAttributeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  position: z.number().int(),
  visible: z.boolean(),
  variation: z.boolean(),
  /** Spec §7: sorted by length, shortest first. */
  options: z.array(z.string()),
});
export type ProductAttribute = z.infer<typeof ProductAttributeSchema>;

/**
 * A variation as the storefront uses it (WooCommerce's get_available_variations() entry).
 * `attributes` maps the attribute name to the chosen option, e.g. { Size: "2 lb" }.
 */
export const ProductVariationSchema = z.object({
  variation_id: z.number().int(),
  sku: z.string(),
  attributes: z.record(z.string(), z.string()),
  display_price: z.number(),
  display_regular_price: z.number(),
  /** Present only for a buyer allowed to see wholesale prices (spec §6); decided by the server. */
  wholesale_price: z.number().optional(),
  /** Decision 0037: its wholesale ordering rules (its own, else its product's), shown as the price. */
  wholesale: WholesaleRulesSchema.optional(),
  is_in_stock: z.boolean(),
  is_purchasable: z.boolean(),
  /** As WooCommerce's variation: what the owner's editor shows and saves back unchanged. */
  stock_status: StockStatusSchema,
  stock_quantity: z.number().int().nullable(),
  max_qty: z.number().int().nullable(),
  weight: z.string(),
  /** As WooCommerce's variation: `parent` takes the product's class. */
  tax_class: z.string(),
  image: ProductImageSchema.nullable(),
});
export type ProductVariation = z.infer<typeof ProductVariationSchema>;

export const NutritionFactsSchema = z.object({
  serving_size: z.string(),
  servings_per_container: z.string(),
  calories: z.number(),
  total_fat_g: z.number(),
  saturated_fat_g: z.number(),
  trans_fat_g: z.number(),
  cholesterol_mg: z.number(),
  sodium_mg: z.number(),
  total_carbohydrate_g: z.number(),
  dietary_fiber_g: z.number(),
  total_sugars_g: z.number(),
  added_sugars_g: z.number(),
  protein_g: z.number(),
});
export type NutritionFacts = z.infer<typeof NutritionFactsSchema>;

export const DietaryTagSchema = z.enum(DIETARY_TAGS);

/** Food data per product: not a WooCommerce field, added by this shop. */
export const FoodInfoSchema = z.object({
  ingredients: z.string(),
  allergens: z.array(z.string()),
  may_contain: z.array(z.string()),
  dietary_tags: z.array(DietaryTagSchema),
  nutrition: NutritionFactsSchema,
});
export type FoodInfo = z.infer<typeof FoodInfoSchema>;

export const TermRefSchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });

export const ProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  permalink: z.string(),
  date_created: z.string(),
  date_created_gmt: z.string(),
  date_modified: z.string(),
  date_modified_gmt: z.string(),
  type: ProductTypeSchema,
  status: ProductStatusSchema,
  featured: z.boolean(),
  catalog_visibility: CatalogVisibilitySchema,
  description: z.string(),
  short_description: z.string(),
  sku: z.string(),
  /** For a variable product: the lowest variation price. */
  price: MoneyStringSchema,
  regular_price: z.string(),
  sale_price: z.string(),
  /**
   * A simple product's wholesale price, present only for a buyer allowed to see wholesale prices
   * (spec §6), as on variations: then it is what that buyer pays. Never on a variable product.
   * An owner reading with `context=edit` sees it too.
   */
  wholesale_price: MoneyStringSchema.optional(),
  /**
   * Decision 0037: case size, minimum and quantity breaks for wholesale buyers, shown only where
   * the wholesale price is; a variable product's are what its variations without their own use.
   */
  wholesale: WholesaleRulesSchema.optional(),
  on_sale: z.boolean(),
  purchasable: z.boolean(),
  total_sales: z.number().int(),
  virtual: z.boolean(),
  downloadable: z.boolean(),
  tax_status: z.enum(['taxable', 'shipping', 'none']),
  /** '' for the standard class; food is 'reduced-rate'. */
  tax_class: z.string(),
  manage_stock: z.boolean(),
  stock_quantity: z.number().int().nullable(),
  stock_status: StockStatusSchema,
  backorders: z.enum(['no', 'notify', 'yes']),
  weight: z.string(),
  dimensions: z.object({ length: z.string(), width: z.string(), height: z.string() }),
  shipping_required: z.boolean(),
  reviews_allowed: z.boolean(),
  average_rating: z.string(),
  rating_count: z.number().int(),
  related_ids: z.array(z.number().int()),
  parent_id: z.number().int(),
  categories: z.array(TermRefSchema),
  tags: z.array(TermRefSchema),
  images: z.array(ProductImageSchema),
  attributes: z.array(ProductAttributeSchema),
  default_attributes: z.array(
    z.object({ id: z.number().int(), name: z.string(), option: z.string() }),
  ),
  /** Spec §3/§7: variation objects, sorted by ascending display_price. */
  variations: z.array(ProductVariationSchema),
  menu_order: z.number().int(),
  meta_data: z.array(MetaDataSchema),
  food: FoodInfoSchema,
});
export type Product = z.infer<typeof ProductSchema>;

/**
 * WooCommerce's `context`: `edit` is the owner's reading (the back office), with the wholesale
 * price and, in lists, hidden and sold-out products too; anyone else asking for it gets 401/403.
 */
export const ProductContextSchema = z.enum(['view', 'edit']);
export type ProductContext = z.infer<typeof ProductContextSchema>;

/** `GET /products/{id}`'s query. */
export const ProductReadQuerySchema = z.object({ context: ProductContextSchema.default('view') });

export const ProductOrderBySchema = z.enum([
  'date',
  'id',
  'include',
  'title',
  'slug',
  'modified',
  'menu_order',
  'price',
  'popularity',
  'rating',
  /** WordPress's: how well a product matches `search` (required with it), best first. */
  'relevance',
]);

/** A price filter in dollars: far above any price, and its cents still fit an integer column. */
const queryPriceFilter = z.coerce.number().min(0).max(1_000_000);

export const ProductListQuerySchema = PaginationQuerySchema.extend({
  offset: queryInt(0).optional(),
  search: z.string().max(200).optional(),
  slug: queryCsv.optional(),
  sku: queryCsv.optional(),
  include: queryIdList.optional(),
  exclude: queryIdList.optional(),
  category: queryIdList.optional(),
  type: ProductTypeSchema.optional(),
  featured: queryBoolean.optional(),
  on_sale: queryBoolean.optional(),
  min_price: queryPriceFilter.optional(),
  max_price: queryPriceFilter.optional(),
  stock_status: StockStatusSchema.optional(),
  catalog_visibility: CatalogVisibilitySchema.optional(),
  /**
   * Owners may list any status (`any`: all four). For anyone else `any` means published, and
   * another status is refused (401 for a guest, 403 for a signed-in shopper).
   */
  status: z.enum(['any', 'draft', 'pending', 'private', 'publish']).default('publish'),
  orderby: ProductOrderBySchema.default('date'),
  order: SortOrderSchema.default('desc'),
  context: ProductContextSchema.default('view'),
});
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;

export const ProductCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  parent: z.number().int(),
  description: z.string(),
  display: z.enum(['default', 'products', 'subcategories', 'both']),
  image: ProductImageSchema.nullable(),
  menu_order: z.number().int(),
  count: z.number().int(),
});
export type ProductCategory = z.infer<typeof ProductCategorySchema>;

export const ProductCategoryListQuerySchema = PaginationQuerySchema.extend({
  search: z.string().max(200).optional(),
  slug: queryCsv.optional(),
  parent: queryInt(0).optional(),
  hide_empty: queryBoolean.optional(),
  orderby: z
    .enum(['id', 'include', 'name', 'slug', 'term_group', 'description', 'count'])
    .default('name'),
  order: SortOrderSchema.default('asc'),
});
export type ProductCategoryListQuery = z.infer<typeof ProductCategoryListQuerySchema>;

export const IdParamSchema = z.object({ id: queryInt(1, MAX_ID) });
