import { expect, test, type Page } from '@playwright/test';
import { gotoHydrated } from './support/hydration';
import { outboxTexts } from './support/outbox';

// The API limits each client to 5 contact and 5 newsletter posts per 10 minutes by default:
// this file makes 1 contact post and 3 newsletter posts that reach the API.
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function fillContact(page: Page, values: { email: string; message: string }) {
  const form = page.getByTestId('contact-form');
  await form.getByLabel('First name').fill('Robin');
  await form.getByLabel('Last name').fill('Tester');
  await form.getByLabel('Email').fill(values.email);
  await form.getByLabel('Phone (optional)').fill('(919) 555-0100');
  await form.getByLabel('Message').fill(values.message);
  return form;
}

test.describe('Contact form', () => {
  test('sends a message: the visitor sees the thanks and the shop owner gets the email', async ({
    page,
  }) => {
    const message = `Do you ship to Ohio? e2e-${unique()}`;
    await gotoHydrated(page, '/contact');
    const form = await fillContact(page, { email: 'robin.tester@example.com', message });
    await form.getByRole('button', { name: 'Send message' }).click();

    await expect(form.getByRole('status')).toHaveText(
      /Thank you, Robin\. Your message has been sent/,
    );
    await expect(form.getByLabel('Message')).toHaveValue('');
    await expect(form.getByLabel('Email')).toHaveValue('');
    // Stored and mailed: the owner's notification in the outbox carries the message.
    await expect
      .poll(async () => (await outboxTexts()).some((text) => text.includes(message)))
      .toBe(true);
  });

  test('a bad email shows its message and keeps what was typed', async ({ page }) => {
    const message = `Keep me e2e-${unique()}`;
    await gotoHydrated(page, '/contact');
    const form = await fillContact(page, { email: 'robin@', message });
    await form.getByRole('button', { name: 'Send message' }).click();

    await expect(form.getByText('Enter a valid email address.')).toBeVisible();
    await expect(form.getByLabel('Email')).toBeFocused();
    await expect(form.getByLabel('Email')).toHaveValue('robin@');
    await expect(form.getByLabel('Message')).toHaveValue(message);
    await expect(form.getByLabel('First name')).toHaveValue('Robin');
  });

  test('without JavaScript, a bad email comes back with its message and what was typed', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const message = `No script here e2e-${unique()}`;
    await page.goto('/contact');
    const form = await fillContact(page, { email: 'robin@', message });
    await form.getByRole('button', { name: 'Send message' }).click();

    await expect(page).toHaveURL(/\/contact$/);
    await expect(form.getByText('Enter a valid email address.')).toBeVisible();
    await expect(form.getByLabel('Email')).toHaveValue('robin@');
    await expect(form.getByLabel('Message')).toHaveValue(message);
    await expect(form.getByLabel('Last name')).toHaveValue('Tester');
    await context.close();
  });
});

test.describe('Newsletter sign-up in the footer', () => {
  // The footer shows from 1200 px (spec §2/§9).
  test.use({ viewport: { width: 1440, height: 900 } });

  test('joins with a new address, then is told it is already on the list; a bad address is refused', async ({
    page,
  }) => {
    const email = `reader-${unique()}@example.com`;
    await gotoHydrated(page, '/');
    const form = page.getByTestId('newsletter-form');
    const input = form.getByLabel('Or join with your email address');
    const status = form.getByRole('status');

    await input.fill(email);
    await form.getByRole('button', { name: 'Join' }).click();
    await expect(status).toHaveText(
      `Thanks for joining! ${email} will get our next monthly letter.`,
    );
    await expect(input).toHaveValue('');

    await input.fill(email.toUpperCase());
    await form.getByRole('button', { name: 'Join' }).click();
    await expect(status).toHaveText(/is already on our list, so there is nothing more to do\.$/);

    await input.fill('reader@');
    await form.getByRole('button', { name: 'Join' }).click();
    await expect(status).toHaveText('Enter a valid email address.');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveValue('reader@');
    // The external mailing-list button is still there beside it.
    await expect(page.getByTestId('newsletter-subscribe')).toHaveAttribute('target', '_blank');
  });

  test('without JavaScript, joining lands on the contact page with the confirmation', async ({
    browser,
  }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 1440, height: 900 },
    });
    const page = await context.newPage();
    const email = `nojs-${unique()}@example.com`;
    await page.goto('/about');
    const form = page.getByTestId('newsletter-form');
    await form.getByLabel('Or join with your email address').fill(email);
    await form.getByRole('button', { name: 'Join' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByTestId('newsletter-result')).toHaveText(
      `Thanks for joining! ${email} will get our next monthly letter.`,
    );
    await context.close();
  });
});
