import { expect, test, type Page } from '@playwright/test';
import { apiPaths, type Order, type Product } from '@larder/contract';
import { axeViolations } from './support/axe';
import { gotoHydrated } from './support/hydration';
import { shoot } from './support/screenshots';
import { shopApi } from './support/shop-api';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const address = {
  address_1: '1100 Congress Ave',
  city: 'Austin',
  country: 'US',
  state: 'TX',
  postcode: '78701',
};

/** A cart saved in this browser, as the cart store keeps it: one of each product. */
async function seedCart(page: Page, products: Product[]) {
  const items = products.map((product) => ({
    id: product.id,
    quantity: 1,
    price: Number(product.price),
    product: {
      id: product.id,
      slug: product.slug,
      name: product.name,
      type: product.type,
      images: product.images.slice(0, 1).map(({ src, alt }) => ({ src, alt })),
    },
  }));
  await page.addInitScript(
    (saved) => {
      if (!localStorage.getItem('shop-cart')) localStorage.setItem('shop-cart', saved);
    },
    JSON.stringify({ state: { items }, version: 1 }),
  );
}

test.describe('discount codes', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a shopper applies a code in the cart, it carries to checkout, and the placed order costs the total shown', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const products = (await shopApi(request).products())
      .filter((product) => product.type === 'simple' && product.purchasable)
      .slice(0, 2);
    expect(products).toHaveLength(2);
    await seedCart(page, products);
    await gotoHydrated(page, '/cart');

    const estimator = page.getByTestId('shipping-estimator');
    await estimator.getByLabel('Country').selectOption(address.country);
    await estimator.getByLabel('State', { exact: true }).selectOption(address.state);
    await estimator.getByLabel('City').fill(address.city);
    await estimator.getByLabel('Street address').fill(address.address_1);
    await estimator.getByLabel('ZIP code').fill(address.postcode);
    await expect(
      page.getByRole('group', { name: 'Shipping method' }).getByRole('radio').first(),
    ).toBeChecked();

    // A code the shop does not have: refused with its name, said aloud, focus kept on the field.
    const discount = page.getByTestId('cart-discount');
    const field = discount.getByLabel('Discount code');
    await field.fill('NOPE');
    await discount.getByRole('button', { name: 'Apply' }).click();
    const refusal = 'The code NOPE does not exist. Check its spelling.';
    await expect(discount.getByRole('status')).toHaveText(refusal);
    await expect(discount.locator('.form-field__error')).toHaveText(refusal);
    await expect(field).toBeFocused();
    await expect(field).toHaveAttribute('aria-invalid', 'true');

    // The demo's first-order code, typed in lower case, as shoppers do.
    await field.fill('welcome10');
    await field.press('Enter');
    await expect(discount.getByRole('status')).toHaveText('Discount code WELCOME10 applied.');
    const applied = discount.getByRole('list', { name: 'Discount codes applied' });
    await expect(applied.getByRole('listitem')).toHaveCount(1);
    await expect(applied).toContainText('WELCOME10');
    const subtotalCents = products.reduce((sum, p) => sum + Math.round(Number(p.price) * 100), 0);
    // 10 % per line, each rounded half up.
    const discountCents = products.reduce(
      (sum, p) => sum + Math.round(Math.round(Number(p.price) * 100) / 10),
      0,
    );
    await expect(page.getByTestId('totals-discount')).toHaveText(
      `−${usd.format(discountCents / 100)}`,
    );
    await expect(applied).toContainText(`−${usd.format(discountCents / 100)}`);
    expect(await axeViolations(page, '.cart-summary')).toEqual([]);
    await shoot(page, 'cart-discount');

    // Remove and apply again: the Remove button names the code and gives focus back to the field.
    await applied.getByRole('button', { name: 'Remove discount code WELCOME10' }).click();
    await expect(page.getByTestId('totals-discount')).toHaveCount(0);
    await expect(field).toBeFocused();
    await field.fill('WELCOME10');
    await discount.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('totals-discount')).toBeVisible();
    const cartTotal = await page.getByTestId('totals-grand').textContent();

    await page.getByRole('link', { name: 'Proceed to checkout' }).click();
    await expect(page).toHaveURL('/checkout');
    const form = page.getByTestId('checkout-form');
    const email = `new+${unique()}@example.com`;
    await form.getByLabel('First name').fill('Ada');
    await form.getByLabel('Last name').fill('Oats');
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByLabel('Phone').fill('+1 512 555 0100');
    await form.getByLabel('Country').selectOption(address.country);
    await form.getByLabel('Street address').fill(address.address_1);
    await form.getByLabel('City').fill(address.city);
    await form.getByLabel('State', { exact: true }).selectOption(address.state);
    await form.getByLabel('ZIP code').fill(address.postcode);
    await expect(page.getByTestId('shipping-rates').getByRole('radio').first()).toBeChecked();
    const summary = page.locator('.checkout-summary');
    await expect(summary.getByTestId('checkout-discount')).toContainText('WELCOME10');
    await expect(summary.getByTestId('totals-discount')).toHaveText(
      `−${usd.format(discountCents / 100)}`,
    );
    const shownTotal = await summary.getByTestId('totals-grand').textContent();
    expect(shownTotal).toBe(cartTotal);
    expect(await axeViolations(page, '.checkout-summary')).toEqual([]);
    await shoot(page, 'checkout-discount');

    await page.getByRole('button', { name: 'Place order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Order Payment' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('card-widget')).toHaveAttribute('data-status', 'ready');
    await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
    await dialog.getByLabel('Expiry (MM/YY)').fill(`12/${(new Date().getFullYear() + 3) % 100}`);
    await dialog.getByLabel('CVC').fill('123');
    await dialog.getByRole('button', { name: 'Submit Payment' }).click();

    await expect(page).toHaveURL(/\/order-received\/\d+\?key=wc_order_/);
    const url = new URL(page.url());
    const id = Number(url.pathname.split('/').pop());
    const response = await request.get(
      `${apiPaths.orders}/${id}?key=${encodeURIComponent(url.searchParams.get('key')!)}`,
    );
    const order = (await response.json()) as Order;
    expect(order.coupon_lines.map((line) => line.code)).toEqual(['WELCOME10']);
    expect(Math.round(Number(order.discount_total) * 100)).toBe(discountCents);
    expect(usd.format(Number(order.total))).toBe(shownTotal);
    expect(
      Math.round(Number(order.total) * 100) -
        (subtotalCents - discountCents + Math.round(Number(order.shipping_total) * 100)),
    ).toBe(0);

    const receipt = page.getByTestId('order-received');
    await expect(receipt.getByTestId('order-discount')).toHaveText(
      `−${usd.format(discountCents / 100)}`,
    );
    await expect(receipt.getByTestId('order-total')).toHaveText(shownTotal!);
    await shoot(page, 'order-received-discount');

    // The code went with the cart: a new cart starts without it.
    expect(await page.evaluate(() => localStorage.getItem('shop-cart-codes'))).toContain(
      '"codes":[]',
    );
  });
});
