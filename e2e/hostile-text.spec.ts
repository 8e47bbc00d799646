import { expect, test, type Page } from '@playwright/test';
import {
  apiPaths,
  testPaymentToken,
  type Order,
  type ProductReview,
  type ShippingRate,
} from '@larder/contract';
import { gotoHydrated } from './support/hydration';
import { shopApi } from './support/shop-api';

// Text a visitor stores comes back on the page as text: the API side is
// apps/api/test/fuzz/hostile-text.test.ts. A verified buyer's review is published at once, so it
// reaches the product page without the owner.
const hostileName = '<img src=x onerror="window.__pwned=1">';
const hostileReview = '</script><script>window.__pwned=1</script> "><svg onload=window.__pwned=1>';
const address = {
  address_1: '200 Broadway',
  city: 'New York',
  state: 'NY',
  postcode: '10007',
  country: 'US',
};

async function xsrfHeader(page: Page) {
  const cookie = (await page.context().cookies()).find((entry) => entry.name === 'XSRF-TOKEN');
  return { 'x-xsrf-token': decodeURIComponent(cookie?.value ?? '') };
}

test('a review and a name holding script are shown as text and never run', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const [product] = (await shopApi(page.request).products()).filter(
    (item) => item.type === 'simple' && item.purchasable,
  );
  const email = `hostile.${Date.now().toString(36)}@example.com`;
  const password = 'oats and honey at dawn';
  const created = await page.request.post(apiPaths.customers, {
    data: { email, password, first_name: hostileName, last_name: 'Tester' },
  });
  expect(created.status()).toBe(201);
  const customerId = ((await created.json()) as { id: number }).id;
  expect(
    (await page.request.post(apiPaths.token, { data: { username: email, password } })).ok(),
  ).toBe(true);
  const headers = await xsrfHeader(page);

  const lines = [{ product_id: product!.id, quantity: 1 }];
  const rates = await page.request.post(apiPaths.shippingRates, {
    headers,
    data: { ...address, products: lines },
  });
  const [rate] = (await rates.json()) as ShippingRate[];
  const placed = await page.request.post(apiPaths.orders, {
    headers,
    data: {
      customer_id: customerId,
      payment_method: 'stripe',
      billing: {
        first_name: 'Robin',
        last_name: 'Tester',
        email,
        phone: '+1 212 555 0100',
        ...address,
      },
      line_items: lines,
      shipping_lines: [{ method_id: rate!.method_id, instance_id: rate!.instance_id }],
    },
  });
  expect(placed.status()).toBe(201);
  const order = (await placed.json()) as Order;
  const paid = await page.request.post(apiPaths.cardPayment, {
    headers,
    data: {
      order_id: order.id,
      payment_token: testPaymentToken('4242 4242 4242 4242'),
      payment_method: 'stripe',
    },
  });
  expect(paid.ok()).toBe(true);

  const posted = await page.request.post(apiPaths.productReviews, {
    headers,
    data: {
      product_id: product!.id,
      reviewer: hostileName,
      reviewer_email: email,
      review: hostileReview,
      rating: 5,
    },
  });
  expect(posted.status()).toBe(201);
  expect(((await posted.json()) as ProductReview).status).toBe('approved');

  await gotoHydrated(page, `/product/${product!.slug}`);
  const reviews = page.getByTestId('product-reviews');
  await expect(reviews.getByText(hostileReview)).toBeVisible();
  await expect(reviews.getByText(hostileName)).toBeVisible();
  await expect(reviews.locator('img[src="x"], svg[onload], script')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();

  // Client-side navigation renders the same data through React alone.
  await gotoHydrated(page, '/shop');
  await page.goBack();
  await expect(reviews.getByText(hostileReview)).toBeVisible();
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
});
