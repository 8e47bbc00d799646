import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { expect, test, type Page } from '@playwright/test';
import { apiPaths, type Product, ownerApiPaths } from '@larder/contract';
import { gotoHydrated } from './support/hydration';
import { ownerAccount, signIn, unique, xsrfHeader } from './support/back-office';
import { axeViolations } from './support/axe';
import { shotsDir } from './support/screenshots';

/** RFC 4180 cells, quoted only when they must be (what a spreadsheet saves). */
const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const toCsv = (rows: string[][]) =>
  rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';

/**
 * A product of this test's own, made by importing a copy of a seeded simple product under a new
 * slug through the owner API, so changing its price touches nothing another test reads.
 */
async function ownProduct(page: Page) {
  const exported = await page.request.get(`${ownerApiPaths.catalogExport}?format=csv`);
  expect(exported.status()).toBe(200);
  const [header, ...rows] = parse(await exported.text()) as string[][];
  const column = (name: string) => header!.indexOf(name);
  const row = [...rows.find((entry) => entry[column('type')] === 'simple')!];
  const slug = `catalogue-test-${unique()}`;
  row[column('slug')] = slug;
  row[column('sku')] = '';
  row[column('name')] = `Catalogue Test ${unique()}`;
  row[column('regular_price')] = '12.00';
  row[column('sale_price')] = '';
  row[column('menu_order')] = '99';
  const created = await page.request.post(`${ownerApiPaths.catalogImport}?format=csv`, {
    headers: { 'content-type': 'text/csv', ...(await xsrfHeader(page)) },
    data: toCsv([header!, row]),
  });
  expect(created.status(), await created.text()).toBe(200);
  return { slug, name: row[column('name')]! };
}

async function downloadCsv(page: Page) {
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^catalogue-\d{4}-\d{2}-\d{2}\.csv$/);
  return parse(await readFile((await download.path())!, 'utf8')) as string[][];
}

/** The header and one product's row, with `changes` made to its cells. */
function onlyProduct(rows: string[][], slug: string, changes: Record<string, string>) {
  const [header] = rows;
  const row = [...rows.find((entry) => entry[header!.indexOf('slug')] === slug)!];
  for (const [name, value] of Object.entries(changes)) row[header!.indexOf(name)] = value;
  return toCsv([header!, row]);
}

const chooseFile = (page: Page, text: string) =>
  page.getByLabel('Catalog file').setInputFiles({
    name: 'catalogue.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(text),
  });

const shownPrice = async (page: Page, slug: string) => {
  const response = await page.request.get(`${apiPaths.products}?slug=${slug}`);
  return ((await response.json()) as Product[])[0]!.price;
};

test.describe('Back office: catalogue import and export (issue 13)', () => {
  // Downloads, two form posts and a product page, on two shared CPU cores.
  test.describe.configure({ timeout: 90_000 });

  test('an owner downloads the CSV, changes a price, checks the file, imports it, and the product page shows it', async ({
    page,
  }) => {
    await signIn(page, await ownerAccount());
    const product = await ownProduct(page);
    await gotoHydrated(page, '/admin');
    await page
      .getByRole('navigation', { name: 'Back office' })
      .last()
      .getByRole('link', { name: 'Catalog' })
      .click();
    await expect(page).toHaveURL('/admin/catalogue');
    await expect(page.getByRole('heading', { level: 1, name: 'Catalog' })).toBeVisible();

    const rows = await downloadCsv(page);
    expect(rows[0]!.slice(0, 3)).toEqual(['type', 'parent', 'slug']);
    const edited = onlyProduct(rows, product.slug, { regular_price: '14.75' });

    await chooseFile(page, edited);
    await page.getByRole('button', { name: 'Check file' }).click();
    const notice = page.getByTestId('admin-notice');
    await expect(notice).toHaveText(/is ready to import: 0 new, 1 changed, 0 unchanged/);
    await expect(notice).toBeFocused();
    const summary = page.getByTestId('catalogue-summary');
    await expect(summary.getByRole('row').filter({ hasText: product.name })).toContainText(
      'Changed',
    );
    expect(await shownPrice(page, product.slug)).toBe('12.00');

    // The same file, still chosen, is sent again to be written.
    await page.getByRole('button', { name: 'Import' }).click();
    await expect(notice).toHaveText(/was imported: 0 new, 1 changed, 0 unchanged/);

    await page.goto(`/product/${product.slug}`);
    await expect(page.getByTestId('product-price')).toContainText('$14.75');
  });

  test('a file far above the shop’s 64 KB form limit is still read whole', async ({ page }) => {
    await signIn(page, await ownerAccount());
    const product = await ownProduct(page);
    await gotoHydrated(page, '/admin/catalogue');
    const rows = await downloadCsv(page);
    const description = `<p>${'Slow-baked oat clusters. '.repeat(6000)}</p>`;
    await chooseFile(page, onlyProduct(rows, product.slug, { description }));
    await page.getByRole('button', { name: 'Check file' }).click();
    await expect(page.getByTestId('admin-notice')).toHaveText(/0 new, 1 changed, 0 unchanged/);
  });

  test('a broken file lists every problem by row and column and changes nothing', async ({
    page,
  }) => {
    await signIn(page, await ownerAccount());
    const product = await ownProduct(page);
    await gotoHydrated(page, '/admin/catalogue');
    const rows = await downloadCsv(page);
    const broken = onlyProduct(rows, product.slug, {
      regular_price: '9.999',
      calories: 'plenty',
      dietary_tags: 'crunchy',
    });

    await chooseFile(page, broken);
    await page.getByRole('button', { name: 'Import' }).click();
    await expect(page.getByTestId('admin-notice')).toHaveText(
      /catalogue\.csv was not imported: The catalog file has 3 problems; nothing was imported\./,
    );
    const problems = page.getByTestId('catalogue-problems');
    await expect(problems.getByRole('listitem')).toHaveCount(3);
    await expect(problems).toContainText(`row 2, regular_price (${product.slug})`);
    await expect(problems).toContainText('"9.999" is not an amount');
    await expect(problems).toContainText(
      `row 2, calories (${product.slug}): "plenty" is not a number`,
    );
    await expect(problems).toContainText(`row 2, dietary_tags (${product.slug})`);
    expect(await shownPrice(page, product.slug)).toBe('12.00');
  });
});

for (const width of [390, 1440]) {
  test(`the catalogue screen passes axe at ${width} px, empty, checked and refused`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await signIn(page, await ownerAccount());
    const product = await ownProduct(page);
    await gotoHydrated(page, '/admin/catalogue');
    const check = async (name: string) => {
      expect(await axeViolations(page), `${name} at ${width} px`).toEqual([]);
      if (shotsDir) {
        await page.screenshot({
          path: `${shotsDir}/b-catalogue-${name}-${width}.png`,
          fullPage: true,
        });
      }
    };
    await check('empty');

    const exported = await page.request.get(`${ownerApiPaths.catalogExport}?format=csv`);
    const rows = parse(await exported.text()) as string[][];
    await chooseFile(page, onlyProduct(rows, product.slug, { regular_price: '13.00' }));
    // Keyboard only: from the file input to the format choice and the check button.
    await page.getByLabel('Catalog file').focus();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Format (optional)')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Check file' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('catalogue-summary')).toBeVisible();
    await check('checked');

    await chooseFile(page, onlyProduct(rows, product.slug, { regular_price: 'abc', calories: '' }));
    await page.getByRole('button', { name: 'Check file' }).click();
    await expect(page.getByTestId('catalogue-problems')).toBeVisible();
    await check('refused');
  });
}
