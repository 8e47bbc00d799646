import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { wholesaleRuleIssues, wholesaleRulesOf, type CatalogImportResult } from '@larder/contract';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  media,
  productCategories,
  productCategoryAssignments,
  productImages,
  products,
  productVariations,
} from '../../db/schema.ts';
import type { Viewer } from '../../http/viewer.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import { storeUpload, type StoredUpload } from '../media/media-variants.ts';
import type { Uploads } from '../media/uploads.ts';
import { retailCents } from '../pricing/viewer-price.ts';
import { productRuleColumns, variationRuleColumns } from '../pricing/wholesale-rules.ts';
import {
  catalogFormats,
  catalogToCsv,
  parseCatalogCsv,
  type CatalogFormat,
} from './catalog-csv.ts';
import {
  CatalogFileError,
  cents,
  exportCatalog,
  parseCatalogJson,
  price,
  type CatalogFile,
  type CatalogIssue,
  type ParsedCatalog,
  type ProductEntry,
  type WholesaleRulesEntry,
} from './catalog-file.ts';

export interface ImportOptions {
  format: CatalogFormat;
  dryRun: boolean;
  /**
   * The folder of a catalogue file on disk (the command line): an image path relative to it is a
   * picture to add to the media library. From a browser there is no such folder, so every image
   * must already be in the library.
   */
  besideDir?: string;
}

export const parseCatalog = (text: string, format: CatalogFormat): ParsedCatalog =>
  format === 'csv' ? parseCatalogCsv(text) : parseCatalogJson(text);

/** The catalogue file as text: JSON as the command line has always written it, or CSV. */
export const catalogText = (file: CatalogFile, format: CatalogFormat): string =>
  format === 'csv' ? catalogToCsv(file) : `${JSON.stringify(file, null, 2)}\n`;

const priceColumns = (entry: { regular_price: string; sale_price: string }) => ({
  regularPriceCents: cents(entry.regular_price),
  salePriceCents: cents(entry.sale_price),
});

/** The denormalised sort price: the retail price, or the lowest variation's (the catalogue's rule). */
function currentPriceCents(product: ProductEntry): number {
  if (product.type === 'simple') return retailCents(priceColumns(product)) ?? 0;
  return Math.min(...product.variations.map((v) => retailCents(priceColumns(v)) ?? 0));
}

/** JSON with keys sorted, so two entries compare by content. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : 1)))
      : item,
  );
}

const money = (value: string) => price(cents(value));

const storedRules = (rules: WholesaleRulesEntry | null | undefined) =>
  rules && {
    ...rules,
    tiers: rules.tiers.map((tier) => ({ ...tier, price: money(tier.price) })),
  };

/**
 * An entry as the database would hold it: prices as "12.00", categories as a set (the export sorts
 * them), images without repeats, variations by SKU (they are matched by it). Equal means importing
 * the entry changes nothing. `like` is the file's entry when this one is the shop's: rules the file
 * leaves out are kept, so they are not compared.
 */
function stored(entry: ProductEntry, like: ProductEntry = entry): string {
  const fileRules = new Map(like.variations.map((v) => [v.sku, v.wholesale]));
  const prices = <
    T extends {
      regular_price: string;
      sale_price: string;
      wholesale_price: string;
      wholesale?: WholesaleRulesEntry | null;
    },
  >(
    item: T,
    keepRules: boolean,
  ) => ({
    ...item,
    regular_price: money(item.regular_price),
    sale_price: money(item.sale_price),
    wholesale_price: money(item.wholesale_price),
    wholesale: keepRules ? undefined : storedRules(item.wholesale),
  });
  return canonical({
    ...prices(entry, like.wholesale === undefined),
    categories: [...new Set(entry.categories)].sort(),
    images: [...new Set(entry.images)],
    variations: entry.variations
      .map((variation) => prices(variation, fileRules.get(variation.sku) === undefined))
      .sort((a, b) => (a.sku < b.sku ? -1 : 1)),
  });
}

type Executor = Pick<Database, 'select' | 'query'>;

