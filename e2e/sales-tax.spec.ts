import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { apiPaths, type Product, type ShippingRate } from '@larder/contract';
import { gotoHydrated } from './support/hydration';
import { seedCart } from './support/saved-cart';
import { shopApi } from './support/shop-api';
import { shotsDir } from './support/screenshots';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const cents = (dollars: number) => Math.round(dollars * 100);

const durham = {
  address_1: '410 W Main St',
  city: 'Durham',
  country: 'US',
  state: 'NC',
  postcode: '27701',
};
const portland = {
  address_1: '1420 SE Alder St',
  city: 'Portland',
  country: 'US',
  state: 'OR',
  postcode: '97214',
};
type Address = typeof durham;

/** The seeded granola (food, reduced rate) that is a simple product in stock. */
async function granola(request: APIRequestContext): Promise<Product> {
  const products = await shopApi(request).products();
  const found = products.find((product) => product.slug === 'peanut-butter-banana');
  if (!found?.purchasable) throw new Error('The seed needs Peanut Butter Banana in stock');
  return found;
}

async function standardRate(request: APIRequestContext, address: Address, product: Product) {
  const response = await request.post(apiPaths.shippingRates, {
    data: { ...address, products: [{ product_id: product.id, quantity: 2 }] },
  });
  expect(response.ok()).toBe(true);
  const rates = (await response.json()) as ShippingRate[];
  const rate = rates.find((candidate) => candidate.label === 'Standard shipping');
  if (!rate) throw new Error(`No standard shipping: ${JSON.stringify(rates)}`);
  return rate;
}

async function fillAddress(page: Page, address: Address) {
  const form = page.getByTestId('checkout-form');
  await form.getByLabel('Country').selectOption(address.country);
  await form.getByLabel('State', { exact: true }).selectOption(address.state);
  await form.getByLabel('Street address').fill(address.address_1);
  await form.getByLabel('City').fill(address.city);
  await form.getByLabel('ZIP code').fill(address.postcode);
}

