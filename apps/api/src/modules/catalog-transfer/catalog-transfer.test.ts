import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ActivityEntrySchema,
  ApiErrorSchema,
  apiPaths,
  CatalogImportResultSchema,
  type Product,
  ownerApiPaths,
} from '@larder/contract';
import { createCategory } from '../../../test/factories.ts';
import { signedInCustomer, type Session } from '../../../test/sessions.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { csv } from '../../http/format.ts';
import { CatalogFileSchema } from './catalog-file.ts';

let t: TestApp;
let owner: Session;
let customer: Session;

// The app's clock stands still at the start of the run (the file is named after its day); a real
// moment, since sessions are checked against the real clock too.
const startedAt = new Date();
const day = startedAt.toISOString().slice(0, 10);

beforeAll(async () => {
  t = await buildTestApp({ now: () => startedAt });
  owner = await signedInCustomer(t.app, t.database.db, { name: 'owner', role: 'administrator' });
  customer = await signedInCustomer(t.app, t.database.db);
});
afterAll(() => t.close());

type Format = 'json' | 'csv';

const exportAs = async (format: Format) => {
  const res = await t.app.inject({
    url: `${ownerApiPaths.catalogExport}?format=${format}`,
    headers: owner.bearer,
  });
  expect(res.statusCode).toBe(200);
  return res;
};

const importFile = (
  body: string,
  format: Format,
  dryRun: boolean,
  headers: Record<string, string> = owner.bearer,
) =>
  t.app.inject({
    method: 'POST',
    url: `${ownerApiPaths.catalogImport}?format=${format}&dry_run=${dryRun}`,
    headers: { ...headers, 'content-type': format === 'csv' ? 'text/csv' : 'application/json' },
    payload: body,
  });

const result = (res: { json(): unknown }) => CatalogImportResultSchema.parse(res.json());

const problems = (res: { statusCode: number; json(): unknown }) => {
  expect(res.statusCode).toBe(400);
  const error = ApiErrorSchema.parse(res.json());
  expect(error.code).toBe('larder_invalid_catalog');
  return error.data.params ?? {};
};

/** The CSV as rows of cells (header first), to change a cell as a spreadsheet would. */
const table = (text: string) => parse(text) as string[][];
const writeTable = ([header, ...rows]: string[][]) => csv(header!, rows);
const setCell = (rows: string[][], rowIndex: number, column: string, value: string) => {
  rows[rowIndex]![rows[0]!.indexOf(column)] = value;
};
const rowOf = (rows: string[][], slug: string) => rows.findIndex((row) => row[2] === slug);

const shownProduct = async (slug: string) =>
  (await t.app.inject({ url: `${apiPaths.products}?slug=${slug}` })).json<Product[]>()[0]!;

const catalogEntries = async () =>
  z.array(ActivityEntrySchema).parse(
    (
      await t.app.inject({
        url: `${apiPaths.activityLog}?subject_type=catalog&per_page=100`,
        headers: owner.bearer,
      })
    ).json(),
  );