/** What an import would do, found with reads only; `issues` are what only the database knows. */
async function plan(
  db: Executor,
  { file, locate }: ParsedCatalog,
  options: { besideDir?: string; uploads: Map<string, number> },
) {
  const categorySlugs = [...new Set(file.products.flatMap((product) => product.categories))];
  const imageFiles = [...new Set(file.products.flatMap((product) => product.images))];
  const categoryRows = categorySlugs.length
    ? await db
        .select({ id: productCategories.id, slug: productCategories.slug })
        .from(productCategories)
        .where(inArray(productCategories.slug, categorySlugs))
    : [];
  const mediaRows = imageFiles.length
    ? await db
        .select({ id: media.id, file: media.file })
        .from(media)
        .where(inArray(media.file, imageFiles))
    : [];
  const categoryId = new Map(categoryRows.map((row) => [row.slug, row.id]));
  const mediaId = new Map(mediaRows.map((row) => [row.file, row.id]));
  for (const [image, id] of options.uploads) mediaId.set(image, id);
  const { besideDir } = options;
  const onDisk = (image: string) =>
    besideDir !== undefined && existsSync(resolve(besideDir, image));

  const issues: CatalogIssue[] = file.products.flatMap((product, index) => [
    ...product.categories
      .filter((slug) => !categoryId.has(slug))
      .map((slug) => ({
        where: locate(['products', index, 'categories']),
        message: `there is no category "${slug}"`,
      })),
    ...product.images
      .filter((image) => !mediaId.has(image) && !onDisk(image))
      .map((image) => ({
        where: locate(['products', index, 'images']),
        message:
          besideDir === undefined
            ? `there is no image "${image}" in the media library (an image must be uploaded to the shop before a file can name it)`
            : `there is no image "${image}" in the media library or beside the file`,
      })),
  ]);

  const current = new Map(
    (
      await exportCatalog(db, [...new Set(file.products.map((product) => product.slug))])
    ).products.map((product) => [product.slug, product]),
  );
  // Rules the file leaves out stay as they are, so they must still fit the file's wholesale prices.
  file.products.forEach((product, index) => {
    const before = current.get(product.slug);
    if (!before) return;
    const kept = (
      path: (string | number)[],
      rules: WholesaleRulesEntry | null | undefined,
      wholesalePrice: string,
    ) => {
      if (!rules || rules.tiers.length === 0) return;
      for (const issue of wholesaleRuleIssues(wholesaleRulesOf(rules), cents(wholesalePrice)))
        issues.push({
          where: locate([...path, 'wholesale_price']),
          message: `${issue.message} (the shop's breaks, which the file leaves as they are)`,
        });
    };
    if (product.wholesale === undefined && product.type === 'simple')
      kept(['products', index], before.wholesale, product.wholesale_price);
    const beforeRules = new Map(before.variations.map((v) => [v.sku, v.wholesale]));
    product.variations.forEach((variation, v) => {
      if (variation.wholesale === undefined)
        kept(
          ['products', index, 'variations', v],
          beforeRules.get(variation.sku),
          variation.wholesale_price,
        );
    });
  });
  const changes = file.products.map((product) => {
    const before = current.get(product.slug);
    const change: 'created' | 'updated' | 'unchanged' =
      before === undefined
        ? 'created'
        : stored(before, product) === stored(product)
          ? 'unchanged'
          : 'updated';
    return { product, change };
  });
  return { issues, changes, categoryId, mediaId };
}

/** Image entries that name a file beside the catalogue rather than one in the media library. */
async function storeNewImages(
  db: Executor,
  file: CatalogFile,
  besideDir: string,
  uploads: Uploads,
): Promise<Map<string, StoredUpload>> {
  const images = [...new Set(file.products.flatMap((product) => product.images))];
  if (images.length === 0) return new Map();
  const known = await db
    .select({ file: media.file })
    .from(media)
    .where(inArray(media.file, images));
  const knownFiles = new Set(known.map((row) => row.file));
  const stored = new Map<string, StoredUpload>();
  for (const image of images) {
    const path = resolve(besideDir, image);
    if (knownFiles.has(image) || !existsSync(path)) continue;
    try {
      stored.set(
        image,
        await storeUpload({ bytes: await readFile(path), name: basename(path) }, uploads),
      );
    } catch (error) {
      throw new CatalogFileError([{ where: image, message: (error as Error).message }]);
    }
  }
  return stored;
}

