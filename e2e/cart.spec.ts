import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { axeViolations, axeViolationsAtWidths } from './support/axe';
import { apiPaths, type Product, type ProductVariation } from '@larder/contract';
import { gotoHydrated } from './support/hydration';
import { decodeEntities } from './support/shop-api';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

async function listProducts(request: APIRequestContext) {
  const response = await request.get(
    `${apiPaths.products}?per_page=100&catalog_visibility=visible&status=publish&stock_status=instock&orderby=menu_order&order=desc`,
  );
  return (await response.json()) as Product[];
}

/**
 * A product with two or more variation attributes, and an in-stock variation of it that is not the
 * cheapest (so choosing it is a real change from the preselected one).
 */
async function variableProduct(request: APIRequestContext) {
  const products = await listProducts(request);
  for (const product of products) {
    const attributes = product.attributes.filter((attribute) => attribute.variation);
    if (product.type !== 'variable' || attributes.length < 2) continue;
    const inStock = [...product.variations]
      .sort((a, b) => a.display_price - b.display_price)
      .filter((variation) => variation.is_in_stock && variation.is_purchasable);
    const variation = inStock.at(-1);
    if (inStock.length >= 2 && variation)
      return { product, variation, name: decodeEntities(product.name) };
  }
  throw new Error('No variable product with two attributes in stock');
}

async function chooseVariation(page: Page, variation: ProductVariation) {
  for (const [attribute, value] of Object.entries(variation.attributes)) {
    await page
      .getByRole('group', { name: new RegExp(`^${attribute}`) })
      .getByRole('radio', { name: value, exact: true })
      .check();
  }
}

/** Spec §3: the name, ' | ', and the values joined by commas, in the product's attribute order. */
const titleOf = (name: string, product: Product, variation: ProductVariation) =>
  `${name} | ${product.attributes
    .filter((attribute) => attribute.variation)
    .map((attribute) => variation.attributes[attribute.name])
    .join(', ')}`;
const cartButton = (page: Page) => page.getByTestId('cart-button');
const dropdown = (page: Page) => page.getByRole('dialog', { name: 'Your cart' });

test.describe('cart', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('choose a variation, add it twice, see the lines merged, remove one and find the cart after a reload', async ({
    page,
    request,
  }) => {
    // A whole shopper's journey over four page loads: more than the default 30 s when the machine is busy.
    test.setTimeout(90_000);
    const { product, variation, name } = await variableProduct(request);
    const other = (await listProducts(request)).find(
      (entry) => entry.id !== product.id && entry.purchasable,
    );
    const title = titleOf(name, product, variation);
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });

    await gotoHydrated(page, `/product/${product.slug}`);
    await chooseVariation(page, variation);
    await expect(page.getByTestId('price-to-pay')).toHaveText(usd.format(variation.display_price));
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('2');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');

    // Tapping the toast goes to /cart.
    await page.getByText('Item added to cart').click();
    await expect(page).toHaveURL('/cart');

    await gotoHydrated(page, `/product/${product.slug}`);
    await chooseVariation(page, variation);
    await page.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText('Item added to cart')).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveText('4');

    await cartButton(page).click();
    await expect(cartButton(page)).toHaveAttribute('aria-expanded', 'true');
    const lines = dropdown(page).getByTestId('cart-line');
    await expect(lines).toHaveCount(1);
    await expect(lines.first().getByRole('link')).toHaveText(title);
    await expect(lines.first().getByTestId('cart-line-quantity')).toHaveText('Qty 4');
    await expect(dropdown(page).getByTestId('cart-subtotal')).toHaveText(
      usd.format(variation.display_price * 4),
    );

    // A second line, then remove the first from the dropdown.
    if (!other) throw new Error('No second product');
    await gotoHydrated(page, `/product/${other.slug}`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByTestId('cart-count')).toHaveText('5');
    await cartButton(page).click();
    await expect(lines).toHaveCount(2);
    await dropdown(page)
      .getByRole('button', { name: `Remove ${title}` })
      .click();
    await expect(lines).toHaveCount(1);
    await expect(dropdown(page)).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    // The page preselects the cheapest variation in stock; a simple product has its own price.
    const cheapest = [...other.variations]
      .sort((a, b) => a.display_price - b.display_price)
      .find((entry) => entry.is_in_stock);
    const remaining = cheapest?.display_price ?? Number(other.price);
    await expect(dropdown(page).getByTestId('cart-subtotal')).toHaveText(usd.format(remaining));

    await page.reload();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await cartButton(page).click();
    await expect(lines).toHaveCount(1);
    await expect(lines.first().getByRole('link')).toContainText(decodeEntities(other.name));
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('shop-cart') ?? '{}'));
    expect(saved.state.items).toHaveLength(1);
    // The restored cart renders after hydration, so React reports no mismatch.
    expect(consoleErrors.filter((text) => /hydrat/i.test(text))).toEqual([]);
  });

  test('the dropdown closes on a click outside and on Escape, and says when the cart is empty', async ({
    page,
  }) => {
    await gotoHydrated(page, '/shop');
    await cartButton(page).click();
    await expect(dropdown(page)).toBeVisible();
    await expect(dropdown(page)).toBeFocused();
    await expect(dropdown(page)).toContainText('Cart is empty');
    await expect(dropdown(page).getByRole('link', { name: 'View Shopping Cart' })).toHaveAttribute(
      'href',
      '/cart',
    );
    await expect(dropdown(page).getByRole('link', { name: 'Check Out' })).toHaveAttribute(
      'href',
      '/checkout',
    );
    expect(await axeViolations(page, '#cart-dropdown')).toEqual([]);

    await page.getByRole('heading', { level: 1 }).click();
    await expect(dropdown(page)).toBeHidden();
    await expect(cartButton(page)).toHaveAttribute('aria-expanded', 'false');

    await cartButton(page).click();
    await expect(dropdown(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dropdown(page)).toBeHidden();
    await expect(cartButton(page)).toBeFocused();

    // The toggle closes it too.
    await cartButton(page).click();
    await cartButton(page).click();
    await expect(dropdown(page)).toBeHidden();
  });
});

test('axe finds no violations on a product page with selectors at 390 and 1440 px', async ({
  page,
  request,
}) => {
  const { product } = await variableProduct(request);
  await page.setViewportSize({ width: 390, height: 900 });
  await gotoHydrated(page, `/product/${product.slug}`);
  await expect(page.getByRole('radio').first()).toBeVisible();
  expect(await axeViolationsAtWidths(page, [390, 1440])).toEqual({ 390: [], 1440: [] });
});

test.describe('cart toggle below 1400 px', () => {
  test.use({ viewport: { width: 1399, height: 900 } });

  test('goes to /cart instead of opening the dropdown', async ({ page }) => {
    await gotoHydrated(page, '/shop');
    await cartButton(page).click();
    await expect(page).toHaveURL('/cart');
    await expect(dropdown(page)).toBeHidden();
  });
});

test.describe('cart toggle at exactly 1400 px', () => {
  test.use({ viewport: { width: 1400, height: 900 } });

  test('opens the dropdown', async ({ page }) => {
    await gotoHydrated(page, '/shop');
    await cartButton(page).click();
    await expect(dropdown(page)).toBeVisible();
    await expect(page).toHaveURL('/shop');
  });
});
