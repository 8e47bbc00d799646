import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import {
  apiPaths,
  testPaymentToken,
  type Customer,
  type Order,
  type Product,
  type ShippingRate,
} from '@larder/contract';
import { fillCheckoutBilling } from './support/checkout-form';
import { gotoHydrated } from './support/hydration';
import { applyForWholesale, ownerAccount, signIn, unique, xsrfHeader } from './support/back-office';
import { axeViolations } from './support/axe';
import { shoot } from './support/screenshots';
import { shopApi } from './support/shop-api';

// Decision 0037: an approved wholesale buyer sees the breaks, orders by the case, is shown the
// opening minimum's progress and pays what the cart showed.

const address = {
  first_name: 'Dana',
  last_name: 'Whitfield',
  address_1: '12 Market Street',
  city: 'Durham',
  state: 'NC',
  postcode: '27701',
  country: 'US',
};

/** A café's application, approved by an owner through the back office's API. */
async function approvedBuyer(request: APIRequestContext, browser: Browser) {
  const { id, account } = await applyForWholesale(request, `Corner Café ${unique()}`);
  const context = await browser.newContext();
  const owner = await context.newPage();
  await signIn(owner, await ownerAccount());
  const approved = await owner.request.put(`${apiPaths.wholesaleApplications}/${id}`, {
    headers: await xsrfHeader(owner),
    data: { status: 'approved' },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  await context.close();
  return account;
}

test('an approved buyer sees the breaks, is held to whole cases and the opening minimum, and pays what the cart showed', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const buyer = await approvedBuyer(request, browser);
  await signIn(page, buyer);
  const products = await shopApi(page.request).products();
  const product = products.find((entry) => entry.slug === 'honey-oat-classic') as Product;
  const bag = product.variations.find((entry) => entry.attributes.Size === '12 oz')!;
  expect(bag.wholesale?.case_size).toBe(12);

  await gotoHydrated(page, `/product/${product.slug}`);
  await page.getByTestId('attribute-Size').getByLabel('12 oz', { exact: true }).check();
  const tiers = page.getByTestId('wholesale-tiers');
  await expect(tiers).toBeVisible();
  for (const tier of bag.wholesale!.tiers) {
    await expect(tiers).toContainText(`${tier.min_quantity}+ (${tier.min_quantity / 12} cases)`);
    await expect(tiers).toContainText(`$${tier.price}`);
  }
  // The quantity starts at a whole case and steps by the case.
  const quantity = page.getByTestId('quantity-input');
  await expect(quantity).toHaveValue('12');
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(quantity).toHaveValue('24');
  await page.getByRole('button', { name: 'Decrease quantity' }).click();
  await expect(quantity).toHaveValue('12');
  await expect(page.getByTestId('wholesale-quantity')).toContainText('Sold in cases of 12');
  expect(await axeViolations(page, '[data-testid="buy-box"]')).toEqual([]);
  await shoot(page, 'wholesale-product');
  await page.getByTestId('add-to-cart').click();

  await gotoHydrated(page, '/cart');
  const minimum = page.getByTestId('wholesale-minimum');
  // 12 × $7.20 = $86.40 of the $150.00 opening minimum.
  await expect(minimum).toContainText('add $63.60 more');
  const line = page.getByTestId('line-quantity');
  await line.fill('13');
  await expect(page.getByTestId('wholesale-line-rules')).toContainText(
    'Honey Oat Classic | 12 oz comes in cases of 12: order 12, 24, 36…',
  );
  await shoot(page, 'wholesale-cart');

  // Checkout marks the refused line in its summary; placing the order says why in the banner too.
  await gotoHydrated(page, '/checkout');
  const refused = page.getByTestId('summary-line').filter({ hasText: 'Honey Oat Classic' });
  await expect(refused.getByTestId('summary-line-rule')).toContainText(
    'Honey Oat Classic | 12 oz comes in cases of 12: order 12, 24, 36…',
  );
  await fillCheckoutBilling(page, { ...address, email: buyer.email, phone: '+1 919 555 0100' });
  await page.getByRole('button', { name: 'Place order' }).click();
  const banner = page.getByTestId('checkout-error');
  await expect(banner).toContainText('comes in cases of 12: order 12, 24, 36…');
  await expect(banner).toBeFocused();
  expect(await axeViolations(page, '[data-testid="checkout-form"]')).toEqual([]);
  await shoot(page, 'wholesale-checkout-refused-line');
  await refused.getByRole('link', { name: 'Update your cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);

  await line.fill('24');
  await expect(page.getByTestId('wholesale-line-rules')).toHaveCount(0);
  await expect(minimum).toContainText('this order meets it');
  const shown = (await page.getByTestId('line-subtotal').textContent())!;
  expect(shown).toBe('$172.80');
  expect(await axeViolations(page, '.cart-layout')).toEqual([]);

  // The order the cart leads to charges the line what the cart showed, and is paid by card.
  const headers = await xsrfHeader(page);
  const lines = [{ product_id: product.id, variation_id: bag.variation_id, quantity: 24 }];
  const rates = await page.request.post(apiPaths.shippingRates, {
    headers,
    data: { ...address, products: lines },
  });
  expect(rates.ok(), await rates.text()).toBe(true);
  const [rate] = (await rates.json()) as ShippingRate[];
  const created = await page.request.post(apiPaths.orders, {
    headers,
    data: {
      customer_id: ((await (await page.request.get(`${apiPaths.customers}/me`)).json()) as Customer)
        .id,
      payment_method: 'stripe',
      billing: { ...address, email: buyer.email, phone: '+1 919 555 0100' },
      line_items: lines,
      shipping_lines: [{ method_id: rate!.method_id, instance_id: rate!.instance_id }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const order = (await created.json()) as Order;
  expect(`$${order.line_items[0]!.subtotal}`).toBe(shown);
  const paid = await page.request.post(apiPaths.cardPayment, {
    headers,
    data: {
      order_id: order.id,
      payment_token: testPaymentToken('4242 4242 4242 4242'),
      payment_method: 'stripe',
    },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
});
