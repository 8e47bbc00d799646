import { unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ActivityEntrySchema,
  ApiErrorSchema,
  apiPaths,
  WholesaleApplicationRecordSchema,
} from '@larder/contract';
import { z } from 'zod';
import { mailTo } from '../../../test/outbox.ts';
import {
  CERTIFICATE_PDF,
  createCustomer,
  createProduct,
  createWholesaleApplication,
} from '../../../test/factories.ts';
import { signedInCustomer, type Session } from '../../../test/sessions.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { wholesaleApplications } from '../../db/schema.ts';
import { CERTIFICATES_FOLDER } from './certificate-file.ts';

const APPLICATIONS = apiPaths.wholesaleApplications;

let t: TestApp;
let owner: Session;
let productId: number;

beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  owner = await signedInCustomer(t.app, t.database.db, { name: 'owner', role: 'administrator' });
  productId = (await createProduct(t, { regular_price: '12.50', wholesale_price: '7.50' })).id;
});
afterAll(() => t.close());

const asOwner = (
  method: 'GET' | 'PUT',
  url: string,
  payload?: object,
  headers: Record<string, string> = owner.bearer,
) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const decide = (id: number, decision: object, headers?: Record<string, string>) =>
  asOwner('PUT', `${APPLICATIONS}/${id}`, decision, headers);

const activityFor = async (id: number) => {
  const res = await asOwner(
    'GET',
    `${apiPaths.activityLog}?subject_type=wholesale_application&subject_id=${id}`,
  );
  expect(res.statusCode).toBe(200);
  return z.array(ActivityEntrySchema).parse(res.json());
};

describe('GET /wholesale-applications', () => {
  it('lists applications oldest first, filtered by status and search, with pagination headers', async () => {
    const first = await createWholesaleApplication(t.app, await createCustomer(t), {
      business_name: 'Café Nord Listing',
      contact_name: 'Ines Lindqvist',
    });
    const second = await createWholesaleApplication(t.app, await createCustomer(t), {
      business_name: 'Harbour Deli Listing',
    });

    const all = await asOwner('GET', `${APPLICATIONS}?search=listing&per_page=1`);
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-wp-total']).toBe('2');
    expect(all.headers['x-wp-totalpages']).toBe('2');
    expect(all.headers['cache-control']).toBe('private, no-store');
    const [listed] = z.array(WholesaleApplicationRecordSchema).parse(all.json());
    expect(listed).toMatchObject({
      id: first,
      status: 'pending',
      business_name: 'Café Nord Listing',
      certificate: {
        href: `${APPLICATIONS}/${first}/certificate`,
        filename: 'resale-certificate.pdf',
        content_type: 'application/pdf',
        bytes: CERTIFICATE_PDF.length,
      },
      rejection_reason: null,
      date_decided_gmt: null,
    });

    const byContact = await asOwner('GET', `${APPLICATIONS}?search=lindqvist`);
    expect(byContact.json<{ id: number }[]>().map((row) => row.id)).toEqual([first]);

    expect((await decide(second, { status: 'approved' })).statusCode).toBe(200);
    const pending = await asOwner('GET', `${APPLICATIONS}?status=pending&search=listing`);
    expect(pending.json<{ id: number }[]>().map((row) => row.id)).toEqual([first]);
    const approved = await asOwner('GET', `${APPLICATIONS}?status=approved&search=listing`);
    expect(approved.json<{ id: number }[]>().map((row) => row.id)).toEqual([second]);
  });

  it('takes a search with LIKE wildcards as plain text', async () => {
    await createWholesaleApplication(t.app, await createCustomer(t), {
      business_name: 'Plain Percent Shop',
    });
    const res = await asOwner('GET', `${APPLICATIONS}?search=%25`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('refuses an unknown status with 400 rest_invalid_param', async () => {
    const res = await asOwner('GET', `${APPLICATIONS}?status=maybe`);
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json())).toMatchObject({
      code: 'rest_invalid_param',
      data: { status: 400, params: { status: expect.any(String) } },
    });
  });
});

describe('GET /wholesale-applications/{id}', () => {
  it('answers the application, and 404 for an unknown id', async () => {
    const id = await createWholesaleApplication(t.app, await createCustomer(t));
    const res = await asOwner('GET', `${APPLICATIONS}/${id}`);
    expect(res.statusCode).toBe(200);
    expect(WholesaleApplicationRecordSchema.parse(res.json())).toMatchObject({
      id,
      address: { city: 'Durham', state: 'NC', country: 'US' },
      monthly_volume: '50-200',
    });
    const missing = await asOwner('GET', `${APPLICATIONS}/999999`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'wholesale_application_not_found' });
  });
});

