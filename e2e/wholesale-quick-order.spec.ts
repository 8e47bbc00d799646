import { expect, test, type Page } from '@playwright/test';
import { apiPaths, type Product } from '@larder/contract';
import { createCustomer, createWholesaleBuyer, signIn } from './support/back-office';
import { axeViolations } from './support/axe';
import { gotoHydrated } from './support/hydration';
import { shoot } from './support/screenshots';

/** The buyer's rows as the API prices them for this session: sizes sold by the case first. */
async function caseRows(page: Page) {
  const products = (await (
    await page.request.get(`${apiPaths.products}?per_page=100&status=publish`)
  ).json()) as Product[];
  return products.flatMap((product) =>
    product.variations
      .filter((variation) => variation.is_purchasable && (variation.wholesale?.case_size ?? 1) > 1)
      .map((variation) => ({
        sku: variation.sku,
        caseSize: variation.wholesale!.case_size,
        name: `${product.name} – ${Object.values(variation.attributes).join(', ')}`,
      })),
  );
}

test.describe('Wholesale quick order (issue 15)', () => {
  test('a buyer fills the table by hand and from a sheet, sees the case rule, and puts it all in the cart', async ({
    page,
    browser,
  }) => {
    // Two accounts made, a file read and the cart visited: more than the default budget.
    test.slow();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, await createWholesaleBuyer(browser));
    const [first, second] = await caseRows(page);
    expect(first, 'the demo catalogue sells sizes by the case').toBeDefined();

    await gotoHydrated(page, '/wholesale/quick-order');
    await expect(
      page.getByTestId('hero').getByRole('heading', { name: 'Quick order' }),
    ).toBeVisible();
    // A new account's first order: the opening minimum, from the shop's settings.
    await expect(page.getByTestId('quick-order-minimum')).toContainText(
      /^A first wholesale order has a \$[\d,.]+ minimum/,
    );
    const table = page.getByTestId('quick-order-table');
    const quantity = table.getByLabel(`Quantity of ${first!.name}`);

    // One bag more than a case: the server's own words, on the line, and the cart is not touched.
    await quantity.fill(String(first!.caseSize + 1));
    const row = table.locator(`[data-sku="${first!.sku}"]`);
    await expect(row).toContainText(`comes in cases of ${first!.caseSize}`);
    expect(await axeViolations(page), 'table with a refused line').toEqual([]);
    await page.getByRole('button', { name: 'Add all to cart' }).click();
    await expect(page.getByTestId('quick-order-banner')).toHaveText(
      'Fix the lines marked in the table first.',
    );
    await expect(page).toHaveURL(/\/wholesale\/quick-order$/);

    // A sheet with a header, a second size, an unknown SKU and a bad quantity.
    await page.getByLabel('Upload an order sheet (CSV)').setInputFiles({
      name: 'standing-order.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `SKU,Qty\n${first!.sku},${first!.caseSize * 2}\n${second?.sku ?? first!.sku},${second?.caseSize ?? first!.caseSize}\nNO-SUCH-SKU,12\n${first!.sku},two\n`,
      ),
    });
    await expect(page.getByTestId('quick-order-banner')).toContainText('from standing-order.csv');
    const problems = page.getByTestId('quick-order-file-problems');
    await expect(problems).toContainText('Row 4: No product has the SKU NO-SUCH-SKU.');
    await expect(problems).toContainText('Row 5:');
    await expect(quantity).toHaveValue(String(first!.caseSize * 2));
    await expect(row).not.toHaveAttribute('data-problem');
    await shoot(page, 'wholesale-quick-order');

    const subtotal = await page.getByTestId('quick-order-subtotal').textContent();
    await page.getByRole('button', { name: 'Add all to cart' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    const lines = page.getByTestId('cart-page-line');
    await expect(lines.filter({ hasText: first!.name.split(' – ')[0]! }).first()).toBeVisible();
    await expect(page.getByTestId('totals-subtotal')).toHaveText(subtotal!);

    // Back on the table, it starts from what the cart now holds.
    await gotoHydrated(page, '/wholesale/quick-order');
    await expect(table.getByLabel(`Quantity of ${first!.name}`)).toHaveValue(
      String(first!.caseSize * 2),
    );
  });

  test('a retail account is shown how to become a partner, and a visitor is asked to sign in', async ({
    page,
  }) => {
    await gotoHydrated(page, '/wholesale/quick-order');
    await expect(page).toHaveURL(/\/login\?redirect=/);

    await signIn(page, await createCustomer(page.request));
    await gotoHydrated(page, '/wholesale/quick-order');
    await expect(
      page.getByRole('heading', { name: 'Quick order is for wholesale partners' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Apply for a wholesale account' })).toBeVisible();
  });
});
