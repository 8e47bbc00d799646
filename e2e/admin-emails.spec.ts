import { expect, test } from '@playwright/test';
import pg from 'pg';
import { ownerAccount, signIn, unique } from './support/back-office';
import { axeViolations } from './support/axe';
import { gotoHydrated } from './support/hydration';
import { outbox } from './support/outbox';
import { shoot } from './support/screenshots';

/**
 * An order confirmation the mail server refused six times over six hours (decision 0057), as the
 * queue leaves it: written into the shop's PostgreSQL, since no test can wait out the retries.
 */
async function aFailedEmail(subject: string, address: string) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const message = {
      to: { name: 'Ada Baker', address },
      subject,
      preview: 'Thank you for your order.',
      heading: 'Thank you for your order',
      greeting: 'Hi Ada,',
      blocks: [{ kind: 'paragraph', text: 'We are packing your granola now.' }],
    };
    const { rows } = await client.query<{ id: number }>(
      `insert into queued_emails (message, about, status, attempts, last_error)
       values ($1, $2, 'failed', 6, $3) returning id`,
      [
        JSON.stringify(message),
        'order confirmation (browser test)',
        '421 4.7.0 mail.example.net: too many connections, try again later',
      ],
    );
    return rows[0]!.id;
  } finally {
    await client.end();
  }
}

test.describe('the e-mails screen', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test(
    'the dashboard says an e-mail could not be sent, and the owner resends it from the e-mails screen',
    { tag: '@postgres' },
    async ({ page }) => {
      test.skip(
        !process.env.DATABASE_URL,
        'needs PostgreSQL (DATABASE_URL): the embedded database is the running shop’s alone',
      );
      test.slow();
      const subject = `Your Larder & Oat order #${unique()} is confirmed`;
      const address = `ada.${unique()}@example.com`;
      const id = await aFailedEmail(subject, address);

      await signIn(page, await ownerAccount('shop_manager'));
      await gotoHydrated(page, '/admin');
      const notice = page.getByTestId('failed-emails-notice');
      await expect(notice).toContainText(/e-mails? could not be sent/);
      expect(await axeViolations(page), 'dashboard').toEqual([]);
      await shoot(page, 's33-dashboard-notice');

      await notice.getByRole('link', { name: 'Review failed e-mails' }).click();
      await expect(page).toHaveURL('/admin/emails?status=failed');
      await expect(page.getByRole('heading', { level: 1, name: 'E-mails' })).toBeVisible();
      const row = page.getByTestId(`email-${id}`);
      await expect(row).toContainText(subject);
      await expect(row).toContainText(`Ada Baker <${address}>`);
      await expect(row).toContainText('Failed');
      await expect(row).toContainText('6 attempts');
      await expect(row).toContainText('421 4.7.0');
      expect(await axeViolations(page), 'failed e-mails').toEqual([]);
      await shoot(page, 's33-emails');

      // By keyboard: the button names the e-mail it sends, among a list of Resend buttons.
      await row.getByRole('button', { name: `Resend “${subject}” to ${address}` }).focus();
      await page.keyboard.press('Enter');
      const result = page.getByTestId('admin-notice');
      await expect(result).toContainText(`“${subject}” to ${address} is being sent again`);
      await expect(result).toBeFocused();
      await expect(page.getByTestId(`email-${id}`)).toHaveCount(0);

      await page
        .getByRole('navigation', { name: 'E-mail status' })
        .getByRole('link', { name: 'Sent' })
        .click();
      await expect(page).toHaveURL('/admin/emails?status=sent');
      // Sent just after the resend's answer: a moment later at most.
      await expect(async () => {
        await page.reload();
        await expect(page.getByTestId(`email-${id}`)).toContainText('Sent', { timeout: 1_000 });
      }).toPass();
      await expect(page.getByTestId(`email-${id}`)).toContainText('Nothing to do');
      expect(await axeViolations(page), 'sent e-mails').toEqual([]);
      await shoot(page, 's33-emails-sent');

      const mail = (await outbox()).find((entry) => entry.text.includes(`Subject: ${subject}`));
      expect(mail?.text).toContain(address);
      await gotoHydrated(page, '/admin');
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      await expect(page.getByTestId('failed-emails-notice')).toHaveCount(0);
    },
  );
});
