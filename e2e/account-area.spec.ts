import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  apiPaths,
  centsOf,
  firstAllowedQuantity,
  formatCents,
  lineTotalCents,
  testPaymentToken,
  WHOLESALE_CERTIFICATE,
  wholesaleAddressField,
  type Customer,
  type Order,
  type Product,
  type ShippingRate,
} from '@larder/contract';
import { axeViolationsAtWidths } from './support/axe';
import { gotoHydrated } from './support/hydration';
import { decodeEntities, shopApi } from './support/shop-api';

const PASSWORD = 'oat clusters at dawn';
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const address = {
  address_1: '1100 Congress Ave',
  city: 'Austin',
  state: 'TX',
  postcode: '78701',
  country: 'US',
};

interface Account {
  email: string;
  password: string;
  id: number;
}

/** A customer created through the API with a unique email, as /sign-up would. */
async function createAccount(request: APIRequestContext, firstName = 'Robin'): Promise<Account> {
  const email = `robin.${unique()}@example.com`;
  const response = await request.post(apiPaths.customers, {
    data: { email, password: PASSWORD, first_name: firstName, last_name: 'Tester' },
  });
  expect(response.status()).toBe(201);
  const customer = (await response.json()) as Customer;
  return { email, password: PASSWORD, id: customer.id };
}

/** Signs the page's browser in through the API: the session cookies land in its context. */
async function signIn(page: Page, account: Pick<Account, 'email' | 'password'>) {
  const response = await page.request.post(apiPaths.token, {
    data: { username: account.email, password: account.password },
  });
  expect(response.ok()).toBe(true);
}

/** The XSRF double submit a script in the page would send with the session cookie. */
async function xsrfHeader(page: Page) {
  const cookie = (await page.context().cookies()).find((entry) => entry.name === 'XSRF-TOKEN');
  return { 'x-xsrf-token': decodeURIComponent(cookie?.value ?? '') };
}

/** Places an order for the signed-in customer and pays it with the test provider's 4242 card. */
async function placePaidOrder(
  page: Page,
  account: Account,
  lines: Array<{ product: Product; quantity: number; variationId?: number }>,
) {
  const headers = await xsrfHeader(page);
  const rates = await page.request.post(apiPaths.shippingRates, {
    headers,
    data: {
      ...address,
      products: lines.map((line) => ({
        product_id: line.product.id,
        variation_id: line.variationId ?? 0,
        quantity: line.quantity,
      })),
    },
  });
  expect(rates.ok()).toBe(true);
  const [rate] = (await rates.json()) as ShippingRate[];
  const created = await page.request.post(apiPaths.orders, {
    headers,
    data: {
      customer_id: account.id,
      payment_method: 'stripe',
      billing: {
        first_name: 'Robin',
        last_name: 'Tester',
        email: account.email,
        phone: '+1 512 555 0100',
        ...address,
      },
      line_items: lines.map((line) => ({
        product_id: line.product.id,
        variation_id: line.variationId ?? 0,
        quantity: line.quantity,
      })),
      shipping_lines: [{ method_id: rate!.method_id, instance_id: rate!.instance_id }],
    },
  });
  expect(created.status()).toBe(201);
  const order = (await created.json()) as Order;
  const paid = await page.request.post(apiPaths.cardPayment, {
    headers,
    data: {
      order_id: order.id,
      payment_token: testPaymentToken('4242 4242 4242 4242'),
      payment_method: 'stripe',
    },
  });
  expect(paid.ok()).toBe(true);
  return order;
}

async function simpleProducts(request: APIRequestContext) {
  const simple = (await shopApi(request).products()).filter(
    (product) => product.type === 'simple' && product.purchasable,
  );
  if (simple.length < 2) throw new Error('The seed needs two simple products in stock');
  return simple;
}

