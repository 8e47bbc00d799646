import { expect, test, type Page } from '@playwright/test';
import { apiPaths, wholesaleOrderingPaths, type Product } from '@larder/contract';
import { ownerAccount, signIn, unique, xsrfHeader } from './support/back-office';
import { axeViolations } from './support/axe';
import { gotoHydrated } from './support/hydration';
import { shoot } from './support/screenshots';

// Decision 0037: the owner's forms for the wholesale ordering rules, read back from the API.

const notice = (page: Page) => page.getByTestId('admin-notice');

const food = {
  ingredients: 'Rolled oats, honey',
  allergens: [],
  may_contain: [],
  dietary_tags: [],
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

test.describe('the owner’s wholesale ordering rules', () => {
  test.describe.configure({ timeout: 90_000 });

  test('the owner sets a product’s case size and a quantity break, and they read back from the API', async ({
    page,
  }) => {
    await signIn(page, await ownerAccount());
    // A product of its own: the demo products' rules are what other specs order by.
    const created = await page.request.post(apiPaths.products, {
      headers: await xsrfHeader(page),
      data: {
        name: `Case Granola ${unique()}`,
        status: 'draft',
        regular_price: '10.00',
        wholesale_price: '8.00',
        food,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const product = (await created.json()) as Product;

    await gotoHydrated(page, `/admin/products/${product.id}`);
    const section = page.getByRole('region', { name: 'Wholesale ordering' });
    await expect(section.getByLabel('Units per case')).toHaveValue('1');
    await section.getByLabel('Units per case').fill('12');
    await section.getByLabel('Break 1: from (units)').fill('60');
    // A break must cost less than the wholesale price: refused on its own row, typing kept.
    await section.getByLabel('Break 1: price each (USD)').fill('8.50');
    await page.getByRole('button', { name: 'Save product' }).click();
    await expect(notice(page)).toContainText('not saved');
    const price = section.getByLabel('Break 1: price each (USD)');
    await expect(price).toHaveAttribute('aria-invalid', 'true');
    await expect(section).toContainText('A break must cost less than the wholesale price ($8.00).');
    await expect(section.getByLabel('Units per case')).toHaveValue('12');

    // "Add a break" puts the cursor in the empty row, or a new one; "Remove" takes a row away.
    await section.getByRole('button', { name: 'Add a break' }).click();
    await expect(section.getByLabel('Break 2: from (units)')).toBeFocused();
    await page.keyboard.type('120');
    await section.getByLabel('Break 2: price each (USD)').fill('7.00');
    await section.getByRole('button', { name: 'Add a break' }).click();
    await expect(section.getByLabel('Break 3: from (units)')).toBeFocused();
    await section.getByRole('button', { name: 'Remove break 3' }).press('Enter');
    await expect(section.getByLabel('Break 3: from (units)')).toHaveCount(0);
    await expect(section.getByRole('button', { name: 'Add a break' })).toBeFocused();

    await price.fill('7.50');
    await page.getByRole('button', { name: 'Save product' }).click();
    await expect(notice(page)).toContainText('was saved');
    await expect(section.getByLabel('Break 1: from (units)')).toHaveValue('60');
    await expect(section.getByLabel('Break 1: price each (USD)')).toHaveValue('7.50');
    await expect(section.getByLabel('Break 2: from (units)')).toHaveValue('120');

    const read = await page.request.get(`${apiPaths.products}/${product.id}?context=edit`);
    expect(read.status()).toBe(200);
    expect(((await read.json()) as Product).wholesale).toEqual({
      case_size: 12,
      min_quantity: 1,
      tiers: [
        { min_quantity: 60, price: '7.50' },
        { min_quantity: 120, price: '7.00' },
      ],
    });
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'admin-product-wholesale');
  });

  test('a variation sells by its product’s rules until the owner gives it its own', async ({
    page,
  }) => {
    await signIn(page, await ownerAccount());
    const created = await page.request.post(apiPaths.products, {
      headers: await xsrfHeader(page),
      data: {
        name: `Case Trail Mix ${unique()}`,
        type: 'variable',
        status: 'draft',
        food,
        wholesale: { case_size: 12, min_quantity: 12 },
        attributes: [{ name: 'Size', options: ['12 oz', '2 lb'], variation: true }],
        variations: [
          {
            regular_price: '30.00',
            wholesale_price: '20.00',
            attributes: [{ name: 'Size', option: '2 lb' }],
          },
        ],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const product = (await created.json()) as Product;
    const [bag] = product.variations;
    const rulesOf = async () => {
      const read = await page.request.get(`${apiPaths.products}/${product.id}?context=edit`);
      return ((await read.json()) as Product).variations[0]!.wholesale;
    };

    await gotoHydrated(page, `/admin/products/${product.id}?variation=${bag!.variation_id}`);
    const form = page.getByRole('form', { name: 'Edit variation' });
    const own = form.getByLabel('Its own case, minimum and quantity breaks');
    await expect(form.getByLabel('Same as the product')).toBeChecked();
    await expect(form.getByLabel('Units per case')).toBeHidden();
    await own.check();
    await form.getByLabel('Units per case').fill('6');
    await form.getByLabel('Minimum quantity (units)').fill('6');
    await form.getByLabel('Break 1: from (units)').fill('30');
    await form.getByLabel('Break 1: price each (USD)').fill('18.50');
    expect(await axeViolations(page, '.admin-variation-form')).toEqual([]);
    await form.getByRole('button', { name: 'Save variation' }).click();
    await expect(notice(page)).toContainText('The variation 2 lb was saved.');
    expect(await rulesOf()).toEqual({
      case_size: 6,
      min_quantity: 6,
      tiers: [{ min_quantity: 30, price: '18.50' }],
    });

    await page
      .getByTestId(`variation-${bag!.variation_id}`)
      .getByRole('link', { name: 'Edit 2 lb' })
      .click();
    await expect(own).toBeChecked();
    await expect(form.getByLabel('Break 1: price each (USD)')).toHaveValue('18.50');
    await form.getByLabel('Same as the product').check();
    await form.getByRole('button', { name: 'Save variation' }).click();
    await expect(notice(page)).toContainText('The variation 2 lb was saved.');
    expect(await rulesOf()).toEqual({ case_size: 12, min_quantity: 12, tiers: [] });
  });

  test('the owner sets the order minimums, and they read back from the API', async ({ page }) => {
    await signIn(page, await ownerAccount());
    const settings = async () =>
      (await (await page.request.get(wholesaleOrderingPaths.settings)).json()) as {
        opening_order_minimum: string;
        reorder_minimum: string;
      };
    // Other specs order against the demo's $150 opening minimum at the same time, so the opening
    // minimum is saved as typed at the amount it has; the reorder minimum, which none of them
    // reaches, is changed and put back.
    expect(await settings()).toEqual({
      opening_order_minimum: '150.00',
      reorder_minimum: '100.00',
    });

    await gotoHydrated(page, '/admin/wholesale');
    const form = page.getByRole('form', { name: 'Order minimums' });
    await expect(form.getByLabel('Opening order minimum (USD)')).toHaveValue('150.00');
    await form.getByLabel('Opening order minimum (USD)').fill('150.005');
    await form.getByRole('button', { name: 'Save minimums' }).click();
    await expect(notice(page)).toContainText('The minimums were not saved');
    await expect(form.getByLabel('Opening order minimum (USD)')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(await settings()).toEqual({
      opening_order_minimum: '150.00',
      reorder_minimum: '100.00',
    });

    await form.getByLabel('Opening order minimum (USD)').fill('150');
    await form.getByLabel('Reorder minimum (USD)').fill('87.5');
    await form.getByRole('button', { name: 'Save minimums' }).click();
    await expect(notice(page)).toContainText(
      'The order minimums were saved: $150.00 for a first order, $87.50 for a reorder.',
    );
    await expect(form.getByLabel('Reorder minimum (USD)')).toHaveValue('87.50');
    expect(await settings()).toEqual({ opening_order_minimum: '150.00', reorder_minimum: '87.50' });
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'admin-wholesale-minimums');

    await form.getByLabel('Reorder minimum (USD)').fill('100.00');
    await form.getByRole('button', { name: 'Save minimums' }).click();
    await expect(notice(page)).toContainText('$100.00 for a reorder');
    expect(await settings()).toEqual({
      opening_order_minimum: '150.00',
      reorder_minimum: '100.00',
    });
  });
});
