import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { gotoHydrated } from './support/hydration';
import { shotsDir } from './support/screenshots';

const POLICIES: Array<[string, string]> = [
  ['Privacy Policy', '/privacy-policy'],
  ['Terms Of Service', '/terms-and-conditions'],
  ['Shipping Policy', '/shipping-policy'],
];

const menu = (page: Page) => page.getByTestId('mobile-menu');
const toggle = (page: Page) => page.getByRole('button', { name: 'Menu' });

async function openMenu(page: Page) {
  await toggle(page).click();
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(menu(page)).toBeVisible();
}

test.describe('the mobile menu under 1200 px carries what the footer holds (issue 14)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('policy links, contact details, newsletter and social links, with the footer hidden', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await gotoHydrated(page, '/about');
    // Spec §2/§9: the footer stays hidden under 1200 px.
    await expect(page.getByRole('contentinfo')).toBeHidden();
    await openMenu(page);

    const policies = menu(page).getByRole('navigation', { name: 'Policies' });
    for (const [name, href] of POLICIES) {
      await expect(policies.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }

    // The same details as the footer's, from the same SHOP_* settings, plus the email address.
    const contact = menu(page).getByRole('region', { name: 'Visit the bakery' });
    await expect(contact).toBeVisible();
    const footerAddress = (await page.locator('.site-footer__address').textContent()) ?? '';
    expect(footerAddress.length).toBeGreaterThan(10);
    expect(await contact.locator('address').textContent()).toContain(footerAddress);
    await expect(contact.getByRole('link', { name: /\d{3}/ })).toHaveAttribute(
      'href',
      /^tel:\+?\d+$/,
    );
    await expect(contact.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:.+@.+/);

    const newsletter = menu(page).getByRole('region', { name: 'Sign Up to Our Newsletter' });
    await expect(newsletter.getByRole('link', { name: /subscribe/i })).toHaveAttribute(
      'target',
      '_blank',
    );
    await expect(
      newsletter.getByRole('list', { name: 'Social media' }).getByRole('link'),
    ).toHaveCount(4);

    expect(await axeViolations(page)).toEqual([]);
    if (shotsDir)
      await page.screenshot({ path: `${shotsDir}/e-menu-open-390.png`, fullPage: false });
    // The menu scrolls: its lower half too, for review.
    if (shotsDir) {
      await newsletter.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shotsDir}/e-menu-open-390-lower.png` });
    }

    await policies.getByRole('link', { name: 'Shipping Policy' }).click();
    await expect(page).toHaveURL(/\/shipping-policy$/);
    await expect(menu(page)).toBeHidden();
  });

  test('joining the newsletter from the menu answers in the menu', async ({ page }) => {
    const email = `menu-reader-${Date.now().toString(36)}@example.com`;
    await gotoHydrated(page, '/');
    await openMenu(page);
    const form = menu(page).getByTestId('newsletter-form');
    // Its own label, not the hidden footer's: one field answers to it.
    const input = form.getByLabel('Or join with your email address');
    await input.fill(email);
    await form.getByRole('button', { name: 'Join' }).click();
    await expect(form.getByRole('status')).toHaveText(
      `Thanks for joining! ${email} will get our next monthly letter.`,
    );
    await expect(menu(page)).toBeVisible();
  });

  test('keyboard: Tab stays inside the open menu, Escape closes it and returns to the toggle', async ({
    page,
  }) => {
    await gotoHydrated(page, '/');
    await toggle(page).focus();
    await page.keyboard.press('Enter');
    await expect(menu(page).getByRole('link', { name: 'Home' })).toBeFocused();
    // More Tabs than the menu has controls: focus never reaches the page behind the overlay.
    const controls = await menu(page).locator('a[href], button, input').count();
    for (let step = 0; step <= controls; step += 1) {
      await page.keyboard.press('Tab');
      expect(await menu(page).evaluate((panel) => panel.contains(document.activeElement))).toBe(
        true,
      );
    }
    await page.keyboard.press('Shift+Tab');
    expect(await menu(page).evaluate((panel) => panel.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle(page)).toBeFocused();
  });
});

test.describe('between 1200 and 1400 px and on wide screens', () => {
  test('from 1200 px the footer shows and the menu keeps to navigation', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated(page, '/');
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await openMenu(page);
    await expect(menu(page).getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(menu(page).getByTestId('mobile-menu-more')).toBeHidden();
  });

  test('at 1440 px the footer holds the policy links and the menu toggle is gone', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await gotoHydrated(page, '/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toBeVisible();
    for (const [name, href] of POLICIES) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(toggle(page)).toBeHidden();
    if (shotsDir) await page.screenshot({ path: `${shotsDir}/e-footer-1440.png`, fullPage: true });
  });
});
