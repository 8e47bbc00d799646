import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import {
  CatalogVisibilitySchema,
  FoodInfoSchema,
  MoneyInputError,
  parseMoneyInput,
  ProductStatusSchema,
  ProductTypeSchema,
  StockStatusSchema,
  toMoneyString,
} from '@larder/contract';
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import {
  media,
  productCategories,
  productCategoryAssignments,
  productImages,
  products,
  productVariations,
} from '../db/schema.ts';
import { retailCents } from '../modules/pricing/viewer-price.ts';
import { storeUpload, type StoredUpload } from '../modules/media/media-variants.ts';
import { CliError } from './output.ts';

const cents = (price: string): number | null => (price === '' ? null : parseMoneyInput(price));

/** A price the owner typed ("12.50", "7.5", "12"), or "" for none. */
const Price = z.string().superRefine((value, context) => {
  try {
    cents(value);
  } catch (error) {
    if (!(error instanceof MoneyInputError)) throw error;
    context.addIssue({ code: 'custom', message: `${error.message}, or "" for none` });
  }
});

const price = (value: number | null): string => (value === null ? '' : toMoneyString(value));

const VariationSchema = z.strictObject({
  sku: z.string().trim().min(1, 'every variation needs a SKU (variations are matched by it)'),
  attributes: z.record(z.string(), z.string()),
  regular_price: Price.refine((value) => value !== '', 'a variation needs a regular price'),
  sale_price: Price.default(''),
  wholesale_price: Price.default(''),
  stock_quantity: z.number().int().min(0).nullable().default(null),
  stock_status: StockStatusSchema.default('instock'),
  weight: z.string().default(''),
  menu_order: z.number().int().default(0),
});

const ProductEntrySchema = z
  .strictObject({
    slug: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case words joined by hyphens'),
    name: z.string().trim().min(1, 'must not be empty'),
    type: ProductTypeSchema,
    status: ProductStatusSchema.default('publish'),
    featured: z.boolean().default(false),
    catalog_visibility: CatalogVisibilitySchema.default('visible'),
    description: z.string().default(''),
    short_description: z.string().default(''),
    sku: z.string().trim().default(''),
    regular_price: Price.default(''),
    sale_price: Price.default(''),
    wholesale_price: Price.default(''),
    manage_stock: z.boolean().default(false),
    stock_quantity: z.number().int().min(0).nullable().default(null),
    stock_status: StockStatusSchema.default('instock'),
    weight: z.string().default(''),
    dimensions: z
      .strictObject({ length: z.string(), width: z.string(), height: z.string() })
      .default({ length: '', width: '', height: '' }),
    reviews_allowed: z.boolean().default(true),
    menu_order: z.number().int().default(0),
    /** Category slugs; each must exist. */
    categories: z.array(z.string()).default([]),
    /**
     * Files already in the media library (`/wp-content/uploads/<file>`), or image files beside the
     * catalogue (a path relative to it) to add to the library with their sizes; first is the main image.
     */
    images: z.array(z.string()).default([]),
    attributes: z
      .array(
        z.strictObject({
          name: z.string().trim().min(1),
          options: z.array(z.string().trim().min(1)).min(1),
          visible: z.boolean().default(true),
          variation: z.boolean().default(true),
        }),
      )
      .default([]),
    variations: z.array(VariationSchema).default([]),
    food: FoodInfoSchema,
  })
  .superRefine((product, context) => {
    const issue = (path: (string | number)[], message: string) =>
      context.addIssue({ code: 'custom', path, message });
    const checkSale = (
      path: (string | number)[],
      entry: { regular_price: string; sale_price: string },
    ) => {
      // A malformed price has its own issue already; compare only two readable ones.
      const readable = (value: string) => (Price.safeParse(value).success ? cents(value) : null);
      const regular = readable(entry.regular_price);
      const sale = readable(entry.sale_price);
      if (sale !== null && regular !== null && sale >= regular) {
        issue([...path, 'sale_price'], 'must be lower than the regular price');
      }
    };
    if (product.type === 'simple') {
      if (product.regular_price === '') issue(['regular_price'], 'a simple product needs one');
      if (product.variations.length > 0) issue(['variations'], 'a simple product has none');
      checkSale([], product);
      return;
    }
    if (product.variations.length === 0) issue(['variations'], 'a variable product needs some');
    for (const field of ['regular_price', 'sale_price', 'wholesale_price'] as const) {
      if (product[field] !== '')
        issue([field], 'a variable product keeps its prices on its variations');
    }
    const options = new Map(product.attributes.map((a) => [a.name, new Set(a.options)]));
    product.variations.forEach((variation, index) => {
      checkSale(['variations', index], variation);
      for (const [name, value] of Object.entries(variation.attributes)) {
        const allowed = options.get(name);
        if (!allowed)
          issue(['variations', index, 'attributes', name], 'is not an attribute of the product');
        else if (!allowed.has(value)) {
          issue(['variations', index, 'attributes', name], `"${value}" is not one of its options`);
        }
      }
    });
  });

