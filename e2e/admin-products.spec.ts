import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiPaths, type Product } from '@larder/contract';
import { ownerAccount, signIn, unique } from './support/back-office';
import { axeViolationsAtWidths } from './support/axe';
import { gotoHydrated } from './support/hydration';
import { rawExchange } from './support/raw-http';
import { shoot } from './support/screenshots';

const IMAGE = path.join(import.meta.dirname, 'fixtures', 'granola-bowl.png');

const notice = (page: Page) => page.getByTestId('admin-notice');

async function xsrfHeader(page: Page) {
  const cookie = (await page.context().cookies()).find((entry) => entry.name === 'XSRF-TOKEN');
  return { 'x-xsrf-token': decodeURIComponent(cookie?.value ?? '') };
}

/** The product page as a guest sees it, in a browser of its own. */
async function asShopper<T>(browser: Browser, run: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext();
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

const food = {
  ingredients: 'Rolled oats, honey, sunflower seeds',
  allergens: [],
  may_contain: ['tree nuts'],
  dietary_tags: ['vegan'],
  nutrition: {
    serving_size: '1/2 cup (45g)',
    servings_per_container: 'about 7',
    calories: 200,
    total_fat_g: 8,
    saturated_fat_g: 1,
    trans_fat_g: 0,
    cholesterol_mg: 0,
    sodium_mg: 60,
    total_carbohydrate_g: 28,
    dietary_fiber_g: 4,
    total_sugars_g: 9,
    added_sugars_g: 7,
    protein_g: 6,
  },
};

test.describe('Back office products (issue 13)', () => {
  // Each test fills the long product form and loads a few pages: more than the default 30 s.
  test.describe.configure({ timeout: 90_000 });

  test('an owner creates a product with an uploaded image, changes its price, and the product page shows it', async ({
    page,
    browser,
  }) => {
    await signIn(page, await ownerAccount());
    const name = `Sunflower Crunch ${unique()}`;

    await gotoHydrated(page, '/admin/products');
    await page.getByRole('link', { name: 'Add product' }).click();
    await expect(page).toHaveURL('/admin/products/new');
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Status', { exact: true }).selectOption('publish');
    await page.getByLabel('Price (USD)', { exact: true }).fill('11');
    await page.getByRole('group', { name: 'Shown under' }).getByLabel('Vegan').check();
    await page.getByLabel('Ingredients').fill('Rolled oats, sunflower seeds, maple syrup');
    await page.getByLabel('Calories').fill('210');
    await page.getByLabel('Image (optional)', { exact: true }).setInputFiles(IMAGE);
    await page.getByLabel('What the image shows').fill('A bowl of sunflower granola');
    await page.getByRole('button', { name: 'Create product' }).click();

    await expect(page).toHaveURL(/\/admin\/products\/\d+\?saved=created$/);
    await expect(notice(page)).toContainText('The product was created');
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(
      page.getByTestId('product-images').getByRole('img', { name: 'A bowl of sunflower granola' }),
    ).toBeVisible();
    const slug = await page.getByLabel('Web address').inputValue();
    expect(slug).toMatch(/^sunflower-crunch-/);

    await page.getByLabel('Price (USD)', { exact: true }).fill('13.25');
    await page.getByRole('button', { name: 'Save product' }).click();
    await expect(notice(page)).toContainText(`${name} was saved and is on the shop now.`);
    await expect(page.getByLabel('Price (USD)', { exact: true })).toHaveValue('13.25');

    // The shop shows the new price on a fresh load, the image with its description.
    await asShopper(browser, async (shopper) => {
      const response = await shopper.goto(`/product/${slug}`);
      expect(response?.status()).toBe(200);
      await expect(shopper.getByTestId('product-price')).toContainText('$13.25');
      await expect(
        shopper.getByRole('img', { name: 'A bowl of sunflower granola' }).first(),
      ).toBeVisible();
    });

    // The list finds it by name, with its thumbnail, price and category.
    await gotoHydrated(page, `/admin/products?search=${encodeURIComponent(name)}`);
    const row = page.locator('[data-testid^="product-"]', { hasText: name });
    await expect(row).toContainText('$13.25');
    await expect(row).toContainText('Vegan');
    await expect(row).toContainText('Published');
    await expect(row.locator('img')).toHaveCount(1);
  });

  test('an owner edits a variation’s price and the shop charges it', async ({ page, request }) => {
    await signIn(page, await ownerAccount());
    const sku = `VAR-${unique()}`;
    const created = await page.request.post(apiPaths.products, {
      headers: await xsrfHeader(page),
      data: {
        name: `Trail Mix ${sku}`,
        type: 'variable',
        status: 'publish',
        sku,
        food,
        attributes: [{ name: 'Size', options: ['12 oz', '2 lb'], variation: true }],
        variations: [
          { regular_price: '10.00', attributes: [{ name: 'Size', option: '12 oz' }] },
          { regular_price: '30.00', attributes: [{ name: 'Size', option: '2 lb' }] },
        ],
      },
    });
    expect(created.status()).toBe(201);
    const product = (await created.json()) as Product;
    const large = product.variations.find((variation) => variation.attributes.Size === '2 lb')!;

    await gotoHydrated(page, `/admin/products/${product.id}`);
    const variations = page.getByTestId('product-variations');
    await expect(variations.getByRole('row')).toHaveCount(3);
    await variations.getByRole('link', { name: 'Edit 2 lb' }).click();
    const form = page.getByRole('form', { name: 'Edit variation' });
    await expect(form.getByLabel('Size')).toHaveValue('2 lb');
    await form.getByLabel('Price (USD)', { exact: true }).fill('27.5');
    await form.getByLabel('Wholesale price (USD)').fill('19');
    await form.getByRole('button', { name: 'Save variation' }).click();
    await expect(notice(page)).toContainText('The variation 2 lb was saved.');
    const row = page.getByTestId(`variation-${large.variation_id}`);
    await expect(row).toContainText('$27.50');
    await expect(row).toContainText('$19.00');

    // A shopper is charged the new price for that size.
    const seen = (await (
      await request.get(`${apiPaths.products}/${product.id}`)
    ).json()) as Product;
    expect(seen.variations.find((v) => v.variation_id === large.variation_id)?.display_price).toBe(
      27.5,
    );
  });

  test('a draft is seen by owners only', async ({ page, browser }) => {
    await signIn(page, await ownerAccount());
    const name = `Secret Recipe ${unique()}`;
    await gotoHydrated(page, '/admin/products/new');
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('draft');
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Price (USD)', { exact: true }).fill('9.00');
    await page.getByRole('button', { name: 'Create product' }).click();
    await expect(notice(page)).toContainText('The product was created');
    const slug = await page.getByLabel('Web address').inputValue();

    await asShopper(browser, async (shopper) => {
      const response = await shopper.goto(`/product/${slug}`);
      expect(response?.status()).toBe(404);
      const listed = (await (
        await shopper.request.get(`${apiPaths.products}?search=${encodeURIComponent(name)}`)
      ).json()) as Product[];
      expect(listed).toEqual([]);
    });

    await gotoHydrated(page, '/admin/products?status=draft');
    await expect(page.getByLabel('Status (optional)', { exact: true })).toHaveValue('draft');
    await expect(page.locator('[data-testid^="product-"]', { hasText: name })).toContainText(
      'Draft',
    );
  });

  test('a stranger’s post to the product form past a form’s 64 KB is refused before it is read', async ({
    baseURL,
  }) => {
    // The product forms take an image, so their limit is larger: for signed-in visitors only.
    const head = [
      'POST /admin/products/new HTTP/1.1',
      `Host: ${new URL(baseURL!).host}`,
      'Connection: close',
      'Content-Type: multipart/form-data; boundary=x',
      'Content-Length: 2000000',
      '',
      '',
    ].join('\r\n');
    const response = await rawExchange(baseURL!, head);
    expect(response.status).toBe(413);
    expect(response.body).toContain('Too much to send');
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('a refused product shows the message beside its field and keeps what was typed', async ({
      page,
    }) => {
      await signIn(page, await ownerAccount());
      const name = `Half Baked ${unique()}`;
      await page.goto('/admin/products/new');
      await page.getByLabel('Name', { exact: true }).fill(name);
      await page.getByLabel('Price (USD)', { exact: true }).fill('6.00');
      await page.getByLabel('Sale price (USD) (optional)', { exact: true }).fill('7.00');
      await page.getByLabel('Sodium (mg)').fill('a pinch');
      await page.getByRole('button', { name: 'Create product' }).click();

      await expect(page).toHaveURL('/admin/products/new');
      await expect(notice(page)).toContainText('check the highlighted fields');
      const sale = page.getByLabel('Sale price (USD) (optional)', { exact: true });
      await expect(sale).toHaveAttribute('aria-invalid', 'true');
      await expect(sale).toHaveAccessibleDescription(/Must be lower than the regular price\./);
      await expect(page.getByLabel('Sodium (mg)')).toHaveAccessibleDescription(/Write a number/);
      // What was typed is all still there.
      await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
      await expect(sale).toHaveValue('7.00');
      await expect(page.getByLabel('Sodium (mg)')).toHaveValue('a pinch');
    });
  });

  test('the list and the editor pass axe at 390 and 1440 px', async ({ page }) => {
    // Four pages, each checked whole by axe at two widths: the long product form takes a while.
    test.setTimeout(240_000);
    await signIn(page, await ownerAccount());
    const [product] = (await (
      await page.request.get(
        `${apiPaths.products}?per_page=1&type=variable&orderby=title&order=asc`,
      )
    ).json()) as Product[];
    for (const [screen, url] of [
      ['products', '/admin/products'],
      ['product', `/admin/products/${product!.id}`],
      ['product-variation', `/admin/products/${product!.id}?variation=new`],
      ['product-new', '/admin/products/new'],
    ] as const) {
      await page.setViewportSize({ width: 390, height: 900 });
      await gotoHydrated(page, url);
      expect(await axeViolationsAtWidths(page, [390, 1440]), screen).toEqual({ 390: [], 1440: [] });
      await shoot(page, `admin-${screen}`);
    }
  });
});
