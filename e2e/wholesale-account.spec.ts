import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiPaths, type LoginResult } from '@larder/contract';
import { gotoHydrated } from './support/hydration';
import { applyForWholesale, ownerAccount, signIn, unique } from './support/back-office';
import { axeViolations } from './support/axe';
import { shoot } from './support/screenshots';

/** The owner approves the application through the API, as the back office's button does. */
async function approve(request: APIRequestContext, applicationId: number) {
  const owner = await ownerAccount();
  const login = await request.post(apiPaths.token, {
    data: { username: owner.email, password: owner.password },
  });
  const { token } = ((await login.json()) as LoginResult).data;
  const response = await request.put(`${apiPaths.wholesaleApplications}/${applicationId}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { status: 'approved' },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test.describe('Wholesale in My account (issue 15)', () => {
  test('a pending applicant sees that the application is under review, with the date sent', async ({
    page,
    request,
  }) => {
    const business = `Nook Deli ${unique()}`;
    const { account } = await applyForWholesale(request, business);
    await signIn(page, account);
    await gotoHydrated(page, '/my-account');
    const status = page.getByTestId('wholesale-status');
    await expect(
      status.getByRole('heading', { name: 'Your wholesale application is under review' }),
    ).toBeVisible();
    await expect(status).toContainText(business);
    // The date sent, as the shop writes dates (e.g. "November 26, 2026").
    await expect(status.locator('time')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    await expect(page.getByTestId('line-sheet-link')).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'wholesale-pending');
    // The line sheet is not theirs yet: the page answers 403 with the API's words.
    const refused = await page.request.get('/wholesale/line-sheet.pdf', { maxRedirects: 0 });
    expect(refused.status()).toBe(403);
  });

  test('an approved buyer downloads the line sheet and asks to be listed; the owner approves; the shop shows on Where to Buy', async ({
    page,
    browser,
    request,
  }) => {
    // Three accounts and four screens: more than the default half minute on a busy machine.
    test.slow();
    const business = `Bull Street Grocer ${unique()}`;
    const { id, account } = await applyForWholesale(request, business);
    await approve(request, id);

    await signIn(page, account);
    await gotoHydrated(page, '/my-account');
    const status = page.getByTestId('wholesale-status');
    await expect(
      status.getByRole('heading', { name: 'You are a wholesale partner' }),
    ).toBeVisible();
    const link = page.getByRole('link', { name: 'Download the line sheet (PDF)' });
    await expect(link).toHaveAttribute('href', '/wholesale/line-sheet.pdf');
    const pdf = await page.request.get('/wholesale/line-sheet.pdf');
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.body())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    await shoot(page, 'wholesale-approved');

    // A missing ZIP is asked for in place.
    const form = page.getByRole('form', { name: 'Ask to be listed' });
    await form.getByLabel('Business name').fill(business);
    await form.getByLabel('Street address').fill('101 Main Street');
    await form.getByLabel('City').fill('Durham');
    await form.getByLabel('State').fill('NC');
    await form.getByRole('button', { name: 'Ask to be listed' }).click();
    await expect(page.getByTestId('listing-form-banner')).toBeFocused();
    await expect(form.getByLabel('ZIP code')).toHaveAttribute('aria-invalid', 'true');
    await form.getByLabel('ZIP code').fill('27701');
    await form.getByLabel('Phone (optional)').fill('(919) 555-0100');
    await form.getByLabel('Website (optional)').fill('https://bullstreet.example.com');
    await form.getByLabel('Note for shoppers (optional)').fill('Granola by the scoop.');
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'wholesale-listing-form');
    await form.getByRole('button', { name: 'Ask to be listed' }).click();
    await expect(page.getByTestId('listing-sent')).toContainText('We will review your listing');
    await expect(page.getByTestId('own-listings')).toContainText('Waiting for review');
    await expect(page.getByRole('form', { name: 'Ask to be listed' })).toHaveCount(0);

    const ownerContext = await browser.newContext();
    const ownerPage = await ownerContext.newPage();
    await signIn(ownerPage, await ownerAccount());
    await gotoHydrated(ownerPage, '/admin/stockists');
    const row = ownerPage.getByRole('row').filter({ hasText: business });
    await expect(row).toContainText('101 Main Street');
    await expect(row).toContainText('Durham, NC 27701');
    expect(await axeViolations(ownerPage)).toEqual([]);
    await shoot(ownerPage, 'admin-stockists');
    await row.getByRole('button', { name: 'Approve' }).click();
    await expect(ownerPage.getByTestId('admin-notice')).toContainText(
      `${business} is on the store locator now`,
    );
    await ownerContext.close();

    await gotoHydrated(page, '/my-account');
    await expect(page.getByTestId('own-listings')).toContainText('Listed on Where to Buy');

    const guest = await browser.newPage();
    await gotoHydrated(guest, '/where-to-buy?state=NC&city=Durham');
    const card = guest.getByTestId('location-card').filter({ hasText: business });
    await expect(card).toContainText('101 Main Street');
    await expect(card).toContainText('Durham');
    await expect(card.getByRole('link', { name: '(919) 555-0100' })).toBeVisible();
    await shoot(guest, 'where-to-buy-listed');
    await guest.close();
  });
});
