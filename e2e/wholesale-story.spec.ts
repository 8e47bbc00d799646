import { expect, test, type Page } from '@playwright/test';
import { apiPaths, type Product } from '@larder/contract';
import { ownerAccount, PASSWORD, signIn, unique } from './support/back-office';
import { axeViolations } from './support/axe';
import { checkoutForm, fillCheckoutBilling } from './support/checkout-form';
import { gotoHydrated } from './support/hydration';
import { attachmentsOf, pdfShot, pdfText, subjectOf, waitForMail } from './support/outbox';
import { shoot } from './support/screenshots';

// Issue 15's "Done when", walked as a new buyer and the owner would, through the screens they use:
// apply, be approved, see the rules, miss the opening minimum, meet it on the quick order table,
// pay by invoice with a PO number, get the invoice and the line sheet; the owner marks it paid.

const CERTIFICATE = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

/** The sizes sold by the case, as the API prices them for the signed-in buyer. */
async function caseSizes(page: Page) {
  const products = (await (
    await page.request.get(`${apiPaths.products}?per_page=100&status=publish`)
  ).json()) as Product[];
  return products.flatMap((product) =>
    product.variations
      .filter((variation) => variation.is_purchasable && (variation.wholesale?.case_size ?? 1) > 1)
      .map((variation) => ({
        product,
        variation,
        label: `Quantity of ${product.name} – ${Object.values(variation.attributes).join(', ')}`,
      })),
  );
}