/** The media library entry for a stored upload: the existing one when the same picture came before. */
async function addToMediaLibrary(tx: Pick<Database, 'insert' | 'select'>, upload: StoredUpload) {
  const [existing] = await tx
    .select({ id: media.id })
    .from(media)
    .where(eq(media.file, upload.file));
  if (existing) return existing.id;
  const [inserted] = await tx
    .insert(media)
    .values({
      slug: upload.slug,
      title: upload.title,
      file: upload.file,
      mimeType: upload.mimeType,
      width: upload.width,
      height: upload.height,
      sizes: upload.sizes,
    })
    .returning({ id: media.id });
  return inserted!.id;
}

/** Creates or updates one product with its categories, images and variations. */
async function writeProduct(
  tx: Database,
  product: ProductEntry,
  ids: { categoryId: Map<string, number>; mediaId: Map<string, number> },
  now: Date,
) {
  const simple = product.type === 'simple';
  const values = {
    name: product.name,
    slug: product.slug,
    type: product.type,
    status: product.status,
    featured: product.featured,
    catalogVisibility: product.catalog_visibility,
    description: product.description,
    shortDescription: product.short_description,
    sku: product.sku,
    regularPriceCents: simple ? cents(product.regular_price) : null,
    salePriceCents: simple ? cents(product.sale_price) : null,
    wholesalePriceCents: simple ? cents(product.wholesale_price) : null,
    priceCents: currentPriceCents(product),
    manageStock: product.manage_stock,
    stockQuantity: product.stock_quantity,
    stockStatus: product.stock_status,
    taxStatus: product.tax_status,
    taxClass: product.tax_class,
    weight: product.weight,
    length: product.dimensions.length,
    width: product.dimensions.width,
    height: product.dimensions.height,
    reviewsAllowed: product.reviews_allowed,
    menuOrder: product.menu_order,
    // Left out of the file, the rules stay as they are (a new product gets the columns' defaults).
    ...(product.wholesale && productRuleColumns(wholesaleRulesOf(product.wholesale))),
    attributes: product.attributes,
    food: product.food,
    modifiedAt: now,
  };
  const [existing] = await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.slug, product.slug));
  let productId: number;
  if (existing) {
    productId = existing.id;
    await tx.update(products).set(values).where(eq(products.id, productId));
  } else {
    const [inserted] = await tx
      .insert(products)
      .values({ ...values, createdAt: now })
      .returning({ id: products.id });
    productId = inserted!.id;
  }

  await tx
    .delete(productCategoryAssignments)
    .where(eq(productCategoryAssignments.productId, productId));
  if (product.categories.length > 0) {
    await tx.insert(productCategoryAssignments).values(
      [...new Set(product.categories)].map((slug) => ({
        productId,
        categoryId: ids.categoryId.get(slug)!,
      })),
    );
  }
  await tx.delete(productImages).where(eq(productImages.productId, productId));
  if (product.images.length > 0) {
    await tx.insert(productImages).values(
      [...new Set(product.images)].map((image, position) => ({
        productId,
        mediaId: ids.mediaId.get(image)!,
        position,
      })),
    );
  }

  // Variations keep their ids when their SKU stays, so carts and orders still point at them.
  const skus = product.variations.map((variation) => variation.sku);
  await tx
    .delete(productVariations)
    .where(
      and(
        eq(productVariations.productId, productId),
        skus.length ? notInArray(productVariations.sku, skus) : undefined,
      ),
    );
  for (const variation of product.variations) {
    const variationValues = {
      productId,
      sku: variation.sku,
      attributes: variation.attributes,
      regularPriceCents: cents(variation.regular_price)!,
      salePriceCents: cents(variation.sale_price),
      wholesalePriceCents: cents(variation.wholesale_price),
      ...(variation.wholesale !== undefined &&
        variationRuleColumns(variation.wholesale && wholesaleRulesOf(variation.wholesale))),
      stockQuantity: variation.stock_quantity,
      stockStatus: variation.stock_status,
      taxClass: variation.tax_class,
      weight: variation.weight,
      menuOrder: variation.menu_order,
    };
    const updated = await tx
      .update(productVariations)
      .set(variationValues)
      .where(
        and(eq(productVariations.productId, productId), eq(productVariations.sku, variation.sku)),
      )
      .returning({ id: productVariations.id });
    if (updated.length === 0) await tx.insert(productVariations).values(variationValues);
  }
  return productId;
}