export const CatalogFileSchema = z
  .strictObject({
    format: z.literal('larder-catalog'),
    version: z.literal(1),
    products: z.array(ProductEntrySchema),
  })
  .superRefine((file, context) => {
    const seen = { slug: new Map<string, number>(), sku: new Map<string, string>() };
    file.products.forEach((product, index) => {
      const first = seen.slug.get(product.slug);
      if (first !== undefined) {
        context.addIssue({
          code: 'custom',
          path: ['products', index, 'slug'],
          message: `"${product.slug}" is also products[${first}]'s slug`,
        });
      }
      seen.slug.set(product.slug, index);
      const skus: [string, (string | number)[]][] = [
        ...(product.sku
          ? [[product.sku, ['products', index, 'sku']] as [string, (string | number)[]]]
          : []),
        ...product.variations.map(
          (variation, v) =>
            [variation.sku, ['products', index, 'variations', v, 'sku']] as [
              string,
              (string | number)[],
            ],
        ),
      ];
      for (const [sku, path] of skus) {
        const where = path.join('.');
        const other = seen.sku.get(sku);
        if (other)
          context.addIssue({
            code: 'custom',
            path,
            message: `SKU ${sku} is also used at ${other}`,
          });
        else seen.sku.set(sku, where);
      }
    });
  });

export type CatalogFile = z.output<typeof CatalogFileSchema>;
type ProductEntry = CatalogFile['products'][number];

const issuePath = (path: PropertyKey[]) =>
  path
    .map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))
    .join('')
    .replace(/^\./, '');

/** Every problem in the file, one per line, each with where it is. */
export function describeIssues(error: z.ZodError, file: unknown): string {
  const nameOf = (index: unknown) => {
    const products = (file as { products?: { slug?: unknown }[] } | undefined)?.products;
    const slug = typeof index === 'number' ? products?.[index]?.slug : undefined;
    return typeof slug === 'string' ? ` (${slug})` : '';
  };
  return error.issues
    .map((issue) => {
      const where = issuePath(issue.path);
      const product = issue.path[0] === 'products' ? nameOf(issue.path[1]) : '';
      return `  ${where || 'file'}${product}: ${issue.message}`;
    })
    .join('\n');
}

export async function exportCatalog(db: Database): Promise<CatalogFile> {
  const rows = await db.query.products.findMany({
    orderBy: [asc(products.menuOrder), asc(products.id)],
    with: {
      variations: { orderBy: [asc(productVariations.menuOrder), asc(productVariations.id)] },
      images: { with: { media: true }, orderBy: [asc(productImages.position)] },
      categoryAssignments: { with: { category: true } },
    },
  });
  return {
    format: 'larder-catalog',
    version: 1,
    products: rows.map((row) => ({
      slug: row.slug,
      name: row.name,
      type: row.type,
      status: row.status,
      featured: row.featured,
      catalog_visibility: row.catalogVisibility,
      description: row.description,
      short_description: row.shortDescription,
      sku: row.sku,
      regular_price: price(row.regularPriceCents),
      sale_price: price(row.salePriceCents),
      wholesale_price: price(row.wholesalePriceCents),
      manage_stock: row.manageStock,
      stock_quantity: row.stockQuantity,
      stock_status: row.stockStatus,
      weight: row.weight,
      dimensions: { length: row.length, width: row.width, height: row.height },
      reviews_allowed: row.reviewsAllowed,
      menu_order: row.menuOrder,
      categories: row.categoryAssignments.map((assignment) => assignment.category.slug).sort(),
      images: row.images.map((image) => image.media.file),
      attributes: row.attributes.map((attribute) => ({ ...attribute })),
      variations: row.variations.map((variation) => ({
        sku: variation.sku,
        attributes: variation.attributes,
        regular_price: price(variation.regularPriceCents),
        sale_price: price(variation.salePriceCents),
        wholesale_price: price(variation.wholesalePriceCents),
        stock_quantity: variation.stockQuantity,
        stock_status: variation.stockStatus,
        weight: variation.weight,
        menu_order: variation.menuOrder,
      })),
      food: row.food,
    })),
  };
}

/** Reads and checks a catalogue file without touching the database. */
export function readCatalogFile(path: string): CatalogFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new CliError(`Cannot read ${path}: ${(error as Error).message}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new CliError(`${path} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = CatalogFileSchema.safeParse(raw);
  if (!parsed.success) {
    throw new CliError(
      `${path} has ${parsed.error.issues.length} problem(s); nothing was imported:\n${describeIssues(parsed.error, raw)}`,
    );
  }
  return parsed.data;
}

const priceColumns = (entry: { regular_price: string; sale_price: string }) => ({
  regularPriceCents: cents(entry.regular_price),
  salePriceCents: cents(entry.sale_price),
});