for (const width of [1440, 390]) {
  test.describe(`checkout sales tax at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('no tax for an Oregon address, the quoted tax for Durham, and the order charges the total shown', async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const product = await granola(request);
      const subtotal = cents(Number(product.price)) * 2;
      const oregon = await standardRate(request, portland, product);
      const nc = await standardRate(request, durham, product);
      expect(oregon.tax.total_tax).toBe(0);
      expect(nc.tax.total_tax).toBeGreaterThan(0);

      await seedCart(page, [{ product, quantity: 2 }]);
      await gotoHydrated(page, '/checkout');
      const form = page.getByTestId('checkout-form');
      await form.getByLabel('First name').fill('Maya');
      await form.getByLabel('Last name').fill('Lin');
      await form.getByLabel('Email', { exact: true }).fill(`maya+${Date.now()}@example.com`);
      await form.getByLabel('Phone').fill('+1 919 555 0100');

      await fillAddress(page, portland);
      const rates = page.getByTestId('shipping-rates');
      await expect(rates.getByRole('radio', { name: /^Standard shipping/ })).toBeChecked();
      await expect(page.getByTestId('totals-tax')).toHaveText(usd.format(0));
      await expect(page.getByTestId('totals-grand')).toHaveText(
        usd.format((subtotal + cents(oregon.cost)) / 100),
      );

      await fillAddress(page, durham);
      // The bakery's own area: pickup is offered, so nothing is chosen for the shopper. Wait for
      // the Durham quote (the rates are asked again as each field changes) before choosing.
      await expect(rates.getByRole('radio', { name: /^Pick up/ })).toBeVisible();
      await expect(page.getByTestId('totals-tax')).toHaveText('Choose a method');
      await rates.getByRole('radio', { name: /^Standard shipping/ }).check();
      await expect(page.getByTestId('totals-tax')).toHaveText(usd.format(nc.tax.total_tax));
      const shown = usd.format((subtotal + cents(nc.cost) + cents(nc.tax.total_tax)) / 100);
      await expect(page.getByTestId('totals-grand')).toHaveText(shown);
      const summary = page.locator('.order-summary');
      if (shotsDir) await summary.screenshot({ path: `${shotsDir}/checkout-tax-${width}.png` });
      expect(await axeViolations(page, '.order-summary')).toEqual([]);

      await page.getByRole('button', { name: 'Place order' }).click();
      const dialog = page.getByRole('dialog', { name: 'Order Payment' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByTestId('payment-order-total')).toHaveText(shown);

      // Paid, the receipt lists the rate it was charged and the same total.
      await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
      await dialog.getByLabel('Expiry (MM/YY)').fill(`12/${(new Date().getFullYear() + 3) % 100}`);
      await dialog.getByLabel('CVC').fill('123');
      await dialog.getByRole('button', { name: 'Submit Payment' }).click();
      await expect(page).toHaveURL(/\/order-received\/\d+\?key=wc_order_/);
      const receipt = page.getByTestId('order-received');
      await expect(receipt.getByTestId('order-tax-line')).toHaveText([
        usd.format(nc.tax.total_tax),
      ]);
      await expect(receipt).toContainText('NC Food Tax');
      await expect(receipt.getByTestId('order-total')).toHaveText(shown);
      if (shotsDir)
        await page.screenshot({ path: `${shotsDir}/receipt-tax-${width}.png`, fullPage: true });
    });
  });
}

test.describe('sales tax with a discount code', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('in Durham the tax is on the discounted cart: checkout shows what the quote says and the order charges', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const product = await granola(request);
    const email = `maya+code${Date.now()}@example.com`;
    const quoted = await request.post(apiPaths.shippingRates, {
      data: {
        ...durham,
        products: [{ product_id: product.id, quantity: 2 }],
        coupon_lines: [{ code: 'WELCOME10' }],
        billing_email: email,
      },
    });
    const nc = ((await quoted.json()) as ShippingRate[]).find(
      (rate) => rate.label === 'Standard shipping',
    )!;
    const plain = await standardRate(request, durham, product);
    // The quote's tax is on the lines after 10 % off, so less than without the code.
    expect(nc.tax.cart_tax).toBeLessThan(plain.tax.cart_tax);
    expect(nc.tax.shipping_tax).toBe(plain.tax.shipping_tax);

    await seedCart(page, [{ product, quantity: 2 }]);
    await gotoHydrated(page, '/checkout');
    const form = page.getByTestId('checkout-form');
    await form.getByLabel('First name').fill('Maya');
    await form.getByLabel('Last name').fill('Lin');
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByLabel('Phone').fill('+1 919 555 0100');
    const discount = page.getByTestId('checkout-discount');
    await discount.getByLabel('Discount code').fill('WELCOME10');
    await discount.getByRole('button', { name: 'Apply' }).click();
    await expect(discount.getByRole('status')).toHaveText('Discount code WELCOME10 applied.');

    await fillAddress(page, durham);
    const rates = page.getByTestId('shipping-rates');
    await expect(rates.getByRole('radio', { name: /^Pick up/ })).toBeVisible();
    await rates.getByRole('radio', { name: /^Standard shipping/ }).check();
    await expect(page.getByTestId('totals-tax')).toHaveText(usd.format(nc.tax.total_tax));
    const subtotal = cents(Number(product.price)) * 2;
    const discountCents = Math.round(subtotal / 10);
    await expect(page.getByTestId('totals-discount')).toHaveText(
      `−${usd.format(discountCents / 100)}`,
    );
    const shown = usd.format(
      (subtotal - discountCents + cents(nc.cost) + cents(nc.tax.total_tax)) / 100,
    );
    await expect(page.getByTestId('totals-grand')).toHaveText(shown);
    if (shotsDir)
      await page
        .locator('.order-summary')
        .screenshot({ path: `${shotsDir}/checkout-code-tax.png` });

    await page.getByRole('button', { name: 'Place order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Order Payment' });
    await expect(dialog.getByTestId('payment-order-total')).toHaveText(shown);
    await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
    await dialog.getByLabel('Expiry (MM/YY)').fill(`12/${(new Date().getFullYear() + 3) % 100}`);
    await dialog.getByLabel('CVC').fill('123');
    await dialog.getByRole('button', { name: 'Submit Payment' }).click();
    await expect(page).toHaveURL(/\/order-received\/\d+\?key=wc_order_/);
    const receipt = page.getByTestId('order-received');
    await expect(receipt.getByTestId('order-tax-line')).toHaveText([usd.format(nc.tax.total_tax)]);
    await expect(receipt.getByTestId('order-total')).toHaveText(shown);
  });
});