const summarise = (
  changes: { product: ProductEntry; change: 'created' | 'updated' | 'unchanged' }[],
  dryRun: boolean,
): CatalogImportResult => {
  const count = (change: string) => changes.filter((entry) => entry.change === change).length;
  return {
    dry_run: dryRun,
    created: count('created'),
    updated: count('updated'),
    unchanged: count('unchanged'),
    products: changes.map(({ product, change }) => ({
      slug: product.slug,
      name: product.name,
      change,
    })),
  };
};

/**
 * Imports a checked file: checked whole first (what only the database knows: categories and
 * images), then written in one transaction, which `inTransaction` joins (the activity entry).
 * Throws CatalogFileError, listing every problem, when the file cannot be imported whole.
 */
export async function importCatalog(
  db: Database,
  parsed: ParsedCatalog,
  options: Omit<ImportOptions, 'format'> & {
    uploads: Uploads;
    now?: Date;
    inTransaction?: (tx: Database, result: CatalogImportResult) => Promise<void>;
    /** After commit, each product the import wrote (a restock may have someone to email). */
    onProductWritten?: (productId: number) => void;
  },
): Promise<CatalogImportResult> {
  const { besideDir } = options;
  if (options.dryRun) {
    const { issues, changes } = await plan(db, parsed, { besideDir, uploads: new Map() });
    if (issues.length > 0) throw new CatalogFileError(issues);
    return summarise(changes, true);
  }
  // New pictures are copied and their sizes generated before the transaction: files under
  // content-hashed names, harmless if it then rolls back, and no encoding while it holds locks.
  const stored =
    besideDir === undefined
      ? new Map<string, StoredUpload>()
      : await storeNewImages(db, parsed.file, besideDir, options.uploads);
  const written: number[] = [];
  const result = await db.transaction(async (tx) => {
    const added = new Map<string, number>();
    for (const [image, upload] of stored) added.set(image, await addToMediaLibrary(tx, upload));
    const { issues, changes, categoryId, mediaId } = await plan(tx, parsed, {
      besideDir,
      uploads: added,
    });
    if (issues.length > 0) throw new CatalogFileError(issues);
    const at = options.now ?? new Date();
    for (const { product, change } of changes) {
      if (change !== 'unchanged')
        written.push(await writeProduct(tx, product, { categoryId, mediaId }, at));
    }
    const summary = summarise(changes, false);
    await options.inTransaction?.(tx, summary);
    return summary;
  });
  for (const productId of written) options.onProductWritten?.(productId);
  return result;
}

/**
 * The catalogue in and out as one file (JSON or CSV), for the command line and the back office
 * alike; every import that writes is in the activity log.
 */
export function createCatalogTransferService(
  db: Database,
  deps: {
    activity: ActivityService;
    uploads: Uploads;
    /** As the product editor's: the back-in-stock emails for what an import restocked. */
    onProductWritten?: (productId: number) => void;
    now?: () => Date;
  },
) {
  const now = deps.now ?? (() => new Date());
  return {
    async exportFile(format: CatalogFormat) {
      const file = await exportCatalog(db);
      const day = now().toISOString().slice(0, 10);
      return {
        file,
        text: catalogText(file, format),
        filename: `catalogue-${day}.${catalogFormats[format].extension}`,
        contentType: catalogFormats[format].contentType,
      };
    },

    /** Throws CatalogFileError, listing every problem, when the file cannot be imported whole. */
    importFile(owner: Viewer, text: string, options: ImportOptions): Promise<CatalogImportResult> {
      return importCatalog(db, parseCatalog(text, options.format), {
        dryRun: options.dryRun,
        besideDir: options.besideDir,
        uploads: deps.uploads,
        onProductWritten: deps.onProductWritten,
        now: now(),
        inTransaction: (tx, result) =>
          deps.activity.record(
            owner,
            {
              action: 'catalog.imported',
              subjectType: 'catalog',
              subjectId: 0,
              summary:
                `Catalog imported from ${options.format.toUpperCase()}: ${result.created} created, ` +
                `${result.updated} updated, ${result.unchanged} unchanged`,
            },
            tx,
          ),
      });
    },
  };
}

export type CatalogTransferService = ReturnType<typeof createCatalogTransferService>;
