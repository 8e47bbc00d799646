import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  apiPaths,
  testPaymentToken,
  type Customer,
  type Order,
  type ShippingRate,
} from '@larder/contract';
import {
  expectScreensPassAxe,
  ownerAccount,
  PASSWORD,
  signIn,
  unique,
} from './support/back-office';
import { gotoHydrated } from './support/hydration';
import { shopApi } from './support/shop-api';

const address = {
  address_1: '1100 Congress Ave',
  city: 'Austin',
  state: 'TX',
  postcode: '78701',
  country: 'US',
};

interface Shopper {
  id: number;
  email: string;
  lastName: string;
}

async function xsrfHeader(page: Page) {
  const cookie = (await page.context().cookies()).find((entry) => entry.name === 'XSRF-TOKEN');
  return { 'x-xsrf-token': decodeURIComponent(cookie?.value ?? '') };
}

/**
 * A shopper in a browser of their own, signed in: orders are placed through the shop's API as
 * checkout places them, and paid with the test provider's 4242 card.
 */
async function shopperSession(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const lastName = `Tester${unique()}`;
  const email = `shopper.${unique()}@example.com`;
  const created = await page.request.post(apiPaths.customers, {
    data: { email, password: PASSWORD, first_name: 'Robin', last_name: lastName },
  });
  expect(created.status()).toBe(201);
  const customer = (await created.json()) as Customer;
  await signIn(page, { email, password: PASSWORD });
  const shopper: Shopper = { id: customer.id, email, lastName };

  async function placeOrder({ pay }: { pay: boolean }) {
    const [product] = (await shopApi(page.request).products()).filter(
      (entry) => entry.type === 'simple' && entry.purchasable,
    );
    const line = { product_id: product!.id, variation_id: 0, quantity: 2 };
    const headers = await xsrfHeader(page);
    const rates = await page.request.post(apiPaths.shippingRates, {
      headers,
      data: { ...address, products: [line] },
    });
    expect(rates.ok()).toBe(true);
    const [rate] = (await rates.json()) as ShippingRate[];
    const placed = await page.request.post(apiPaths.orders, {
      headers,
      data: {
        customer_id: shopper.id,
        payment_method: 'stripe',
        billing: {
          first_name: 'Robin',
          last_name: lastName,
          email,
          phone: '+1 512 555 0100',
          ...address,
        },
        line_items: [line],
        shipping_lines: [{ method_id: rate!.method_id, instance_id: rate!.instance_id }],
      },
    });
    expect(placed.status()).toBe(201);
    const order = (await placed.json()) as Order;
    if (pay) {
      const paid = await page.request.post(apiPaths.cardPayment, {
        headers,
        data: {
          order_id: order.id,
          payment_token: testPaymentToken('4242 4242 4242 4242'),
          payment_method: 'stripe',
        },
      });
      expect(paid.ok()).toBe(true);
    }
    return order;
  }

  return { shopper, placeOrder, close: () => context.close() };
}

const notice = (page: Page) => page.getByTestId('admin-notice');

