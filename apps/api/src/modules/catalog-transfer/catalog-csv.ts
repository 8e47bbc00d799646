import { NutritionFactsSchema } from '@larder/contract';
import { parse } from 'csv-parse/sync';
import { csv } from '../../http/format.ts';
import {
  CatalogFileError,
  checkCatalog,
  type CatalogFile,
  type CatalogIssue,
  type Locate,
  type ParsedCatalog,
  type WholesaleRulesEntry,
} from './catalog-file.ts';

/**
 * The catalogue as a spreadsheet, after WooCommerce's product CSV: one row per product and one per
 * variation (`type` variation, `parent` naming its product's slug), every field a column, lists
 * joined with `|`, each attribute an `attribute:<name>` column (a product's options, a variation's
 * value). It reads into the same file the JSON format is, and is checked by the same schema.
 */

const NUTRITION = Object.keys(
  NutritionFactsSchema.shape,
) as (keyof CatalogFile['products'][number]['food']['nutrition'])[];
const NUTRITION_TEXT = new Set<string>(['serving_size', 'servings_per_container']);

const PRODUCT_COLUMNS = [
  'type',
  'parent',
  'slug',
  'sku',
  'name',
  'status',
  'featured',
  'catalog_visibility',
  'regular_price',
  'sale_price',
  'wholesale_price',
  /** Decision 0037's rules; on a variation all three empty means "as its product". */
  'wholesale_case_size',
  'wholesale_min_quantity',
  /** Quantity breaks as `quantity:price`, smallest first: `60:6.50|120:6.00`. */
  'wholesale_tiers',
  'manage_stock',
  'stock_quantity',
  'stock_status',
  'tax_status',
  /** `standard`, `reduced-rate` or `zero-rate`; on a variation also `parent` (empty: its product's). */
  'tax_class',
  'weight',
  'length',
  'width',
  'height',
  'reviews_allowed',
  'menu_order',
  'categories',
  'images',
  'short_description',
  'description',
  /** Attributes not shown on the product page (WooCommerce's "visible" unticked). */
  'hidden_attributes',
  /** Attributes that describe the product but do not choose a variation. */
  'non_variation_attributes',
  'ingredients',
  'allergens',
  'may_contain',
  'dietary_tags',
  ...NUTRITION,
] as const;

const WHOLESALE_COLUMNS = [
  'wholesale_case_size',
  'wholesale_min_quantity',
  'wholesale_tiers',
] as const;

/** A variation's rules of its own are filled in; without, its product's apply and the cells are empty. */
const wholesaleCells = (rules: WholesaleRulesEntry | null | undefined): Record<string, string> =>
  rules
    ? {
        wholesale_case_size: String(rules.case_size),
        wholesale_min_quantity: String(rules.min_quantity),
        wholesale_tiers: joinList(rules.tiers.map((tier) => `${tier.min_quantity}:${tier.price}`)),
      }
    : {};

/** The columns a variation row fills; every other one stays empty on it. */
const VARIATION_COLUMNS = new Set<string>([
  'type',
  'parent',
  'sku',
  'regular_price',
  'sale_price',
  'wholesale_price',
  ...WHOLESALE_COLUMNS,
  'stock_quantity',
  'stock_status',
  'tax_class',
  'weight',
  'menu_order',
]);

// The standard class is '' in the API; the sheet spells it out, so an empty cell can mean "unset".
const taxClassCell = (taxClass: string) => (taxClass === '' ? 'standard' : taxClass);
const readTaxClass = (cell: string) => ({
  value: cell.trim() === 'standard' ? '' : cell.trim(),
});

const ATTRIBUTE = 'attribute:';

// `|` separates list items; an item holding `|` or `\` has it escaped with `\`.
const joinList = (items: string[]) =>
  items.map((item) => item.replace(/[\\|]/g, (char) => `\\${char}`)).join('|');

