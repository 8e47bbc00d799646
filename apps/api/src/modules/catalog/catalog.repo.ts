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
import {
  conflictAlternatives,
  DIETARY_CLAIM_CONFLICTS,
  DIETARY_TAGS,
  isDietaryTag,
  type DietaryTag,
} from '@larder/contract';
import type { Database } from '../../db/client.ts';
import { inIdOrder, pageOfIds, qualified } from '../../db/paging.ts';
import { prepared, preparedSql } from '../../db/prepared.ts';
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
  | 'rating'
  | 'relevance';

export interface ProductListOptions {
  orderBy: ProductOrderBy;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** Categories whose slug is a dietary tag, by id: they list by the dietary rule, not by assignment. */
type DietaryCategories = ReadonlyMap<number, DietaryTag>;

/**
 * The contract's dietaryClaims for one tag, as SQL over the outer products row: claimed by the tag
 * or the category of that slug, and not voided by the declared allergens. The allergen lists are
 * matched as their JSON text: the conflict words are letters and spaces, which JSON leaves alone.
 */
function claimSql(tag: DietaryTag): SQL {
  const food = qualified(products.food);
  const claimed = sql`(${food} -> 'dietary_tags' ? ${tag} or exists (select 1 from ${productCategoryAssignments} inner join ${productCategories} on ${qualified(productCategories.id)} = ${qualified(productCategoryAssignments.categoryId)} where ${qualified(productCategoryAssignments.productId)} = ${qualified(products.id)} and ${qualified(productCategories.slug)} = ${tag}))`;
  const conflict = DIETARY_CLAIM_CONFLICTS[tag];
  if (!conflict) return claimed;
  const declared = conflict.includesMayContain
    ? sql`(${food} -> 'allergens') || (${food} -> 'may_contain')`
    : sql`${food} -> 'allergens'`;
  const voids = `\\m${conflictAlternatives(conflict.words)}`;
  return sql`(${claimed} and not coalesce((${declared})::text ~* ${voids}, false))`;
}

/**
 * websearch_to_tsquery takes any text (quotes, or, -, stray operators) without an error. "Nut free"
 * is read as "nut-free": apart, its words match any product with nuts and any other "-free".
 */
const searchQuery = (search: string): SQL =>
  sql`websearch_to_tsquery('english', ${search.replace(/\b([a-z]+)\s+free\b/gi, '$1-free')})`;

/**
 * The product's whole search document: the stored one (name A; copy, ingredients, allergens C)
 * plus, weighted B, its categories' names and the diets it may claim. Dietary categories are left
 * to the claims, so a product put in Nut-Free by mistake is not found as nut-free.
 */
function searchDocument(): SQL {
  const dietarySlugs = sql.join(
    DIETARY_TAGS.map((tag) => sql`${tag}`),
    sql`, `,
  );
  const categoryNames = sql`coalesce((select string_agg(${qualified(productCategories.name)}, ' ') from ${productCategoryAssignments} inner join ${productCategories} on ${qualified(productCategories.id)} = ${qualified(productCategoryAssignments.categoryId)} where ${qualified(productCategoryAssignments.productId)} = ${qualified(products.id)} and ${qualified(productCategories.slug)} not in (${dietarySlugs})), '')`;
  const claims = sql.join(
    DIETARY_TAGS.map((tag) => sql`case when ${claimSql(tag)} then ${tag}::text end`),
    sql`, `,
  );
  return sql`(${qualified(products.searchVector)} || setweight(to_tsvector('english', ${categoryNames} || ' ' || concat_ws(' ', ${claims})), 'B'))`;
}

function productConditions(
  filter: ProductFilter,
  dietaryCategories: DietaryCategories,
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [inArray(products.status, filter.statuses)];
  if (filter.ids) conditions.push(inArray(products.id, filter.ids));
  if (filter.excludeIds?.length) conditions.push(notInArray(products.id, filter.excludeIds));
  if (filter.slugs) conditions.push(inArray(products.slug, filter.slugs));
  if (filter.skus) {
    // A variation's SKU finds its product, whose `variations` name it (WooCommerce answers the
    // variation itself, a shape the shop's product list does not have).
    const skus = filter.skus;
    conditions.push(
      or(
        inArray(products.sku, skus),
        sql`exists (select 1 from ${productVariations} where ${qualified(productVariations.productId)} = ${qualified(products.id)} and ${inArray(qualified(productVariations.sku), skus)})`,
      ),
    );
  }
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
    const diets = filter.categoryIds.flatMap((id) => {
      const diet = dietaryCategories.get(id);
      return diet ? [diet] : [];
    });
    const assigned = filter.categoryIds.filter((id) => !dietaryCategories.has(id));
    conditions.push(
      or(
        assigned.length
          ? sql`exists (select 1 from ${productCategoryAssignments} where ${qualified(productCategoryAssignments.productId)} = ${qualified(products.id)} and ${inArray(productCategoryAssignments.categoryId, assigned)})`
          : undefined,
        // A dietary category lists what may claim the diet, as the badges show it (decision 0032).
        ...diets.map(claimSql),
      ),
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
        sql`${searchDocument()} @@ ${searchQuery(filter.search)}`,
        // Partial words as the shopper types them ("choc"), and the owner's SKUs.
        ilike(products.name, pattern),
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

function productOrdering(
  options: ProductListOptions,
  includeIds: number[] | undefined,
  search: string | undefined,
): SQL[] {
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
    relevance: products.id,
  }[options.orderBy];
  if (options.orderBy === 'relevance' && search) {
    // Name hits first, then category and diet hits, then the rest by rank (decision 0032).
    const document = searchDocument();
    const query = searchQuery(search);
    return [
      desc(sql`ts_filter(${document}, '{a}') @@ ${query}`),
      desc(sql`ts_filter(${document}, '{a,b}') @@ ${query}`),
      desc(sql`ts_rank(${document}, ${query})`),
      desc(products.menuOrder),
      desc(products.id),
    ];
  }
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

/**
 * A product with its variations, images and categories. Built once (decision 0055): every list
 * rebuilt after a sale or a stock change reads its changed product again, and Drizzle building
 * this relational query cost more than the rest of that read (decision 0068).
 */
const productsWithParts = prepared('larder_products_by_ids', (db) =>
  db.query.products.findMany({
    // The search document is read inside SQL only.
    columns: { searchVector: false },
    where: sql`${products.id} = any(${sql.placeholder('ids')})`,
    with: {
      variations: { with: { image: true } },
      images: { with: { media: true }, orderBy: (images, { asc }) => [asc(images.position)] },
      categoryAssignments: { with: { category: true } },
    },
  }),
);

/** Each product's approved ratings, summed and counted, built once as productsWithParts is. */
const ratingSums = prepared('larder_rating_sums', (db) =>
  db
    .select({
      productId: productReviews.productId,
      sum: sql<number>`sum(${productReviews.rating})`.mapWith(Number),
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(productReviews)
    .where(and(sql`${productReviews.productId} = any(${sql.placeholder('ids')})`, countedReview))
    .groupBy(productReviews.productId),
);

const listedProduct = sql`p.status = 'publish' and p.catalog_visibility <> 'hidden'`;

/**
 * The categories and dietary tags of products `ids`, and each one's first `take` best sellers:
 * related products are picked among these (catalogRepo.relatedIds). Built once, as
 * productsWithParts is: a list rebuilt after a sale reads every listed product's again.
 */
const relatedCandidates = preparedSql<{
  source_id: number | null;
  grp: string;
  id: number | null;
  total_sales: number | null;
}>(
  'larder_related_candidates',
  () => sql`
    with membership as (
      select a.product_id as source_id, 'c' || a.category_id as grp, a.category_id, null as tag
      from ${productCategoryAssignments} as a
      where a.product_id = any(${sql.placeholder('ids')})
      union all
      select p.id, 't' || t.tag, null, t.tag
      from ${products} as p
      cross join lateral jsonb_array_elements_text(coalesce(p.food -> 'dietary_tags', '[]'::jsonb)) as t(tag)
      where p.id = any(${sql.placeholder('ids')})
    )
    select source_id, grp, null::int as id, null::int as total_sales from membership
    union all
    select null, 'c' || c.category_id, best.id, best.total_sales
    from (select distinct category_id from membership where category_id is not null) as c
    cross join lateral (
      select p.id, p.total_sales from ${products} as p
      where ${listedProduct} and exists (
        select 1 from ${productCategoryAssignments} as theirs
        where theirs.product_id = p.id and theirs.category_id = c.category_id
      )
      order by p.total_sales desc, p.id
      limit ${sql.placeholder('take')}
    ) as best
    union all
    select null, 't' || t.tag, best.id, best.total_sales
    from (select distinct tag from membership where tag is not null) as t
    cross join lateral (
      select p.id, p.total_sales from ${products} as p
      where ${listedProduct} and coalesce(p.food -> 'dietary_tags', '[]'::jsonb) ? t.tag
      order by p.total_sales desc, p.id
      limit ${sql.placeholder('take')}
    ) as best
  `,
);

export function createCatalogRepo(db: Database) {
  /** Computed on read, so approving a review shows at once with no second write to keep in step. */
  async function ratingSummaries(productIds: number[]): Promise<Map<number, RatingSummary>> {
    const rows = await ratingSums(db, { ids: productIds });
    return new Map(
      rows.map((row) => [
        row.productId,
        { average: (Math.round((row.sum * 100) / row.count) / 100).toFixed(2), count: row.count },
      ]),
    );
  }

  async function dietaryCategoriesAmong(ids: number[] | undefined): Promise<DietaryCategories> {
    if (!ids?.length) return new Map();
    const rows = await db
      .select({ id: productCategories.id, slug: productCategories.slug })
      .from(productCategories)
      .where(inArray(productCategories.id, ids));
    return new Map(
      rows.flatMap((row) => (isDietaryTag(row.slug) ? [[row.id, row.slug] as const] : [])),
    );
  }

  /** One page of a list: the matching ids in order, and how many match in all. */
  async function pageOfProductIds(
    filter: ProductFilter,
    options: ProductListOptions,
    /** The total, when known: then only the page is read, not every match to count them. */
    knownTotal?: number,
  ): Promise<{ ids: number[]; total: number }> {
    const where = productConditions(filter, await dietaryCategoriesAmong(filter.categoryIds));
    const orderBy = productOrdering(options, filter.ids, filter.search);
    return pageOfIds(
      db,
      products,
      products.id,
      where,
      orderBy,
      options.limit,
      options.offset,
      knownTotal,
    );
  }

  /** The products with these ids, with variations, images, categories and rating, in the ids' order. */
  async function productsByIds(ids: number[]) {
    if (ids.length === 0) return [];
    const [rows, ratings] = await Promise.all([
      productsWithParts(db, { ids }),
      ratingSummaries(ids),
    ]);
    const rated = rows.map((row) => ({ ...row, rating: ratings.get(row.id) ?? noRating }));
    return inIdOrder(ids, rated);
  }

  return {
    /**
     * Up to `limit` related products for each product: published, not hidden, sharing a category
     * or a dietary tag, best sellers first (WooCommerce's wc_get_related_products picks among the
     * same categories and tags). One query for the whole page of products: each category's and
     * tag's first `limit + 1` best sellers, read down products_best_sellers_idx, are enough for
     * any of its members (one of them may be the product itself), and each product's are merged
     * here. Comparing every product with every other took 2.3 s for 100 products at 10,000.
     */
    async relatedIds(productIds: number[], limit = 5): Promise<Map<number, number[]>> {
      const related = new Map<number, number[]>(productIds.map((id) => [id, []]));
      if (productIds.length === 0) return related;
      const result = await relatedCandidates(db, { ids: productIds, take: limit + 1 });
      const groupsOf = new Map<number, string[]>();
      const bestOf = new Map<string, Array<{ id: number; sales: number }>>();
      for (const row of result.rows) {
        if (row.source_id !== null) {
          const source = Number(row.source_id);
          const groups = groupsOf.get(source) ?? [];
          groups.push(row.grp);
          groupsOf.set(source, groups);
        } else if (row.id !== null) {
          const best = bestOf.get(row.grp) ?? [];
          best.push({ id: Number(row.id), sales: Number(row.total_sales) });
          bestOf.set(row.grp, best);
        }
      }
      for (const [source, groups] of groupsOf) {
        const candidates = new Map<number, number>();
        for (const group of groups)
          for (const { id, sales } of bestOf.get(group) ?? []) {
            if (id !== source) candidates.set(id, sales);
          }
        related.set(
          source,
          [...candidates]
            .sort(([a, aSales], [b, bSales]) => bSales - aSales || a - b)
            .slice(0, limit)
            .map(([id]) => id),
        );
      }
      return related;
    },

    pageOfProductIds,
    productsByIds,

    /** Two queries for any page size: ids + total, then the products with variations, images and categories. */
    async listProducts(filter: ProductFilter, options: ProductListOptions) {
      const { ids, total } = await pageOfProductIds(filter, options);
      return { rows: await productsByIds(ids), total };
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
export type ProductRow = Awaited<ReturnType<CatalogRepo['productsByIds']>>[number];
export type ProductCategoryRow = Awaited<ReturnType<CatalogRepo['listCategories']>>['rows'][number];
