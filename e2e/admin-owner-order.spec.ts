import { expect, test } from '@playwright/test';
import {
  apiPaths,
  wholesaleOrderingPaths,
  type Customer,
  type Product,
  type WholesaleTerms,
} from '@larder/contract';
import { centsOf, formatCents } from '@larder/contract/money';
import { createWholesaleBuyer, ownerAccount, signIn, xsrfHeader } from './support/back-office';
import { axeViolations } from './support/axe';
import { gotoHydrated } from './support/hydration';
import { shoot } from './support/screenshots';

test.use({ viewport: { width: 1440, height: 900 } });

test('the owner enters a phone order for a wholesale buyer with terms: cases, minimum, invoice with a PO', async ({
  page,
  browser,
}) => {
  // An account made and approved, then a whole order entered through the form.
  test.slow();
  const buyer = await createWholesaleBuyer(browser);
  await signIn(page, await ownerAccount());

  const [customer] = (await (
    await page.request.get(`${apiPaths.customers}?search=${encodeURIComponent(buyer.email)}`)
  ).json()) as Customer[];
  const terms = await page.request.put(`${apiPaths.customers}/${customer!.id}`, {
    headers: await xsrfHeader(page),
    data: { wholesale: { terms: 'net30', credit_limit: '5000.00' } },
  });
  expect(terms.status()).toBe(200);

  // A size sold by the case, at the buyer's wholesale price, and the minimum the buyer is held to.
  const products = (await (
    await page.request.get(`${apiPaths.products}?per_page=100&status=publish&context=edit`)
  ).json()) as Product[];
  const size = products
    .flatMap((product) =>
      product.variations.map((variation) => ({
        name: `${product.name} – ${Object.values(variation.attributes).join(', ')}`,
        caseSize: variation.wholesale?.case_size ?? 1,
        priceCents: centsOf(variation.wholesale_price ?? variation.display_price),
        retailCents: centsOf(variation.display_price),
        purchasable: variation.is_purchasable && variation.is_in_stock,
        tiers: variation.wholesale?.tiers ?? [],
      })),
    )
    .find((row) => row.purchasable && row.caseSize > 1 && row.priceCents < row.retailCents);
  expect(size, 'the demo catalogue sells sizes by the case at a wholesale price').toBeDefined();
  const minimum = (await (
    await page.request.get(`${wholesaleOrderingPaths.terms}?customer=${customer!.id}`)
  ).json()) as WholesaleTerms;
  expect(minimum.minimum_kind).toBe('opening');
  const cases = Math.max(
    1,
    Math.ceil(centsOf(minimum.minimum) / (size!.priceCents * size!.caseSize)),
  );
  const quantity = cases * size!.caseSize;
  // Below the first break, so the line costs the wholesale price itself.
  expect(size!.tiers.every((tier) => tier.min_quantity > quantity)).toBe(true);

  await gotoHydrated(page, '/admin/orders');
  await page.getByRole('link', { name: 'New order' }).click();
  await expect(page.getByRole('heading', { name: 'New order', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Customer' }).fill(buyer.email);
  await page.getByRole('button', { name: 'Find' }).click();
  await page.getByRole('link', { name: 'Order for Robin Tester' }).click();
  await expect(page.getByTestId('new-order-account')).toContainText('Net 30');

  // A part case is refused on its line before anything is sent.
  const line = page.getByLabel(size!.name, { exact: true });
  await line.fill(String(size!.caseSize + Math.floor(size!.caseSize / 2)));
  await expect(page.getByTestId('new-order-line-problem')).toContainText(
    `comes in cases of ${size!.caseSize}`,
  );
  await expect(line).toHaveAttribute('aria-invalid', 'true');
  await shoot(page, 'owner-order-part-case');

  // Whole cases that meet the opening minimum.
  await line.fill(String(quantity));
  await expect(page.getByTestId('new-order-line-problem')).toHaveCount(0);
  await expect(page.getByTestId('new-order-subtotal')).toContainText(
    formatCents(quantity * size!.priceCents),
  );
  if (centsOf(minimum.minimum) > 0) {
    await expect(page.getByTestId('new-order-minimum')).toContainText('this order meets it');
  }

  const billing = page.getByRole('group', { name: 'Billing address' });
  await billing.getByLabel('Company').fill('Corner Pantry');
  await billing.getByLabel('Phone').fill('+1 512 555 0100');
  await billing.getByLabel('Street address').fill('1100 Congress Ave');
  await billing.getByLabel('City').fill('Austin');
  await billing.getByLabel('State').fill('TX');
  await billing.getByLabel('ZIP code').fill('78701');
  await page.getByRole('button', { name: 'Update totals' }).click();
  await expect(page.getByTestId('new-order-estimate')).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Shipping' }).getByRole('radio').first(),
  ).toBeChecked();

  const invoice = page.getByRole('radio', { name: 'Pay by invoice (Net 30)' });
  await expect(invoice).toBeChecked();
  await page.getByLabel('Purchase-order number').fill('PO-7781');
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'owner-order-new');
  await page.getByRole('button', { name: 'Place order' }).click();

  // The new order's screen: the customer, the wholesale price, the PO and the due date.
  await expect(page).toHaveURL(/\/admin\/orders\/\d+$/);
  await expect(page.getByText(buyer.email).first()).toBeVisible();
  // The line's total at the wholesale price (the retail price would be more), on a wholesale order.
  await expect(page.getByTestId('order-lines')).toContainText(
    `${quantity}${formatCents(quantity * size!.priceCents)}`,
  );
  await expect(page.locator('.admin-page-header__description')).toContainText(
    'On hold Wholesale · placed',
  );
  const due = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    Date.now() + 30 * 86_400_000,
  );
  await expect(page.getByTestId('order-invoice')).toContainText('PO-7781');
  await expect(page.getByTestId('order-invoice')).toContainText(due);
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'owner-order-placed');
});
