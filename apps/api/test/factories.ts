import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FoodInfo, Order, OrderCreate } from '@larder/contract';
import {
  parseCatalogJson,
  type CatalogFile,
} from '../src/modules/catalog-transfer/catalog-file.ts';
import { importCatalog } from '../src/modules/catalog-transfer/catalog-transfer.service.ts';
import type { Database } from '../src/db/client.ts';
import type { Email } from '../src/modules/mail/email.ts';
import { productCategories, products, productVariations } from '../src/db/schema.ts';
import { payOrder, placeOrderAs, signedInCustomer, type Session } from './sessions.ts';
import type { TestApp } from './test-app.ts';

type ProductEntry = CatalogFile['products'][number];
type VariationEntry = ProductEntry['variations'][number];

let counter = 0;
/** A product's total sales as the database counts them. */
export const totalSalesOf = async (t: TestApp, productId: number): Promise<number> =>
  (
    await t.database.db
      .select({ sold: products.totalSales })
      .from(products)
      .where(eq(products.id, productId))
  )[0]!.sold;

/** 1 → "a", 27 → "aa": a suffix without digits, so it never meets a count a test asserts on. */
const letters = (n: number): string =>
  (n > 26 ? letters(Math.floor((n - 1) / 26)) : '') + String.fromCharCode(97 + ((n - 1) % 26));
/**
 * A name no other test data in this database has (each test file has its own database and module
 * instance); kept short so mail headers quoting it stay on one line.
 */
export const uniqueName = (base: string) => `${base} ${letters(++counter)}`;
const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const plainFood: FoodInfo = {
  ingredients: 'Rolled oats, honey.',
  allergens: [],
  may_contain: [],
  dietary_tags: [],
  nutrition: {
    serving_size: '1/2 cup (45g)',
    servings_per_container: '8',
    calories: 200,
    total_fat_g: 7,
    saturated_fat_g: 1,
    trans_fat_g: 0,
    cholesterol_mg: 0,
    sodium_mg: 40,
    total_carbohydrate_g: 30,
    dietary_fiber_g: 4,
    total_sugars_g: 9,
    added_sugars_g: 7,
    protein_g: 5,
  },
};

/** Prices as the owner types them in the catalogue file ("12.50"), or "" for none. */
export interface SimpleProductOverrides {
  name?: string;
  /** Replaces parts of the plain food data (ingredients "Rolled oats, honey.", no allergens, no tags). */
  food?: Partial<FoodInfo>;
  regular_price?: string;
  sale_price?: string;
  wholesale_price?: string;
  /** A counted stock; leave out for a product whose stock is not counted. */
  stock_quantity?: number;
  stock_status?: ProductEntry['stock_status'];
  status?: ProductEntry['status'];
  catalog_visibility?: ProductEntry['catalog_visibility'];
  featured?: boolean;
  reviews_allowed?: boolean;
  /** Category slugs; each must exist (see createCategory). */
  categories?: string[];
  sku?: string;
  weight?: string;
  short_description?: string;
  description?: string;
}

export interface CreatedProduct {
  id: number;
  slug: string;
  name: string;
}

/**
 * Imports the entries as a catalogue file through the owner's import path, so the
 * factories get the same validation and denormalised sort price as a real catalogue.
 */
async function importEntries(t: TestApp, entries: unknown[]): Promise<void> {
  const text = JSON.stringify({ format: 'larder-catalog', version: 1, products: entries });
  await importCatalog(t.database.db, parseCatalogJson(text), {
    dryRun: false,
    uploads: t.app.uploads,
  });
}

const idOf = async (db: Database, slug: string) =>
  (await db.select({ id: products.id }).from(products).where(eq(products.slug, slug)))[0]!.id;

/** A simple product at $12.00 by default, stock not counted, published, with a unique name. */
export async function createProduct(
  t: TestApp,
  overrides: SimpleProductOverrides = {},
): Promise<CreatedProduct> {
  const { stock_quantity, food, ...rest } = overrides;
  const name = overrides.name ?? uniqueName('Test Granola');
  const slug = slugOf(uniqueName(name));
  await importEntries(t, [
    {
      slug,
      type: 'simple',
      regular_price: '12.00',
      ...rest,
      name,
      sku: overrides.sku ?? `T-${slug}`.toUpperCase().slice(0, 60),
      manage_stock: stock_quantity !== undefined,
      stock_quantity: stock_quantity ?? null,
      food: { ...plainFood, ...food },
    },
  ]);
  return { id: await idOf(t.database.db, slug), slug, name };
}

export interface VariationOverrides {
  /** The variation's option of the product's one attribute, "Size". */
  size?: string;
  /** Instead of `size`: the variation's option of each of several attributes, e.g. Flavour and Size. */
  attributes?: Record<string, string>;
  regular_price?: string;
  sale_price?: string;
  wholesale_price?: string;
  stock_quantity?: number;
  stock_status?: VariationEntry['stock_status'];
  weight?: string;
}

export interface CreatedVariableProduct extends CreatedProduct {
  /** In the order given (the variations' menu order). */
  variations: { id: number; sku: string; size: string; attributes: Record<string, string> }[];
}

/** The product's attributes from its variations': names and options in the order first met. */
const attributesOf = (variations: Record<string, string>[]) => {
  const options = new Map<string, string[]>();
  for (const attributes of variations) {
    for (const [name, value] of Object.entries(attributes)) {
      const known = options.get(name) ?? [];
      if (!known.includes(value)) known.push(value);
      options.set(name, known);
    }
  }
  return [...options].map(([name, values]) => ({ name, options: values }));
};

