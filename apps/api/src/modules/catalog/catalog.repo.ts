import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  ne,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { inIdOrder, pageOfIds, qualified } from '../../db/paging.ts';
import {
  media,
  productCategories,
  productCategoryAssignments,
  productReviews,
  products,
  productVariations,
} from '../../db/schema.ts';
import { likePattern } from '../../http/format.ts';

export interface ProductFilter {
  ids?: number[];
  slugs?: string[];
  skus?: string[];
  excludeIds?: number[];
  categoryIds?: number[];
  type?: 'simple' | 'variable';
  featured?: boolean;
  onSale?: boolean;
  minPriceCents?: number;
  maxPriceCents?: number;
  search?: string;
  /** Statuses the caller may see. */
  statuses: ('draft' | 'pending' | 'private' | 'publish')[];
  visibility?: 'visible' | 'catalog' | 'search' | 'hidden';
  excludeHidden: boolean;
  stockStatus?: 'instock' | 'outofstock' | 'onbackorder';
  excludeOutOfStock: boolean;
}

export type ProductOrderBy =
  | 'date'
  | 'id'
  | 'include'
  | 'title'
  | 'slug'
  | 'modified'
  | 'menu_order'
  | 'price'
  | 'popularity'
  | 'rating';

export interface ProductListOptions {
  orderBy: ProductOrderBy;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

function productConditions(filter: ProductFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [inArray(products.status, filter.statuses)];
  if (filter.ids) conditions.push(inArray(products.id, filter.ids));
  if (filter.excludeIds?.length) conditions.push(notInArray(products.id, filter.excludeIds));
  if (filter.slugs) conditions.push(inArray(products.slug, filter.slugs));
  if (filter.skus) conditions.push(inArray(products.sku, filter.skus));
  if (filter.type) conditions.push(eq(products.type, filter.type));
  if (filter.featured !== undefined) conditions.push(eq(products.featured, filter.featured));
  if (filter.visibility) conditions.push(eq(products.catalogVisibility, filter.visibility));
  if (filter.excludeHidden) conditions.push(ne(products.catalogVisibility, 'hidden'));
  if (filter.stockStatus) conditions.push(eq(products.stockStatus, filter.stockStatus));
  if (filter.excludeOutOfStock) conditions.push(ne(products.stockStatus, 'outofstock'));
  if (filter.minPriceCents !== undefined)
    conditions.push(sql`${products.priceCents} >= ${filter.minPriceCents}`);
  if (filter.maxPriceCents !== undefined)
    conditions.push(sql`${products.priceCents} <= ${filter.maxPriceCents}`);
  if (filter.categoryIds?.length) {
    conditions.push(
      sql`exists (select 1 from ${productCategoryAssignments} where ${qualified(productCategoryAssignments.productId)} = ${qualified(products.id)} and ${inArray(productCategoryAssignments.categoryId, filter.categoryIds)})`,
    );
  }
  if (filter.onSale !== undefined) {
    const onSale = or(
      sql`${products.salePriceCents} is not null`,
      sql`exists (select 1 from ${productVariations} where ${qualified(productVariations.productId)} = ${qualified(products.id)} and ${qualified(productVariations.salePriceCents)} is not null)`,
    );
    conditions.push(filter.onSale ? onSale : sql`not (${onSale})`);
  }
  if (filter.search) {
    const pattern = likePattern(filter.search);
    conditions.push(
      or(
        ilike(products.name, pattern),
        ilike(products.shortDescription, pattern),
        ilike(products.sku, pattern),
        sql`exists (select 1 from ${productVariations} where ${qualified(productVariations.productId)} = ${qualified(products.id)} and ${qualified(productVariations.sku)} ilike ${pattern})`,
      ),
    );
  }
  return and(...conditions);
}

/** Approved, rated reviews only: held, spam and unrated (0) reviews never count (WooCommerce). */
const countedReview = and(eq(productReviews.status, 'approved'), sql`${productReviews.rating} > 0`);

/** The approved reviews' average for ordering by rating; unreviewed products count as 0. */
const averageRatingSql = sql`coalesce((select avg(${qualified(productReviews.rating)}) from ${productReviews} where ${qualified(productReviews.productId)} = ${qualified(products.id)} and ${qualified(productReviews.status)} = 'approved' and ${qualified(productReviews.rating)} > 0), 0)`;

export interface RatingSummary {
  /** "4.50", as WooCommerce sends it. */
  average: string;
  count: number;
}

const noRating: RatingSummary = { average: '0.00', count: 0 };

function productOrdering(options: ProductListOptions, includeIds: number[] | undefined): SQL[] {
  const direction = options.order === 'asc' ? asc : desc;
  const column = {
    date: products.createdAt,
    id: products.id,
    include: products.id,
    title: products.name,
    slug: products.slug,
    modified: products.modifiedAt,
    menu_order: products.menuOrder,
    price: products.priceCents,
    popularity: products.totalSales,
    rating: products.id,
  }[options.orderBy];
  if (options.orderBy === 'include' && includeIds?.length) {
    // The order of the `include` list, as WordPress does.
    const list = sql.join(
      includeIds.map((id) => sql`${id}::int`),
      sql`, `,
    );
    return [sql`array_position(array[${list}], ${products.id})`];
  }
  if (options.orderBy === 'rating') return [direction(averageRatingSql), direction(products.id)];
  return [direction(column), direction(products.id)];
}

export function createCatalogRepo(db: Database) {
  /** Computed on read, so approving a review shows at once with no second write to keep in step. */
  async function ratingSummaries(productIds: number[]): Promise<Map<number, RatingSummary>> {
    const rows = await db
      .select({
        productId: productReviews.productId,
        sum: sql<number>`sum(${productReviews.rating})`.mapWith(Number),
        count: sql<number>`count(*)`.mapWith(Number),
      })
      .from(productReviews)
      .where(and(inArray(productReviews.productId, productIds), countedReview))
      .groupBy(productReviews.productId);
    return new Map(
      rows.map((row) => [
        row.productId,
        { average: (Math.round((row.sum * 100) / row.count) / 100).toFixed(2), count: row.count },
      ]),
    );
  }

  return {
    /** Two queries for any page size: ids + total, then the products with variations, images and categories. */
    async listProducts(filter: ProductFilter, options: ProductListOptions) {
      const { ids, total } = await pageOfIds(
        db,
        products,
        products.id,
        productConditions(filter),
        productOrdering(options, filter.ids),
        options.limit,
        options.offset,
      );
      if (ids.length === 0) return { rows: [], total };
      const [rows, ratings] = await Promise.all([
        db.query.products.findMany({
          where: inArray(products.id, ids),
          with: {
            variations: { with: { image: true } },
            images: { with: { media: true }, orderBy: (images, { asc }) => [asc(images.position)] },
            categoryAssignments: { with: { category: true } },
          },
        }),
        ratingSummaries(ids),
      ]);
      const rated = rows.map((row) => ({ ...row, rating: ratings.get(row.id) ?? noRating }));
      return { rows: inIdOrder(ids, rated), total };
    },

    async listCategories(filter: {
      slugs?: string[];
      parentId?: number;
      search?: string;
      hideEmpty?: boolean;
      orderBy: 'id' | 'include' | 'name' | 'slug' | 'term_group' | 'description' | 'count';
      order: 'asc' | 'desc';
      limit: number;
      offset: number;
      ids?: number[];
    }) {
      // Count only products a visitor can reach, so an empty category can be hidden.
      const productCount = sql<number>`(
        select count(*)::int from ${productCategoryAssignments}
        inner join ${products} on ${qualified(products.id)} = ${qualified(productCategoryAssignments.productId)}
        where ${qualified(productCategoryAssignments.categoryId)} = ${qualified(productCategories.id)}
          and ${qualified(products.status)} = 'publish' and ${qualified(products.catalogVisibility)} <> 'hidden'
      )`;
      const conditions: (SQL | undefined)[] = [];
      if (filter.ids) conditions.push(inArray(productCategories.id, filter.ids));
      if (filter.slugs) conditions.push(inArray(productCategories.slug, filter.slugs));
      if (filter.parentId !== undefined)
        conditions.push(eq(productCategories.parentId, filter.parentId));
      if (filter.search) conditions.push(ilike(productCategories.name, likePattern(filter.search)));
      if (filter.hideEmpty) conditions.push(sql`${productCount} > 0`);
      const where = and(...conditions);
      const direction = filter.order === 'asc' ? asc : desc;
      const orderColumn = {
        id: productCategories.id,
        include: productCategories.id,
        name: productCategories.name,
        slug: productCategories.slug,
        term_group: productCategories.menuOrder,
        description: productCategories.description,
        count: productCount,
      }[filter.orderBy];
      const [rows, [totalRow]] = await Promise.all([
        db
          .select({ ...getTableColumns(productCategories), count: productCount, image: media })
          .from(productCategories)
          .leftJoin(media, eq(media.id, productCategories.imageMediaId))
          .where(where)
          .orderBy(direction(orderColumn), direction(productCategories.id))
          .limit(filter.limit)
          .offset(filter.offset),
        db.select({ total: count() }).from(productCategories).where(where),
      ]);
      return { rows, total: totalRow?.total ?? 0 };
    },
  };
}

export type CatalogRepo = ReturnType<typeof createCatalogRepo>;
export type ProductRow = Awaited<ReturnType<CatalogRepo['listProducts']>>['rows'][number];
export type ProductCategoryRow = Awaited<ReturnType<CatalogRepo['listCategories']>>['rows'][number];
