import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  apiPaths,
  TEST_CARD_NUMBERS,
  type Order,
  type PaymentGateway,
  type Product,
  type ShippingRate,
} from '@larder/contract';
import { axeViolations } from './support/axe';
import { gotoHydrated } from './support/hydration';
import { outboxTexts } from './support/outbox';
import { seedCart } from './support/saved-cart';
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

/** Two simple products in stock: each goes in the cart with one click on its page. */
async function twoSimpleProducts(request: APIRequestContext): Promise<[Product, Product]> {
  const simple = (await shopApi(request).products()).filter(
    (product) => product.type === 'simple' && product.purchasable,
  );
  const [first, second] = simple;
  if (!first || !second) throw new Error('The seed needs two simple products in stock');
  return [first, second];
}

/** The rates the API quotes for the address and one of each product, cheapest first. */
async function ratesFor(request: APIRequestContext, products: Product[]) {
  const response = await request.post(apiPaths.shippingRates, {
    data: {
      ...address,
      products: products.map((product) => ({ product_id: product.id, quantity: 1 })),
    },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as ShippingRate[];
}

/** What the cart store holds in this browser now. */
async function savedCart(page: Page) {
  return page.evaluate(() => {
    const saved = JSON.parse(localStorage.getItem('shop-cart') ?? '{}') as {
      state?: { items?: unknown[]; pendingOrder?: { id: number; order_key: string } | null };
    };
    return { items: saved.state?.items ?? [], pendingOrder: saved.state?.pendingOrder ?? null };
  });
}

async function fillBilling(page: Page, email: string) {
  const form = page.getByTestId('checkout-form');
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Last name').fill('Oats');
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Phone').fill('+1 512 555 0100');
  await form.getByLabel('Country').selectOption(address.country);
  await form.getByLabel('Street address').fill(address.address_1);
  await form.getByLabel('City').fill(address.city);
  await form.getByLabel('State', { exact: true }).selectOption(address.state);
  await form.getByLabel('ZIP code').fill(address.postcode);
}

/** Fills the billing form on /checkout, waits for a rate, places the order: the dialog opens. */
async function placeOrder(page: Page, email: string) {
  await fillBilling(page, email);
  await expect(page.getByTestId('shipping-rates').getByRole('radio').first()).toBeChecked();
  await page.getByRole('button', { name: 'Place order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Order Payment' });
  await expect(dialog).toBeVisible();
  return dialog;
}

const paymentDialog = (page: Page) => page.getByRole('dialog', { name: 'Order Payment' });

async function enterCard(page: Page, number: string) {
  const dialog = paymentDialog(page);
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry (MM/YY)').fill(`12/${(new Date().getFullYear() + 3) % 100}`);
  await dialog.getByLabel('CVC').fill('123');
}

async function readOrder(request: APIRequestContext, id: number, key: string) {
  const response = await request.get(`${apiPaths.orders}/${id}?key=${encodeURIComponent(key)}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Order;
}

/** The order's id and key from the order-received address. */
function receiptAddress(page: Page) {
  const url = new URL(page.url());
  const match = /^\/order-received\/(\d+)$/.exec(url.pathname);
  const key = url.searchParams.get('key');
  if (!match || !key) throw new Error(`Not an order-received address: ${page.url()}`);
  return { id: Number(match[1]), key };
}

test.describe('purchase', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a guest adds two products, sees rates, checks out, pays with 4242 and lands on the receipt; the cart is empty and the email is sent', async ({
    page,
    request,
  }) => {
    // A whole purchase over five page loads: more than the default 30 s on a busy machine.
    test.setTimeout(120_000);
    const products = await twoSimpleProducts(request);
    const rates = await ratesFor(request, products);
    const cheapest = rates[0]!;
    const email = `ada+${unique()}@example.com`;

    for (const product of products) {
      await gotoHydrated(page, `/product/${product.slug}`);
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expect(page.getByText('Item added to cart').first()).toBeVisible();
    }
    await gotoHydrated(page, '/cart');
    await expect(page.getByTestId('cart-page-line')).toHaveCount(2);
    const estimator = page.getByTestId('shipping-estimator');
    await estimator.getByLabel('Country').selectOption(address.country);
    await estimator.getByLabel('State', { exact: true }).selectOption(address.state);
    await estimator.getByLabel('City').fill(address.city);
    await estimator.getByLabel('Street address').fill(address.address_1);
    await estimator.getByLabel('ZIP code').fill(address.postcode);
    const group = page.getByRole('group', { name: 'Shipping method' });
    await expect(group.getByRole('radio')).toHaveCount(rates.length);
    await expect(group.getByRole('radio', { name: new RegExp(cheapest.label) })).toBeChecked();

    await page.getByRole('link', { name: 'Proceed to checkout' }).click();
    await expect(page).toHaveURL('/checkout');
    const dialog = await placeOrder(page, email);
    const submit = dialog.getByRole('button', { name: 'Submit Payment' });
    await expect(dialog.getByTestId('card-widget')).toHaveAttribute('data-status', 'ready');
    await expect(submit).toBeDisabled();
    await enterCard(page, '4242 4242 4242 4242');
    await expect(submit).toBeEnabled();
    await submit.click();

    await expect(page).toHaveURL(/\/order-received\/\d+\?key=wc_order_/);
    const { id, key } = receiptAddress(page);
    const order = await readOrder(request, id, key);
    expect(order.status).toBe('processing');
    expect(order.line_items.map((line) => line.product_id).sort()).toEqual(
      products.map((product) => product.id).sort(),
    );
    const subtotal = order.line_items.reduce((sum, line) => sum + Number(line.total), 0);
    expect(Number(order.shipping_total)).toBe(cheapest.cost);
    expect(Number(order.total)).toBeCloseTo(subtotal + cheapest.cost, 2);

    const receipt = page.getByTestId('order-received');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Thank You/i);
    await expect(receipt.getByTestId('order-number')).toHaveText(order.number);
    await expect(receipt.getByTestId('order-line')).toHaveCount(2);
    await expect(receipt.getByTestId('order-subtotal')).toHaveText(usd.format(subtotal));
    await expect(receipt.getByTestId('order-shipping')).toHaveText(usd.format(cheapest.cost));
    await expect(receipt.getByTestId('order-total')).toHaveText(usd.format(Number(order.total)));
    await expect(receipt.getByTestId('order-status')).toHaveText('Processing');
    await expect(receipt.getByTestId('order-email-note')).toContainText(email);
    await expect(receipt).toContainText(cheapest.label);
    await expect(receipt).toContainText('Credit Card (Stripe)');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

    // The cart is empty, here and after a reload.
    await expect(page.getByTestId('cart-count')).toHaveCount(0);
    expect(await savedCart(page)).toEqual({ items: [], pendingOrder: null });
    await page.reload();
    await expect(page.getByTestId('order-total')).toHaveText(usd.format(Number(order.total)));
    await expect(page.getByTestId('cart-count')).toHaveCount(0);

    // The buyer's confirmation is in the outbox.
    await expect
      .poll(async () =>
        (await outboxTexts()).some(
          (text) => text.includes(email) && text.includes(`#${order.number} is confirmed`),
        ),
      )
      .toBe(true);
  });

  test('4000 0000 0000 0002 is declined and the order stays pending; a retry with 4242 pays it', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const products = await twoSimpleProducts(request);
    await seedCart(
      page,
      products.map((product) => ({ product })),
    );
    await gotoHydrated(page, '/checkout');
    const dialog = await placeOrder(page, `ada+${unique()}@example.com`);

    await enterCard(page, TEST_CARD_NUMBERS.declined);
    await dialog.getByRole('button', { name: 'Submit Payment' }).click();
    await expect(dialog.getByTestId('payment-error')).toHaveText('Your card was declined');
    await expect(dialog.getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');
    const { pendingOrder } = await savedCart(page);
    if (!pendingOrder) throw new Error('The placed order is kept with the cart');
    const declined = await readOrder(request, pendingOrder.id, pendingOrder.order_key);
    expect(declined.status).toBe('pending');
    expect(declined.needs_payment).toBe(true);
    expect(declined.transaction_id).toBe('');

    await enterCard(page, TEST_CARD_NUMBERS.success);
    await dialog.getByRole('button', { name: 'Submit Payment' }).click();
    await expect(page).toHaveURL(
      `/order-received/${pendingOrder.id}?key=${encodeURIComponent(pendingOrder.order_key)}`,
    );
    await expect(page.getByTestId('order-status')).toHaveText('Processing');
    const paid = await readOrder(request, pendingOrder.id, pendingOrder.order_key);
    expect(paid.status).toBe('processing');
    expect(paid.transaction_id).not.toBe('');
  });

  test("when the card provider is Stripe and its script can't load, the widget shows its error state; PayPal still pays", async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    // The shop runs on the offline test provider; this browser is told the card gateway is Stripe.
    // Stripe's CDN is unreachable from here (and blocked by the shop's CSP), as when it is down.
    await page.route('https://js.stripe.com/**', (route) => route.abort('internetdisconnected'));
    await page.route(`**${apiPaths.paymentGateways}`, async (route) => {
      const gateways = (await (await route.fetch()).json()) as PaymentGateway[];
      await route.fulfill({
        json: gateways.map((gateway) =>
          gateway.id === 'stripe'
            ? { ...gateway, client: { provider: 'stripe', publishable_key: 'pk_test_e2e' } }
            : gateway,
        ),
      });
    });
    const products = await twoSimpleProducts(request);
    await seedCart(
      page,
      products.map((product) => ({ product })),
    );
    await gotoHydrated(page, '/checkout');
    const dialog = await placeOrder(page, `ada+${unique()}@example.com`);

    const widget = dialog.getByTestId('card-widget');
    await expect(widget).toHaveAttribute('data-status', 'error');
    await expect(widget.getByRole('alert')).toContainText('The card form could not load');
    await expect(dialog.getByRole('button', { name: 'Submit Payment' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Try again' }).click();
    await expect(widget).toHaveAttribute('data-status', 'error');

    await dialog.getByRole('button', { name: 'Pay with PayPal instead' }).click();
    const paypal = dialog.getByRole('button', { name: 'Pay with PayPal (test)' });
    await expect(paypal).toBeFocused();
    await paypal.click();
    await expect(page).toHaveURL(/\/order-received\/\d+\?key=wc_order_/);
    await expect(page.getByTestId('order-status')).toHaveText('Processing');
  });
});

