import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ApiErrorSchema,
  apiPaths,
  CONTACT_FORM_ID,
  ContactMessageSchema,
  NewsletterSubscriberSchema,
} from '@larder/contract';
import { newsletterSubscribers } from '../../db/schema.ts';
import { uniqueName } from '../../../test/factories.ts';
import { signedInCustomer, uniqueEmail, type Session } from '../../../test/sessions.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { csvCell } from '../../http/format.ts';

let t: TestApp;
let owner: Session;
let customer: Session;

beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  owner = await signedInCustomer(t.app, t.database.db, { name: 'owner', role: 'shop_manager' });
  customer = await signedInCustomer(t.app, t.database.db);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = owner.bearer) =>
  t.app.inject({ url, headers });

async function sendContact(firstName: string, message: string, email = uniqueEmail('writer')) {
  const res = await t.app.inject({
    method: 'POST',
    url: apiPaths.formSubmit,
    payload: {
      form_id: CONTACT_FORM_ID,
      '1': firstName,
      '2': 'Pérez',
      '3': email,
      '4': '',
      '5': message,
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number }>().id;
}

const markHandled = (
  id: number,
  handled: unknown,
  headers: Record<string, string> = owner.bearer,
) =>
  t.app.inject({
    method: 'PUT',
    url: `${apiPaths.contactMessages}/${id}`,
    payload: { handled } as object,
    headers,
  });

const ids = (res: { json(): unknown }) => (res.json() as { id: number }[]).map((row) => row.id);

describe('contact messages', () => {
  it('lists messages newest first, by status and search, with pagination headers', async () => {
    const topic = uniqueName('granola question');
    const older = await sendContact('Ana', `About the ${topic}: is it nut free?`);
    const newer = await sendContact('Bo', `Another ${topic}`);

    const res = await get(`${apiPaths.contactMessages}?search=${encodeURIComponent(topic)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-wp-total']).toBe('2');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const listed = z.array(ContactMessageSchema).parse(res.json());
    expect(listed.map((row) => row.id)).toEqual([newer, older]);
    expect(listed[1]).toMatchObject({
      first_name: 'Ana',
      last_name: 'Pérez',
      notified: true,
      handled: false,
      date_handled_gmt: null,
    });
    const byName = await get(`${apiPaths.contactMessages}?search=ana%20p%C3%A9rez`);
    expect(ids(byName)).toContain(older);
    expect(ids(byName)).not.toContain(newer);

    expect((await markHandled(older, true)).statusCode).toBe(200);
    const q = `search=${encodeURIComponent(topic)}`;
    expect(ids(await get(`${apiPaths.contactMessages}?status=handled&${q}`))).toEqual([older]);
    expect(ids(await get(`${apiPaths.contactMessages}?status=unhandled&${q}`))).toEqual([newer]);
    expect(ids(await get(`${apiPaths.contactMessages}?per_page=1&page=2&${q}`))).toEqual([older]);
  });

  it('marks a message handled and back, keeping the first handled date, and logs each change', async () => {
    const id = await sendContact('Cleo', 'Do you ship to Canada?');
    const handled = await markHandled(id, true, owner.browser());
    expect(handled.statusCode).toBe(200);
    const first = ContactMessageSchema.parse(handled.json());
    expect(first).toMatchObject({ id, handled: true, date_handled_gmt: expect.any(String) });
    const again = ContactMessageSchema.parse((await markHandled(id, true)).json());
    expect(again.date_handled_gmt).toBe(first.date_handled_gmt);

    const reopened = ContactMessageSchema.parse((await markHandled(id, false)).json());
    expect(reopened).toMatchObject({ handled: false, date_handled_gmt: null });
    expect((await get(`${apiPaths.contactMessages}/${id}`)).json()).toMatchObject({
      handled: false,
    });

    const log = await get(`${apiPaths.activityLog}?subject_type=contact_message&subject_id=${id}`);
    expect(log.json()).toMatchObject([
      { action: 'contact.unhandled', summary: `Message #${id} from Cleo Pérez marked unhandled` },
      { action: 'contact.handled', actor_id: owner.id },
      { action: 'contact.handled', summary: `Message #${id} from Cleo Pérez marked handled` },
    ]);
  });

  it('answers 404 for an unknown message and 400 for a body that is not a boolean', async () => {
    expect((await get(`${apiPaths.contactMessages}/999999`)).statusCode).toBe(404);
    const missing = await markHandled(999_999, true);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'contact_message_not_found' });
    const id = await sendContact('Dee', 'Hello');
    const bad = await markHandled(id, 'yes');
    expect(bad.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(bad.json()).data.params).toHaveProperty('handled');
    expect((await get(`${apiPaths.contactMessages}/${id}`)).json()).toMatchObject({
      handled: false,
    });
  });

  it('is refused to guests (401) and customers (403)', async () => {
    const id = await sendContact('Eve', 'Private words');
    for (const url of [apiPaths.contactMessages, `${apiPaths.contactMessages}/${id}`]) {
      expect((await get(url, {})).statusCode).toBe(401);
      const res = await get(url, customer.bearer);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('Private words');
    }
    expect((await markHandled(id, true, customer.bearer)).statusCode).toBe(403);
    expect((await markHandled(id, 'not even boolean', {})).statusCode).toBe(401);
  });
});

