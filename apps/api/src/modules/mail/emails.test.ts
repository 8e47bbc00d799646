import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, CustomerSchema, OrderSchema } from '@larder/contract';
import { DEMO_SHOP } from '../../config.ts';
import { createVariableProduct } from '../../../test/factories.ts';
import { mailTo, type OutboxMail } from '../../../test/outbox.ts';
import {
  payOrder,
  placeOrderAs,
  signedInCustomer,
  TEST_PASSWORD,
  uniqueEmail,
} from '../../../test/sessions.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { sampleEmails } from './email-previews.ts';
import { renderEmail } from './render-email.tsx';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** "November 25, 2026", worked out here from the digits rather than by the code under test. */
const inWords = (iso: string) => {
  const [year, month, day] = iso.slice(0, 10).split('-').map(Number);
  return `${MONTHS[month! - 1]} ${day}, ${year}`;
};
const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/;
/** Where the e-mail's links go (not React's preload hint for the logo). */
const hrefs = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1]!);
const imageSources = (html: string) =>
  [...html.matchAll(/<img[^>]*src="([^"]+)"/g)].map((m) => m[1]!);
/** Text as React writes it into HTML. */
const asHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#x27;');
/** HTML attribute values as a mail app reads them. */
const unescaped = (value: string) => value.replaceAll('&amp;', '&');

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const mailWithSubject = (address: string, subject: RegExp): OutboxMail => {
  const found = mailTo(t.config.dataDir, address).find((mail) =>
    subject.test(mail.headers.subject ?? ''),
  );
  expect(found, `a mail to ${address} with subject ${subject}`).toBeDefined();
  return found!;
};

describe('the order confirmation', () => {
  it('has an HTML and a text part with the same facts: date in words, the size once, the country by name, no payment id', async () => {
    const granola = await createVariableProduct(t, { name: 'Maple Pecan Crunch' });
    const buyer = await signedInCustomer(t.app, t.database.db);
    const placed = await placeOrderAs(t.app, buyer, [
      { product_id: granola.id, variation_id: granola.variations[0]!.id, quantity: 2 },
    ]);
    await payOrder(t.app, buyer, placed);
    const read = await t.app.inject({
      url: `${apiPaths.orders}/${placed.id}?key=${placed.order_key}`,
    });
    const order = OrderSchema.parse(read.json());
    expect(order.transaction_id).not.toBe('');
    const line = order.line_items[0]!;
    expect(line.name).toMatch(/^Maple Pecan Crunch . 12 oz$/);
    expect(line.meta_data).toMatchObject([{ display_key: 'Size', display_value: '12 oz' }]);

    const mail = mailWithSubject(buyer.email, /order #\d+ is confirmed/);
    expect(mail.headers['content-type']).toMatch(/^multipart\/alternative/);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(inWords(order.date_created));
      expect(part).not.toMatch(ISO_DATE);
      expect(part).not.toContain(order.transaction_id);
      expect(part).not.toMatch(/\bpi_/);
      expect(part).toContain('United States');
      expect(part.match(/12 oz/g)).toHaveLength(1);
    }
    expect(mail.text).not.toMatch(/^\s*US\s*$/m);
    expect(mail.text).toContain(`2 × ${line.name} — $24.00`);

    const link = `${t.config.publicUrl}/order-received/${order.id}?key=${order.order_key}`;
    expect(mail.text).toContain(link);
    expect(hrefs(mail.html).map(unescaped)).toContain(link);
    // No picture or font from anywhere but the shop itself.
    expect(imageSources(mail.html).length).toBeGreaterThan(0);
    for (const src of imageSources(mail.html))
      expect(src.startsWith(t.config.publicUrl)).toBe(true);
    expect(mail.html).not.toMatch(/@font-face|@import|<link[^>]+stylesheet/i);
    // The first e-mail of a run also loads the renderer, on a machine the other tests share.
  }, 120_000);

  it('tells the owner of the new order with a link to it in the back office', async () => {
    const granola = await createVariableProduct(t);
    const buyer = await signedInCustomer(t.app, t.database.db);
    const order = await placeOrderAs(t.app, buyer, [
      { product_id: granola.id, variation_id: granola.variations[1]!.id, quantity: 1 },
    ]);
    await payOrder(t.app, buyer, order);
    const mail = mailWithSubject(
      t.config.shopOwnerEmail,
      new RegExp(`New order #${order.number}:`),
    );
    expect(mail.headers['reply-to']).toContain(buyer.email);
    expect(mail.text).toContain(`${t.config.publicUrl}/admin/orders/${order.id}`);
    expect(mail.html).toContain(`${t.config.publicUrl}/admin/orders/${order.id}`);
  });
});

describe('account e-mails', () => {
  it('welcomes a new customer, escaping a name written as markup in the HTML and keeping it in the text', async () => {
    const email = uniqueEmail('welcome');
    const hostile = '<script>alert(1)</script>';
    const res = await t.app.inject({
      method: 'POST',
      url: apiPaths.customers,
      payload: { email, password: TEST_PASSWORD, first_name: hostile, last_name: 'Oats' },
    });
    expect(res.statusCode).toBe(201);
    expect(CustomerSchema.parse(res.json()).first_name).toBe(hostile);

    const mail = mailWithSubject(email, /^Welcome to Larder & Oat$/);
    expect(mail.text).toContain(`Hello ${hostile},`);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.text).toContain(`${t.config.publicUrl}/my-account`);
  });

  it('tells the account when its password was changed', async () => {
    const customer = await signedInCustomer(t.app, t.database.db);
    const res = await t.app.inject({
      method: 'POST',
      url: apiPaths.changePassword,
      headers: customer.bearer,
      payload: { current_password: TEST_PASSWORD, password: 'crunchy clusters forever' },
    });
    expect(res.statusCode).toBe(200);
    const mail = mailWithSubject(customer.email, /password was changed$/);
    expect(mail.text).toContain(`${t.config.publicUrl}/forgot-password`);
    expect(mail.html).toContain('Your password was changed');
  });
});

describe('every e-mail the shop sends (the preview samples)', () => {
  const brand = { shop: DEMO_SHOP, publicUrl: 'https://shop.example' };

  it.each(sampleEmails(brand).map(({ name, email }) => [name, email] as const))(
    '%s: HTML in the brand look and a text part, every link in both, no ISO date or payment id',
    async (_name, email) => {
      const { html, text } = await renderEmail(email, brand);
      expect(html).toMatch(/^<!DOCTYPE html/);
      expect(html).toMatch(/<html[^>]* lang="en"/);
      expect(html).toContain('#1f3a2e'); // the shop's ink green header
      expect(html).toContain(asHtml(email.heading));
      expect(text).toContain('— Larder & Oat');
      for (const part of [html, text]) {
        expect(part).not.toMatch(ISO_DATE);
        expect(part).not.toMatch(/\bpi_/);
      }
      for (const href of hrefs(html).map(unescaped)) {
        if (href.startsWith('mailto:')) continue;
        expect(text).toContain(href);
      }
    },
  );
});