describe('PUT /wholesale-applications/{id}', () => {
  it('approval gives the buyer wholesale prices on their next request, emails them and is logged', async () => {
    const buyer = await createCustomer(t);
    const id = await createWholesaleApplication(t.app, buyer, { business_name: 'Café Nord' });
    const product = `${apiPaths.products}/${productId}`;
    const before = await t.app.inject({ url: product, headers: buyer.bearer });
    expect(before.body).not.toContain('wholesale_price');

    // Signed in through the browser's cookies, as the back office is.
    const res = await decide(id, { status: 'approved' }, owner.browser());
    expect(res.statusCode).toBe(200);
    expect(WholesaleApplicationRecordSchema.parse(res.json())).toMatchObject({
      id,
      status: 'approved',
      date_decided_gmt: expect.any(String),
    });

    // The same session, not signed in again.
    const after = await t.app.inject({ url: product, headers: buyer.bearer });
    expect(after.json()).toMatchObject({ wholesale_price: '7.50' });
    expect(mailTo(t.config.dataDir, buyer.email).map((mail) => mail.headers.subject)).toContain(
      'Your wholesale account is ready',
    );
    expect(await activityFor(id)).toEqual([
      expect.objectContaining({
        action: 'wholesale.approved',
        actor_id: owner.id,
        actor_name: 'Robin Oats',
        subject_type: 'wholesale_application',
        subject_id: id,
        summary: "Approved Café Nord's wholesale application",
      }),
    ]);
  });

  it('rejection stores and emails the reason, and is logged', async () => {
    const applicant = await createCustomer(t);
    const id = await createWholesaleApplication(t.app, applicant, { business_name: 'Kiosk Ltd' });
    const res = await decide(id, { status: 'rejected', reason: '  We sell to shops only.  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'rejected',
      rejection_reason: 'We sell to shops only.',
    });
    const mail = mailTo(t.config.dataDir, applicant.email).find(
      (message) => message.headers.subject === 'Your wholesale application',
    );
    expect(mail?.text).toContain('We sell to shops only.');
    expect(await activityFor(id)).toMatchObject([
      { action: 'wholesale.rejected', summary: "Rejected Kiosk Ltd's wholesale application" },
    ]);
    const product = await t.app.inject({
      url: `${apiPaths.products}/${productId}`,
      headers: applicant.bearer,
    });
    expect(product.body).not.toContain('wholesale_price');
  });

  it('answers a decided application with 409 and changes nothing', async () => {
    const id = await createWholesaleApplication(t.app, await createCustomer(t), {
      business_name: 'Twice Decided',
    });
    expect((await decide(id, { status: 'rejected', reason: 'No.' })).statusCode).toBe(200);
    const again = await decide(id, { status: 'approved' });
    expect(again.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(again.json())).toMatchObject({
      code: 'wholesale_application_decided',
      message: expect.stringMatching(new RegExp(`#${id} was already rejected`)),
      data: { status: 409 },
    });
    expect((await asOwner('GET', `${APPLICATIONS}/${id}`)).json()).toMatchObject({
      status: 'rejected',
    });
    expect(await activityFor(id)).toHaveLength(1);
  });

  it('wants a reason to reject, and a known status: 400 with the field named', async () => {
    const id = await createWholesaleApplication(t.app, await createCustomer(t));
    for (const body of [
      { status: 'rejected' },
      { status: 'rejected', reason: '   ' },
      { status: 'pending' },
      {},
    ]) {
      const res = await decide(id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(ApiErrorSchema.parse(res.json()).data.params).toBeDefined();
    }
    expect((await asOwner('GET', `${APPLICATIONS}/${id}`)).json()).toMatchObject({
      status: 'pending',
    });
    expect(await activityFor(id)).toEqual([]);
  });

  it('answers an unknown id with 404', async () => {
    const res = await decide(999_999, { status: 'approved' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'wholesale_application_not_found' });
  });

  it('is refused to a customer with 403 and to a guest with 401, even with a bad body', async () => {
    const id = await createWholesaleApplication(t.app, await createCustomer(t));
    const customer = await createCustomer(t);
    const asCustomer = await decide(id, { status: 'approved' }, customer.bearer);
    expect(asCustomer.statusCode).toBe(403);
    const asGuest = await t.app.inject({
      method: 'PUT',
      url: `${APPLICATIONS}/${id}`,
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(asGuest.statusCode).toBe(401);
    expect((await asOwner('GET', `${APPLICATIONS}/${id}`)).json()).toMatchObject({
      status: 'pending',
    });
  });
});

describe('GET /wholesale-applications/{id}/certificate', () => {
  it('sends the stored file as a private attachment that is never sniffed', async () => {
    const id = await createWholesaleApplication(t.app, await createCustomer(t));
    const res = await asOwner('GET', `${APPLICATIONS}/${id}/certificate`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(CERTIFICATE_PDF)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="wholesale-application-${id}-certificate.pdf"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    });
  });

  it('is for owners only', async () => {
    const applicant = await createCustomer(t);
    const id = await createWholesaleApplication(t.app, applicant);
    const url = `${APPLICATIONS}/${id}/certificate`;
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    const own = await t.app.inject({ url, headers: applicant.bearer });
    expect(own.statusCode).toBe(403);
    expect(own.body).not.toContain('%PDF');
  });

  it('answers 404 for an unknown application or a file gone from the server', async () => {
    expect((await asOwner('GET', `${APPLICATIONS}/999999/certificate`)).statusCode).toBe(404);
    const id = await createWholesaleApplication(t.app, await createCustomer(t));
    const [row] = await t.database.db
      .select({ file: wholesaleApplications.certificateFile })
      .from(wholesaleApplications)
      .where(eq(wholesaleApplications.id, id));
    unlinkSync(join(join(t.config.dataDir, CERTIFICATES_FOLDER), row!.file));
    const res = await asOwner('GET', `${APPLICATIONS}/${id}/certificate`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'wholesale_certificate_missing' });
  });
});