test.describe('Account area (issue 5)', () => {
  test('a visitor is sent to /login from order history and account details', async ({ page }) => {
    for (const url of ['/my-account/order-history', '/my-account/account-details']) {
      await page.goto(url);
      await expect(page).toHaveURL(new RegExp(`/login\\?redirect=${encodeURIComponent(url)}`));
    }
  });

  test('a customer updates account details and sees them after a reload; server messages sit beside their fields', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request);
    const other = await createAccount(request, 'Sam');
    await signIn(page, account);
    await gotoHydrated(page, '/my-account/account-details');
    const form = page.getByTestId('account-details-form');
    await expect(form.getByLabel('First name').first()).toHaveValue('Robin');

    await form.getByLabel('First name').first().fill('Rowan');
    await form.getByLabel('Last name').first().fill('Oatley');
    await form.getByLabel('Phone').fill('919 555 0142');
    const billing = form.getByRole('group', { name: 'Billing address' });
    await billing.getByLabel('Country').selectOption('US');
    await billing.getByLabel('Street address').fill('12 Oak Street');
    await billing.getByLabel('City').fill('Durham');
    await billing.getByLabel('State').selectOption('NC');
    await billing.getByLabel('ZIP code').fill('27701');
    // A new email with a wrong current password: the API's message beside the password field.
    await form.getByLabel('Email', { exact: true }).fill(other.email);
    await form.getByLabel('Current password').fill('not my password at all');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form.getByText('Your current password is not right.')).toBeVisible();
    await expect(form.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
    // Nothing typed is lost.
    await expect(billing.getByLabel('Street address')).toHaveValue('12 Oak Street');
    await expect(form.getByLabel('First name').first()).toHaveValue('Rowan');

    await form.getByLabel('Email', { exact: true }).fill(account.email);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByTestId('account-details-success')).toHaveText(
      'Your account details have been saved.',
    );

    await page.reload();
    const reloaded = page.getByTestId('account-details-form');
    await expect(reloaded.getByLabel('First name').first()).toHaveValue('Rowan');
    await expect(reloaded.getByLabel('Last name').first()).toHaveValue('Oatley');
    const billingAfter = reloaded.getByRole('group', { name: 'Billing address' });
    await expect(billingAfter.getByLabel('Street address')).toHaveValue('12 Oak Street');
    await expect(billingAfter.getByLabel('State')).toHaveValue('NC');
    await expect(reloaded.getByLabel('Phone')).toHaveValue('919 555 0142');
  });

  test('a customer changes the password and signs in with the new one', async ({
    page,
    request,
    browser,
  }) => {
    const account = await createAccount(request);
    await signIn(page, account);
    await gotoHydrated(page, '/my-account/account-details');
    const form = page.getByTestId('change-password-form');
    const newPassword = 'granola all the way down';

    await form.getByLabel('Current password').fill('not my password at all');
    await form.getByLabel('New password', { exact: true }).fill(newPassword);
    await form.getByLabel('Confirm new password').fill(newPassword);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('Your current password is not right.')).toBeVisible();

    await form.getByLabel('Current password').fill(account.password);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByTestId('change-password-success')).toContainText(
      'Your password has been changed.',
    );
    await expect(form.getByLabel('Current password')).toHaveValue('');

    // A fresh browser: the old password is refused, the new one signs in.
    const context = await browser.newContext();
    const fresh = await context.newPage();
    const old = await fresh.request.post(apiPaths.token, {
      data: { username: account.email, password: account.password },
    });
    expect(old.status()).toBe(401);
    await gotoHydrated(fresh, '/login');
    const login = fresh.getByTestId('login-form');
    await login.getByLabel('Email or username').fill(account.email);
    await login.getByLabel('Password').fill(newPassword);
    await login.getByRole('button', { name: 'Sign in' }).click();
    await expect(fresh).toHaveURL(/\/my-account$/);
    await context.close();
  });

  test('a paid order shows in order history; its details open and Reorder puts its lines in the cart', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request);
    await signIn(page, account);
    await gotoHydrated(page, '/my-account/order-history');
    await expect(page.getByTestId('order-history-empty')).toContainText('No orders yet');
    await expect(
      page.getByTestId('order-history-empty').getByRole('link', { name: 'Browse the shop' }),
    ).toHaveAttribute('href', '/shop');

    const [first, second] = await simpleProducts(request);
    const older = await placePaidOrder(page, account, [{ product: first!, quantity: 1 }]);
    const order = await placePaidOrder(page, account, [
      { product: first!, quantity: 2 },
      { product: second!, quantity: 1 },
    ]);

    await gotoHydrated(page, '/my-account/order-history');
    const rows = page.getByTestId('order-history-row');
    await expect(rows).toHaveCount(2);
    // Newest first, with number, status, items and total.
    await expect(rows.first()).toContainText(`Order #${order.number}`);
    await expect(rows.first()).toContainText('Processing');
    await expect(rows.first()).toContainText('3 items');
    await expect(rows.first()).toContainText(`$${order.total}`);
    await expect(rows.nth(1)).toContainText(`Order #${older.number}`);
    // Two orders fit on one page: no pages to move between, and a page past it leads back.
    await expect(page.getByRole('navigation', { name: 'Order history pages' })).toHaveCount(0);
    await gotoHydrated(page, '/my-account/order-history?page=4');
    await expect(page).toHaveURL(/\/my-account\/order-history\?page=1$/);
    await expect(rows).toHaveCount(2);

    await rows
      .first()
      .getByRole('link', { name: `View order #${order.number}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`order=${order.id}`));
    await expect(page.getByRole('heading', { name: `Order #${order.number}` })).toBeVisible();
    await expect(page.getByTestId('order-line')).toHaveCount(2);
    await expect(page.getByTestId('order-overview-total')).toHaveText(`$${order.total}`);

    await page.getByRole('button', { name: 'Reorder' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByText(`Order #${order.number} is in your cart`)).toBeVisible();
    const cart = await page.evaluate(() => JSON.parse(localStorage.getItem('shop-cart') ?? '{}'));
    expect(
      (cart.state.items as Array<{ id: number; quantity: number }>).map(({ id, quantity }) => ({
        id,
        quantity,
      })),
    ).toEqual([
      { id: first!.id, quantity: 2 },
      { id: second!.id, quantity: 1 },
    ]);
    await expect(page.locator('.cart-layout')).toContainText(decodeEntities(first!.name));

    // Another customer's order number in the address shows nothing of it.
    const stranger = await createAccount(request, 'Sam');
    await page.context().clearCookies();
    await signIn(page, stranger);
    await gotoHydrated(page, `/my-account/order-history?order=${order.id}`);
    await expect(page.getByTestId('order-not-found')).toBeVisible();
    await expect(page.getByText(account.email)).toHaveCount(0);
  });

  test('order history, account details and the wholesale form pass axe at 390 and 1440 px', async ({
    page,
    request,
  }) => {
    // Four pages scanned at two widths: more than the default time on a busy machine.
    test.slow();
    await page.setViewportSize({ width: 390, height: 900 });
    const account = await createAccount(request);
    await signIn(page, account);
    const [product] = await simpleProducts(request);
    const order = await placePaidOrder(page, account, [{ product: product!, quantity: 1 }]);
    const noViolations = { 390: [], 1440: [] };
    for (const url of [
      '/my-account/order-history',
      `/my-account/order-history?order=${order.id}`,
      '/my-account/account-details',
    ]) {
      await page.setViewportSize({ width: 390, height: 900 });
      await gotoHydrated(page, url);
      expect(await axeViolationsAtWidths(page, [390, 1440]), url).toEqual(noViolations);
    }
    await page.context().clearCookies();
    await page.setViewportSize({ width: 390, height: 900 });
    await gotoHydrated(page, '/sign-up?account=wholesale');
    await expect(page.getByTestId('wholesale-form')).toBeVisible();
    await page
      .getByTestId('wholesale-form')
      .getByRole('button', { name: 'Apply for wholesale' })
      .click();
    await expect(page.getByTestId('wholesale-error')).toBeVisible();
    expect(await axeViolationsAtWidths(page, [390, 1440]), 'wholesale form with messages').toEqual(
      noViolations,
    );
  });
});

