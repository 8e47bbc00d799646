import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { axeViolationsAtWidths } from './support/axe';
import { apiPaths, type Product, type ShippingRate } from '@larder/contract';
import { gotoHydrated } from './support/hydration';
import { seedCart } from './support/saved-cart';
import { decodeEntities, shopApi } from './support/shop-api';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** A rate's radio: its label then its price, e.g. "Expedited shipping $14.95". */
const rateName = (rate: ShippingRate) =>
  new RegExp(`^${rate.label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

const austin = {
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

/** The rates the API quotes for an address and one of each product, cheapest first. */
async function ratesFor(request: APIRequestContext, products: Product[]) {
  const response = await request.post(apiPaths.shippingRates, {
    data: {
      ...austin,
      products: products.map((product) => ({ product_id: product.id, quantity: 1 })),
    },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as ShippingRate[];
}

async function addToCart(page: Page, product: Product) {
  await gotoHydrated(page, `/product/${product.slug}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Item added to cart').first()).toBeVisible();
}

const estimator = (page: Page) => page.getByTestId('shipping-estimator');
const rateList = (page: Page) => page.getByTestId('shipping-rates');

async function fillEstimator(page: Page, address: typeof austin) {
  await estimator(page).getByLabel('Country').selectOption(address.country);
  await estimator(page).getByLabel('State', { exact: true }).selectOption(address.state);
  await estimator(page).getByLabel('City').fill(address.city);
  await estimator(page).getByLabel('Street address').fill(address.address_1);
  await estimator(page).getByLabel('ZIP code').fill(address.postcode);
}

const checkoutForm = (page: Page) => page.getByTestId('checkout-form');

async function fillBilling(page: Page, email: string) {
  const form = checkoutForm(page);
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Last name').fill('Oats');
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Phone').fill('+1 512 555 0100');
  await form.getByLabel('Country').selectOption(austin.country);
  await form.getByLabel('Street address').fill(austin.address_1);
  await form.getByLabel('City').fill(austin.city);
  await form.getByLabel('State', { exact: true }).selectOption(austin.state);
  await form.getByLabel('ZIP code').fill(austin.postcode);
}

