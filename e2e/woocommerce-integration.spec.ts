import { createHmac } from 'node:crypto';
import { expect, test } from '@playwright/test';
import officialClient from '@woocommerce/woocommerce-rest-api';
import { apiPaths, type Product, type ShippingRate } from '@larder/contract';
import { ownerAccount, signIn, unique } from './support/back-office';
import { fillCheckoutBilling } from './support/checkout-form';
import { gotoHydrated } from './support/hydration';
import { seedCart } from './support/saved-cart';
import { startWebhookReceiver } from './support/webhook-receiver';

// Issue 17's "done when", walked as a new owner would: a key made in the back office, an
// integration written for WooCommerce (the official client, OAuth 1.0a over http) reading and
// writing products and orders and subscribing to order.created, then a shopper's checkout in the
// browser reaching the integration's receiver, signed.

// Node's ESM loader hands this CommonJS package over whole: the client class is its `default`.
const WooCommerceRestApi = (officialClient as unknown as { default: typeof officialClient })
  .default;

const buyer = {
  first_name: 'Ada',
  last_name: 'Baker',
  email: `ada+${unique()}@example.com`,
  phone: '+1 919 555 0100',
  country: 'US',
  address_1: '300 Blackwell St',
  city: 'Durham',
  state: 'NC',
  postcode: '27701',
};

/** Larder's one addition to WooCommerce's product: the food label every product carries. */
const food = {
  ingredients: 'Rolled oats, maple syrup, pecans.',
  allergens: ['tree nuts'],
  may_contain: [],
  dietary_tags: [],
  nutrition: {
    serving_size: '1/2 cup (45g)',
    servings_per_container: '8',
    calories: 210,
    total_fat_g: 9,
    saturated_fat_g: 1,
    trans_fat_g: 0,
    cholesterol_mg: 0,
    sodium_mg: 35,
    total_carbohydrate_g: 28,
    dietary_fiber_g: 4,
    total_sugars_g: 8,
    added_sugars_g: 6,
    protein_g: 5,
  },
};

test.use({ viewport: { width: 1440, height: 900 } });

test('an integration with a key made in the back office reads and writes the shop and gets a signed order.created from a checkout', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.slow();
  const receiver = await startWebhookReceiver();
  try {
    // The owner makes a read/write key for the integration.
    await signIn(page, await ownerAccount());
    await gotoHydrated(page, '/admin/api-keys');
    await page.getByLabel('Description').fill(`Accounting sync ${unique()}`);
    await page.getByLabel('Permissions').selectOption('read_write');
    await page.getByRole('button', { name: 'Create key' }).press('Enter');
    await expect(page.getByTestId('admin-notice')).toContainText('was created');
    const api = new WooCommerceRestApi({
      url: baseURL!,
      consumerKey: (await page.getByTestId('consumer-key').textContent()) ?? '',
      consumerSecret: (await page.getByTestId('consumer-secret').textContent()) ?? '',
      version: 'wc/v3',
    });

    // The integration subscribes to new orders, reads the shop and writes to it.
    const secret = `accounting-${unique()}`;
    const webhook = await api.post('webhooks', {
      name: 'Orders to accounting',
      topic: 'order.created',
      delivery_url: receiver.url,
      secret,
    });
    expect(webhook.status).toBe(201);
    const webhookId = (webhook.data as { id: number }).id;
    const products = await api.get('products', { per_page: 3 });
    expect(products.status).toBe(200);
    expect(products.data).toHaveLength(3);
    const made = await api.post('products', {
      name: `Maple Pecan ${unique()}`,
      regular_price: '12.50',
      status: 'publish',
      food,
    });
    expect(made.status).toBe(201);
    const productId = (made.data as { id: number }).id;
    const rates = await api.post('shipping-rates/', {
      ...buyer,
      products: [{ product_id: productId, quantity: 2 }],
    });
    const [rate] = rates.data as ShippingRate[];
    const written = await api.post('orders', {
      payment_method: 'stripe',
      payment_method_title: 'Credit Card (Stripe)',
      billing: buyer,
      line_items: [{ product_id: productId, quantity: 2 }],
      shipping_lines: [{ method_id: rate!.method_id, instance_id: rate!.instance_id }],
    });
    expect(written.status).toBe(201);
    const writtenId = (written.data as { id: number }).id;
    const orders = await api.get('orders', { per_page: 10, status: 'any' });
    expect((orders.data as { id: number }[]).map((order) => order.id)).toContain(writtenId);

    // A shopper buys the new product in the browser and pays by card.
    const shopper = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const product = (await (
      await request.get(`${apiPaths.products}/${productId}`)
    ).json()) as Product;
    await seedCart(shopper, [{ product }]);
    await gotoHydrated(shopper, '/checkout');
    await fillCheckoutBilling(shopper, buyer);
    await shopper.getByTestId('shipping-rates').getByRole('radio').first().check();
    const placing = shopper.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === apiPaths.orders &&
        response.request().method() === 'POST',
    );
    const clickedAt = performance.now();
    await shopper.getByRole('button', { name: 'Place order' }).click();
    const placed = await placing;
    const order = (await placed.json()) as { id: number; order_key: string };
    const dialog = shopper.getByRole('dialog', { name: 'Order Payment' });
    await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
    await dialog.getByLabel('Expiry (MM/YY)').fill(`12/${(new Date().getFullYear() + 3) % 100}`);
    await dialog.getByLabel('CVC').fill('123');
    await dialog.getByRole('button', { name: 'Submit Payment' }).click();
    await expect(shopper).toHaveURL(/\/order-received\/\d+\?key=wc_order_/);

    const hook = await receiver.waitFor('order.created', (body) => body.id === order.id);
    console.info(
      `order.created reached the receiver ${Math.round(hook.at - clickedAt)} ms after Place order was clicked`,
    );
    expect(hook.headers['x-wc-webhook-id']).toBe(String(webhookId));
    expect(hook.headers['x-wc-webhook-signature']).toBe(
      createHmac('sha256', secret).update(hook.body).digest('base64'),
    );
    expect(JSON.parse(hook.body)).toMatchObject({
      id: order.id,
      order_key: order.order_key,
      line_items: [{ product_id: productId, quantity: 1 }],
    });
    await shopper.close();
    expect((await api.delete(`webhooks/${webhookId}`, { force: true })).status).toBe(200);
  } finally {
    await receiver.close();
  }
});