const run = promisify(execFile);

/**
 * A PDF-typed file big enough that its upload reports progress more than once, made in memory
 * (files written to the temporary folder were left there, megabytes a run).
 */
function certificateFile(bytes: number) {
  const head = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj << /Type /Catalog >> endobj\n');
  const buffer = Buffer.concat([head, Buffer.alloc(bytes - head.length, 0x20)]);
  return { name: 'certificate.pdf', mimeType: 'application/pdf', buffer };
}

/** The owner's command line against the shop's database (issue 5). */
async function approveWholesale(applicationId: number) {
  await run('npm', ['run', 'admin', '--', 'wholesale', 'approve', String(applicationId)], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
  });
}

test.describe('Wholesale (issue 5)', () => {
  test('a visitor applies with a certificate upload and sees its progress, then the confirmation', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const email = `cafe.${unique()}@example.com`;
    await gotoHydrated(page, '/wholesale');
    await page.getByRole('link', { name: 'Apply for a wholesale account' }).click();
    await expect(page).toHaveURL(/\/sign-up\?account=wholesale$/);
    const form = page.getByTestId('wholesale-form');
    await expect(form).toBeVisible();

    // Nothing filled in: a message beside every field, the certificate's too.
    await form.getByRole('button', { name: 'Apply for wholesale' }).click();
    await expect(form.getByText('Enter the business name.')).toBeVisible();
    await expect(form.getByText('Attach your resale or tax-exemption certificate.')).toBeVisible();

    await form.getByLabel('Business name').fill('Corner Pantry Café');
    await form.getByLabel('Tax ID or resale certificate number').fill('NC-RS-20931');
    await form
      .getByLabel('How do you plan to sell our granola?')
      .fill('On our café counter and in our shop.');
    await form.getByLabel('50 to 200 bags a month').check();
    await form.getByLabel('Contact name').fill('Dana Pantry');
    await form.getByLabel('Phone').fill('919 555 0188');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByLabel('Country').selectOption('US');
    await form.getByLabel('Street address').fill('200 Main Street');
    await form.getByLabel('City').fill('Durham');
    await form.getByLabel('State').selectOption('NC');
    await form.getByLabel('ZIP code').fill('27701');

    // The browser refuses a file of another type, and one over the limit, before anything is sent.
    const certificate = form.getByLabel('Resale or tax-exemption certificate');
    await certificate.setInputFiles({
      name: 'certificate.gif',
      mimeType: 'image/gif',
      buffer: Buffer.from('GIF89a'),
    });
    await expect(
      form.getByText('Attach the certificate as a PDF, PNG or JPEG file.'),
    ).toBeVisible();
    await certificate.setInputFiles(certificateFile(WHOLESALE_CERTIFICATE.maxBytes + 1024));
    await expect(form.getByText(/attach a file of at most 5 MB/)).toBeVisible();

    await certificate.setInputFiles(certificateFile(4 * 1024 * 1024));
    await expect(form.getByText(/attach a file of at most 5 MB/)).toHaveCount(0);

    // A slow uplink, so the upload takes long enough to watch its progress.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 1024 * 1024,
    });
    const answer = page.waitForResponse(
      (response) =>
        response.url().includes(apiPaths.wholesaleRegistration) &&
        response.request().method() === 'POST',
    );
    await form.getByRole('button', { name: 'Apply for wholesale' }).click();
    const bar = page.getByRole('progressbar', { name: /Uploading your certificate/ });
    await expect(bar).toBeVisible();
    await expect(bar).toHaveAttribute('aria-valuenow', /^\d+$/);
    await expect(bar).toHaveAttribute('aria-valuemax', '100');
    const response = await answer;
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    expect(response.status()).toBe(201);
    const application = (await response.json()) as { id: number; status: string };
    expect(application.status).toBe('pending');
    const confirmation = page.getByTestId('wholesale-confirmation');
    await expect(confirmation).toContainText('we’ll be in touch');
    await expect(confirmation).toContainText(email);
    await expect(bar).toHaveCount(0);
  });

  test(
    'an application approved with the command line buys at wholesale prices on shop, product, cart and checkout, and the order is priced wholesale',
    {
      tag: '@postgres',
    },
    async ({ page, request }) => {
      // The command line opens the database itself; the embedded one is held by the running shop.
      test.skip(
        !process.env.DATABASE_URL,
        'needs PostgreSQL (DATABASE_URL), which the shop and the command line can share',
      );
      test.slow();
      await page.setViewportSize({ width: 1440, height: 900 });
      const email = `cafe.${unique()}@example.com`;
      const applied = await request.post(apiPaths.wholesaleRegistration, {
        multipart: {
          business_name: 'Corner Pantry Café',
          contact_name: 'Dana Pantry',
          email,
          password: PASSWORD,
          phone: '919 555 0188',
          [wholesaleAddressField('address_1')]: '200 Main Street',
          [wholesaleAddressField('city')]: 'Durham',
          [wholesaleAddressField('state')]: 'NC',
          [wholesaleAddressField('postcode')]: '27701',
          [wholesaleAddressField('country')]: 'US',
          tax_id: 'NC-RS-20931',
          sales_channels: 'Our café counter.',
          monthly_volume: '50-200',
          certificate: certificateFile(64 * 1024),
        },
      });
      expect(applied.status()).toBe(201);
      const application = (await applied.json()) as { id: number };

      await approveWholesale(application.id);

      await signIn(page, { email, password: PASSWORD });
      const products = await shopApi(page.request).products();
      const product = products.find((entry) =>
        entry.variations.some((variation) => variation.wholesale_price !== undefined),
      );
      if (!product) throw new Error('The seed needs a product with a wholesale price');
      const variation = product.variations.find((entry) => entry.wholesale_price !== undefined)!;
      const wholesale = `$${variation.wholesale_price!.toFixed(2)}`;
      // Nobody else is sent the wholesale price.
      const retail = await request.get(`${apiPaths.products}?include=${product.id}`);
      expect(JSON.stringify(await retail.json())).not.toContain('wholesale_price');

      await gotoHydrated(page, '/shop');
      await expect(page.locator('.price--wholesale').first()).toBeVisible();

      // A simple product too: the page shows the wholesale price an order charges (issue 12).
      const simple = products.find(
        (entry) => entry.type === 'simple' && entry.wholesale_price !== undefined,
      );
      if (!simple) throw new Error('The seed needs a simple product with a wholesale price');
      await gotoHydrated(page, `/product/${simple.slug}`);
      await expect(page.getByTestId('price-to-pay')).toContainText(`$${simple.wholesale_price}`);

      await gotoHydrated(page, `/product/${product.slug}`);
      for (const [name, value] of Object.entries(variation.attributes))
        await page.getByTestId(`attribute-${name}`).getByLabel(value, { exact: true }).check();
      await expect(page.getByTestId('price-to-pay')).toContainText(wholesale);
      await page.getByRole('button', { name: 'Add to cart' }).click();

      await gotoHydrated(page, '/cart');
      await expect(page.locator('.cart-layout')).toContainText(wholesale);

      // Decision 0037: the product page adds the first quantity the rules allow (a whole case),
      // and checkout lists the line's total at the wholesale price.
      const rules = variation.wholesale!;
      const firstQuantity = firstAllowedQuantity({
        caseSize: rules.case_size,
        minQuantity: rules.min_quantity,
      });
      const lineTotal = formatCents(
        lineTotalCents(centsOf(variation.wholesale_price!), firstQuantity),
      );
      await gotoHydrated(page, '/checkout');
      await expect(page.getByTestId('checkout-form')).toContainText(
        `quantity ${firstQuantity}${lineTotal}`,
      );

      const me = (await (await page.request.get(`${apiPaths.customers}/me`)).json()) as Customer;
      expect(me.role).toBe('wholesale_customer');
      // Whole cases, enough of them for the $150 opening minimum.
      let quantity = firstQuantity;
      while (quantity * variation.wholesale_price! < 150) quantity += rules.case_size;
      const order = await placePaidOrder(page, { email, password: PASSWORD, id: me.id }, [
        { product, quantity, variationId: variation.variation_id },
      ]);
      expect(order.line_items[0]?.price).toBe(variation.wholesale_price);

      await gotoHydrated(page, `/my-account/order-history?order=${order.id}`);
      await expect(page.getByTestId('order-line')).toContainText(wholesale);
    },
  );
});