describe('newsletter subscribers', () => {
  const subscribe = async (email: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: apiPaths.newsletter,
      payload: { email },
    });
    expect(res.statusCode).toBe(201);
  };

  it('lists sign-ups newest first with search and pagination headers', async () => {
    const first = uniqueEmail('porridge-fan');
    const second = uniqueEmail('porridge-fan');
    await subscribe(first);
    await subscribe(second);
    const res = await get(`${apiPaths.newsletterSubscribers}?search=porridge-fan&per_page=1`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-wp-total']).toBe('2');
    expect(res.headers['x-wp-totalpages']).toBe('2');
    expect(z.array(NewsletterSubscriberSchema).parse(res.json())).toMatchObject([
      { email: second },
    ]);
  });

  it('exports every sign-up as CSV, oldest first, with formulas made inert', async () => {
    // Addresses a spreadsheet would otherwise run: stored directly, as an older form might have.
    await t.database.db
      .insert(newsletterSubscribers)
      .values([
        { email: '=HYPERLINK("http://evil.test","x")@example.com' },
        { email: '+1-555@example.com' },
        { email: '-2@example.com' },
        { email: '@sum@example.com' },
        { email: '\tTab@example.com' },
        { email: 'plain,comma@example.com' },
      ]);
    const res = await get(apiPaths.newsletterExport, owner.browser());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="newsletter-subscribers-${today}.csv"`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('email,date_created_gmt');
    expect(lines.at(-1)).toBe('');
    const rows = await t.database.db.select().from(newsletterSubscribers);
    expect(lines).toHaveLength(rows.length + 2);
    const formula = lines.findIndex((line) =>
      /^"'=HYPERLINK\(""http:\/\/evil\.test"",""x""\)@example\.com",\d{4}-\d{2}-\d{2}T/.test(line),
    );
    expect(formula).toBeGreaterThan(0);
    // Oldest first: the comma address was signed up last of these.
    expect(lines.findIndex((line) => line.startsWith('"plain,comma@'))).toBeGreaterThan(formula);
    for (const start of ["'+1-555@", "'-2@", "'@sum@", "'\tTab@", '"plain,comma@']) {
      expect(
        lines.some((line) => line.startsWith(start)),
        start,
      ).toBe(true);
    }
    expect(lines.slice(1, -1).every((line) => /^[^=+\-@\t\r]/.test(line))).toBe(true);
  });

  it('quotes cells by RFC 4180 and prefixes formula starts', () => {
    expect(csvCell('ana@example.com')).toBe('ana@example.com');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('\r=1')).toBe('"\'\r=1"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('a\nb')).toBe('"a\nb"');
  });

  it('is refused to guests (401) and customers (403)', async () => {
    for (const url of [apiPaths.newsletterSubscribers, apiPaths.newsletterExport]) {
      expect((await get(url, {})).statusCode).toBe(401);
      const res = await get(url, customer.bearer);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('@example.com');
    }
  });
});
