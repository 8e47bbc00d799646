import {
  apiPaths,
  centsOf,
  toMoneyNumber,
  toMoneyString,
  toWholesaleRulesOut,
  type WooProduct,
  type ProductAttribute,
  type ProductCategory,
  type ProductCategoryListQuery,
  type ProductContext,
  type ProductImage,
  type ProductListQuery,
  type ProductVariation,
} from '@larder/contract';
import type { media } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { formatWpDate, slugify, uploadsUrl } from '../../http/format.ts';
import { pageOffset } from '../../http/pagination.ts';
import { sanitizeRichText } from '../../http/sanitize.ts';
import type { Viewer } from '../../http/viewer.ts';
import type { CatalogRepo, ProductCategoryRow, ProductFilter, ProductRow } from './catalog.repo.ts';
import { viewerPrice } from '../pricing/viewer-price.ts';
import { productWholesaleRules, variationWholesaleRules } from '../pricing/wholesale-rules.ts';

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
      const price = viewerPrice(variation, viewer);
      const entry: ProductVariation = {
        variation_id: variation.id,
        sku: variation.sku,
        attributes: variation.attributes,
        display_price: toMoneyNumber(price.retailCents),
        display_regular_price: toMoneyNumber(variation.regularPriceCents),
        is_in_stock: variation.stockStatus !== 'outofstock',
        is_purchasable: variation.stockStatus !== 'outofstock',
        stock_status: variation.stockStatus,
        stock_quantity: variation.stockQuantity,
        max_qty: variation.stockQuantity,
        weight: variation.weight,
        tax_class: variation.taxClass,
        image: variation.image ? toImage(variation.image) : null,
      };
      // Spec §6: wholesale prices exist in the database but only reach viewers allowed to see them.
      if (price.wholesaleCents !== null)
        entry.wholesale_price = toMoneyNumber(price.wholesaleCents);
      if (viewer.canSeeWholesale)
        entry.wholesale = toWholesaleRulesOut(variationWholesaleRules(row, variation));
      const { retailCents } = price;
      return { entry, retailCents, menuOrder: variation.menuOrder, id: variation.id };
    })
    .sort((a, b) => a.retailCents - b.retailCents || a.menuOrder - b.menuOrder || a.id - b.id)
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

/** WooCommerce's price markup for an amount in cents. */
const priceAmountHtml = (cents: number) =>
  `<span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">&#36;</span>${toMoneyString(cents)}</bdi></span>`;

/** WooCommerce's price_html: the price, a sale struck through, a variable product's range. */
function priceHtml(fromCents: number, toCents: number, regularCents: number | null): string {
  if (fromCents !== toCents)
    return `${priceAmountHtml(fromCents)} &ndash; ${priceAmountHtml(toCents)}`;
  if (regularCents !== null && regularCents > fromCents)
    return `<del aria-hidden="true">${priceAmountHtml(regularCents)}</del> <ins>${priceAmountHtml(fromCents)}</ins>`;
  return priceAmountHtml(fromCents);
}

