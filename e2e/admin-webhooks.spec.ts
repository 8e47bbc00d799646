import { expect, test } from '@playwright/test';
import { apiPaths, type ShippingRate } from '@larder/contract';
import { ownerAccount, signIn, unique } from './support/back-office';
import { axeViolations } from './support/axe';
import { gotoHydrated } from './support/hydration';
import { shoot } from './support/screenshots';
import { shopApi } from './support/shop-api';
import { startWebhookReceiver } from './support/webhook-receiver';

test.describe('the webhooks screen', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the owner adds a webhook, an order is placed, and its delivery is listed with 200', async ({
    page,
    request,
  }) => {
    test.slow();
    const receiver = await startWebhookReceiver();
    try {
      await signIn(page, await ownerAccount());
      await gotoHydrated(page, '/admin/webhooks');
      await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();

      const name = `Order sync ${unique()}`;
      await page.getByLabel('Name').fill(name);
      await page.getByLabel('Topic').selectOption('order.created');
      await page.getByLabel('Delivery URL').fill(receiver.url);
      await page.getByRole('button', { name: 'Add webhook' }).click();
      await expect(page.getByTestId('admin-notice')).toContainText(`“${name}” was created`);

      // A shopper's order, placed through the shop's API as the checkout places it.
      const product = (await shopApi(request).products()).find((item) => item.type === 'simple');
      const lines = [{ product_id: product!.id, quantity: 1 }];
      const buyer = {
        first_name: 'Ada',
        last_name: 'Baker',
        address_1: '200 Broadway',
        city: 'New York',
        state: 'NY',
        postcode: '10007',
        country: 'US',
        email: 'ada@example.com',
        phone: '+1 212 555 0100',
      };
      const rates = await request.post(apiPaths.shippingRates, {
        data: { ...buyer, products: lines },
      });
      expect(rates.status(), await rates.text()).toBe(200);
      const [rate] = (await rates.json()) as ShippingRate[];
      const placed = await request.post(apiPaths.orders, {
        data: {
          customer_id: 0,
          payment_method: 'stripe',
          payment_method_title: 'Credit Card (Stripe)',
          billing: buyer,
          line_items: lines,
          shipping_lines: [{ method_id: rate!.method_id, instance_id: rate!.instance_id }],
        },
      });
      expect(placed.status()).toBe(201);
      const order = (await placed.json()) as { id: number };
      const hook = await receiver.waitFor('order.created', (body) => body.id === order.id);
      expect(JSON.parse(hook.body)).toMatchObject({ id: order.id });

      await page.getByRole('link', { name, exact: true }).click();
      await expect(page.getByRole('heading', { name: `Edit “${name}”` })).toBeVisible();
      const delivery = page
        .getByTestId('webhook-delivery-row')
        .filter({ hasText: `order.created #${order.id}` });
      await expect(delivery).toContainText('delivered');
      await expect(delivery.locator('summary')).toHaveText('200');
      await delivery.locator('summary').click();
      await expect(delivery.locator('pre').first()).toContainText(`"id":${order.id}`);
      await expect(page.getByLabel('Secret')).not.toHaveValue('');
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, 'admin-webhooks');

      await page.getByRole('link', { name: `Delete ${name}` }).click();
      await page.getByRole('button', { name: 'Delete webhook' }).click();
      await expect(page.getByTestId('admin-notice')).toContainText(`“${name}” was deleted`);
      await expect(page.getByTestId('webhook-row').filter({ hasText: name })).toHaveCount(0);
    } finally {
      await receiver.close();
    }
  });
});