test.describe('cart page', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('two products, a US address: no rates until it is complete, then the cheapest is chosen and another rate changes the total', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const products = await twoSimpleProducts(request);
    const rates = await ratesFor(request, products);
    expect(rates.length).toBeGreaterThanOrEqual(2);
    const [cheapest, other] = [rates[0]!, rates[rates.length - 1]!];
    const subtotal = products.reduce((sum, product) => sum + Number(product.price), 0);

    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    for (const product of products) await addToCart(page, product);
    await gotoHydrated(page, '/cart');
    const lines = page.getByTestId('cart-page-line');
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(0)).toContainText(decodeEntities(products[0].name));
    await expect(lines.nth(1)).toContainText(decodeEntities(products[1].name));
    await expect(page.getByTestId('totals-subtotal')).toHaveText(usd.format(subtotal));

    // Four of the five fields: spec §5 says no rates yet.
    const asked: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/shipping-rates')) asked.push(req.url());
    });
    await estimator(page).getByLabel('Country').selectOption(austin.country);
    await estimator(page).getByLabel('State', { exact: true }).selectOption(austin.state);
    await estimator(page).getByLabel('City').fill(austin.city);
    await estimator(page).getByLabel('Street address').fill(austin.address_1);
    await expect(rateList(page)).toContainText(
      'Enter your street address, city, state and ZIP code',
    );
    await expect(rateList(page).getByRole('radio')).toHaveCount(0);
    await expect(page.getByTestId('totals-grand')).toHaveText(usd.format(subtotal));
    expect(asked).toEqual([]);

    await estimator(page).getByLabel('ZIP code').fill(austin.postcode);
    const group = page.getByRole('group', { name: 'Shipping method' });
    await expect(group.getByRole('radio')).toHaveCount(rates.length);
    await expect(group.getByRole('radio', { name: rateName(cheapest) })).toBeChecked();
    await expect(page.getByTestId('totals-shipping')).toHaveText(usd.format(cheapest.cost));
    await expect(page.getByTestId('totals-grand')).toHaveText(usd.format(subtotal + cheapest.cost));

    await group.getByRole('radio', { name: rateName(other) }).check();
    await expect(page.getByTestId('totals-grand')).toHaveText(usd.format(subtotal + other.cost));

    // The choice is kept by rate id when the cart changes and the rates are asked for again.
    await lines
      .nth(0)
      .getByRole('button', { name: /^Increase quantity/ })
      .click();
    await expect(page.getByTestId('totals-subtotal')).toHaveText(
      usd.format(subtotal + Number(products[0].price)),
    );
    await expect(group.getByRole('radio', { name: rateName(other) })).toBeChecked();
    await expect(group).not.toHaveAttribute('aria-busy', 'true');
    const quoted = await ratesFor(request, [products[0], products[0], products[1]]);
    const kept = quoted.find((rate) => rate.rate_id === other.rate_id)!;
    await expect(page.getByTestId('totals-grand')).toHaveText(
      usd.format(subtotal + Number(products[0].price) + kept.cost),
    );
    // The cart renders after hydration, so the server's HTML never disagrees with it.
    expect(consoleErrors).toEqual([]);
  });

  test('typing 0 as a quantity removes the line; the last line gone leaves the empty cart', async ({
    page,
    request,
  }) => {
    const products = await twoSimpleProducts(request);
    await seedCart(page, [{ product: products[0] }, { product: products[1] }]);
    await gotoHydrated(page, '/cart');
    const lines = page.getByTestId('cart-page-line');
    await expect(lines).toHaveCount(2);

    await lines.nth(0).getByRole('spinbutton').fill('0');
    await expect(lines).toHaveCount(1);
    await expect(lines.first()).toContainText(decodeEntities(products[1].name));
    await expect(page.getByTestId('cart-count')).toHaveText('1');

    await lines
      .first()
      .getByRole('button', { name: /^Remove/ })
      .click();
    await expect(page.getByTestId('cart-empty')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Shop granola' })).toHaveAttribute('href', '/shop');
  });
});

