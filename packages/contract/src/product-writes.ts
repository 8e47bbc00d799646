import { z } from 'zod';
import { ProductTaxClassSchema, TaxStatusSchema, VariationTaxClassSchema } from './taxes.ts';
import {
  CatalogVisibilitySchema,
  FoodInfoSchema,
  ProductStatusSchema,
  ProductTypeSchema,
  StockStatusSchema,
} from './catalog.ts';
import { MAX_ID } from './common.ts';
import { MoneyInputError, parseMoneyInput } from './money-input.ts';
import { WholesaleRulesWriteSchema, wholesaleRulesOf } from './wholesale-ordering.ts';
import { wholesaleRuleIssues, type WholesaleRules } from './wholesale-rules.ts';

// The owner's product writes (the back office's Products screen): WooCommerce's write bodies for
// `POST/PUT /wc/v3/products[/{id}]` and `/products/{id}/variations[/{id}]`, plus our wholesale
// price and food data. Prices are WooCommerce's decimal strings ("12.50", "" for none), parsed to
// integer cents by the money module; the rules are the command line's catalogue file's.

/** Far above any real count, and an order's arithmetic on it still fits an integer column. */
export const MAX_STOCK_QUANTITY = 1_000_000;

/** "12.50" → 1250, "" → null; throws MoneyInputError for anything else. */
export const priceInputCents = (value: string): number | null =>
  value.trim() === '' ? null : parseMoneyInput(value);

/** A price the owner typed ("12.50", "7.5", "12"), or "" for none. */
export const PriceInputSchema = z
  .string()
  .max(20, 'Write the price as dollars with up to two decimals, such as 12.50.')
  .superRefine((value, context) => {
    try {
      priceInputCents(value);
    } catch (error) {
      if (!(error instanceof MoneyInputError)) throw error;
      context.addIssue({ code: 'custom', message: `${error.message}, or "" for none` });
    }
  });

/** Weight and dimensions: WooCommerce keeps them as decimal strings ("0.75"), "" for unknown. */
const MeasureSchema = z
  .string()
  .trim()
  .regex(/^(\d{1,6}(\.\d{1,3})?)?$/, 'Write a number such as 0.75, or leave it empty.');

const text = (max: number) => z.string().max(max, `Keep it under ${max} characters.`);

const IdRefSchema = z.object({ id: z.number().int().positive().max(MAX_ID) });

export const ProductAttributeWriteSchema = z.object({
  name: z.string().trim().min(1, 'Name the attribute.').max(100),
  options: z
    .array(z.string().trim().min(1, 'An option cannot be empty.').max(100))
    .min(1, 'Give the attribute at least one option.')
    .max(50)
    .refine((options) => new Set(options).size === options.length, 'Each option once.'),
  visible: z.boolean().default(true),
  variation: z.boolean().default(true),
});
export type ProductAttributeWrite = z.input<typeof ProductAttributeWriteSchema>;

/** A variation's attribute as WooCommerce writes it: `{name, option}`. */
export const VariationAttributeWriteSchema = z.object({
  id: z.number().int().min(0).max(MAX_ID).optional(),
  name: z.string().trim().min(1).max(100),
  option: z.string().trim().min(1).max(100),
});

const variationFields = {
  sku: text(100).trim(),
  regular_price: PriceInputSchema,
  sale_price: PriceInputSchema,
  /** Ours: what an approved wholesale buyer pays. */
  wholesale_price: PriceInputSchema,
  /** Ours (decision 0037): its own case, minimum and breaks; null sells it by its product's. */
  wholesale: WholesaleRulesWriteSchema.nullable(),
  /** False: the stock is not counted (stock_quantity is then null). */
  manage_stock: z.boolean(),
  stock_quantity: z.number().int().min(0).max(MAX_STOCK_QUANTITY).nullable(),
  stock_status: StockStatusSchema,
  tax_class: VariationTaxClassSchema,
  weight: MeasureSchema,
  menu_order: z.number().int().min(-MAX_ID).max(MAX_ID),
  /** The variation's own picture (a media id), or null for the product's. */
  image: IdRefSchema.nullable(),
  attributes: z
    .array(VariationAttributeWriteSchema)
    .max(20)
    .refine(
      (attributes) => new Set(attributes.map((a) => a.name)).size === attributes.length,
      'Each attribute once.',
    ),
};