/** The denormalised sort price: the retail price, or the lowest variation's (the catalogue's rule). */
function currentPriceCents(product: ProductEntry): number {
  if (product.type === 'simple') return retailCents(priceColumns(product)) ?? 0;
  return Math.min(...product.variations.map((v) => retailCents(priceColumns(v)) ?? 0));
}

export interface ImportResult {
  created: number;
  updated: number;
  variations: number;
}

/** Image entries that name a file beside the catalogue rather than one in the media library. */
async function storeNewImages(
  db: Database,
  catalogPath: string,
  file: CatalogFile,
  dataDir: string,
): Promise<Map<string, StoredUpload>> {
  const images = [...new Set(file.products.flatMap((product) => product.images))];
  if (images.length === 0) return new Map();
  const known = await db
    .select({ file: media.file })
    .from(media)
    .where(inArray(media.file, images));
  const knownFiles = new Set(known.map((row) => row.file));
  const uploads = new Map<string, StoredUpload>();
  for (const image of images) {
    const onDisk = resolve(dirname(catalogPath), image);
    if (knownFiles.has(image) || !existsSync(onDisk)) continue;
    try {
      uploads.set(image, await storeUpload(onDisk, dataDir));
    } catch (error) {
      throw new CliError(`${image}: ${(error as Error).message}; nothing was imported.`);
    }
  }
  return uploads;
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

/**
 * Checks the whole file, then writes it in one transaction: any problem (an unknown category or
 * image, a database error) rolls everything back.
 */
export async function importCatalog(
  db: Database,
  path: string,
  options: { dataDir: string },
): Promise<ImportResult> {
  const file = readCatalogFile(path);
  // New pictures are copied and their sizes generated before the transaction: files under
  // content-hashed names, harmless if it then rolls back, and no encoding while it holds locks.
  const uploads = await storeNewImages(db, path, file, options.dataDir);
  return db.transaction(async (tx) => {
    const categorySlugs = [...new Set(file.products.flatMap((product) => product.categories))];
    const imageFiles = [...new Set(file.products.flatMap((product) => product.images))];
    const categoryRows = categorySlugs.length
      ? await tx
          .select({ id: productCategories.id, slug: productCategories.slug })
          .from(productCategories)
          .where(inArray(productCategories.slug, categorySlugs))
      : [];
    const mediaRows = imageFiles.length
      ? await tx
          .select({ id: media.id, file: media.file })
          .from(media)
          .where(inArray(media.file, imageFiles))
      : [];
    const categoryId = new Map(categoryRows.map((row) => [row.slug, row.id]));
    const mediaId = new Map(mediaRows.map((row) => [row.file, row.id]));
    for (const [image, upload] of uploads) mediaId.set(image, await addToMediaLibrary(tx, upload));
    const missing = file.products.flatMap((product, index) => [
      ...product.categories
        .filter((slug) => !categoryId.has(slug))
        .map(
          (slug) =>
            `  products[${index}].categories (${product.slug}): there is no category "${slug}"`,
        ),
      ...product.images
        .filter((image) => !mediaId.has(image))
        .map(
          (image) =>
            `  products[${index}].images (${product.slug}): there is no image "${image}" in the media library or beside the file`,
        ),
    ]);
    if (missing.length > 0) {
      throw new CliError(
        `${path} has ${missing.length} problem(s); nothing was imported:\n${missing.join('\n')}`,
      );
    }

    const result: ImportResult = { created: 0, updated: 0, variations: 0 };
    const now = new Date();
    for (const product of file.products) {
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
        weight: product.weight,
        length: product.dimensions.length,
        width: product.dimensions.width,
        height: product.dimensions.height,
        reviewsAllowed: product.reviews_allowed,
        menuOrder: product.menu_order,
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
        result.updated += 1;
      } else {
        const [inserted] = await tx
          .insert(products)
          .values({ ...values, createdAt: now })
          .returning({ id: products.id });
        productId = inserted!.id;
        result.created += 1;
      }

      await tx
        .delete(productCategoryAssignments)
        .where(eq(productCategoryAssignments.productId, productId));
      if (product.categories.length > 0) {
        await tx
          .insert(productCategoryAssignments)
          .values(
            product.categories.map((slug) => ({ productId, categoryId: categoryId.get(slug)! })),
          );
      }
      await tx.delete(productImages).where(eq(productImages.productId, productId));
      if (product.images.length > 0) {
        await tx.insert(productImages).values(
          [...new Set(product.images)].map((image, position) => ({
            productId,
            mediaId: mediaId.get(image)!,
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
          stockQuantity: variation.stock_quantity,
          stockStatus: variation.stock_status,
          weight: variation.weight,
          menuOrder: variation.menu_order,
        };
        const updated = await tx
          .update(productVariations)
          .set(variationValues)
          .where(
            and(
              eq(productVariations.productId, productId),
              eq(productVariations.sku, variation.sku),
            ),
          )
          .returning({ id: productVariations.id });
        if (updated.length === 0) await tx.insert(productVariations).values(variationValues);
        result.variations += 1;
      }
    }
    return result;
  });
}