test.describe('checkout page', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('an invalid email shows its message beside the field, and every typed value stays, even after a reload', async ({
    page,
    request,
  }) => {
    const products = await twoSimpleProducts(request);
    await seedCart(page, [{ product: products[0] }]);
    await gotoHydrated(page, '/checkout');
    await fillBilling(page, 'ada@oats');
    await page.getByRole('button', { name: 'Place order' }).click();

    const email = checkoutForm(page).getByLabel('Email', { exact: true });
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription(/Enter a valid email address\./);
    await expect(page.getByTestId('checkout-error')).toHaveText(
      'Please check the highlighted fields.',
    );
    await expect(email).toHaveValue('ada@oats');
    await expect(checkoutForm(page).getByLabel('First name')).toHaveValue('Ada');
    await expect(checkoutForm(page).getByLabel('ZIP code')).toHaveValue(austin.postcode);

    await page.reload();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(checkoutForm(page).getByLabel('Email', { exact: true })).toHaveValue('ada@oats');
    await expect(checkoutForm(page).getByLabel('Last name')).toHaveValue('Oats');
    await expect(checkoutForm(page).getByLabel('State', { exact: true })).toHaveValue(austin.state);
  });

  test('shipping to a different address in Durham prices it there and offers pickup and local delivery without choosing one', async ({
    page,
    request,
  }) => {
    const [product] = await twoSimpleProducts(request);
    const durham = {
      ...austin,
      address_1: '318 Hunt St',
      city: 'Durham',
      state: 'NC',
      postcode: '27701',
    };
    const response = await request.post(apiPaths.shippingRates, {
      data: { ...durham, products: [{ product_id: product.id, quantity: 1 }] },
    });
    const durhamRates = (await response.json()) as ShippingRate[];
    const austinRates = await ratesFor(request, [product]);
    expect(durhamRates.map((rate) => rate.rate_id)).not.toEqual(
      austinRates.map((rate) => rate.rate_id),
    );
    await seedCart(page, [{ product }]);
    await gotoHydrated(page, '/checkout');
    await fillBilling(page, 'ada@example.com');
    const group = page.getByRole('group', { name: 'Shipping method' });
    await expect(group.getByRole('radio')).toHaveCount(austinRates.length);
    await expect(group.getByRole('radio', { name: rateName(austinRates[0]!) })).toBeChecked();

    await checkoutForm(page).getByLabel('Ship to a different address').check();
    const shipTo = page.getByRole('group', { name: 'Shipping address' });
    await expect(group.getByRole('radio')).toHaveCount(0);
    await shipTo.getByLabel('First name').fill('Sam');
    await shipTo.getByLabel('Last name').fill('Oats');
    await shipTo.getByLabel('Country').selectOption(durham.country);
    await shipTo.getByLabel('Street address').fill(durham.address_1);
    await shipTo.getByLabel('City').fill(durham.city);
    await shipTo.getByLabel('State', { exact: true }).selectOption(durham.state);
    await shipTo.getByLabel('ZIP code').fill(durham.postcode);
    await expect(group.getByRole('radio')).toHaveCount(durhamRates.length);
    await expect(group.getByRole('radio', { name: /^Pick up at the bakery/ })).toBeVisible();
    await expect(group.getByRole('radio', { name: /^Local delivery \$4\.00$/ })).toBeVisible();
    // The shopper chooses between collecting, local delivery and the post: nothing is preselected.
    for (const radio of await group.getByRole('radio').all()) await expect(radio).not.toBeChecked();
    await expect(page.getByTestId('totals-shipping')).toHaveText('Choose a method');

    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(group.getByRole('alert')).toHaveText(
      'Choose a shipping method. If none is offered, check the address.',
    );
    await group.getByRole('radio', { name: /^Local delivery/ }).check();
    await expect(group.getByRole('alert')).toHaveCount(0);
    await expect(page.getByTestId('totals-shipping')).toHaveText(usd.format(4));
  });

  test('an address abroad is told the shop ships within the US only', async ({ page, request }) => {
    const [product] = await twoSimpleProducts(request);
    await seedCart(page, [{ product }]);
    await gotoHydrated(page, '/checkout');
    await fillBilling(page, 'ada@example.com');
    const form = checkoutForm(page);
    await form.getByLabel('Country').selectOption('CA');
    await form.getByLabel('State', { exact: true }).selectOption('ON');
    await form.getByLabel('City').fill('Toronto');
    await form.getByLabel('ZIP code').fill('M5H 1A1');
    const group = page.getByRole('group', { name: 'Shipping method' });
    await expect(group.getByRole('alert')).toHaveText(
      'We ship to United States addresses only, so we cannot ship to this address.',
    );
    await expect(group.getByRole('radio')).toHaveCount(0);

    // The UK has no states to fill in: the shopper is told all the same.
    await form.getByLabel('Country').selectOption('GB');
    await form.getByLabel('City').fill('London');
    await form.getByLabel('ZIP code').fill('SW1A 2AA');
    await expect(group.getByRole('alert')).toHaveText(
      'We ship to United States addresses only, so we cannot ship to this address.',
    );
  });

  test('with an empty cart, checkout says so and leads to the shop', async ({ page }) => {
    await gotoHydrated(page, '/checkout');
    await expect(page.getByTestId('cart-empty')).toContainText('Your cart is empty');
    await expect(page.getByTestId('checkout-form')).toHaveCount(0);
    await page.getByRole('link', { name: 'Shop granola' }).click();
    await expect(page).toHaveURL('/shop');
  });

  test('an item that sold out since it went in the cart: Place order names it and leads back to the cart', async ({
    page,
    request,
  }) => {
    // Granola Bites, Peanut Butter 2 lb, is seeded out of stock.
    const [bites] = (await (
      await request.get(`${apiPaths.products}?slug=granola-bites`)
    ).json()) as Product[];
    const soldOut = bites!.variations.find((variation) => !variation.is_in_stock);
    if (!soldOut) throw new Error('The seed needs a sold-out variation of Granola Bites');
    const [simple] = await twoSimpleProducts(request);
    await seedCart(page, [
      { product: simple },
      { product: bites!, variationId: soldOut.variation_id },
    ]);

    await gotoHydrated(page, '/checkout');
    await fillBilling(page, 'ada@example.com');
    await page.getByRole('button', { name: 'Place order' }).click();
    const banner = page.getByTestId('checkout-error');
    await expect(banner).toContainText(/Granola Bites .*Peanut Butter.* is out of stock/);
    await expect(banner).toBeFocused();
    await banner.getByRole('link', { name: 'Update your cart' }).click();
    await expect(page).toHaveURL('/cart');
    await expect(page.getByTestId('cart-page-line')).toHaveCount(2);
  });
});

