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
        `Catalogue imported from ${format.toUpperCase()}: 0 created, 0 updated, ${summary.unchanged} unchanged`,
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
      'row 1, column 3 "colour"': 'is not a column of the catalogue CSV',
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
