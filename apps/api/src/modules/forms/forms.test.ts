import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiErrorSchema,
  FormResultSchema,
  NewsletterResultSchema,
  toContactSubmission,
  type ContactForm,
} from '@larder/contract';
import { contactSubmissions, newsletterSubscribers } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';

const FORM = '/wp-json/wp/v2/form-submit';
const NEWSLETTER = '/wp-json/wp/v2/newsletter';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: false });
});
afterAll(() => t.close());

const outbox = () => join(t.config.dataDir, 'outbox');
const outboxFiles = () => (existsSync(outbox()) ? readdirSync(outbox()) : []);
const contactCount = async () =>
  (await t.database.db.select({ n: count() }).from(contactSubmissions))[0]!.n;

const aVisitor = (overrides: Partial<ContactForm> = {}): ContactForm => ({
  first_name: 'Ada',
  last_name: 'Okafor',
  email: 'ada.okafor@example.com',
  phone: '(919) 555-0142',
  message: 'Do you ship the 5 lb bulk bags to Raleigh offices?',
  ...overrides,
});

const post = (url: string, body: unknown, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url, payload: body as object, remoteAddress });
const errorOf = (res: { json(): unknown }) => ApiErrorSchema.parse(res.json());

describe('POST /wp-json/wp/v2/form-submit', () => {
  it('stores the message, emails the owner with the visitor as reply-to, and thanks them by name', async () => {
    const res = await post(FORM, toContactSubmission(aVisitor()));
    expect(res.statusCode).toBe(201);
    const result = FormResultSchema.parse(res.json());
    expect(result.message).toBe(
      'Thanks, Ada! Your message is on its way — we answer within two working days.',
    );

    const [row] = await t.database.db
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, result.id));
    expect(row).toMatchObject({
      firstName: 'Ada',
      lastName: 'Okafor',
      email: 'ada.okafor@example.com',
      phone: '(919) 555-0142',
      message: 'Do you ship the 5 lb bulk bags to Raleigh offices?',
    });
    expect(row!.notifiedAt).toBeInstanceOf(Date);

    const file = outboxFiles().find((name) => name.includes('contact-form-ada-okafor'));
    expect(file).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-contact-form-ada-okafor\.eml$/);
    const mail = readFileSync(join(outbox(), file!), 'utf8');
    expect(mail).toContain('To: owner@larderandoat.test');
    expect(mail).toContain('Reply-To: Ada Okafor <ada.okafor@example.com>');
    expect(mail).toContain('Subject: Contact form: Ada Okafor');
    expect(mail).toContain('Do you ship the 5 lb bulk bags to Raleigh offices?');
  });

  it('keeps visitor text out of the mail headers', async () => {
    const res = await post(
      FORM,
      toContactSubmission(aVisitor({ last_name: 'Okafor\nBcc: victim@example.com' })),
    );
    expect(res.statusCode).toBe(201);
    const headers = outboxFiles().map(
      (name) => readFileSync(join(outbox(), name), 'utf8').split('\r\n\r\n')[0]!,
    );
    const mail = headers.find((header) => header.includes('Okafor Bcc: victim@example.com'));
    expect(mail).toBeDefined();
    expect(mail).not.toMatch(/^Bcc:/im);
  });

  it('accepts a message without a phone number', async () => {
    const { '4': _phone, ...withoutPhone } = toContactSubmission(aVisitor({ first_name: 'Noor' }));
    const res = await post(FORM, withoutPhone);
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, FormResultSchema.parse(res.json()).id));
    expect(row!.phone).toBe('');
  });

  it('answers field errors with 400 and readable messages keyed by the numbered field', async () => {
    const res = await post(FORM, toContactSubmission(aVisitor({ email: 'ada@', message: ' ' })));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({
      code: 'rest_invalid_param',
      data: {
        status: 400,
        params: { '3': 'Enter a valid email address.', '5': 'Enter a message.' },
      },
    });
    // A field not sent at all is named first, as WordPress does, before any value is judged.
    const missing = await post(FORM, {
      ...toContactSubmission(aVisitor({ email: 'ada@' })),
      '1': undefined,
    });
    expect(errorOf(missing)).toMatchObject({
      code: 'rest_missing_callback_param',
      data: { status: 400, params: { '1': 'Enter your first name.' } },
    });
    const phone = await post(FORM, toContactSubmission(aVisitor({ phone: 'call me maybe' })));
    expect(errorOf(phone).data.params).toEqual({ '4': 'Use digits, spaces and + ( ) - only.' });
  });

  it('answers an unknown form_id with 400 and a message on form_id', async () => {
    const before = await contactCount();
    const res = await post(FORM, { ...toContactSubmission(aVisitor()), form_id: 7 });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { form_id: expect.stringContaining('form_id 1') } },
    });
    expect(await contactCount()).toBe(before);
  });

  it('answers a filled honeypot as if accepted, but stores and sends nothing', async () => {
    const before = await contactCount();
    const mailsBefore = outboxFiles().length;
    const res = await post(
      FORM,
      toContactSubmission(aVisitor({ first_name: 'Bot' }), 'https://spam.example'),
    );
    expect(res.statusCode).toBe(201);
    expect(FormResultSchema.parse(res.json()).message).toMatch(/^Thanks, Bot!/);
    expect(await contactCount()).toBe(before);
    expect(outboxFiles()).toHaveLength(mailsBefore);
  });

  it('rate-limits per client with 429 rest_rate_limited', async () => {
    const limited = await buildTestApp({
      seed: false,
      config: {
        rateLimits: {
          review: { max: 99, windowMs: 60_000 },
          contact: { max: 2, windowMs: 600_000 },
          newsletter: { max: 2, windowMs: 600_000 },
        },
      },
    });
    try {
      const send = (url: string, body: unknown) =>
        limited.app.inject({
          method: 'POST',
          url,
          payload: body as object,
          remoteAddress: '203.0.113.9',
        });
      for (let i = 0; i < 2; i++)
        expect((await send(FORM, toContactSubmission(aVisitor()))).statusCode).toBe(201);
      const blocked = await send(FORM, toContactSubmission(aVisitor()));
      expect(blocked.statusCode).toBe(429);
      expect(errorOf(blocked)).toMatchObject({
        code: 'rest_rate_limited',
        message:
          'You have sent this several times in a short while. Please wait 10 minutes and try again.',
        data: { status: 429 },
      });

      expect((await send(NEWSLETTER, { email: 'one@example.com' })).statusCode).toBe(201);
      expect((await send(NEWSLETTER, { email: 'two@example.com' })).statusCode).toBe(201);
      expect((await send(NEWSLETTER, { email: 'three@example.com' })).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /wp-json/wp/v2/newsletter', () => {
  it('adds a new address with 201 and a confirmation', async () => {
    const res = await post(NEWSLETTER, { email: '  Sam.Reader@Example.com ' });
    expect(res.statusCode).toBe(201);
    const result = NewsletterResultSchema.parse(res.json());
    expect(result).toMatchObject({ email: 'Sam.Reader@Example.com', created: true });
    expect(result.message).toMatch(/on the list/);
  });

  it('stores each address once, whatever its case, and says it is already there', async () => {
    const res = await post(NEWSLETTER, { email: 'sam.reader@EXAMPLE.COM' });
    expect(res.statusCode).toBe(200);
    const result = NewsletterResultSchema.parse(res.json());
    expect(result.created).toBe(false);
    expect(result.message).toMatch(/^You're already on the list/);
    const rows = await t.database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(sql`lower(${newsletterSubscribers.email})`, 'sam.reader@example.com'));
    expect(rows).toHaveLength(1);
  });

  it('answers a bad address with 400 and a clear message', async () => {
    for (const [email, message] of [
      ['not-an-email', 'Enter a valid email address.'],
      ['', 'Enter your email address.'],
      [`${'a'.repeat(65)}@example.com`, 'The part before the @ is too long.'],
    ]) {
      const res = await post(NEWSLETTER, { email });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({
        code: 'rest_invalid_param',
        data: { params: { email: message } },
      });
    }
    const missing = await post(NEWSLETTER, {});
    expect(errorOf(missing).data.params).toEqual({ email: 'Enter your email address.' });
  });
});

describe('OpenAPI document', () => {
  it('shows the review, contact and newsletter routes', async () => {
    const doc = (await t.app.inject({ url: '/wp-json/docs/json' })).json() as {
      paths: Record<string, Record<string, { summary?: string }>>;
    };
    expect(doc.paths['/wp-json/wc/v3/products/reviews']).toHaveProperty('get');
    expect(doc.paths['/wp-json/wc/v3/products/reviews/']).toHaveProperty('post');
    expect(doc.paths['/wp-json/wc/v3/products/reviews/{id}']).toHaveProperty('get');
    expect(doc.paths['/wp-json/wp/v2/newsletter']).toHaveProperty('post');
    expect(doc.paths['/wp-json/wp/v2/form-submit']!.post!.summary).toContain(
      '1 first name, 2 last name, 3 email, 4 phone, 5 message',
    );
  });
});
