import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { apiPaths, type Product, type ProductCategory } from '@larder/contract';
import { gotoHydrated } from './support/hydration';
import { decodeEntities } from './support/shop-api';

/** The product list exactly as the shop asks for it (spec §7 defaults), so tests follow the seeded data. */
async function listProducts(
  request: APIRequestContext,
  query: Record<string, string | number> = {},
) {
  const params = new URLSearchParams({
    per_page: '100',
    catalog_visibility: 'visible',
    status: 'publish',
    stock_status: 'instock',
    orderby: 'menu_order',
    order: 'desc',
    ...Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
  });
  const response = await request.get(`${apiPaths.products}?${params}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as Product[]).map((product) => decodeEntities(product.name));
}

async function categoryWithSeveralProducts(request: APIRequestContext) {
  const response = await request.get(`${apiPaths.productCategories}?per_page=100&hide_empty=true`);
  const categories = (await response.json()) as ProductCategory[];
  for (const category of categories) {
    const names = await listProducts(request, { category: category.id });
    if (names.length >= 2) return { category, names };
  }
  throw new Error('No category with two products in stock');
}

const cardNames = (page: Page) =>
  page.getByTestId('product-card').getByRole('heading').allInnerTexts();
const resultCount = (page: Page) => page.getByTestId('result-count');

test.describe('shop', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('lists the products with prices, ratings and dietary badges', async ({ page, request }) => {
    const names = await listProducts(request);
    await gotoHydrated(page, '/shop');
    expect(await cardNames(page)).toEqual(names);
    await expect(resultCount(page)).toHaveText(`${names.length} products`);
    const first = page.getByTestId('product-card').first();
    await expect(first.locator('.product-card__price')).toHaveText(/^(From )?\$\d+\.\d\d$/);
    await expect(
      first.getByRole('list', { name: 'Dietary' }).getByRole('listitem').first(),
    ).toBeVisible();
    const rated = page
      .getByTestId('product-card')
      .getByRole('img', { name: /^Rated \d(\.\d)? out of 5$/ });
    const response = await request.get(
      `${apiPaths.products}?per_page=100&catalog_visibility=visible&status=publish&stock_status=instock`,
    );
    const ratedCount = ((await response.json()) as Product[]).filter(
      (product) => product.rating_count > 0,
    ).length;
    await expect(rated).toHaveCount(ratedCount);
  });

  test('filters by category, searches and sorts, with each choice in the URL', async ({
    page,
    request,
  }) => {
    const { category, names } = await categoryWithSeveralProducts(request);
    await gotoHydrated(page, '/shop');

    await page.getByLabel('Category').selectOption(category.slug);
    await expect(page).toHaveURL(`/shop?category=${category.slug}`);
    await expect(
      page.getByRole('heading', { name: decodeEntities(category.name), level: 2 }),
    ).toBeVisible();
    await expect.poll(() => cardNames(page)).toEqual(names);

    await page.getByLabel('Sort by').selectOption('price-desc');
    await expect(page).toHaveURL(`/shop?category=${category.slug}&sort=price-desc`);
    const byPrice = await listProducts(request, {
      category: category.id,
      orderby: 'price',
      order: 'desc',
    });
    await expect.poll(() => cardNames(page)).toEqual(byPrice);

    // Search for a word from the first product's name; the list updates after a pause in typing.
    const word = names[0]!.split(' ')[0]!.toLowerCase();
    await page.getByRole('searchbox', { name: 'Search' }).fill(word);
    await expect(page).toHaveURL(`/shop?category=${category.slug}&q=${word}&sort=price-desc`);
    const searched = await listProducts(request, {
      category: category.id,
      search: word,
      orderby: 'price',
      order: 'desc',
    });
    expect(searched.length).toBeGreaterThan(0);
    await expect.poll(() => cardNames(page)).toEqual(searched);
    await expect(
      page.getByRole('heading', {
        name: `Results for “${word}” in ${decodeEntities(category.name)}`,
        level: 2,
      }),
    ).toBeVisible();
    await expect(resultCount(page)).toHaveText(
      `${searched.length} ${searched.length === 1 ? 'product' : 'products'}`,
    );

    // Back leaves the search in one step (refining a search replaces its history entry).
    await page.goBack();
    await expect(page).toHaveURL(`/shop?category=${category.slug}&sort=price-desc`);
    await expect.poll(() => cardNames(page)).toEqual(byPrice);
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  });

  test('finds the words the search box suggests, best match first, and says what was searched', async ({
    page,
    request,
  }) => {
    await gotoHydrated(page, '/shop');
    const searchbox = page.getByRole('searchbox', { name: 'Search' });
    await expect(searchbox).toHaveAttribute('placeholder', /cocoa, nut-free/);
    await searchbox.fill('cocoa');
    await expect(page).toHaveURL('/shop?q=cocoa');
    await expect(
      page.getByRole('heading', { name: 'Results for “cocoa”', level: 2 }),
    ).toBeVisible();
    const cocoa = await listProducts(request, { search: 'cocoa', orderby: 'relevance' });
    expect(cocoa).toContain('Dark Chocolate Sea Salt');
    await expect.poll(() => cardNames(page)).toEqual(cocoa);
    await expect(resultCount(page)).toHaveText(`${cocoa.length} products`);

    await searchbox.fill('nut-free');
    await expect(page).toHaveURL('/shop?q=nut-free');
    const nutFree = await listProducts(request, { search: 'nut-free', orderby: 'relevance' });
    expect(nutFree).not.toContain('Maple Pecan Crunch');
    await expect.poll(() => cardNames(page)).toEqual(nutFree);
  });

  test('the Vegan filter lists Maple Pecan Crunch, which wears the Vegan badge', async ({
    page,
  }) => {
    await gotoHydrated(page, '/shop?category=vegan');
    const card = page.getByTestId('product-card').filter({ hasText: 'Maple Pecan Crunch' });
    await expect(card).toBeVisible();
    await expect(card.getByRole('list', { name: 'Dietary' })).toContainText('Vegan');
  });

  test('shows a clear empty state with a way back to every product', async ({ page, request }) => {
    const all = await listProducts(request);
    await gotoHydrated(page, '/shop');
    await page.getByRole('searchbox', { name: 'Search' }).fill('xyzzy');
    await expect(page).toHaveURL('/shop?q=xyzzy');
    await expect(page.getByTestId('shop-empty')).toContainText('No granola matches “xyzzy”');
    await expect(
      page.getByRole('heading', { name: 'Results for “xyzzy”', level: 2 }),
    ).toBeVisible();
    await expect(resultCount(page)).toHaveText('0 products');
    await page.getByRole('link', { name: 'Show all products' }).click();
    await expect(page).toHaveURL('/shop');
    await expect.poll(() => cardNames(page)).toEqual(all);
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  });

  test('finds no accessibility violations in a filtered view and the empty state', async ({
    page,
    request,
  }) => {
    const { category } = await categoryWithSeveralProducts(request);
    for (const url of [`/shop?category=${category.slug}&sort=name`, '/shop?q=xyzzy']) {
      await gotoHydrated(page, url);
      expect(await axeViolations(page)).toEqual([]);
    }
  });
});

test.describe('shop without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test('a shared filtered URL is rendered on the server', async ({ page, request }) => {
    const { category } = await categoryWithSeveralProducts(request);
    const expected = await listProducts(request, {
      category: category.id,
      orderby: 'title',
      order: 'asc',
    });
    await page.goto(`/shop?category=${category.slug}&sort=name`);
    expect(await cardNames(page)).toEqual(expected);
    await expect(page.getByLabel('Category')).toHaveValue(category.slug);
    await expect(page.getByLabel('Sort by')).toHaveValue('name');
  });

  test('the filter form works as a plain GET form', async ({ page, request }) => {
    const { category, names } = await categoryWithSeveralProducts(request);
    await page.goto('/shop');
    await page.getByLabel('Category').selectOption(category.slug);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(new RegExp(`/shop\\?q=&category=${category.slug}&sort=featured$`));
    expect(await cardNames(page)).toEqual(names);
  });
});
