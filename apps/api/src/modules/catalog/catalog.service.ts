import type {
  Product,
  ProductAttribute,
  ProductCategory,
  ProductCategoryListQuery,
  ProductImage,
  ProductListQuery,
  ProductVariation,
} from '@larder/contract';
import type { media } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import {
  centsToNumber,
  formatMoney,
  formatWpDate,
  slugify,
  uploadsUrl,
} from '../../http/format.ts';
import { pageOffset } from '../../http/pagination.ts';
import { sanitizeRichText } from '../../http/sanitize.ts';
import type { Viewer } from '../../http/viewer.ts';
import type { CatalogRepo, ProductCategoryRow, ProductFilter, ProductRow } from './catalog.repo.ts';

type MediaRow = typeof media.$inferSelect;

export interface CatalogServiceOptions {
  publicUrl: string;
}

const toImage = (row: MediaRow): ProductImage => ({
  id: row.id,
  src: uploadsUrl(row.file),
  name: row.title,
  alt: row.altText,
  width: row.width,
  height: row.height,
  sizes: row.sizes,
});

/** Stable sort by string length, shortest first (spec §7). */
const byLength = (options: string[]) =>
  options
    .map((value, index) => ({ value, index }))
    .sort((a, b) => a.value.length - b.value.length || a.index - b.index)
    .map(({ value }) => value);

function toVariations(row: ProductRow, viewer: Viewer): ProductVariation[] {
  return row.variations
    .map((variation) => {
      const currentCents = variation.salePriceCents ?? variation.regularPriceCents;
      const entry: ProductVariation = {
        variation_id: variation.id,
        sku: variation.sku,
        attributes: variation.attributes,
        display_price: centsToNumber(currentCents),
        display_regular_price: centsToNumber(variation.regularPriceCents),
        is_in_stock: variation.stockStatus !== 'outofstock',
        is_purchasable: variation.stockStatus !== 'outofstock',
        stock_quantity: variation.stockQuantity,
        max_qty: variation.stockQuantity,
        weight: variation.weight,
        image: variation.image ? toImage(variation.image) : null,
      };
      // Spec §6: wholesale prices exist in the database but only reach viewers allowed to see them.
      if (viewer.canSeeWholesale && variation.wholesalePriceCents !== null) {
        entry.wholesale_price = centsToNumber(variation.wholesalePriceCents);
      }
      return { entry, currentCents, menuOrder: variation.menuOrder, id: variation.id };
    })
    .sort((a, b) => a.currentCents - b.currentCents || a.menuOrder - b.menuOrder || a.id - b.id)
    .map(({ entry }) => entry);
}

function toAttributes(row: ProductRow): ProductAttribute[] {
  return row.attributes.map((attribute, position) => ({
    id: 0,
    name: attribute.name,
    slug: slugify(attribute.name),
    position,
    visible: attribute.visible,
    variation: attribute.variation,
    options: byLength(attribute.options),
  }));
}

export function toProduct(row: ProductRow, viewer: Viewer, publicUrl: string): Product {
  const variable = row.type === 'variable';
  const variations = variable ? toVariations(row, viewer) : [];
  const lowestVariationCents = variable
    ? Math.min(...row.variations.map((v) => v.salePriceCents ?? v.regularPriceCents))
    : null;
  const priceCents = variable
    ? Number.isFinite(lowestVariationCents)
      ? (lowestVariationCents as number)
      : 0
    : (row.salePriceCents ?? row.regularPriceCents ?? 0);
  const onSale = variable
    ? row.variations.some((v) => v.salePriceCents !== null)
    : row.salePriceCents !== null;
  const images = [...row.images]
    .sort((a, b) => a.position - b.position)
    .map((image) => toImage(image.media));

  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    permalink: `${publicUrl}/product/${row.slug}`,
    date_created: formatWpDate(row.createdAt),
    date_created_gmt: formatWpDate(row.createdAt),
    date_modified: formatWpDate(row.modifiedAt),
    date_modified_gmt: formatWpDate(row.modifiedAt),
    type: row.type,
    status: row.status,
    featured: row.featured,
    catalog_visibility: row.catalogVisibility,
    description: sanitizeRichText(row.description),
    short_description: sanitizeRichText(row.shortDescription),
    sku: row.sku,
    price: formatMoney(priceCents),
    // WooCommerce leaves regular and sale price empty on a variable parent.
    regular_price:
      variable || row.regularPriceCents === null ? '' : formatMoney(row.regularPriceCents),
    sale_price: variable || row.salePriceCents === null ? '' : formatMoney(row.salePriceCents),
    on_sale: onSale,
    purchasable:
      row.status === 'publish' &&
      (variable ? variations.length > 0 : row.regularPriceCents !== null),
    total_sales: row.totalSales,
    virtual: false,
    downloadable: false,
    tax_status: 'taxable',
    manage_stock: row.manageStock,
    stock_quantity: row.stockQuantity,
    stock_status: row.stockStatus,
    backorders: 'no',
    weight: row.weight,
    dimensions: { length: row.length, width: row.width, height: row.height },
    shipping_required: true,
    reviews_allowed: row.reviewsAllowed,
    average_rating: row.rating.average,
    rating_count: row.rating.count,
    related_ids: [],
    parent_id: 0,
    categories: row.categoryAssignments
      .map(({ category }) => ({ id: category.id, name: category.name, slug: category.slug }))
      .sort((a, b) => a.id - b.id),
    tags: [],
    images,
    attributes: toAttributes(row),
    default_attributes: [],
    variations,
    menu_order: row.menuOrder,
    meta_data: [],
    food: row.food,
  };
}

