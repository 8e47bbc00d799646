import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, CONTACT_FORM_ID, CustomerSchema, ProductReviewSchema } from '@larder/contract';
import { mailTo } from '../outbox.ts';
import { createProduct } from '../factories.ts';
import { payOrder, placeOrderAs, signIn, TEST_PASSWORD, uniqueEmail } from '../sessions.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { SCRIPT_PAYLOADS } from './hostile-values.ts';
import { eventually } from '../eventually.ts';

/**
 * Text visitors store (reviews, contact messages, sign-up names) comes back as data, never as
 * markup: JSON that browsers will not sniff into HTML, email whose HTML escapes it, and no HTML field that
 * carries a script. The browser side is e2e/hostile-text.spec.ts.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Markup a browser would execute: script-ish elements, event handlers, javascript: URLs. */
const EXECUTABLE = /<\s*(script|iframe|object|embed|svg|math)\b|<[^>]*\son[a-z]+\s*=|javascript:/i;

/** Every string under keys that are served as HTML (WordPress's `rendered`, descriptions). */
function htmlFields(value: unknown, key = ''): string[] {
  if (typeof value === 'string')
    return /rendered|html|description|content|excerpt/i.test(key) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((item) => htmlFields(item, key));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([name, item]) => htmlFields(item, name));
  return [];
}

function expectServedAsData(res: { headers: Record<string, unknown>; body: string }) {
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  for (const html of htmlFields(JSON.parse(res.body))) expect(html).not.toMatch(EXECUTABLE);
}

const hostileName = SCRIPT_PAYLOADS[1]; // <img src=x onerror=…>
const hostileText = SCRIPT_PAYLOADS.join('\n');

describe('stored hostile text', () => {
  it('a verified buyer’s review with script in name and text reads back as the same plain text', async () => {
    const email = uniqueEmail('hostile');
    const created = await t.app.inject({
      method: 'POST',
      url: apiPaths.customers,
      payload: {
        email,
        password: TEST_PASSWORD,
        first_name: hostileName,
        last_name: SCRIPT_PAYLOADS[0],
      },
    });
    expect(created.statusCode).toBe(201);
    expectServedAsData(created);
    const session = await signIn(t.app, email);
    const me = await t.app.inject({ url: `${apiPaths.customers}/me`, headers: session.bearer });
    expectServedAsData(me);
    expect(CustomerSchema.parse(me.json()).first_name).toBe(hostileName);

    const productId = (await createProduct(t)).id;
    await payOrder(
      t.app,
      session,
      await placeOrderAs(t.app, session, [{ product_id: productId, quantity: 1 }]),
    );
    const posted = await t.app.inject({
      method: 'POST',
      url: apiPaths.productReviews,
      headers: session.bearer,
      payload: {
        product_id: productId,
        reviewer: hostileName,
        reviewer_email: email,
        review: hostileText,
        rating: 5,
      },
    });
    expect(posted.statusCode).toBe(201);
    expectServedAsData(posted);

    const list = await t.app.inject({ url: `${apiPaths.productReviews}?product=${productId}` });
    expectServedAsData(list);
    const review = ProductReviewSchema.array()
      .parse(list.json())
      // A customer reviews under their account's first and last name, not the request's.
      .find((item) => item.reviewer === `${hostileName} ${SCRIPT_PAYLOADS[0]}`);
    // Approved (a verified buyer), public, and stored exactly as typed: the storefront escapes it.
    expect(review).toMatchObject({ status: 'approved', verified: true, review: hostileText });
  });

  it('a contact message with script in every field is answered as data and emailed with its markup escaped', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: apiPaths.formSubmit,
      payload: {
        form_id: CONTACT_FORM_ID,
        '1': hostileName,
        '2': SCRIPT_PAYLOADS[2],
        '3': 'hostile.contact@example.com',
        '4': '',
        '5': hostileText,
      },
    });
    expect(res.statusCode).toBe(201);
    expectServedAsData(res);
    const mail = await eventually(() => {
      const [found] = mailTo(t.config.dataDir, t.config.shopOwnerEmail).filter((item) =>
        item.text.includes('onerror'),
      );
      expect(found).toBeDefined();
      return found!;
    });
    // Both parts: the text as it was written, the HTML with every tag of it escaped.
    expect(mail.headers['content-type']).toMatch(/^multipart\/alternative/);
    expect(mail.text).toContain(hostileName);
    expect(mail.html).toContain('&lt;img src=x onerror=');
    // The payloads' words stay (escaped text); no element or attribute of theirs is left.
    expect(mail.html).not.toMatch(
      /<\s*(script|iframe|object|embed|svg|math)\b|<[^>]*\son[a-z]+\s*=/i,
    );
    expect(mail.html).not.toMatch(/href="\s*javascript:/i);
  });

  it('a newsletter sign-up with markup for an address is refused in the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: apiPaths.newsletter,
      payload: { email: `${SCRIPT_PAYLOADS[0]}@example.com` },
    });
    expect(res.statusCode).toBe(400);
    expectServedAsData(res);
  });
});