function splitList(cell: string): string[] {
  const items: string[] = [];
  let current = '';
  for (let index = 0; index < cell.length; index++) {
    const char = cell[index]!;
    if (char === '\\' && index + 1 < cell.length) current += cell[++index];
    else if (char === '|') {
      items.push(current);
      current = '';
    } else current += char;
  }
  items.push(current);
  return items.map((item) => item.trim()).filter((item) => item !== '');
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/**
 * Attribute columns in an order that keeps each product's own order of its attributes: a name not
 * seen yet goes right after the product's previous attribute.
 */
function attributeColumns(file: CatalogFile): string[] {
  const order: string[] = [];
  for (const product of file.products) {
    let previous = -1;
    for (const { name } of product.attributes) {
      let at = order.indexOf(name);
      if (at === -1) {
        at = previous + 1;
        order.splice(at, 0, name);
      }
      previous = at;
    }
  }
  return order;
}

export function catalogToCsv(file: CatalogFile): string {
  const attributes = attributeColumns(file);
  const headers = [...PRODUCT_COLUMNS, ...attributes.map((name) => `${ATTRIBUTE}${name}`)];
  const rows: string[][] = [];
  for (const product of file.products) {
    const options = new Map(product.attributes.map((a) => [a.name, a.options]));
    const cells: Record<string, string> = {
      type: product.type,
      parent: '',
      slug: product.slug,
      sku: product.sku,
      name: product.name,
      status: product.status,
      featured: yesNo(product.featured),
      catalog_visibility: product.catalog_visibility,
      regular_price: product.regular_price,
      sale_price: product.sale_price,
      wholesale_price: product.wholesale_price,
      ...wholesaleCells(product.wholesale),
      manage_stock: yesNo(product.manage_stock),
      stock_quantity: product.stock_quantity === null ? '' : String(product.stock_quantity),
      stock_status: product.stock_status,
      tax_status: product.tax_status,
      tax_class: taxClassCell(product.tax_class),
      weight: product.weight,
      ...product.dimensions,
      reviews_allowed: yesNo(product.reviews_allowed),
      menu_order: String(product.menu_order),
      categories: joinList(product.categories),
      images: joinList(product.images),
      short_description: product.short_description,
      description: product.description,
      hidden_attributes: joinList(product.attributes.filter((a) => !a.visible).map((a) => a.name)),
      non_variation_attributes: joinList(
        product.attributes.filter((a) => !a.variation).map((a) => a.name),
      ),
      ingredients: product.food.ingredients,
      allergens: joinList(product.food.allergens),
      may_contain: joinList(product.food.may_contain),
      dietary_tags: joinList(product.food.dietary_tags),
      ...Object.fromEntries(NUTRITION.map((key) => [key, String(product.food.nutrition[key])])),
    };
    rows.push([
      ...PRODUCT_COLUMNS.map((column) => cells[column] ?? ''),
      ...attributes.map((name) => joinList(options.get(name) ?? [])),
    ]);
    for (const variation of product.variations) {
      const values: Record<string, string> = {
        type: 'variation',
        parent: product.slug,
        sku: variation.sku,
        regular_price: variation.regular_price,
        sale_price: variation.sale_price,
        wholesale_price: variation.wholesale_price,
        ...wholesaleCells(variation.wholesale),
        stock_quantity: variation.stock_quantity === null ? '' : String(variation.stock_quantity),
        stock_status: variation.stock_status,
        tax_class: taxClassCell(variation.tax_class),
        weight: variation.weight,
        menu_order: String(variation.menu_order),
      };
      rows.push([
        ...PRODUCT_COLUMNS.map((column) => values[column] ?? ''),
        ...attributes.map((name) => variation.attributes[name] ?? ''),
      ]);
    }
  }
  return csv(headers, rows);
}

/** Undoes the writer's formula guard (csvCell): `'=SUM(…)` was `=SUM(…)`. */
const unguard = (cell: string) => (/^'+[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/** A value read from a cell, or a problem with it. */
type Read<T> = { value: T } | { problem: string };

const readBoolean = (cell: string): Read<boolean> => {
  const word = cell.trim().toLowerCase();
  if (['yes', 'true', '1'].includes(word)) return { value: true };
  if (['no', 'false', '0'].includes(word)) return { value: false };
  return { problem: `"${cell}" is not yes or no` };
};

const readInteger = (cell: string): Read<number> =>
  /^\s*-?\d{1,9}\s*$/.test(cell)
    ? { value: Number(cell) }
    : { problem: `"${cell}" is not a whole number` };

const readNumber = (cell: string): Read<number> =>
  /^\s*-?\d{1,9}(\.\d+)?\s*$/.test(cell)
    ? { value: Number(cell) }
    : { problem: `"${cell}" is not a number` };

/** A break written `quantity:price` (`60:6.50`); the price is checked with the others. */
const readTiers = (cell: string): Read<{ min_quantity: number; price: string }[]> => {
  const tiers = [];
  for (const item of splitList(cell)) {
    const match = /^(\d{1,9})\s*:\s*(\S+)$/.exec(item);
    if (!match) return { problem: `"${item}" is not a break: write quantity:price, as 60:6.50` };
    tiers.push({ min_quantity: Number(match[1]), price: match[2]! });
  }
  return { value: tiers };
};

interface Row {
  /** The spreadsheet's row number: the header is row 1. */
  number: number;
  cell(column: string): string;
}

/** Reads catalogue CSV text into the checked file; every problem names its row and column. */
export function parseCatalogCsv(text: string): ParsedCatalog {
  let records: string[][];
  try {
    records = parse(text.replace(/^\uFEFF/, ''), {
      relax_column_count: true,
      skip_empty_lines: true,
    }) as string[][];
  } catch (error) {
    throw new CatalogFileError([
      { where: 'file', message: `is not valid CSV: ${(error as Error).message}` },
    ]);
  }
  const [header, ...body] = records;
  if (!header) throw new CatalogFileError([{ where: 'file', message: 'has no header row' }]);

  const issues: CatalogIssue[] = [];
  const columns = new Map<string, number>();
  const attributeNames: string[] = [];
  header.forEach((rawName, index) => {
    const name = rawName.trim();
    const where = `row 1, column ${index + 1} "${name}"`;
    if (columns.has(name)) issues.push({ where, message: 'appears twice' });
    else if (name.startsWith(ATTRIBUTE) && name.length > ATTRIBUTE.length) {
      attributeNames.push(name.slice(ATTRIBUTE.length));
    } else if (!(PRODUCT_COLUMNS as readonly string[]).includes(name)) {
      issues.push({ where, message: 'is not a column of the catalog CSV' });
    }
    columns.set(name, index);
  });
  if (!columns.has('type')) issues.push({ where: 'row 1', message: 'needs a "type" column' });
  if (issues.length > 0) throw new CatalogFileError(issues);

  const rows: Row[] = body.map((record, index) => ({
    number: index + 2,
    cell: (column) => {
      const at = columns.get(column);
      return at === undefined ? '' : unguard(record[at] ?? '');
    },
  }));

  interface RawProduct extends Record<string, unknown> {
    attributes: { name: string; options: string[]; visible: boolean; variation: boolean }[];
    variations: Record<string, unknown>[];
  }
  const raw: RawProduct[] = [];
  const productRows: Row[] = [];
  const variationRows: Row[][] = [];
  const bySlug = new Map<string, { index: number; type: string }>();
  const slugAt = (row: Row) => row.cell('slug').trim() || row.cell('parent').trim();
  const where = (row: Row, column?: string) => {
    const slug = slugAt(row);
    return `row ${row.number}${column ? `, ${column}` : ''}${slug ? ` (${slug})` : ''}`;
  };

  // A sheet without the rule columns (exported before they existed) leaves the rules as they are.
  const hasRules = WHOLESALE_COLUMNS.some((column) => columns.has(column));
  /**
   * A row's rules: an empty case size or minimum is 1, empty breaks none. A variation row with all
   * three empty sells by its product's rules (null).
   */
  function takeRules(row: Row, target: Record<string, unknown>, variation: boolean) {
    if (!hasRules) return;
    if (variation && WHOLESALE_COLUMNS.every((column) => row.cell(column).trim() === '')) {
      target.wholesale = null;
      return;
    }
    const rules: Record<string, unknown> = {};
    take(row, rules, 'wholesale_case_size', readInteger, 'case_size');
    take(row, rules, 'wholesale_min_quantity', readInteger, 'min_quantity');
    take(row, rules, 'wholesale_tiers', readTiers, 'tiers');
    target.wholesale = rules;
  }

  /** Sets `target[key]` from a cell: left out when empty (the schema's default), else read. */
  function take<T>(
    row: Row,
    target: Record<string, unknown>,
    column: string,
    read: (cell: string) => Read<T>,
    key = column,
  ) {
    const cell = row.cell(column);
    if (cell.trim() === '') return;
    const result = read(cell);
    if ('problem' in result) issues.push({ where: where(row, column), message: result.problem });
    else target[key] = result.value;
  }

  for (const row of rows) {
    const type = row.cell('type').trim();
    if (type === 'variation') continue;
    if (type !== 'simple' && type !== 'variable') {
      issues.push({
        where: where(row, 'type'),
        message: `"${type}" is not simple, variable or variation`,
      });
      continue;
    }
    if (row.cell('parent').trim() !== '') {
      issues.push({ where: where(row, 'parent'), message: 'only a variation row names a parent' });
    }
    const product: RawProduct = {
      type,
      slug: row.cell('slug').trim(),
      attributes: [],
      variations: [],
    };
    for (const column of ['name', 'sku', 'description', 'short_description', 'weight']) {
      product[column] = row.cell(column);
    }
    for (const column of ['regular_price', 'sale_price', 'wholesale_price']) {
      product[column] = row.cell(column).trim();
    }
    takeRules(row, product, false);
    for (const column of ['status', 'catalog_visibility', 'stock_status', 'tax_status']) {
      take(row, product, column, (cell) => ({ value: cell.trim() }));
    }
    take(row, product, 'tax_class', readTaxClass);
    for (const column of ['featured', 'manage_stock', 'reviews_allowed'])
      take(row, product, column, readBoolean);
    take(row, product, 'menu_order', readInteger);
    product.stock_quantity = null;
    take(row, product, 'stock_quantity', readInteger);
    product.dimensions = {
      length: row.cell('length'),
      width: row.cell('width'),
      height: row.cell('height'),
    };
    product.categories = splitList(row.cell('categories'));
    product.images = splitList(row.cell('images'));

    const hidden = new Set(splitList(row.cell('hidden_attributes')));
    const notForVariations = new Set(splitList(row.cell('non_variation_attributes')));
    for (const name of attributeNames) {
      const options = splitList(row.cell(`${ATTRIBUTE}${name}`));
      if (options.length === 0) continue;
      product.attributes.push({
        name,
        options,
        visible: !hidden.has(name),
        variation: !notForVariations.has(name),
      });
    }
    const named = new Set(product.attributes.map((attribute) => attribute.name));
    for (const [column, names] of [
      ['hidden_attributes', hidden],
      ['non_variation_attributes', notForVariations],
    ] as const) {
      for (const name of names) {
        if (!named.has(name)) {
          issues.push({
            where: where(row, column),
            message: `"${name}" has no options in an attribute:${name} column on this row`,
          });
        }
      }
    }

    const nutrition: Record<string, unknown> = {};
    for (const key of NUTRITION) {
      if (NUTRITION_TEXT.has(key)) nutrition[key] = row.cell(key);
      else if (row.cell(key).trim() === '') {
        issues.push({ where: where(row, key), message: 'needs a number' });
      } else take(row, nutrition, key, readNumber);
    }
    product.food = {
      ingredients: row.cell('ingredients'),
      allergens: splitList(row.cell('allergens')),
      may_contain: splitList(row.cell('may_contain')),
      dietary_tags: splitList(row.cell('dietary_tags')),
      nutrition,
    };

    const slug = row.cell('slug').trim();
    if (slug && !bySlug.has(slug)) bySlug.set(slug, { index: raw.length, type });
    raw.push(product);
    productRows.push(row);
    variationRows.push([]);
  }

  for (const row of rows) {
    if (row.cell('type').trim() !== 'variation') continue;
    const parentSlug = row.cell('parent').trim();
    const parent = bySlug.get(parentSlug);
    if (!parent) {
      issues.push({
        where: where(row, 'parent'),
        message: parentSlug
          ? `there is no product "${parentSlug}" in the file`
          : 'a variation row names its product’s slug',
      });
      continue;
    }
    if (parent.type !== 'variable') {
      issues.push({
        where: where(row, 'parent'),
        message: `"${parentSlug}" is a simple product, which has no variations`,
      });
      continue;
    }
    for (const column of columns.keys()) {
      if (!VARIATION_COLUMNS.has(column) && !column.startsWith(ATTRIBUTE) && row.cell(column)) {
        issues.push({
          where: where(row, column),
          message: 'is not used on a variation row: leave it empty',
        });
      }
    }
    const variation: Record<string, unknown> = {
      sku: row.cell('sku'),
      regular_price: row.cell('regular_price').trim(),
      sale_price: row.cell('sale_price').trim(),
      wholesale_price: row.cell('wholesale_price').trim(),
      weight: row.cell('weight'),
      stock_quantity: null,
      attributes: Object.fromEntries(
        attributeNames
          .map((name): [string, string] => [name, row.cell(`${ATTRIBUTE}${name}`).trim()])
          .filter(([, value]) => value !== ''),
      ),
    };
    takeRules(row, variation, true);
    take(row, variation, 'stock_quantity', readInteger);
    take(row, variation, 'stock_status', (cell) => ({ value: cell.trim() }));
    take(row, variation, 'tax_class', readTaxClass);
    take(row, variation, 'menu_order', readInteger);
    raw[parent.index]!.variations.push(variation);
    variationRows[parent.index]!.push(row);
  }

  // `wholesale.tiers.0.price` is in the one wholesale_tiers cell.
  const ruleColumn = ([field, key]: string[]) =>
    field === 'wholesale'
      ? key === 'case_size' || key === 'min_quantity'
        ? `wholesale_${key}`
        : 'wholesale_tiers'
      : field;
  const locate: Locate = (path) => {
    if (path[0] !== 'products' || typeof path[1] !== 'number') return 'file';
    const index = path[1];
    const [field, ...rest] = path.slice(2).map(String);
    if (field === 'variations' && rest[0] !== undefined) {
      const row = variationRows[index]?.[Number(rest[0])];
      if (!row) return where(productRows[index]!, 'variations');
      const column =
        rest[1] === 'attributes' && rest[2] ? `${ATTRIBUTE}${rest[2]}` : ruleColumn(rest.slice(1));
      return where(row, column);
    }
    const row = productRows[index];
    if (!row) return 'file';
    if (field === 'attributes' && rest[0] !== undefined) {
      const name = raw[index]?.attributes[Number(rest[0])]?.name;
      return where(row, name ? `${ATTRIBUTE}${name}` : 'attributes');
    }
    if (field === 'dimensions' || field === 'food') {
      return where(row, rest.find((part) => !/^\d+$/.test(part) && part !== 'nutrition') ?? field);
    }
    return where(row, ruleColumn([field!, ...rest]));
  };
  const file = checkCatalog(
    { format: 'larder-catalog', version: 1, products: raw },
    locate,
    issues,
  );
  return { file, locate };
}

/** The whole file in text: JSON as the command line writes it, or the CSV above. */
export const catalogFormats = {
  json: { extension: 'json', contentType: 'application/json; charset=utf-8' },
  csv: { extension: 'csv', contentType: 'text/csv; charset=utf-8' },
} as const;
export type CatalogFormat = keyof typeof catalogFormats;