export interface PriceIssue {
  path: (string | number)[];
  message: string;
}

/** The sale rule on one priced item: a sale price lies below the regular price. */
export function salePriceIssues(
  item: { regularCents: number | null; saleCents: number | null },
  path: (string | number)[] = [],
): PriceIssue[] {
  if (item.saleCents === null) return [];
  if (item.regularCents === null)
    return [{ path: [...path, 'sale_price'], message: 'A sale price needs a regular price.' }];
  return item.saleCents >= item.regularCents
    ? [{ path: [...path, 'sale_price'], message: 'Must be lower than the regular price.' }]
    : [];
}

/** A readable price or null; a malformed one has its own issue already. */
const readableCents = (value: string | undefined): number | null => {
  if (value === undefined) return null;
  try {
    return priceInputCents(value);
  } catch {
    return null;
  }
};

/** Readable rules, or null: malformed ones have their own issues already. */
const readableRules = (
  rules: Parameters<typeof wholesaleRulesOf>[0] | null | undefined,
): WholesaleRules | null => {
  if (!rules) return null;
  try {
    return wholesaleRulesOf(rules);
  } catch {
    return null;
  }
};

const addIssues = (context: z.RefinementCtx, issues: PriceIssue[]) => {
  for (const issue of issues) context.addIssue({ code: 'custom', ...issue });
};

/** Options of each attribute by name, for checking what variations choose. */
export const attributeOptions = (attributes: { name: string; options: string[] }[]) =>
  new Map(attributes.map((attribute) => [attribute.name, new Set(attribute.options)]));

/** A variation may only choose options its product's attributes offer. */
export function variationAttributeIssues(
  chosen: { name: string; option: string }[],
  options: Map<string, Set<string>>,
  path: (string | number)[] = [],
): PriceIssue[] {
  return chosen.flatMap(({ name, option }, index) => {
    const allowed = options.get(name);
    if (!allowed)
      return [
        {
          path: [...path, 'attributes', index],
          message: `"${name}" is not an attribute of the product.`,
        },
      ];
    return allowed.has(option)
      ? []
      : [
          {
            path: [...path, 'attributes', index],
            message: `"${option}" is not one of ${name}'s options.`,
          },
        ];
  });
}

/** `POST /products/{id}/variations`: a regular price is required; stock not counted by default. */
export const VariationCreateSchema = z
  .object({
    ...variationFields,
    regular_price: PriceInputSchema.refine(
      (value) => value.trim() !== '',
      'A variation needs a regular price.',
    ),
    sku: variationFields.sku.default(''),
    sale_price: variationFields.sale_price.default(''),
    wholesale_price: variationFields.wholesale_price.default(''),
    wholesale: variationFields.wholesale.default(null),
    manage_stock: variationFields.manage_stock.default(false),
    stock_quantity: variationFields.stock_quantity.default(null),
    stock_status: variationFields.stock_status.default('instock'),
    tax_class: variationFields.tax_class.default('parent'),
    weight: variationFields.weight.default(''),
    menu_order: variationFields.menu_order.default(0),
    image: variationFields.image.default(null),
    attributes: variationFields.attributes.default([]),
  })
  .superRefine((variation, context) => {
    addIssues(
      context,
      salePriceIssues({
        regularCents: readableCents(variation.regular_price),
        saleCents: readableCents(variation.sale_price),
      }),
    );
    const rules = readableRules(variation.wholesale);
    if (rules)
      addIssues(context, wholesaleRuleIssues(rules, readableCents(variation.wholesale_price)));
    if (variation.manage_stock && variation.stock_quantity === null) {
      context.addIssue({
        code: 'custom',
        path: ['stock_quantity'],
        message: 'Say how many are in stock, or turn off counting stock.',
      });
    }
  });
