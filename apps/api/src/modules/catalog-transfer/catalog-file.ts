import {
  CatalogVisibilitySchema,
  FoodInfoSchema,
  MoneyInputError,
  parseMoneyInput,
  productRuleIssues,
  ProductStatusSchema,
  ProductTaxClassSchema,
  ProductTypeSchema,
  StockStatusSchema,
  TaxStatusSchema,
  toMoneyString,
  toWholesaleRulesOut,
  VariationTaxClassSchema,
  WholesaleRulesWriteSchema,
  wholesaleRuleIssues,
  wholesaleRulesOf,
  type WholesaleRules,
} from '@larder/contract';
import { asc, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { productImages, products, productVariations } from '../../db/schema.ts';
import { productWholesaleRules, variationWholesaleRules } from '../pricing/wholesale-rules.ts';

export const cents = (price: string): number | null =>
  price === '' ? null : parseMoneyInput(price);

/** A price the owner typed ("12.50", "7.5", "12"), or "" for none. */
const Price = z.string().superRefine((value, context) => {
  try {
    cents(value);
  } catch (error) {
    if (!(error instanceof MoneyInputError)) throw error;
    context.addIssue({ code: 'custom', message: `${error.message}, or "" for none` });
  }
});

export const price = (value: number | null): string => (value === null ? '' : toMoneyString(value));

/**
 * Decision 0037's rules as the product API writes them (`{case_size, min_quantity, tiers}`, prices
 * as "6.50"), with its messages. Left out of an entry, an import keeps the rules the shop has: files
 * exported before the rules existed must not reset them.
 */
const WholesaleRulesEntrySchema = WholesaleRulesWriteSchema.strict();
export type WholesaleRulesEntry = z.output<typeof WholesaleRulesEntrySchema>;

/** Readable rules, or null: a malformed one has its own issue already. */
function readableRules(rules: WholesaleRulesEntry | null | undefined): WholesaleRules | null {
  if (!rules) return null;
  try {
    return wholesaleRulesOf(rules);
  } catch {
    return null;
  }
}

/**
 * The product API's checks of rules against their wholesale price, where the file puts them. A
 * file lists the breaks as they are stored, smallest quantity first, so a problem's index is the
 * break the owner wrote.
 */
function wholesaleEntryIssues(
  rules: WholesaleRulesEntry,
  wholesaleCents: number | null,
  type: 'simple' | 'variable' | 'variation',
) {
  const read = readableRules(rules);
  if (!read) return [];
  const listed = rules.tiers.map((tier) => tier.min_quantity);
  if (listed.some((quantity, index) => index > 0 && quantity < listed[index - 1]!)) {
    return [
      {
        path: ['wholesale', 'tiers'],
        message: 'List the breaks by quantity, smallest first (as 5:6.50|10:6.00).',
      },
    ];
  }
  if (type === 'variation') return wholesaleRuleIssues(read, wholesaleCents);
  return productRuleIssues({
    type,
    status: 'draft',
    regularCents: null,
    saleCents: null,
    wholesaleCents: type === 'simple' ? wholesaleCents : null,
    wholesale: read,
    manageStock: false,
    stockQuantity: null,
    variationCount: 0,
  }).filter((issue) => issue.path[0] === 'wholesale');
}

const readableCents = (value: string) => (Price.safeParse(value).success ? cents(value) : null);

const VariationSchema = z.strictObject({
  sku: z.string().trim().min(1, 'every variation needs a SKU (variations are matched by it)'),
  attributes: z.record(z.string(), z.string()),
  regular_price: Price.refine((value) => value !== '', 'a variation needs a regular price'),
  sale_price: Price.default(''),
  wholesale_price: Price.default(''),
  /** Its own rules; null sells it by its product's. */
  wholesale: WholesaleRulesEntrySchema.nullable().optional(),
  stock_quantity: z.number().int().min(0).nullable().default(null),
  stock_status: StockStatusSchema.default('instock'),
  tax_class: VariationTaxClassSchema.default('parent'),
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
    wholesale: WholesaleRulesEntrySchema.optional(),
    manage_stock: z.boolean().default(false),
    stock_quantity: z.number().int().min(0).nullable().default(null),
    stock_status: StockStatusSchema.default('instock'),
    tax_status: TaxStatusSchema.default('taxable'),
    tax_class: ProductTaxClassSchema.default(''),
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
    const checkRules = (
      path: (string | number)[],
      rules: WholesaleRulesEntry | null | undefined,
      wholesalePrice: string,
      type: 'simple' | 'variable' | 'variation',
    ) => {
      if (!rules) return;
      for (const found of wholesaleEntryIssues(rules, readableCents(wholesalePrice), type))
        issue([...path, ...found.path], found.message);
    };
    checkRules([], product.wholesale, product.wholesale_price, product.type);
    const checkSale = (
      path: (string | number)[],
      entry: { regular_price: string; sale_price: string },
    ) => {
      // A malformed price has its own issue already; compare only two readable ones.
      const regular = readableCents(entry.regular_price);
      const sale = readableCents(entry.sale_price);
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
      checkRules(
        ['variations', index],
        variation.wholesale,
        variation.wholesale_price,
        'variation',
      );
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
export type ProductEntry = CatalogFile['products'][number];

/** One problem in a catalogue file: where it is (in the file's own terms) and what is wrong. */
export interface CatalogIssue {
  where: string;
  message: string;
}

/**
 * A catalogue file that cannot be imported, with every problem found: the command line prints
 * them, the API answers 400 with them. Nothing was written when it is thrown.
 */
export class CatalogFileError extends Error {
  constructor(readonly issues: CatalogIssue[]) {
    const count = issues.length === 1 ? '1 problem' : `${issues.length} problems`;
    super(`The catalog file has ${count}; nothing was imported.`);
    this.name = 'CatalogFileError';
  }
}

/** Names a place in the checked file (`['products', 3, 'regular_price']`) as the owner sees it. */
export type Locate = (path: PropertyKey[]) => string;

/** A checked file and how to name its places, for the problems only the database can find. */
export interface ParsedCatalog {
  file: CatalogFile;
  locate: Locate;
}

const issuePath = (path: PropertyKey[]) =>
  path
    .map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))
    .join('')
    .replace(/^\./, '');

/** JSON places: `products[3].regular_price (honey-oat-classic)`. */
export const jsonLocate =
  (raw: unknown): Locate =>
  (path) => {
    const products = (raw as { products?: { slug?: unknown }[] } | undefined)?.products;
    const index = path[0] === 'products' ? path[1] : undefined;
    const slug = typeof index === 'number' ? products?.[index]?.slug : undefined;
    return `${issuePath(path) || 'file'}${typeof slug === 'string' ? ` (${slug})` : ''}`;
  };

/**
 * Checks a file already read into JS values; `skip` leaves out places a reader reported already
 * (a CSV cell that is not a number), so each problem is told once.
 */
export function checkCatalog(
  raw: unknown,
  locate: Locate,
  earlier: CatalogIssue[] = [],
): CatalogFile {
  const parsed = CatalogFileSchema.safeParse(raw);
  const told = new Set(earlier.map((issue) => issue.where));
  const issues = [
    ...earlier,
    ...(parsed.success ? [] : parsed.error.issues)
      .map((issue) => ({ where: locate(issue.path), message: issue.message }))
      .filter((issue) => !told.has(issue.where)),
  ];
  if (issues.length > 0 || !parsed.success) throw new CatalogFileError(issues);
  return parsed.data;
}

export function parseCatalogJson(text: string): ParsedCatalog {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new CatalogFileError([
      { where: 'file', message: `is not valid JSON: ${(error as Error).message}` },
    ]);
  }
  const locate = jsonLocate(raw);
  return { file: checkCatalog(raw, locate), locate };
}

/** The catalogue as a file; `slugs` limits it to those products (what an import compares with). */
export async function exportCatalog(
  db: Pick<Database, 'query'>,
  slugs?: string[],
): Promise<CatalogFile> {
  const rows = await db.query.products.findMany({
    // The search document is read inside SQL only.
    columns: { searchVector: false },
    where: slugs ? inArray(products.slug, slugs) : undefined,
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
      wholesale: toWholesaleRulesOut(productWholesaleRules(row)),
      manage_stock: row.manageStock,
      stock_quantity: row.stockQuantity,
      stock_status: row.stockStatus,
      tax_status: row.taxStatus,
      tax_class: row.taxClass,
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
        wholesale:
          variation.wholesaleCaseSize === null
            ? null
            : toWholesaleRulesOut(variationWholesaleRules(row, variation)),
        stock_quantity: variation.stockQuantity,
        stock_status: variation.stockStatus,
        tax_class: variation.taxClass,
        weight: variation.weight,
        menu_order: variation.menuOrder,
      })),
      food: row.food,
    })),
  };
}