describe('GET /larder/v1/catalog/export', () => {
  it('downloads the command line’s JSON file, named after the day', async () => {
    const res = await exportAs('json');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="catalogue-${day}.json"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const file = CatalogFileSchema.parse(res.json());
    expect(file.products.length).toBeGreaterThan(3);
  });

  it('downloads CSV: a row per product and per variation, attributes as attribute: columns', async () => {
    const file = CatalogFileSchema.parse((await exportAs('json')).json());
    const res = await exportAs('csv');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="catalogue-${day}.csv"`);
    const rows = table(res.body);
    const [header] = rows;
    expect(header!.slice(0, 5)).toEqual(['type', 'parent', 'slug', 'sku', 'name']);
    expect(header).toEqual(
      expect.arrayContaining(['ingredients', 'allergens', 'dietary_tags', 'calories']),
    );
    const variations = file.products.reduce((sum, product) => sum + product.variations.length, 0);
    expect(rows.length - 1).toBe(file.products.length + variations);

    const variable = file.products.find((product) => product.type === 'variable')!;
    const attribute = variable.attributes[0]!;
    const at = rowOf(rows, variable.slug);
    const column = header!.indexOf(`attribute:${attribute.name}`);
    expect(rows[at]![column]).toBe(attribute.options.join('|'));
    expect(rows[at + 1]!.slice(0, 4)).toEqual([
      'variation',
      variable.slug,
      '',
      variable.variations[0]!.sku,
    ]);
    expect(rows[at + 1]![column]).toBe(variable.variations[0]!.attributes[attribute.name]);
  });

  it('is for owners only: 401 for a guest, 403 for a customer', async () => {
    const guest = await t.app.inject({ url: ownerApiPaths.catalogExport });
    expect(guest.statusCode).toBe(401);
    const shopper = await t.app.inject({
      url: ownerApiPaths.catalogExport,
      headers: customer.bearer,
    });
    expect(shopper.statusCode).toBe(403);
    expect(ApiErrorSchema.parse(shopper.json()).code).toBe('woocommerce_rest_cannot_view');
  });
});

describe('POST /larder/v1/catalog/import', () => {
  it.each(['csv', 'json'] as const)(
    'round-trips %s: export, import, export again is identical and nothing is written',
    async (format) => {
      const first = (await exportAs(format)).body;
      const before = await catalogEntries();
      const res = await importFile(first, format, false);
      expect(res.statusCode).toBe(200);
      const summary = result(res);
      expect(summary).toMatchObject({ dry_run: false, created: 0, updated: 0 });
      expect(summary.unchanged).toBe(summary.products.length);
      expect((await exportAs(format)).body).toBe(first);
      const after = await catalogEntries();
      expect(after).toHaveLength(before.length + 1);
      expect(after[0]!.summary).toBe(
        `Catalog imported from ${format.toUpperCase()}: 0 created, 0 updated, ${summary.unchanged} unchanged`,
      );
    },
  );

  it('applies a price changed in the CSV at once (read cache too), and logs who imported it', async () => {
    const rows = table((await exportAs('csv')).body);
    const at = rows.findIndex((row) => row[0] === 'simple');
    const slug = rows[at]![2]!;
    // Read once, so the catalogue read is cached before the import.
    expect((await shownProduct(slug)).regular_price).not.toBe('31.40');
    setCell(rows, at, 'regular_price', '31.4');
    setCell(rows, at, 'sale_price', '');

    const res = await importFile(writeTable(rows), 'csv', false);
    expect(res.statusCode).toBe(200);
    const summary = result(res);
    expect(summary).toMatchObject({ created: 0, updated: 1 });
    expect(summary.products.find((entry) => entry.change === 'updated')?.slug).toBe(slug);

    expect(await shownProduct(slug)).toMatchObject({ regular_price: '31.40', price: '31.40' });
    const [entry] = await catalogEntries();
    expect(entry).toMatchObject({
      actor_id: owner.id,
      action: 'catalog.imported',
      summary: expect.stringContaining('0 created, 1 updated'),
    });
  });

  it('carries a product’s tax status and class, and a variation’s own class, through the CSV', async () => {
    const rows = table((await exportAs('csv')).body);
    const classColumn = rows[0]!.indexOf('tax_class');
    const at = rows.findIndex((row) => row[0] === 'simple');
    const slug = rows[at]![2]!;
    const v = rows.findIndex((row) => row[0] === 'variation');
    const [parentSlug, sku] = [rows[v]![1]!, rows[v]![3]!];
    expect(rows[v]![classColumn]).toBe('parent');
    setCell(rows, at, 'tax_status', 'shipping');
    setCell(rows, at, 'tax_class', 'zero-rate');
    setCell(rows, v, 'tax_class', 'standard');

    expect((await importFile(writeTable(rows), 'csv', false)).statusCode).toBe(200);
    expect(await shownProduct(slug)).toMatchObject({
      tax_status: 'shipping',
      tax_class: 'zero-rate',
    });
    const variation = (await shownProduct(parentSlug)).variations.find(
      (entry) => entry.sku === sku,
    );
    // Standard is '' in the API, spelled out in the sheet so that an empty cell means "its product's".
    expect(variation?.tax_class).toBe('');
    const again = table((await exportAs('csv')).body);
    expect(again[again.findIndex((row) => row[3] === sku)]![classColumn]).toBe('standard');
  });

  it('a dry run says what would change and writes nothing', async () => {
    const file = CatalogFileSchema.parse((await exportAs('json')).json());
    const before = (await exportAs('json')).body;
    const logged = (await catalogEntries()).length;
    const simple = file.products.find((product) => product.type === 'simple')!;
    simple.regular_price = '77.00';
    simple.sale_price = '';
    file.products.push({ ...structuredClone(simple), slug: 'dry-run-granola', sku: 'DRY-1' });

    const res = await importFile(JSON.stringify(file), 'json', true);
    expect(res.statusCode).toBe(200);
    const summary = result(res);
    expect(summary).toMatchObject({ dry_run: true, created: 1, updated: 1 });
    expect(summary.products).toContainEqual({
      slug: 'dry-run-granola',
      name: simple.name,
      change: 'created',
    });
    expect((await exportAs('json')).body).toBe(before);
    expect(await catalogEntries()).toHaveLength(logged);
  });

  it('creates a variable product with its variations from CSV rows', async () => {
    const category = await createCategory(t);
    const rows = table((await exportAs('csv')).body);
    const [header] = rows;
    const template = rows.find((row) => row[0] === 'simple')!;
    const product = [...template];
    const cell = (row: string[], column: string, value: string) => {
      const index = header!.indexOf(column);
      if (index === -1) header!.push(column);
      row[index === -1 ? header!.length - 1 : index] = value;
    };
    for (const [column, value] of Object.entries({
      type: 'variable',
      slug: 'trail-mix-duo',
      sku: '',
      name: 'Trail Mix Duo',
      regular_price: '',
      sale_price: '',
      wholesale_price: '',
      // A variable product's breaks belong on its variations (decision 0037).
      wholesale_tiers: '',
      categories: category.slug,
      images: '',
      hidden_attributes: '',
      non_variation_attributes: '',
      'attribute:Pack': 'Small | Large',
    })) {
      cell(product, column, value);
    }
    const variation = (sku: string, pack: string, price: string) => {
      const row = header!.map(() => '');
      for (const [column, value] of Object.entries({
        type: 'variation',
        parent: 'trail-mix-duo',
        sku,
        regular_price: price,
        'attribute:Pack': pack,
      })) {
        cell(row, column, value);
      }
      return row;
    };
    const body = writeTable([
      header!,
      product,
      variation('TMD-S', 'Small', '6'),
      variation('TMD-L', 'Large', '10.5'),
    ]);
    const res = await importFile(body, 'csv', false);
    expect(res.statusCode).toBe(200);
    expect(result(res)).toMatchObject({
      created: 1,
      products: [{ slug: 'trail-mix-duo', name: 'Trail Mix Duo', change: 'created' }],
    });
    const shown = await shownProduct('trail-mix-duo');
    expect(shown).toMatchObject({ type: 'variable', price: '6.00' });
    expect(shown.categories.map((entry) => entry.slug)).toEqual([category.slug]);
    expect(shown.attributes).toMatchObject([{ name: 'Pack', options: ['Small', 'Large'] }]);
  });

  it('carries the wholesale rules through the CSV: a product’s, a variation’s own, and “as its product”', async () => {
    const rows = table((await exportAs('csv')).body);
    const header = rows[0]!;
    expect(header.slice(header.indexOf('wholesale_price'), header.indexOf('manage_stock'))).toEqual(
      ['wholesale_price', 'wholesale_case_size', 'wholesale_min_quantity', 'wholesale_tiers'],
    );
    const cell = (row: number, column: string) => rows[row]![header.indexOf(column)]!;
    const at = rows.findIndex(
      (row) => row[0] === 'simple' && row[header.indexOf('wholesale_price')],
    );
    const slug = rows[at]![2]!;
    const v = rows.findIndex(
      (row) => row[0] === 'variation' && row[header.indexOf('wholesale_price')],
    );
    const [parentSlug, sku] = [rows[v]![1]!, rows[v]![3]!];
    const simpleCents = Math.round(Number(cell(at, 'wholesale_price')) * 100);
    const variationCents = Math.round(Number(cell(v, 'wholesale_price')) * 100);
    const below = (wholesaleCents: number, off: number) => (wholesaleCents - off) / 100;

    setCell(rows, at, 'wholesale_case_size', '6');
    setCell(rows, at, 'wholesale_min_quantity', '12');
    setCell(
      rows,
      at,
      'wholesale_tiers',
      `24:${below(simpleCents, 20)}|48:${below(simpleCents, 45)}`,
    );
    setCell(rows, v, 'wholesale_case_size', '4');
    setCell(rows, v, 'wholesale_min_quantity', '');
    setCell(rows, v, 'wholesale_tiers', `40:${below(variationCents, 10)}`);
    // Another size of the same product sells by its product's rules.
    const sibling = rows.findIndex((row, index) => index !== v && row[1] === parentSlug);
    for (const column of ['wholesale_case_size', 'wholesale_min_quantity', 'wholesale_tiers'])
      setCell(rows, sibling, column, '');

    const res = await importFile(writeTable(rows), 'csv', false);
    expect(res.statusCode).toBe(200);
    expect(result(res).updated).toBeGreaterThanOrEqual(1);

    const asOwner = async (productSlug: string) =>
      (
        await t.app.inject({
          url: `${apiPaths.products}?slug=${productSlug}&context=edit`,
          headers: owner.bearer,
        })
      ).json<Product[]>()[0]!;
    const money = (amountCents: number) => (amountCents / 100).toFixed(2);
    expect((await asOwner(slug)).wholesale).toEqual({
      case_size: 6,
      min_quantity: 12,
      tiers: [
        { min_quantity: 24, price: money(simpleCents - 20) },
        { min_quantity: 48, price: money(simpleCents - 45) },
      ],
    });
    const variable = await asOwner(parentSlug);
    expect(variable.variations.find((entry) => entry.sku === sku)?.wholesale).toEqual({
      case_size: 4,
      min_quantity: 1,
      tiers: [{ min_quantity: 40, price: money(variationCents - 10) }],
    });
    const siblingSku = rows[sibling]![3]!;
    expect(variable.variations.find((entry) => entry.sku === siblingSku)?.wholesale).toEqual(
      variable.wholesale,
    );

    // The JSON file says the same, the sibling as null ("as its product"), and re-imports unchanged.
    const json = (await exportAs('json')).body;
    const file = CatalogFileSchema.parse(JSON.parse(json));
    const product = file.products.find((entry) => entry.slug === slug)!;
    expect(product.wholesale?.tiers).toEqual([
      { min_quantity: 24, price: money(simpleCents - 20) },
      { min_quantity: 48, price: money(simpleCents - 45) },
    ]);
    const variations = file.products.find((entry) => entry.slug === parentSlug)!.variations;
    expect(variations.find((entry) => entry.sku === siblingSku)?.wholesale).toBeNull();
    expect(result(await importFile(json, 'json', false)).updated).toBe(0);
    const csvAgain = table((await exportAs('csv')).body);
    expect(csvAgain[at]![header.indexOf('wholesale_tiers')]).toBe(
      `24:${money(simpleCents - 20)}|48:${money(simpleCents - 45)}`,
    );
  });

  it('refuses bad breaks with the product API’s rules, naming row and column, and writes nothing', async () => {
    const text = (await exportAs('csv')).body;
    const rows = table(text);
    const header = rows[0]!;
    const priced = (type: string) =>
      rows.findIndex((row) => row[0] === type && row[header.indexOf('wholesale_price')]);
    const at = priced('simple');
    const v = priced('variation');
    const variable = rows.findIndex((row) => row[0] === 'variable');
    const [slug, parentSlug] = [rows[at]![2]!, rows[v]![1]!];
    const wholesale = rows[at]![header.indexOf('wholesale_price')]!;
    const wholesaleCents = Math.round(Number(wholesale) * 100);
    const cheaper = ((wholesaleCents - 50) / 100).toFixed(2);

    setCell(rows, at, 'wholesale_min_quantity', '1');
    setCell(rows, at, 'wholesale_tiers', `10:${((wholesaleCents + 100) / 100).toFixed(2)}`);
    setCell(rows, v, 'wholesale_case_size', '1');
    setCell(rows, v, 'wholesale_min_quantity', '1');
    setCell(rows, v, 'wholesale_tiers', `20:0.50|10:0.60`);
    setCell(rows, variable, 'wholesale_tiers', `10:${cheaper}`);
    const expected = {
      [`row ${at + 1}, wholesale_tiers (${slug})`]: `A break must cost less than the wholesale price ($${wholesale}).`,
      [`row ${v + 1}, wholesale_tiers (${parentSlug})`]:
        'List the breaks by quantity, smallest first (as 5:6.50|10:6.00).',
      [`row ${variable + 1}, wholesale_tiers (${rows[variable]![2]})`]:
        'A variable product keeps its quantity breaks on its variations: set them there, and leave these empty.',
    };
    expect(problems(await importFile(writeTable(rows), 'csv', false))).toMatchObject(expected);

    setCell(rows, at, 'wholesale_tiers', `10:${cheaper}|10:${cheaper}`);
    setCell(rows, v, 'wholesale_tiers', `10:0.60|20:0.40`);
    setCell(rows, variable, 'wholesale_tiers', '');
    setCell(rows, variable, 'wholesale_case_size', 'twelve');
    expect(problems(await importFile(writeTable(rows), 'csv', false))).toEqual({
      // The product API also says the second costs no less than the first.
      [`row ${at + 1}, wholesale_tiers (${slug})`]: expect.stringMatching(
        /^Two breaks start at 10: keep one\.; The break at 10 must cost less/,
      ),
      [`row ${variable + 1}, wholesale_case_size (${rows[variable]![2]})`]:
        '"twelve" is not a whole number',
    });

    // The JSON file names the break itself.
    const file = CatalogFileSchema.parse((await exportAs('json')).json());
    const index = file.products.findIndex((entry) => entry.slug === slug);
    file.products[index]!.wholesale = {
      case_size: 1,
      min_quantity: 1,
      tiers: [
        { min_quantity: 5, price: cheaper },
        { min_quantity: 10, price: wholesale },
      ],
    };
    expect(problems(await importFile(JSON.stringify(file), 'json', false))).toEqual({
      [`products[${index}].wholesale.tiers[1].price (${slug})`]: `The break at 10 must cost less than the one at 5 ($${cheaper}).`,
    });
    expect((await exportAs('csv')).body).toBe(text);
  });

  it('leaves the rules alone when the file has none (a file exported before they existed)', async () => {
    const json = (await exportAs('json')).body;
    const rows = table((await exportAs('csv')).body);
    const header = rows[0]!;
    const ruleColumns = ['wholesale_case_size', 'wholesale_min_quantity', 'wholesale_tiers'];
    const older = rows.map((row) =>
      row.filter((_, index) => !ruleColumns.includes(header[index]!)),
    );
    expect(result(await importFile(writeTable(older), 'csv', false)).updated).toBe(0);
    // The breaks it keeps must still cost less than the wholesale price the file sets.
    const priceAt = older[0]!.indexOf('wholesale_price');
    const tiered = JSON.parse(json).products.find(
      (entry: { type: string; wholesale: { tiers: unknown[] } }) =>
        entry.type === 'simple' && entry.wholesale.tiers.length > 0,
    ).slug as string;
    const at = older.findIndex((row) => row[2] === tiered);
    older[at]![priceAt] = '0.10';
    expect(problems(await importFile(writeTable(older), 'csv', false))).toEqual({
      [`row ${at + 1}, wholesale_price (${tiered})`]: expect.stringMatching(
        /^A break must cost less than the wholesale price \(\$0\.10\)\. \(the shop's breaks, which the file leaves as they are\)/,
      ),
    });
    const file = JSON.parse(json) as {
      products: { wholesale?: unknown; variations: { wholesale?: unknown }[] }[];
    };
    for (const product of file.products) {
      delete product.wholesale;
      for (const variation of product.variations) delete variation.wholesale;
    }
    expect(result(await importFile(JSON.stringify(file), 'json', false)).updated).toBe(0);
    expect((await exportAs('json')).body).toBe(json);
  });

  it('keeps text with commas, quotes, line breaks and a leading = as it was', async () => {
    const rows = table((await exportAs('csv')).body);
    const at = rows.findIndex((row) => row[0] === 'simple');
    const slug = rows[at]![2]!;
    const description = 'Oats, "honey" and\r\nalmonds.';
    setCell(rows, at, 'description', description);
    setCell(rows, at, 'short_description', '=1+1');
    expect((await importFile(writeTable(rows), 'csv', false)).statusCode).toBe(200);
    const file = CatalogFileSchema.parse((await exportAs('json')).json());
    expect(file.products.find((product) => product.slug === slug)).toMatchObject({
      description,
      short_description: '=1+1',
    });
    const again = (await exportAs('csv')).body;
    expect(again).toContain(`,'=1+1,`);
    expect(result(await importFile(again, 'csv', true)).updated).toBe(0);
  });

  it('refuses a broken CSV with every problem by row and column, and writes nothing', async () => {
    const text = (await exportAs('csv')).body;
    const rows = table(text);
    const simpleAt = rows.findIndex((row) => row[0] === 'simple');
    const variableAt = rows.findIndex((row) => row[0] === 'variable');
    const simple = rows[simpleAt]![2]!;
    const variable = rows[variableAt]![2]!;
    setCell(rows, simpleAt, 'name', 'Renamed, but never saved');
    setCell(rows, simpleAt, 'regular_price', '12.555');
    setCell(rows, simpleAt, 'calories', 'lots');
    setCell(rows, simpleAt, 'categories', 'no-such-category');
    setCell(rows, simpleAt, 'images', 'my-photos/granola.jpg');
    const attribute = rows[0]!.find(
      (column, index) => column.startsWith('attribute:') && rows[variableAt + 1]![index] !== '',
    )!;
    const option = rows[variableAt + 1]![rows[0]!.indexOf(attribute)]!;
    setCell(rows, variableAt + 1, attribute, 'Mystery');
    setCell(rows, variableAt + 1, 'featured', 'yes');

    const res = await importFile(writeTable(rows), 'csv', false);
    const params = problems(res);
    const simpleRow = simpleAt + 1;
    const variationRow = variableAt + 2;
    expect(params).toMatchObject({
      [`row ${simpleRow}, regular_price (${simple})`]: expect.stringContaining(
        '"12.555" is not an amount',
      ),
      [`row ${simpleRow}, calories (${simple})`]: '"lots" is not a number',
      [`row ${variationRow}, ${attribute} (${variable})`]: '"Mystery" is not one of its options',
      [`row ${variationRow}, featured (${variable})`]:
        'is not used on a variation row: leave it empty',
    });
    expect(ApiErrorSchema.parse(res.json()).message).toMatch(/nothing was imported/);
    // Only the database knows categories and images: told once the file itself is sound.
    setCell(rows, simpleAt, 'regular_price', '12.50');
    setCell(rows, simpleAt, 'calories', '120');
    setCell(rows, variableAt + 1, attribute, option);
    setCell(rows, variableAt + 1, 'featured', '');
    const later = problems(await importFile(writeTable(rows), 'csv', false));
    expect(later).toEqual({
      [`row ${simpleRow}, categories (${simple})`]: 'there is no category "no-such-category"',
      [`row ${simpleRow}, images (${simple})`]: expect.stringContaining(
        'there is no image "my-photos/granola.jpg" in the media library (an image must be uploaded',
      ),
    });
    expect((await exportAs('csv')).body).toBe(text);
  });

  it('names unknown columns, unknown parents and bad JSON', async () => {
    const unknown = problems(
      await importFile('type,slug,colour\r\nsimple,a,red\r\n', 'csv', false),
    );
    expect(unknown).toEqual({
      'row 1, column 3 "colour"': 'is not a column of the catalog CSV',
    });
    const orphan = problems(
      await importFile('type,parent,sku,regular_price\r\nvariation,nowhere,X-1,3\r\n', 'csv', true),
    );
    expect(orphan['row 2, parent (nowhere)']).toBe('there is no product "nowhere" in the file');
    const json = problems(await importFile('{ not json', 'json', false));
    expect(json.file).toMatch(/^is not valid JSON/);
    const wrong = problems(await importFile('{"format":"other"}', 'json', false));
    expect(Object.keys(wrong)).toEqual(expect.arrayContaining(['format', 'version', 'products']));
  });

  it('answers 400 for an empty body and a bad query, 401 and 403 before reading the body', async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url: ownerApiPaths.catalogImport,
      headers: owner.bearer,
    });
    expect(empty.statusCode).toBe(400);
    const badFormat = await importFile('{}', 'xml' as Format, false);
    expect(ApiErrorSchema.parse(badFormat.json()).data.params).toHaveProperty('format');
    const guest = await t.app.inject({
      method: 'POST',
      url: `${ownerApiPaths.catalogImport}?format=xml`,
      payload: 'x',
    });
    expect(guest.statusCode).toBe(401);
    expect((await importFile('{}', 'json', false, customer.bearer)).statusCode).toBe(403);
  });
});