export type VariationCreate = z.input<typeof VariationCreateSchema>;
export type VariationCreateInput = z.output<typeof VariationCreateSchema>;

/** `PUT /products/{id}/variations/{id}`: any subset; the rules are checked against the result. */
export const VariationUpdateSchema = z.object(variationFields).partial();
export type VariationUpdate = z.input<typeof VariationUpdateSchema>;
export type VariationUpdateInput = z.output<typeof VariationUpdateSchema>;

const productFields = {
  name: z
    .string()
    .trim()
    .min(1, 'Name the product.')
    .max(200, 'Keep the name under 200 characters.'),
  /** Lower-case words joined by hyphens; left out, it is made from the name (and made unique). */
  slug: z
    .string()
    .trim()
    .max(200)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case words joined by hyphens.'),
  type: ProductTypeSchema,
  status: ProductStatusSchema,
  featured: z.boolean(),
  catalog_visibility: CatalogVisibilitySchema,
  /** HTML, cleaned when it is shown. */
  description: text(20_000),
  short_description: text(5_000),
  sku: text(100).trim(),
  regular_price: PriceInputSchema,
  sale_price: PriceInputSchema,
  /** Ours: what an approved wholesale buyer pays for a simple product. */
  wholesale_price: PriceInputSchema,
  /** Ours (decision 0037): case size, minimum and quantity breaks for wholesale buyers. */
  wholesale: WholesaleRulesWriteSchema,
  manage_stock: z.boolean(),
  stock_quantity: z.number().int().min(0).max(MAX_STOCK_QUANTITY).nullable(),
  stock_status: StockStatusSchema,
  /** Sales tax: taxable, shipping (only its shipping is taxed) or none, and its class ('' standard). */
  tax_status: TaxStatusSchema,
  tax_class: ProductTaxClassSchema,
  weight: MeasureSchema,
  dimensions: z.object({ length: MeasureSchema, width: MeasureSchema, height: MeasureSchema }),
  reviews_allowed: z.boolean(),
  menu_order: z.number().int().min(-MAX_ID).max(MAX_ID),
  /** Category ids; each must exist. */
  categories: z.array(IdRefSchema).max(50),
  /** Media ids (see `POST /wp/v2/media`); the first is the main image. */
  images: z.array(IdRefSchema).max(30),
  attributes: z
    .array(ProductAttributeWriteSchema)
    .max(20)
    .refine(
      (attributes) => new Set(attributes.map((a) => a.name)).size === attributes.length,
      'Each attribute once.',
    ),
  food: FoodInfoSchema,
};

/** The state of a product the rules look at: after a PUT, the stored product with the change. */
export interface ProductRuleState {
  type: 'simple' | 'variable';
  status: 'draft' | 'pending' | 'private' | 'publish';
  regularCents: number | null;
  saleCents: number | null;
  wholesaleCents: number | null;
  /** The wholesale ordering rules the product will have; left out, none. */
  wholesale?: WholesaleRules;
  manageStock: boolean;
  stockQuantity: number | null;
  variationCount: number;
}

/**
 * The catalogue's rules for a whole product (the command line's catalogue file has the same):
 * a simple product has a regular price and a sale price below it; a variable product keeps its
 * prices on its variations, and is published only with at least one.
 */
export function productRuleIssues(product: ProductRuleState): PriceIssue[] {
  const issues: PriceIssue[] = [];
  if (product.type === 'simple') {
    if (product.regularCents === null)
      issues.push({ path: ['regular_price'], message: 'A simple product needs a regular price.' });
    issues.push(...salePriceIssues(product));
    if (product.wholesale)
      issues.push(...wholesaleRuleIssues(product.wholesale, product.wholesaleCents));
  } else {
    // Each size has its own wholesale price, so breaks (prices) belong on the variations.
    if (product.wholesale && product.wholesale.tiers.length > 0)
      issues.push({
        path: ['wholesale', 'tiers'],
        message:
          'A variable product keeps its quantity breaks on its variations: set them there, and leave these empty.',
      });
    for (const [field, cents] of [
      ['regular_price', product.regularCents],
      ['sale_price', product.saleCents],
      ['wholesale_price', product.wholesaleCents],
    ] as const) {
      if (cents !== null)
        issues.push({
          path: [field],
          message: 'A variable product keeps its prices on its variations: leave it empty.',
        });
    }
    if (product.status === 'publish' && product.variationCount === 0)
      issues.push({
        path: ['variations'],
        message:
          'A published variable product needs at least one variation: send them, or save it as a draft first.',
      });
  }
  if (product.manageStock && product.stockQuantity === null)
    issues.push({
      path: ['stock_quantity'],
      message: 'Say how many are in stock, or turn off counting stock.',
    });
  return issues;
}