export function toProduct(
  row: ProductRow,
  viewer: Viewer,
  publicUrl: string,
  relatedIds: number[] = [],
): WooProduct {
  const variable = row.type === 'variable';
  const variations = variable ? toVariations(row, viewer) : [];
  // A variable parent has no price columns of its own: its price is its lowest variation's.
  const price = variable ? null : viewerPrice(row, viewer);
  const variationCents = row.variations.map(
    (variation) => viewerPrice(variation, viewer).retailCents,
  );
  const priceCents = variable
    ? variationCents.length > 0
      ? Math.min(...variationCents)
      : 0
    : (price?.retailCents ?? 0);
  const onSale = variable
    ? row.variations.some((v) => v.salePriceCents !== null)
    : row.salePriceCents !== null;
  const images = [...row.images]
    .sort((a, b) => a.position - b.position)
    .map((image) => toImage(image.media));

  return {
    id: row.id,
    name: row.name,
    title: row.name,
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
    price: toMoneyString(priceCents),
    // WooCommerce leaves regular and sale price empty on a variable parent.
    regular_price:
      variable || row.regularPriceCents === null ? '' : toMoneyString(row.regularPriceCents),
    sale_price: variable || row.salePriceCents === null ? '' : toMoneyString(row.salePriceCents),
    ...(price?.wholesaleCents != null
      ? { wholesale_price: toMoneyString(price.wholesaleCents) }
      : {}),
    ...(viewer.canSeeWholesale
      ? { wholesale: toWholesaleRulesOut(productWholesaleRules(row)) }
      : {}),
    on_sale: onSale,
    // The same rule priceCart applies: a published item with a price can be bought.
    purchasable: row.status === 'publish' && (variable ? variations.length > 0 : price !== null),
    total_sales: row.totalSales,
    virtual: false,
    downloadable: false,
    tax_status: row.taxStatus,
    tax_class: row.taxClass,
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
    related_ids: relatedIds,
    upsell_ids: [],
    cross_sell_ids: [],
    sold_individually: false,
    // The shop takes no backorders: `backorders` is always "no".
    backorders_allowed: false,
    price_html:
      variable && variationCents.length === 0
        ? ''
        : priceHtml(
            priceCents,
            variable ? Math.max(...variationCents) : priceCents,
            variable ? null : row.regularPriceCents,
          ),
    _links: {
      self: [{ href: `${publicUrl}${apiPaths.products}/${row.id}` }],
      collection: [{ href: `${publicUrl}${apiPaths.products}` }],
    },
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

const ALL_STATUSES = ['draft', 'pending', 'private', 'publish'] as const;

/** WooCommerce's answer to a reading someone may not have: 401 for a guest, 403 for an account. */
const refusal = (viewer: Viewer, code: string, message: string) =>
  new ApiError(viewer.isGuest ? 401 : 403, code, message);

/**
 * Whom the products are shown as. `context=edit` is the owner's reading, with the wholesale price
 * the owner sets; in the shop (`view`) an owner sees what a retail shopper sees, so the cart never
 * shows a wholesale price the checkout would not charge.
 */
function readerFor(viewer: Viewer, context: ProductContext): Viewer {
  if (context === 'view') return viewer;
  if (!viewer.isOwner) {
    throw refusal(
      viewer,
      'woocommerce_rest_forbidden_context',
      'Sorry, you are not allowed to edit products.',
    );
  }
  return { ...viewer, canSeeWholesale: true };
}

/** Totals of product filters kept by the caller, by the filter's JSON (product-fragments.ts). */
export interface KeptTotals {
  get(filter: string): number | undefined;
  set(filter: string, total: number): void;
}

export function createCatalogService(repo: CatalogRepo, options: CatalogServiceOptions) {
  /**
   * Who may list what, the filter and one page of matching ids with the total: everything a list
   * decides before its products are read. `reader` is whom the products are shown as.
   */
  async function productPage(query: ProductListQuery, viewer: Viewer, totals?: KeptTotals) {
    const reader = readerFor(viewer, query.context);
    // Only published products exist for a shopper; `any` narrows to what they may see.
    if (!viewer.isOwner && query.status !== 'publish' && query.status !== 'any') {
      throw refusal(viewer, 'woocommerce_rest_cannot_view', 'Sorry, you cannot list resources.');
    }
    if (query.orderby === 'relevance' && !query.search?.trim()) {
      // WordPress's refusal: relevance is measured against a search.
      throw new ApiError(
        400,
        'rest_no_search_term_defined',
        'You need to define a search term to order by relevance.',
        { orderby: 'Ordering by relevance needs a search term.' },
      );
    }
    const bySlug = query.slug !== undefined;
    // The back office's reading lists hidden and sold-out products too.
    const everything = query.context === 'edit';
    const filter: ProductFilter = {
      statuses: viewer.isOwner
        ? query.status === 'any'
          ? [...ALL_STATUSES]
          : [query.status]
        : ['publish'],
      ids: query.include,
      excludeIds: query.exclude,
      slugs: query.slug,
      skus: query.sku,
      categoryIds: query.category,
      type: query.type,
      featured: query.featured,
      onSale: query.on_sale,
      minPriceCents: query.min_price === undefined ? undefined : centsOf(query.min_price),
      maxPriceCents: query.max_price === undefined ? undefined : centsOf(query.max_price),
      search: query.search,
      visibility: query.catalog_visibility,
      // A slug is a direct link: it reaches hidden and sold-out products, never drafts.
      excludeHidden: !bySlug && !everything,
      stockStatus: query.stock_status,
      excludeOutOfStock: !bySlug && !everything && query.stock_status === undefined,
    };
    const window = { page: query.page, perPage: query.per_page, offset: query.offset };
    // Every page and order of one filter has the same total.
    const totalKey = JSON.stringify(filter);
    const knownTotal = totals?.get(totalKey);
    const { ids, total } = await repo.pageOfProductIds(
      filter,
      {
        orderBy: query.orderby,
        order: query.order,
        limit: query.per_page,
        offset: pageOffset(window),
      },
      knownTotal,
    );
    if (knownTotal === undefined) totals?.set(totalKey, total);
    if (bySlug && total === 0) {
      throw new ApiError(
        404,
        'woocommerce_rest_product_invalid_slug',
        'No product matches the given slug.',
      );
    }
    return { ids, total, window, reader };
  }

  return {
    productPage,

    /** Products by id as `reader` is shown them, in the ids' order, without their related ids. */
    async productsByIds(ids: number[], reader: Viewer) {
      const rows = await repo.productsByIds(ids);
      return rows.map((row) => toProduct(row, reader, options.publicUrl));
    },

    relatedIds: (ids: number[]) => repo.relatedIds(ids),

    async listProducts(query: ProductListQuery, viewer: Viewer) {
      const { ids, total, window, reader } = await productPage(query, viewer);
      const rows = await repo.productsByIds(ids);
      const related = await repo.relatedIds(rows.map((row) => row.id));
      return {
        products: rows.map((row) => toProduct(row, reader, options.publicUrl, related.get(row.id))),
        total,
        window,
      };
    },

    /** A product by id: owners reach every status (the back office edits drafts). */
    async getProduct(id: number, viewer: Viewer, context: ProductContext = 'view') {
      const reader = readerFor(viewer, context);
      const { rows } = await repo.listProducts(
        {
          ids: [id],
          statuses: viewer.isOwner ? [...ALL_STATUSES] : ['publish'],
          excludeHidden: false,
          excludeOutOfStock: false,
        },
        { orderBy: 'id', order: 'asc', limit: 1, offset: 0 },
      );
      const row = rows[0];
      if (!row) throw new ApiError(404, 'woocommerce_rest_product_invalid_id', 'Invalid ID.');
      const related = await repo.relatedIds([row.id]);
      return toProduct(row, reader, options.publicUrl, related.get(row.id));
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