export function toProductCategory(row: ProductCategoryRow): ProductCategory {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    parent: row.parentId,
    description: sanitizeRichText(row.description),
    display: row.display,
    image: row.image ? toImage(row.image) : null,
    menu_order: row.menuOrder,
    count: row.count,
  };
}

export function createCatalogService(repo: CatalogRepo, options: CatalogServiceOptions) {
  return {
    async listProducts(query: ProductListQuery, viewer: Viewer) {
      // Only published products exist for a guest; `any` narrows to what they may see.
      if (viewer.isGuest && query.status !== 'publish' && query.status !== 'any') {
        throw new ApiError(
          401,
          'woocommerce_rest_cannot_view',
          'Sorry, you cannot list resources.',
        );
      }
      const bySlug = query.slug !== undefined;
      const filter: ProductFilter = {
        statuses: ['publish'],
        ids: query.include,
        excludeIds: query.exclude,
        slugs: query.slug,
        skus: query.sku,
        categoryIds: query.category,
        type: query.type,
        featured: query.featured,
        onSale: query.on_sale,
        minPriceCents:
          query.min_price === undefined ? undefined : Math.round(query.min_price * 100),
        maxPriceCents:
          query.max_price === undefined ? undefined : Math.round(query.max_price * 100),
        search: query.search,
        visibility: query.catalog_visibility,
        // A slug is a direct link: it reaches hidden and sold-out products, never drafts.
        excludeHidden: !bySlug,
        stockStatus: query.stock_status,
        excludeOutOfStock: !bySlug && query.stock_status === undefined,
      };
      const window = { page: query.page, perPage: query.per_page, offset: query.offset };
      const { rows, total } = await repo.listProducts(filter, {
        orderBy: query.orderby,
        order: query.order,
        limit: query.per_page,
        offset: pageOffset(window),
      });
      if (bySlug && total === 0) {
        throw new ApiError(
          404,
          'woocommerce_rest_product_invalid_slug',
          'No product matches the given slug.',
        );
      }
      return {
        products: rows.map((row) => toProduct(row, viewer, options.publicUrl)),
        total,
        window,
      };
    },

    async getProduct(id: number, viewer: Viewer) {
      const { rows } = await repo.listProducts(
        { ids: [id], statuses: ['publish'], excludeHidden: false, excludeOutOfStock: false },
        { orderBy: 'id', order: 'asc', limit: 1, offset: 0 },
      );
      const row = rows[0];
      if (!row) throw new ApiError(404, 'woocommerce_rest_product_invalid_id', 'Invalid ID.');
      return toProduct(row, viewer, options.publicUrl);
    },

    async listCategories(query: ProductCategoryListQuery) {
      const window = { page: query.page, perPage: query.per_page };
      const { rows, total } = await repo.listCategories({
        slugs: query.slug,
        parentId: query.parent,
        search: query.search,
        hideEmpty: query.hide_empty,
        orderBy: query.orderby,
        order: query.order,
        limit: query.per_page,
        offset: pageOffset(window),
      });
      if (query.slug !== undefined && total === 0) {
        throw new ApiError(
          404,
          'woocommerce_rest_term_invalid_slug',
          'No category matches the given slug.',
        );
      }
      return { categories: rows.map(toProductCategory), total, window };
    },

    async getCategory(id: number) {
      const { rows } = await repo.listCategories({
        ids: [id],
        orderBy: 'id',
        order: 'asc',
        limit: 1,
        offset: 0,
      });
      const row = rows[0];
      if (!row)
        throw new ApiError(404, 'woocommerce_rest_term_invalid', 'Resource does not exist.');
      return toProductCategory(row);
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