/**
 * A variable product with one attribute, "Size", and one variation per entry (by default two:
 * 12 oz at $12.00, 24 oz at $20.00).
 */
export async function createVariableProduct(
  t: TestApp,
  overrides: Omit<SimpleProductOverrides, 'regular_price' | 'sale_price' | 'wholesale_price'> & {
    variations?: VariationOverrides[];
  } = {},
): Promise<CreatedVariableProduct> {
  const { variations: variationOverrides, stock_quantity, ...rest } = overrides;
  const name = overrides.name ?? uniqueName('Test Variable Granola');
  const slug = slugOf(uniqueName(name));
  const given = variationOverrides ?? [
    { size: '12 oz', regular_price: '12.00' },
    { size: '24 oz', regular_price: '20.00' },
  ];
  const variations = given.map(({ size, attributes, ...variation }, index) => ({
    sku: `T-${slug}-${index + 1}`.toUpperCase(),
    attributes: attributes ?? { Size: size ?? `Size ${index + 1}` },
    regular_price: '12.00',
    ...variation,
    stock_quantity: variation.stock_quantity ?? null,
    menu_order: index,
  }));
  await importEntries(t, [
    {
      slug,
      type: 'variable',
      ...rest,
      name,
      manage_stock: stock_quantity !== undefined,
      stock_quantity: stock_quantity ?? null,
      attributes: attributesOf(variations.map((v) => v.attributes)),
      variations,
      food: plainFood,
    },
  ]);
  const id = await idOf(t.database.db, slug);
  const rows = await t.database.db
    .select({ id: productVariations.id, sku: productVariations.sku })
    .from(productVariations)
    .where(eq(productVariations.productId, id));
  const idBySku = new Map(rows.map((row) => [row.sku, row.id]));
  return {
    id,
    slug,
    name,
    variations: variations.map((v) => ({
      id: idBySku.get(v.sku)!,
      sku: v.sku,
      size: v.attributes.Size ?? '',
      attributes: v.attributes,
    })),
  };
}

/** A product category with a unique name; the catalogue file can only name existing ones. */
export async function createCategory(t: TestApp, overrides: { name?: string } = {}) {
  const name = overrides.name ?? uniqueName('Test Category');
  const [row] = await t.database.db
    .insert(productCategories)
    .values({ name, slug: slugOf(name), description: '', menuOrder: 0 })
    .returning({ id: productCategories.id, slug: productCategories.slug });
  return { ...row!, name };
}

/** A retail customer signed up and signed in through the real routes. */
export const createCustomer = (t: TestApp, options: { name?: string } = {}): Promise<Session> =>
  signedInCustomer(t.app, t.database.db, { name: options.name });

/** A wholesale buyer the owner has approved, signed in. */
export const createWholesaleBuyer = (
  t: TestApp,
  options: { name?: string } = {},
): Promise<Session> =>
  signedInCustomer(t.app, t.database.db, { role: 'wholesale_customer', name: options.name });

/**
 * An order placed through the real rates and order routes (as the given session, or a guest),
 * paid with the test provider's card when `paid` is set.
 */
export async function createOrder(
  app: FastifyInstance,
  lines: OrderCreate['line_items'],
  options: { as?: Session | null; paid?: boolean } = {},
): Promise<Order> {
  const session = options.as ?? null;
  const order = await placeOrderAs(app, session, lines);
  if (!options.paid) return order;
  await payOrder(app, session, order);
  return order;
}

/** The smallest file the shop takes as a PDF certificate (judged by its first bytes). */
export const CERTIFICATE_PDF = Buffer.from(
  '%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n',
);

/**
 * A pending wholesale application by a signed-in customer, sent through the real multipart route;
 * returns its id.
 */
export async function createWholesaleApplication(
  app: FastifyInstance,
  applicant: Session,
  overrides: { business_name?: string; contact_name?: string } = {},
): Promise<number> {
  const fields: Record<string, string> = {
    business_name: overrides.business_name ?? uniqueName('Corner Pantry'),
    contact_name: overrides.contact_name ?? 'Dana Whitfield',
    email: applicant.email,
    phone: '+1 919 555 0100',
    'address[address_1]': '12 Market Street',
    'address[city]': 'Durham',
    'address[state]': 'NC',
    'address[postcode]': '27701',
    'address[country]': 'US',
    tax_id: 'NC-RESALE-448812',
    sales_channels: 'Our deli counter and a weekend market stall.',
    monthly_volume: '50-200',
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(
    'certificate',
    new Blob([CERTIFICATE_PDF], { type: 'application/pdf' }),
    'resale-certificate.pdf',
  );
  const res = await app.inject({
    method: 'POST',
    url: '/wp-json/wc/v3/wholesale-registration/',
    payload: form,
    headers: applicant.bearer,
  });
  if (res.statusCode !== 201)
    throw new Error(`wholesale application: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number }>().id;
}

/** An e-mail as the mail module takes it, to Ada Baker; `extra` sets attachments, a reply-to… */
export const anEmail = (subject: string, extra: Partial<Email> = {}): Email => ({
  to: { name: 'Ada Baker', address: 'ada@example.com' },
  subject,
  preview: 'A line for the inbox',
  heading: subject,
  blocks: [{ kind: 'paragraph', text: 'Something worth knowing.' }],
  ...extra,
});