for (const width of [390, 1440]) {
  test(`axe finds no violations in the open payment dialog and on the order-received page at ${width} px`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    const products = await twoSimpleProducts(request);
    await seedCart(
      page,
      products.map((product) => ({ product })),
    );
    await gotoHydrated(page, '/checkout');
    const dialog = await placeOrder(page, `ada+${unique()}@example.com`);
    await expect(dialog.getByTestId('card-widget')).toHaveAttribute('data-status', 'ready');
    await enterCard(page, '4242 4242 4242 4241');
    await dialog.getByLabel('CVC').focus();
    await expect(dialog.getByText('Enter a valid card number.')).toBeVisible();
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);

    await enterCard(page, TEST_CARD_NUMBERS.success);
    await dialog.getByRole('button', { name: 'Submit Payment' }).click();
    await expect(page.getByTestId('order-received')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
}

test("the order-received page answers 401 and can't show an order without its key, or with a wrong one", async ({
  page,
  request,
}) => {
  const products = await twoSimpleProducts(request);
  const [rate] = await ratesFor(request, [products[0]]);
  const response = await request.post(apiPaths.orders, {
    data: {
      payment_method: 'stripe',
      billing: {
        first_name: 'Ada',
        last_name: 'Oats',
        email: `ada+${unique()}@example.com`,
        phone: '+1 512 555 0100',
        ...address,
      },
      line_items: [{ product_id: products[0].id, variation_id: 0, quantity: 1 }],
      shipping_lines: [{ method_id: rate!.method_id, instance_id: rate!.instance_id }],
    },
  });
  expect(response.status()).toBe(201);
  const order = (await response.json()) as Order;

  for (const [url, status] of [
    [`/order-received/${order.id}`, 401],
    [`/order-received/${order.id}?key=wc_order_not_this_one`, 401],
  ] as const) {
    const answer = await page.goto(url);
    expect(answer?.status()).toBe(status);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("We can't show this order");
    await expect(page.getByTestId('order-unavailable')).toBeVisible();
    await expect(page.getByText(order.billing.email)).toHaveCount(0);
  }
  const answer = await page.goto(`/order-received/${order.id}?key=${order.order_key}`);
  expect(answer?.status()).toBe(200);
  await expect(page.getByTestId('order-status')).toHaveText('Pending payment');
});
