import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  apiPaths,
  wholesaleOrderingPaths,
  type Product,
  type WholesaleTerms,
} from '@larder/contract';
import { centsOf } from '@larder/contract/money';
import { createWholesaleBuyer, ownerAccount, signIn, xsrfHeader } from './support/back-office';
import { axeViolations } from './support/axe';
import { checkoutForm, fillCheckoutBilling } from './support/checkout-form';
import { gotoHydrated } from './support/hydration';
import { seedCart } from './support/saved-cart';
import { shoot } from './support/screenshots';
import { shopApi } from './support/shop-api';

/** The owner signed in in a browser of their own. */
async function ownerPage(browser: Browser): Promise<Page> {
  const page = await (
    await browser.newContext({ viewport: { width: 1440, height: 900 } })
  ).newPage();
  await signIn(page, await ownerAccount());
  return page;
}

async function simpleProduct(page: Page): Promise<Product> {
  const product = (await shopApi(page.request).products()).find(
    (entry) => entry.type === 'simple' && entry.purchasable,
  );
  if (!product) throw new Error('The seed needs a simple product in stock');
  return product;
}

/** Whole cases of the product that meet the buyer's order minimum (decision 0037). */
async function casesMeetingMinimum(page: Page, product: Product): Promise<number> {
  const terms = (await (
    await page.request.get(wholesaleOrderingPaths.terms)
  ).json()) as WholesaleTerms;
  const caseSize = product.wholesale?.case_size ?? 1;
  const caseCents = centsOf(product.wholesale_price ?? product.price) * caseSize;
  return caseSize * Math.max(1, Math.ceil(centsOf(terms.minimum) / caseCents));
}

test.use({ viewport: { width: 1440, height: 900 } });

test('an approved buyer with Net 30 pays by invoice with a PO number; the owner marks it paid', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const buyer = await createWholesaleBuyer(browser);
  await signIn(page, buyer);
  const owner = await ownerPage(browser);
  const buyerId = buyer.id;

  // The owner gives the account Net 30 and a $2,000 limit in the customer screen.
  await gotoHydrated(owner, `/admin/customers/${buyerId}`);
  const terms = owner.getByRole('form', { name: 'Payment terms' });
  await terms.getByLabel('Terms').selectOption('net30');
  await terms.getByLabel('Credit limit ($)').fill('2000');
  await terms.getByRole('button', { name: 'Save terms' }).click();
  await expect(owner.getByTestId('admin-notice')).toContainText('Net 30 terms, up to $2,000.00');
  await expect(terms.getByLabel('Credit limit ($)')).toHaveValue('2000.00');
  expect(await axeViolations(owner)).toEqual([]);
  await shoot(owner, 'invoice-customer-terms');

  // The buyer checks out by invoice.
  const product = await simpleProduct(page);
  await seedCart(page, [{ product, quantity: await casesMeetingMinimum(page, product) }]);
  await gotoHydrated(page, '/checkout');
  await fillCheckoutBilling(page, {
    first_name: 'Ada',
    last_name: 'Oats',
    email: buyer.email,
    phone: '+1 512 555 0100',
    country: 'US',
    address_1: '1100 Congress Ave',
    city: 'Austin',
    state: 'TX',
    postcode: '78701',
  });
  const invoiceOption = page.getByRole('radio', { name: 'Pay by invoice (Net 30)' });
  await expect(invoiceOption).toBeEnabled();
  await invoiceOption.check();
  await checkoutForm(page).getByLabel('Purchase order number (optional)').fill('PO-2041');
  await expect(checkoutForm(page)).toContainText('the invoice comes with the confirmation email');
  expect(await axeViolations(page, '[data-testid="checkout-form"]')).toEqual([]);
  await shoot(page, 'invoice-checkout');
  await page.getByRole('button', { name: 'Place order' }).click();

  await expect(page).toHaveURL(/\/order-received\/\d+\?key=/);
  const orderId = Number(/order-received\/(\d+)/.exec(page.url())![1]);
  await expect(page.getByTestId('order-invoice-note')).toContainText('due by');
  await expect(page.getByTestId('order-invoice-note')).toContainText('(Net 30)');
  const due = new Date(Date.now() + 30 * 86_400_000).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
  await expect(page.getByTestId('order-due-date')).toHaveText(due);
  await expect(page.getByTestId('order-po-number')).toHaveText('PO-2041');
  await expect(page.getByTestId('order-status')).toHaveText('On hold');
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'invoice-order-received');

  // The owner marks the invoice paid on the order screen.
  await gotoHydrated(owner, `/admin/orders/${orderId}`);
  await expect(owner.getByTestId('order-invoice')).toContainText('PO-2041');
  const paid = owner.getByRole('form', { name: 'Mark invoice paid' });
  await paid.getByLabel('Reference').fill('ACH 88120');
  expect(await axeViolations(owner)).toEqual([]);
  await shoot(owner, 'invoice-admin-order');
  await paid.getByRole('button', { name: 'Mark invoice paid' }).click();
  await expect(owner.getByTestId('admin-notice')).toContainText('marked paid');
  await expect(owner.getByRole('form', { name: 'Mark invoice paid' })).toHaveCount(0);
  await expect(owner.getByText('Reference ACH 88120', { exact: true })).toBeVisible();
  await owner.context().close();
});

test('a buyer whose order would pass the credit limit sees why beside the disabled invoice option', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const buyer = await createWholesaleBuyer(browser);
  await signIn(page, buyer);
  const owner = await ownerPage(browser);
  const buyerId = buyer.id;
  const limited = await owner.request.put(`${apiPaths.customers}/${buyerId}`, {
    headers: await xsrfHeader(owner),
    data: { wholesale: { terms: 'net15', credit_limit: '1.00' } },
  });
  expect(limited.status()).toBe(200);
  await owner.context().close();

  await seedCart(page, [{ product: await simpleProduct(page), quantity: 1 }]);
  await gotoHydrated(page, '/checkout');
  const option = page.getByRole('radio', { name: 'Pay by invoice (Net 15)' });
  await expect(option).toBeDisabled();
  await expect(page.getByTestId('invoice-option-note')).toContainText(
    'over its credit limit of $1.00',
  );
  await expect(page.getByTestId('invoice-option-note')).toContainText('Pay by card instead.');
});