test.describe('placing an order', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('Place order creates one order with the gift note and opens the payment dialog; a reload resumes paying that same order', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const [product] = await twoSimpleProducts(request);
    const [cheapest] = await ratesFor(request, [product]);
    await seedCart(page, [{ product }]);
    const orderPosts: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && new URL(req.url()).pathname === apiPaths.orders)
        orderPosts.push(req.url());
    });

    await gotoHydrated(page, '/checkout');
    await fillBilling(page, 'ada@example.com');
    await checkoutForm(page)
      .getByLabel(/Gift note/)
      .fill('Happy birthday, Sam!');
    await expect(rateList(page).getByRole('radio', { name: rateName(cheapest!) })).toBeChecked();
    await page.getByRole('button', { name: 'Place order' }).click();

    const dialog = page.getByRole('dialog', { name: 'Order Payment' });
    await expect(dialog).toBeVisible();
    const placed = page.getByTestId('order-placed');
    await expect(placed.getByRole('heading')).toHaveText(/^Order #\d+ is placed$/);
    const heading = await placed.getByRole('heading').textContent();
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('shop-cart') ?? '{}'));
    const { id, order_key: key } = saved.state.pendingOrder as { id: number; order_key: string };

    // The server priced it: the product's price plus the cheapest rate, and kept the note.
    const response = await request.get(`${apiPaths.orders}/${id}?key=${encodeURIComponent(key)}`);
    expect(response.ok()).toBe(true);
    const order = await response.json();
    expect(order).toMatchObject({
      status: 'pending',
      customer_id: 0,
      customer_note: 'Happy birthday, Sam!',
      billing: { first_name: 'Ada', email: 'ada@example.com', state: 'TX' },
      shipping_lines: [{ method_id: cheapest!.method_id }],
    });
    expect(Number(order.total)).toBeCloseTo(Number(product.price) + cheapest!.cost, 2);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(placed.getByRole('button', { name: 'Pay now' })).toBeVisible();

    await page.reload();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(page.getByTestId('order-placed').getByRole('heading')).toHaveText(heading!);
    await expect(dialog).toBeVisible();
    expect(orderPosts).toHaveLength(1);
  });
});

/** Two lines in the cart and Austin's rates quoted on /cart, at a width. */
async function cartWithRates(page: Page, request: APIRequestContext, width: number) {
  const products = await twoSimpleProducts(request);
  await page.setViewportSize({ width, height: 900 });
  await seedCart(page, [{ product: products[0] }, { product: products[1] }]);
  await gotoHydrated(page, '/cart');
  await fillEstimator(page, austin);
  await expect(rateList(page).getByRole('radio').first()).toBeChecked();
}

// One page a test, checked at both widths: two checks and the pages before them took a loaded CI
// machine past 30 s.
test('axe finds no violations on /cart with lines and rates at 390 and 1440 px', async ({
  page,
  request,
}) => {
  test.slow();
  await cartWithRates(page, request, 390);
  expect(await axeViolationsAtWidths(page, [390, 1440])).toEqual({ 390: [], 1440: [] });
});

test('axe finds no violations on /checkout with its errors shown at 390 and 1440 px', async ({
  page,
  request,
}) => {
  test.slow();
  await cartWithRates(page, request, 390);
  await gotoHydrated(page, '/checkout');
  // The cart page's address starts the billing address, so the rates are there too.
  await expect(rateList(page).getByRole('radio').first()).toBeChecked();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(checkoutForm(page).getByLabel('First name')).toBeFocused();
  expect(await axeViolationsAtWidths(page, [390, 1440])).toEqual({ 390: [], 1440: [] });
});
