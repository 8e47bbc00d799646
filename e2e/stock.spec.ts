import { expect, test, type Page } from '@playwright/test';
import { apiPaths, type Product } from '@larder/contract';
import { ownerAccount, signIn, unique, xsrfHeader } from './support/back-office';
import { axeViolations } from './support/axe';
import { gotoHydrated } from './support/hydration';
import { seedCart } from './support/saved-cart';

const food = {
  ingredients: 'Rolled oats, maple syrup, pecans',
  allergens: ['tree nuts'],
  may_contain: [],
  dietary_tags: ['vegan'],
  nutrition: {
    serving_size: '1/2 cup (45g)',
    servings_per_container: 'about 7',
    calories: 210,
    total_fat_g: 9,
    saturated_fat_g: 1,
    trans_fat_g: 0,
    cholesterol_mg: 0,
    sodium_mg: 55,
    total_carbohydrate_g: 27,
    dietary_fiber_g: 4,
    total_sugars_g: 9,
    added_sugars_g: 8,
    protein_g: 5,
  },
};

/**
 * A simple product counting `stock` units, made through the owner's API; the page is then signed
 * out, so the test shops as a guest.
 */
async function productWithStock(page: Page, stock: number): Promise<Product> {
  await signIn(page, await ownerAccount());
  const sku = `STOCK-${unique()}`;
  const created = await page.request.post(apiPaths.products, {
    headers: await xsrfHeader(page),
    data: {
      name: `Maple Pecan Crunch ${sku}`,
      type: 'simple',
      status: 'publish',
      sku,
      regular_price: '12.50',
      manage_stock: true,
      stock_quantity: stock,
      stock_status: stock > 0 ? 'instock' : 'outofstock',
      short_description: '<p>Small-batch maple granola with toasted pecans.</p>',
      food,
    },
  });
  expect(created.status()).toBe(201);
  await page.context().clearCookies();
  return (await created.json()) as Product;
}

async function setStock(page: Page, product: Product, stock: number) {
  await signIn(page, await ownerAccount());
  const updated = await page.request.put(`${apiPaths.products}/${product.id}`, {
    headers: await xsrfHeader(page),
    data: { stock_quantity: stock, stock_status: stock > 0 ? 'instock' : 'outofstock' },
  });
  expect(updated.status()).toBe(200);
  await page.context().clearCookies();
}

const quantity = (page: Page) => page.getByRole('spinbutton', { name: 'Quantity', exact: true });

test.describe('stock that tells the truth early (issue 14)', () => {
  test('the product page caps the quantity at the stock and says so as it happens', async ({
    page,
  }) => {
    const product = await productWithStock(page, 3);
    await gotoHydrated(page, `/product/${product.slug}`);
    await expect(page.getByText('Only 3 left')).toBeVisible();
    const more = page.getByRole('button', { name: 'Increase quantity' });
    await more.click();
    await more.click();
    await expect(quantity(page)).toHaveValue('3');
    await more.click();
    await expect(quantity(page)).toHaveValue('3');
    await expect(page.getByTestId('quantity-limit')).toHaveText('We have 3 in stock.');

    await page.getByRole('button', { name: 'Add to cart' }).click();
    const add = page.getByTestId('add-to-cart');
    await expect(add).toHaveText('All in your cart');
    await expect(add).toBeDisabled();
    await expect(page.getByTestId('quantity-limit')).toHaveText(
      'We have 3 in stock; your cart holds 3.',
    );
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByTestId('buy-box').screenshot({ path: `test-results/stock-cap-${width}.png` });
    }
  });

  test('the cart lowers a line the shop has too few of and names it', async ({ page }) => {
    test.slow();
    const product = await productWithStock(page, 3);
    await gotoHydrated(page, `/product/${product.slug}`);
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByTestId('add-to-cart')).toHaveText('All in your cart');

    // Another shopper bought one meanwhile.
    await setStock(page, product, 2);
    await gotoHydrated(page, '/cart');
    const line = page.getByTestId('cart-page-line').filter({ hasText: product.name });
    await expect(line.getByTestId('line-stock')).toHaveText(
      `${product.name}: only 2 left; we changed your quantity to 2.`,
    );
    await expect(line.getByRole('spinbutton')).toHaveValue('2');
    await line.getByRole('button', { name: `Increase quantity of ${product.name}` }).click();
    await expect(line.getByRole('spinbutton')).toHaveValue('2');
    await expect(line.getByTestId('line-stock')).toHaveText(
      'We have 2 in stock; your cart holds 2.',
    );
    expect(await axeViolations(page)).toEqual([]);
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `test-results/stock-cart-${width}.png`, fullPage: true });
    }

    // Sold out altogether: the line says so and how to go on.
    await setStock(page, product, 0);
    await gotoHydrated(page, '/cart');
    await expect(line.getByTestId('line-stock')).toHaveText(
      `${product.name} is sold out. Remove it to check out.`,
    );
  });

  test('checkout names a line the shop can no longer fill, and sends the shopper to the cart', async ({
    page,
  }) => {
    const product = await productWithStock(page, 3);
    await seedCart(page, [{ product, quantity: 3 }]);
    // Another shopper bought one after this cart was filled.
    await setStock(page, product, 2);
    await gotoHydrated(page, '/checkout');
    const line = page.getByTestId('summary-line').filter({ hasText: product.name });
    await expect(line.getByTestId('summary-line-stock')).toHaveText(
      `Only 2 of ${product.name} left: lower the quantity in your cart to check out. Update your cart`,
    );
    await expect(line).toHaveAttribute('data-short', 'true');
    expect(await axeViolations(page)).toEqual([]);
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await line.screenshot({ path: `test-results/stock-checkout-${width}.png` });
    }
    await line.getByRole('link', { name: 'Update your cart' }).click();
    await expect(page).toHaveURL('/cart');
  });

  test('a sold-out product offers "Email me when it\'s back", labelled and without axe violations', async ({
    page,
  }) => {
    const product = await productWithStock(page, 0);
    await gotoHydrated(page, `/product/${product.slug}`);
    await expect(page.getByTestId('add-to-cart')).toHaveText('Sold out');
    const email = page.getByLabel('Email me when it’s back');
    await page.getByRole('button', { name: 'Notify me' }).click();
    await expect(page.getByTestId('back-in-stock').getByRole('status')).toHaveText(
      'Enter your email address.',
    );
    await expect(email).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 900 });
    await page.getByTestId('buy-box').screenshot({ path: 'test-results/stock-form-error-390.png' });

    await email.fill(`waiting.${unique()}@example.com`);
    await email.press('Enter');
    await expect(page.getByTestId('back-in-stock').getByRole('status')).toHaveText(
      'Thanks. We will email you once when it is back in stock; check your inbox for a link to cancel.',
    );
    expect(await axeViolations(page)).toEqual([]);
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page
        .getByTestId('buy-box')
        .screenshot({ path: `test-results/stock-form-${width}.png` });
    }
  });

  test('the cancel link from the email says what happened, even opened twice', async ({ page }) => {
    await gotoHydrated(page, '/back-in-stock/cancel?id=999999&key=not-the-key');
    await expect(page.getByTestId('back-in-stock-cancel-failed')).toContainText(
      'Nothing was canceled',
    );
    await expect(page.getByRole('alert')).toContainText('This link was already used');
    expect(await axeViolations(page)).toEqual([]);
  });
});