test.describe('Back office orders (issue 13)', () => {
  test('the dashboard tile opens the processing orders; the filters live in the address', async ({
    page,
    browser,
  }) => {
    // Two checkouts and four owner actions, each a round trip: more than 30 s on a busy CI machine.
    test.slow();
    const session = await shopperSession(browser);
    const paid = await session.placeOrder({ pay: true });
    const unpaid = await session.placeOrder({ pay: false });
    await session.close();
    await signIn(page, await ownerAccount());

    await gotoHydrated(page, '/admin');
    await page.getByRole('link', { name: /Orders to fulfill/ }).click();
    await expect(page).toHaveURL('/admin/orders?status=processing');
    await expect(page.getByLabel('Status')).toHaveValue('processing');
    await expect(page.getByTestId(`order-${paid.id}`)).toBeVisible();
    await expect(page.getByTestId(`order-${unpaid.id}`)).toHaveCount(0);

    // Search by the buyer's name, any status: both orders, and nobody else's.
    await page.getByLabel('Status').selectOption('');
    await page.getByLabel('Search').fill(session.shopper.lastName);
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(/search=Tester/);
    const rows = page.getByTestId('admin-orders').locator('tbody tr');
    await expect(rows).toHaveCount(2);
    await expect(page.getByTestId(`order-${unpaid.id}`)).toContainText('Pending payment');

    // By number, then wholesale only (these are retail orders), then a date range without them.
    await gotoHydrated(page, `/admin/orders?search=${paid.number}`);
    await expect(page.getByTestId(`order-${paid.id}`)).toBeVisible();
    await gotoHydrated(
      page,
      `/admin/orders?search=${session.shopper.lastName}&price_list=wholesale`,
    );
    await expect(page.getByText('No orders match these filters.')).toBeVisible();
    await gotoHydrated(
      page,
      `/admin/orders?search=${session.shopper.lastName}&price_list=retail&before=2020-01-01`,
    );
    await expect(page.getByText('No orders match these filters.')).toBeVisible();
    const today = new Date().toISOString().slice(0, 10);
    await gotoHydrated(
      page,
      `/admin/orders?search=${session.shopper.lastName}&price_list=retail&after=${today}`,
    );
    await expect(rows).toHaveCount(2);
    await expect(page.getByLabel('From')).toHaveValue(today);

    await page.getByTestId(`order-${paid.id}`).getByRole('link').click();
    await expect(page).toHaveURL(`/admin/orders/${paid.id}`);
    await expect(
      page.getByRole('heading', { level: 1, name: `Order #${paid.number}` }),
    ).toBeVisible();
  });

  test('an owner fulfils, notes and refunds a paid order, and cancels an unpaid one', async ({
    page,
    browser,
  }) => {
    // Two checkouts and four owner actions, each a round trip: more than 30 s on a busy CI machine.
    test.slow();
    const session = await shopperSession(browser);
    const paid = await session.placeOrder({ pay: true });
    const unpaid = await session.placeOrder({ pay: false });
    await session.close();
    await signIn(page, await ownerAccount());
    await gotoHydrated(page, `/admin/orders/${paid.id}`);
    await expect(page.getByTestId('order-lines')).toContainText(paid.line_items[0]!.name);
    await expect(page.getByText(address.address_1).first()).toBeVisible();

    // Fulfil: the tracking number is required, and the refusal is said and focused.
    await page.getByLabel('Carrier').selectOption('ups');
    await page.getByRole('button', { name: 'Mark fulfilled' }).click();
    await expect(notice(page)).toHaveAttribute('role', 'alert');
    await expect(notice(page)).toBeFocused();
    await expect(page.getByText('Enter the tracking number.', { exact: true })).toBeVisible();
    await page.getByLabel('Carrier').selectOption('ups');
    await page.getByLabel('Tracking number').fill('1Z999AA10123456784');
    await page.getByRole('button', { name: 'Mark fulfilled' }).click();
    await expect(notice(page)).toContainText(`Order ${paid.number} was marked fulfilled`);
    await expect(notice(page)).toBeFocused();
    await expect(page.getByTestId('order-shipment')).toContainText('UPS · 1Z999AA10123456784');
    await expect(page.locator('.admin-page-header')).toContainText('Completed');

    // A note to the customer, then a private one.
    await page.getByLabel('Note', { exact: true }).fill('Packed with extra care.');
    await page.getByLabel('Who sees it').selectOption('true');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(notice(page)).toHaveText('The note was added and emailed to the customer.');
    // The notice comes with the action's answer; the emptied form with the reloaded notes after it.
    const notes = page.getByTestId('order-notes');
    await expect(notes).toContainText('Packed with extra care.');
    await page.getByLabel('Note', { exact: true }).fill('Called the carrier.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(notice(page)).toHaveText('The private note was added.');
    await expect(notes.getByText('Called the carrier.')).toBeVisible();
    await expect(notes.locator('li', { hasText: 'Packed with extra care.' })).toContainText(
      'To the customer',
    );
    await expect(notes.locator('li', { hasText: 'Called the carrier.' })).toContainText('Private');

    // Refund: more than was paid is refused before any question; a part asks first.
    await page.getByLabel('Amount (USD)').fill('99999');
    await page.getByRole('button', { name: 'Refund…' }).click();
    await expect(page.getByText(/is left to refund/)).toBeVisible();
    await page.getByLabel('Amount (USD)').fill('1.5');
    await page.getByLabel('Reason').fill('Crushed box');
    await page.getByRole('button', { name: 'Refund…' }).click();
    const question = page.getByRole('group', { name: /Refund \$1\.50 of order/ });
    await expect(question).toBeFocused();
    await page.getByRole('button', { name: 'Yes, refund $1.50' }).click();
    await expect(notice(page)).toContainText('$1.50 was refunded');
    await expect(page).toHaveURL(`/admin/orders/${paid.id}`);
    await expect(page.getByTestId('order-refunds')).toContainText('$1.50 · Crushed box');

    // Cancel asks first; "Keep it" leaves the order as it was.
    await gotoHydrated(page, `/admin/orders/${unpaid.id}`);
    await page.getByRole('link', { name: 'Cancel order' }).click();
    await expect(page.getByRole('group', { name: /Cancel order #/ })).toBeFocused();
    await page.getByRole('link', { name: 'Keep it' }).click();
    await expect(page.locator('.admin-page-header')).toContainText('Pending payment');
    await page.getByRole('link', { name: 'Cancel order' }).click();
    await page.getByRole('button', { name: 'Yes, cancel the order' }).click();
    await expect(notice(page)).toHaveText(
      `Order ${unpaid.number} was canceled and its stock put back.`,
    );
    await expect(page.locator('.admin-page-header')).toContainText('Canceled');
    await expect(page.getByRole('link', { name: 'Cancel order' })).toHaveCount(0);
  });

  test('an unknown order or customer is a 404 page inside the back office', async ({ page }) => {
    await signIn(page, await ownerAccount());
    for (const url of ['/admin/orders/99999999', '/admin/customers/99999999', '/admin/orders/x']) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(404);
      await expect(page.getByTestId('admin-error-404')).toBeVisible();
    }
  });
});

test.describe('Back office customers (issue 13)', () => {
  test('an owner finds a shopper, sees their orders and makes them a wholesale customer', async ({
    page,
    browser,
  }) => {
    const session = await shopperSession(browser);
    const order = await session.placeOrder({ pay: true });
    await session.close();
    const owner = await ownerAccount('shop_manager');
    await signIn(page, owner);

    await gotoHydrated(page, '/admin/customers');
    await page.getByLabel('Search').fill(session.shopper.email);
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(/search=shopper/);
    const row = page.getByTestId(`customer-${session.shopper.id}`);
    await expect(row).toContainText('Customer');
    await expect(page.getByTestId('admin-customers').locator('tbody tr')).toHaveCount(1);
    await row.getByRole('link').click();
    await expect(page).toHaveURL(`/admin/customers/${session.shopper.id}`);
    await expect(page.getByTestId('customer-orders')).toContainText(`Order #${order.number}`);

    await page.getByRole('combobox', { name: 'Role' }).selectOption('wholesale_customer');
    await page.getByRole('button', { name: 'Change role' }).click();
    await expect(notice(page)).toHaveText(
      `Robin ${session.shopper.lastName} is now a wholesale customer.`,
    );
    await expect(notice(page)).toBeFocused();
    await expect(page.getByRole('combobox', { name: 'Role' })).toHaveValue('wholesale_customer');

    // The role filter finds them among wholesale buyers, and not among shoppers.
    await gotoHydrated(
      page,
      `/admin/customers?role=wholesale_customer&search=${encodeURIComponent(session.shopper.email)}`,
    );
    await expect(page.getByTestId(`customer-${session.shopper.id}`)).toBeVisible();
    await gotoHydrated(
      page,
      `/admin/customers?role=customer&search=${encodeURIComponent(session.shopper.email)}`,
    );
    await expect(page.getByText('No customers match these filters.')).toBeVisible();

    // An owner's account has no role form.
    await gotoHydrated(
      page,
      `/admin/customers?role=shop_manager&search=${encodeURIComponent(owner.email)}`,
    );
    await page.getByTestId('admin-customers').getByRole('link').first().click();
    await expect(page.getByTestId('owner-role')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Change role' })).toHaveCount(0);
  });
});

test('the orders and customers screens pass axe at 390 and 1440 px', async ({ page, browser }) => {
  test.slow();
  const session = await shopperSession(browser);
  const order = await session.placeOrder({ pay: true });
  await session.close();
  await signIn(page, await ownerAccount());
  const screens = [
    ['orders', `/admin/orders?search=${session.shopper.lastName}`],
    ['order', `/admin/orders/${order.id}`],
    ['order-refund-confirm', `/admin/orders/${order.id}?confirm=refund&amount=1.00&reason=Late`],
    ['customers', `/admin/customers?search=${encodeURIComponent(session.shopper.email)}`],
    ['customer', `/admin/customers/${session.shopper.id}`],
  ] as const;
  await expectScreensPassAxe(page, 'f', screens);
});
