import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  media,
  orderItems,
  productCategories,
  productCategoryAssignments,
  productImages,
  products,
  productVariations,
} from '../../db/schema.ts';

export type ProductTableRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
export type VariationTableRow = typeof productVariations.$inferSelect;
export type NewVariationRow = typeof productVariations.$inferInsert;

/** The advisory lock key the SKU checks share (any fixed number no other lock uses). */
const SKU_LOCK_KEY = 7_301_944;

/** Postgres's unique_violation anywhere in the chain (drizzle wraps the driver's error). */
export const isUniqueViolation = (error: unknown): boolean => {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: string }).code === '23505') return true;
  }
  return false;
};

/** The owner's product writes. Every function takes the transaction the service opened. */
export const productWritesRepo = {
  /** The product, locked until the transaction ends: two edits of one product queue. */
  async lockProduct(tx: Database, id: number): Promise<ProductTableRow | undefined> {
    const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    return row;
  },

  async variationsOf(tx: Database, productId: number): Promise<VariationTableRow[]> {
    return tx.select().from(productVariations).where(eq(productVariations.productId, productId));
  },

  /** Of the given ids, those with no category. */
  async missingCategories(tx: Database, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({ id: productCategories.id })
      .from(productCategories)
      .where(inArray(productCategories.id, ids));
    const found = new Set(rows.map((row) => row.id));
    return ids.filter((id) => !found.has(id));
  },

  /** Of the given ids, those with no media library entry. */
  async missingMedia(tx: Database, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await tx.select({ id: media.id }).from(media).where(inArray(media.id, ids));
    const found = new Set(rows.map((row) => row.id));
    return ids.filter((id) => !found.has(id));
  },

  /**
   * Until the transaction ends, no other write checks or sets SKUs. A SKU names one thing to sell
   * across two tables, so no unique index can hold it; this lock makes "not taken, then set" one
   * step, so two owners saving the same new SKU at once cannot both pass.
   */
  async lockSkus(tx: Database): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${SKU_LOCK_KEY})`);
  },

  /** Of the given SKUs, those another product or variation already has (take lockSkus first). */
  async takenSkus(
    tx: Database,
    skus: string[],
    except: { productId?: number; variationIds?: number[] } = {},
  ): Promise<string[]> {
    if (skus.length === 0) return [];
    const [productRows, variationRows] = await Promise.all([
      tx
        .select({ sku: products.sku })
        .from(products)
        .where(
          and(
            inArray(products.sku, skus),
            except.productId ? ne(products.id, except.productId) : undefined,
          ),
        ),
      tx
        .select({ sku: productVariations.sku })
        .from(productVariations)
        .where(
          and(
            inArray(productVariations.sku, skus),
            except.variationIds?.length
              ? sql`${productVariations.id} not in (${sql.join(
                  except.variationIds.map((id) => sql`${id}`),
                  sql`, `,
                )})`
              : undefined,
          ),
        ),
    ]);
    return [...new Set([...productRows, ...variationRows].map((row) => row.sku))];
  },

  async slugTaken(tx: Database, slug: string, exceptProductId?: number): Promise<boolean> {
    const [row] = await tx
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          eq(products.slug, slug),
          exceptProductId ? ne(products.id, exceptProductId) : undefined,
        ),
      )
      .limit(1);
    return row !== undefined;
  },

  /** The slugs in use that start with `base`: `base`, `base-2`, … */
  async slugsLike(tx: Database, base: string): Promise<Set<string>> {
    const rows = await tx
      .select({ slug: products.slug })
      .from(products)
      .where(or(eq(products.slug, base), sql`${products.slug} like ${`${base}-%`}`));
    return new Set(rows.map((row) => row.slug));
  },

  async insertProduct(tx: Database, values: NewProductRow): Promise<number> {
    const [row] = await tx.insert(products).values(values).returning({ id: products.id });
    return row!.id;
  },

  async updateProduct(tx: Database, id: number, values: Partial<NewProductRow>): Promise<void> {
    await tx.update(products).set(values).where(eq(products.id, id));
  },

  async replaceCategories(tx: Database, productId: number, categoryIds: number[]): Promise<void> {
    await tx
      .delete(productCategoryAssignments)
      .where(eq(productCategoryAssignments.productId, productId));
    if (categoryIds.length > 0)
      await tx
        .insert(productCategoryAssignments)
        .values(categoryIds.map((categoryId) => ({ productId, categoryId })));
  },

  async replaceImages(tx: Database, productId: number, mediaIds: number[]): Promise<void> {
    await tx.delete(productImages).where(eq(productImages.productId, productId));
    if (mediaIds.length > 0)
      await tx
        .insert(productImages)
        .values(mediaIds.map((mediaId, position) => ({ productId, mediaId, position })));
  },

  async insertVariation(tx: Database, values: NewVariationRow): Promise<number> {
    const [row] = await tx
      .insert(productVariations)
      .values(values)
      .returning({ id: productVariations.id });
    return row!.id;
  },

  async updateVariation(tx: Database, id: number, values: Partial<NewVariationRow>): Promise<void> {
    await tx.update(productVariations).set(values).where(eq(productVariations.id, id));
  },

  async deleteVariation(tx: Database, id: number): Promise<void> {
    await tx.delete(productVariations).where(eq(productVariations.id, id));
  },

  async deleteProduct(tx: Database, id: number): Promise<void> {
    await tx.delete(products).where(eq(products.id, id));
  },

  /** How many order lines name the product (any of its variations included) or the variation. */
  async orderLinesFor(
    tx: Database,
    target: { productId: number } | { variationId: number },
  ): Promise<number> {
    const [row] = await tx
      .select({ lines: sql<number>`count(*)::int` })
      .from(orderItems)
      .where(
        'productId' in target
          ? eq(orderItems.productId, target.productId)
          : eq(orderItems.variationId, target.variationId),
      );
    return row?.lines ?? 0;
  },

  /**
   * The denormalised sort price (the listing's `orderby=price` and price filters): a simple
   * product's retail price, a variable one's lowest variation's, 0 without one.
   */
  async refreshSortPrice(tx: Database, productId: number): Promise<void> {
    await tx
      .update(products)
      .set({
        priceCents: sql`case when ${products.type} = 'simple'
          then coalesce(${products.salePriceCents}, ${products.regularPriceCents}, 0)
          else coalesce((select min(coalesce(v.sale_price_cents, v.regular_price_cents))
            from ${productVariations} v where v.product_id = ${products.id}), 0) end`,
      })
      .where(eq(products.id, productId));
  },
};