/**
 * `POST /products`: name required, and a regular price for a simple product. Ours beyond
 * WooCommerce: `variations` creates a variable product's variations with it, in one transaction.
 */
export const ProductCreateSchema = z
  .object({
    ...productFields,
    slug: productFields.slug.optional(),
    type: productFields.type.default('simple'),
    status: productFields.status.default('publish'),
    featured: productFields.featured.default(false),
    catalog_visibility: productFields.catalog_visibility.default('visible'),
    description: productFields.description.default(''),
    short_description: productFields.short_description.default(''),
    sku: productFields.sku.default(''),
    regular_price: productFields.regular_price.default(''),
    sale_price: productFields.sale_price.default(''),
    wholesale_price: productFields.wholesale_price.default(''),
    wholesale: productFields.wholesale.default({ case_size: 1, min_quantity: 1, tiers: [] }),
    manage_stock: productFields.manage_stock.default(false),
    stock_quantity: productFields.stock_quantity.default(null),
    stock_status: productFields.stock_status.default('instock'),
    tax_status: productFields.tax_status.default('taxable'),
    tax_class: productFields.tax_class.default(''),
    weight: productFields.weight.default(''),
    dimensions: productFields.dimensions.default({ length: '', width: '', height: '' }),
    reviews_allowed: productFields.reviews_allowed.default(true),
    menu_order: productFields.menu_order.default(0),
    categories: productFields.categories.default([]),
    images: productFields.images.default([]),
    attributes: productFields.attributes.default([]),
    variations: z.array(VariationCreateSchema).max(100).default([]),
  })
  .superRefine((product, context) => {
    addIssues(
      context,
      productRuleIssues({
        type: product.type,
        status: product.status,
        regularCents: readableCents(product.regular_price),
        saleCents: readableCents(product.sale_price),
        wholesaleCents: readableCents(product.wholesale_price),
        wholesale: readableRules(product.wholesale) ?? { caseSize: 1, minQuantity: 1, tiers: [] },
        manageStock: product.manage_stock,
        stockQuantity: product.stock_quantity,
        variationCount: product.variations.length,
      }),
    );
    if (product.type === 'simple' && product.variations.length > 0)
      context.addIssue({
        code: 'custom',
        path: ['variations'],
        message: 'A simple product has no variations.',
      });
    const options = attributeOptions(product.attributes);
    product.variations.forEach((variation, index) =>
      addIssues(
        context,
        variationAttributeIssues(variation.attributes, options, ['variations', index]),
      ),
    );
  });
export type ProductCreate = z.input<typeof ProductCreateSchema>;
export type ProductCreateInput = z.output<typeof ProductCreateSchema>;

/** `PUT /products/{id}`: any subset; the rules are checked against the product it makes. */
export const ProductUpdateSchema = z.object(productFields).partial();
export type ProductUpdate = z.input<typeof ProductUpdateSchema>;
export type ProductUpdateInput = z.output<typeof ProductUpdateSchema>;

/** `DELETE /products/{id}` and its variations': WooCommerce's `force`. */
export const ForceDeleteQuerySchema = z.object({
  force: z
    .enum(['true', 'false', '1', '0'])
    .transform((value) => value === 'true' || value === '1')
    .default(false),
});
export type ForceDeleteQuery = z.output<typeof ForceDeleteQuerySchema>;
