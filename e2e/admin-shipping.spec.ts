import { expect, test, type Page } from '@playwright/test';
import { apiPaths, type ShippingRate, type ShippingZone } from '@larder/contract';
import { ownerAccount, signIn, unique } from './support/back-office';
import { axeViolations } from './support/axe';
import { gotoHydrated } from './support/hydration';
import { seedCart } from './support/saved-cart';
import { shotsDir } from './support/screenshots';
import { shopApi } from './support/shop-api';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** Oregon: no other spec ships there, so the zone these tests put first changes no one else's rates. */
const portland = {
  address_1: '1120 SW 5th Ave',
  city: 'Portland',
  state: 'OR',
  postcode: '97204',
};

const zoneCard = (page: Page, name: string) =>
  page.getByTestId('shipping-zone').filter({ has: page.getByRole('heading', { name }) });

async function addZone(page: Page, name: string) {
  await page.getByLabel('Zone name').first().fill(name);
  await page.getByRole('button', { name: 'Add zone' }).click();
  await expect(page.getByTestId('admin-notice')).toContainText(`Zone “${name}” was added`);
  return zoneCard(page, name);
}

test.describe('the shipping screen', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the owner adds a zone with a state and a flat rate, edits the rate, and the cart’s estimate shows it', async ({
    page,
    browser,
  }) => {
    test.slow();
    await signIn(page, await ownerAccount());
    await gotoHydrated(page, '/admin');
    await page.getByRole('link', { name: 'Shipping' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Shipping' })).toBeVisible();

    const name = `Oregon ${unique()}`;
    const zone = await addZone(page, name);

    // First in order, so it wins over the seeded United States zone for Oregon.
    await zone.getByText(`Rename or reorder ${name}`).click();
    await zone.getByLabel('Order', { exact: true }).fill('0');
    await zone.getByRole('button', { name: 'Save zone' }).click();
    await expect(page.getByTestId('admin-notice')).toContainText(`Zone “${name}” was saved`);
    await expect(page.getByTestId('shipping-zone').first()).toContainText(name);

    await zone.getByLabel('Add a state, country or continent').fill('Oregon, United States');
    await zone.getByRole('button', { name: 'Add location' }).click();
    await expect(page.getByTestId('admin-notice')).toContainText(
      `“${name}” now covers Oregon, United States.`,
    );
    await expect(zone.getByTestId('zone-locations')).toHaveText(/Oregon, United States/);

    await zone.getByText(`Add a method to ${name}`).click();
    const addMethod = zone.getByRole('form', { name: `Add a method to ${name}` });
    await addMethod.getByLabel('Kind').selectOption('flat_rate');
    await addMethod.getByLabel('Title shoppers see').fill('Oregon ground');
    await addMethod.getByLabel('Cost (USD)').fill('6.95');
    await addMethod.getByRole('button', { name: 'Add method' }).click();
    await expect(page.getByTestId('admin-notice')).toContainText('“Oregon ground” was added');
    const method = zone.getByTestId('shipping-method').filter({ hasText: 'Oregon ground' });
    await expect(method).toContainText('$6.95');

    // A bad cost is refused and what was typed stays in the field.
    await method.getByText('Edit Oregon ground').click();
    const edit = method.getByRole('form', { name: 'Edit Oregon ground' });
    await edit.getByLabel('Cost (USD)').fill('8.4.0');
    await edit.getByRole('button', { name: 'Save Oregon ground' }).click();
    await expect(page.getByTestId('admin-notice')).toHaveAttribute('role', 'alert');
    await expect(edit.getByLabel('Cost (USD)')).toHaveValue('8.4.0');
    await expect(edit.getByText('Enter an amount such as 6.95.')).toBeVisible();

    await edit.getByLabel('Cost (USD)').fill('8.40');
    await edit.getByRole('button', { name: 'Save Oregon ground' }).click();
    await expect(page.getByTestId('admin-notice')).toContainText('“Oregon ground” was saved');
    await expect(method).toContainText('$8.40');

    // A shopper in a browser of their own is quoted the new rate at once.
    const [product] = (await shopApi(page.request).products()).filter(
      (entry) => entry.type === 'simple' && entry.purchasable,
    );
    const shopper = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const cartPage = await shopper.newPage();
    await seedCart(cartPage, [{ product: product! }]);
    await gotoHydrated(cartPage, '/cart');
    const estimator = cartPage.getByTestId('shipping-estimator');
    await estimator.getByLabel('Country').selectOption('US');
    await estimator.getByLabel('State', { exact: true }).selectOption(portland.state);
    await estimator.getByLabel('City').fill(portland.city);
    await estimator.getByLabel('Street address').fill(portland.address_1);
    await estimator.getByLabel('ZIP code').fill(portland.postcode);
    const group = cartPage.getByRole('group', { name: 'Shipping method' });
    await expect(group.getByRole('radio', { name: /^Oregon ground/ })).toBeChecked();
    await expect(cartPage.getByTestId('totals-shipping')).toHaveText(usd.format(8.4));

    // Disabled, it is offered to no one; the zone still takes Oregon, so Oregon is told so.
    const askRates = () =>
      cartPage.request.post(apiPaths.shippingRates, {
        data: { ...portland, country: 'US', products: [{ product_id: product!.id, quantity: 1 }] },
      });
    const quotedLabels = async () => {
      const quote = await askRates();
      expect(quote.status()).toBe(200);
      return ((await quote.json()) as ShippingRate[]).map((rate) => rate.label);
    };
    await method.getByRole('button', { name: 'Disable Oregon ground' }).click();
    await expect(page.getByTestId('admin-notice')).toContainText('was disabled');
    const refused = await askRates();
    expect(refused.status()).toBe(400);
    expect((await refused.json()).data.params).toEqual({
      country: 'We do not ship to this address. Enter another, or contact us.',
    });

    // Deleting the zone (asked first) leaves Oregon to the seeded United States zone again.
    await zone.getByRole('link', { name: `Delete ${name}` }).click();
    await page.getByRole('button', { name: 'Yes, delete the zone' }).click();
    await expect(page.getByTestId('admin-notice')).toContainText(`Zone “${name}” was deleted`);
    await expect(zoneCard(page, name)).toHaveCount(0);
    expect(await quotedLabels()).toContain('Standard shipping');
    await shopper.close();
  });

  test('zone 0 is listed last and can be neither renamed nor deleted; a taken name is refused', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, await ownerAccount());
    await gotoHydrated(page, '/admin/shipping');
    const fallback = page.getByTestId('shipping-zone').last();
    await expect(fallback.getByRole('heading', { name: 'Everywhere else' })).toBeVisible();
    await expect(fallback.getByRole('link', { name: /^Delete/ })).toHaveCount(0);
    await expect(fallback.getByText(/^Rename or reorder/)).toHaveCount(0);
    // The policy says the shop does not ship abroad: the fallback zone has no methods.
    await expect(fallback.getByTestId('zone-no-methods')).toContainText('does not ship here');

    await page.getByLabel('Zone name').first().fill('united states');
    await page.getByRole('button', { name: 'Add zone' }).click();
    await expect(page.getByTestId('admin-notice')).toContainText(
      'There is already a zone called "united states".',
    );
    await expect(page.getByLabel('Zone name').first()).toHaveValue('united states');
    const zones = (await (await page.request.get(apiPaths.shippingZones)).json()) as ShippingZone[];
    expect(zones.filter((zone) => zone.name.toLowerCase() === 'united states')).toHaveLength(1);
  });
});

for (const width of [390, 1440]) {
  test(`the shipping screen passes axe at ${width} px and works from the keyboard`, async ({
    page,
  }) => {
    test.slow();
    await signIn(page, await ownerAccount());
    await page.setViewportSize({ width, height: 900 });
    await gotoHydrated(page, '/admin/shipping');
    await expect(page.getByRole('heading', { level: 1, name: 'Shipping' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    if (shotsDir)
      await page.screenshot({ path: `${shotsDir}/d-shipping-${width}.png`, fullPage: true });

    // The first zone's rename form opens from the keyboard and shows focus.
    const summary = page.getByText(/^Rename or reorder /).first();
    await summary.focus();
    await page.keyboard.press('Enter');
    const nameField = page.getByTestId('shipping-zone').first().getByLabel('Zone name');
    await expect(nameField).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(nameField).toBeFocused();
    const outline = await nameField.evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(outline).not.toBe('none');
    expect(await axeViolations(page)).toEqual([]);
    if (shotsDir) await page.screenshot({ path: `${shotsDir}/d-shipping-open-${width}.png` });
  });
}