test('a new café applies, is approved, misses and then meets the opening minimum, pays by invoice, and the owner marks it paid', async ({
  page,
  browser,
}) => {
  // The whole story: two people, a dozen screens, three emails and two PDFs.
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const business = `Corner Pantry Café ${unique()}`;
  const email = `pantry.${unique()}@example.com`;
  const owner = await (
    await browser.newContext({ viewport: { width: 1440, height: 900 } })
  ).newPage();
  let applicationId = 0;
  let orderId = 0;
  let orderNumber = '';

  await test.step('a visitor applies on the wholesale form with a certificate', async () => {
    await gotoHydrated(page, '/wholesale');
    await page.getByRole('link', { name: 'Apply for a wholesale account' }).click();
    await expect(page).toHaveURL(/\/sign-up\?account=wholesale$/);
    const form = page.getByTestId('wholesale-form');
    await form.getByLabel('Business name').fill(business);
    await form.getByLabel('Tax ID or resale certificate number').fill(`NC-RS-${unique()}`);
    await form.getByLabel('How do you plan to sell our granola?').fill('On our café counter.');
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
    await form.getByLabel('Resale or tax-exemption certificate').setInputFiles({
      name: 'resale-certificate.pdf',
      mimeType: 'application/pdf',
      buffer: CERTIFICATE,
    });
    const answer = page.waitForResponse(
      (response) =>
        response.url().includes(apiPaths.wholesaleRegistration) &&
        response.request().method() === 'POST',
    );
    await form.getByRole('button', { name: 'Apply for wholesale' }).click();
    const response = await answer;
    expect(response.status()).toBe(201);
    applicationId = ((await response.json()) as { id: number }).id;
    const confirmation = page.getByTestId('wholesale-confirmation');
    await expect(confirmation).toContainText('we’ll be in touch');
    await expect(confirmation).toContainText(email);
    await shoot(page, 'story-applied');
  });

  await test.step('the applicant signs in and sees the application under review', async () => {
    await gotoHydrated(page, '/login');
    const login = page.getByRole('main');
    await login.getByLabel('Email or username').fill(email);
    await login.getByLabel('Password').fill(PASSWORD);
    await login.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/my-account/);
    const status = page.getByTestId('wholesale-status');
    await expect(
      status.getByRole('heading', { name: 'Your wholesale application is under review' }),
    ).toBeVisible();
    await expect(status).toContainText(business);
    await shoot(page, 'story-under-review');
  });

  await test.step('the owner approves it and gives the account Net 30 terms in the back office', async () => {
    await signIn(owner, await ownerAccount());
    await gotoHydrated(owner, '/admin/wholesale?status=pending');
    await owner
      .getByTestId(`application-${applicationId}`)
      .getByRole('link', { name: business })
      .click();
    await expect(owner).toHaveURL(`/admin/wholesale/${applicationId}`);
    await owner.getByRole('button', { name: 'Approve' }).click();
    await expect(owner.getByTestId('admin-notice')).toContainText(`${business} was approved`);
    await shoot(owner, 'story-admin-approved');

    // From the application to the buyer's account, where the terms are set.
    await owner
      .getByTestId('application-fields')
      .getByRole('link', { name: /^Customer #\d+/ })
      .click();
    await expect(owner).toHaveURL(/\/admin\/customers\/\d+$/);
    const terms = owner.getByRole('form', { name: 'Payment terms' });
    await terms.getByLabel('Terms').selectOption('net30');
    await terms.getByLabel('Credit limit ($)').fill('2000');
    await terms.getByRole('button', { name: 'Save terms' }).click();
    await expect(owner.getByTestId('admin-notice')).toContainText('Net 30 terms, up to $2,000.00');
    expect(await axeViolations(owner)).toEqual([]);
    await shoot(owner, 'story-admin-terms');
  });

  await test.step('the approval email says how to order and names the minimums', async () => {
    const approval = await waitForMail(email, 'the approval email', (mail) =>
      subjectOf(mail).includes('Your wholesale account is ready'),
    );
    expect(approval.text).toContain(business);
    expect(approval.text).toContain('Your first order has a $150.00 minimum');
    expect(approval.text).toContain('reorders have a $100.00 minimum');
    expect(approval.text).toContain('/wholesale/quick-order');
  });

  await test.step('the buyer sees the breaks and the case on the product page, and adds a case', async () => {
    await gotoHydrated(page, '/product/honey-oat-classic');
    await page.getByTestId('attribute-Size').getByLabel('12 oz', { exact: true }).check();
    const tiers = page.getByTestId('wholesale-tiers');
    await expect(tiers).toBeVisible();
    await expect(tiers).toContainText('60+ (5 cases)');
    await expect(page.getByTestId('wholesale-quantity')).toContainText('Sold in cases of 12');
    await expect(page.getByTestId('quantity-input')).toHaveValue('12');
    await shoot(page, 'story-product');
    await page.getByTestId('add-to-cart').click();
    await expect(page.getByTestId('cart-count').first()).toHaveText('12');
  });

  await test.step('checkout refuses one case: the opening minimum, with what is missing', async () => {
    await gotoHydrated(page, '/checkout');
    await fillCheckoutBilling(page, {
      first_name: 'Dana',
      last_name: 'Pantry',
      email,
      phone: '919 555 0188',
      country: 'US',
      address_1: '200 Main Street',
      city: 'Durham',
      state: 'NC',
      postcode: '27701',
    });
    await page.getByRole('group', { name: 'Shipping method' }).getByRole('radio').first().check();
    await page.getByRole('radio', { name: 'Pay by invoice (Net 30)' }).check();
    await page.getByRole('button', { name: 'Place order' }).click();
    const banner = page.getByTestId('checkout-error');
    await expect(banner).toContainText(
      'A first wholesale order has a $150.00 minimum before shipping and tax: add $63.60 more.',
    );
    await expect(banner).toBeFocused();
    await expect(banner.getByRole('link', { name: 'quick order' })).toHaveAttribute(
      'href',
      '/wholesale/quick-order',
    );
    await shoot(page, 'story-checkout-minimum');
  });

  await test.step('the quick order table meets the minimum, and all of it goes to the cart', async () => {
    await page.getByTestId('checkout-error').getByRole('link', { name: 'quick order' }).click();
    await expect(page).toHaveURL(/\/wholesale\/quick-order$/);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const table = page.getByTestId('quick-order-table');
    const minimum = page.getByTestId('quick-order-minimum');
    // The case already in the cart is on the table.
    await expect(table.getByLabel('Quantity of Honey Oat Classic – 12 oz')).toHaveValue('12');
    await expect(minimum).toContainText('add $63.60 more');
    for (const size of await caseSizes(page)) {
      if ((await minimum.textContent())?.includes('this order meets it')) break;
      const field = table.getByLabel(size.label);
      if ((await field.inputValue()) !== '') continue;
      await field.fill(String(size.variation.wholesale!.case_size));
    }
    await expect(minimum).toContainText(
      'A first wholesale order has a $150.00 minimum: this order meets it.',
    );
    await shoot(page, 'story-quick-order');
    const subtotal = (await page.getByTestId('quick-order-subtotal').textContent())!;
    await page.getByRole('button', { name: 'Add all to cart' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId('totals-subtotal')).toHaveText(subtotal);
    await expect(page.getByTestId('wholesale-minimum')).toContainText('this order meets it');
  });

  await test.step('the buyer pays by invoice with a PO number', async () => {
    await gotoHydrated(page, '/checkout');
    // What was typed before is still there.
    await expect(checkoutForm(page).getByLabel('Street address')).toHaveValue('200 Main Street');
    await page.getByRole('radio', { name: 'Pay by invoice (Net 30)' }).check();
    await checkoutForm(page).getByLabel('Purchase order number (optional)').fill('PO-7731');
    await shoot(page, 'story-checkout-invoice');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/order-received\/\d+\?key=/);
    orderId = Number(/order-received\/(\d+)/.exec(page.url())![1]);
    orderNumber = (await page.getByTestId('order-number').textContent())!;
    await expect(page.getByTestId('order-po-number')).toHaveText('PO-7731');
    const due = new Date(Date.now() + 30 * 86_400_000).toLocaleDateString('en-US', {
      timeZone: 'UTC',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    });
    await expect(page.getByTestId('order-due-date')).toHaveText(due);
    await expect(page.getByTestId('order-status')).toHaveText('On hold');
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'story-order-received');
  });

  await test.step('the confirmation email carries the invoice PDF with the PO and order number', async () => {
    const confirmation = await waitForMail(
      email,
      `the confirmation of order #${orderNumber}`,
      (mail) =>
        subjectOf(mail).includes(`#${orderNumber}`) &&
        attachmentsOf(mail, 'application/pdf').length > 0,
    );
    const [invoice] = attachmentsOf(confirmation, 'application/pdf');
    expect(invoice!.filename).toBe(`invoice-${orderNumber}.pdf`);
    expect(invoice!.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(invoice!.body);
    expect(text).toContain('PO-7731');
    expect(text).toContain(orderNumber);
    expect(text).toContain(business);
    await pdfShot(invoice!.body, 'story-invoice');
  });

  await test.step('the buyer downloads the line sheet from My account', async () => {
    await gotoHydrated(page, '/my-account');
    const status = page.getByTestId('wholesale-status');
    await expect(
      status.getByRole('heading', { name: 'You are a wholesale partner' }),
    ).toBeVisible();
    const link = page.getByRole('link', { name: 'Download the line sheet (PDF)' });
    const href = (await link.getAttribute('href'))!;
    const sheet = await page.request.get(href);
    expect(sheet.status()).toBe(200);
    expect(sheet.headers()['content-type']).toBe('application/pdf');
    const pdf = Buffer.from(await sheet.body());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(pdf);
    expect(text).toContain('Honey Oat Classic');
    expect(text).toContain('LO-HOC-12');
    await pdfShot(pdf, 'story-line-sheet');
  });

  await test.step('the owner finds the order under unpaid invoices and marks it paid', async () => {
    await gotoHydrated(owner, '/admin/orders');
    await owner.getByLabel('Invoices').selectOption('unpaid');
    await owner.getByRole('button', { name: 'Filter' }).click();
    await expect(owner).toHaveURL(/invoice=unpaid/);
    const row = owner.getByTestId(`order-${orderId}`);
    await expect(row).toContainText('On hold');
    await expect(row).toContainText('Invoice due');
    await shoot(owner, 'story-admin-unpaid');
    await row.getByRole('link', { name: `Order #${orderNumber}` }).click();
    await expect(owner).toHaveURL(`/admin/orders/${orderId}`);
    await expect(owner.getByTestId('order-invoice')).toContainText('PO-7731');
    const paid = owner.getByRole('form', { name: 'Mark invoice paid' });
    await paid.getByLabel('Reference').fill('ACH 40917');
    await paid.getByRole('button', { name: 'Mark invoice paid' }).click();
    await expect(owner.getByTestId('admin-notice')).toContainText('marked paid');
    await expect(owner.getByText('Reference ACH 40917', { exact: true })).toBeVisible();
    await shoot(owner, 'story-admin-paid');

    // No longer among the unpaid invoices; the buyer's order page shows it paid.
    await gotoHydrated(owner, '/admin/orders?invoice=unpaid');
    await expect(owner.getByTestId(`order-${orderId}`)).toHaveCount(0);
    await gotoHydrated(page, `/my-account/order-history?order=${orderId}`);
    await expect(page.getByTestId('order-status')).toHaveText('Processing');
    await owner.context().close();
  });
});
