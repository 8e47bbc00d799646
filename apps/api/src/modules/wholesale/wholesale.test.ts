import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiErrorSchema,
  CustomerSchema,
  LoginResultSchema,
  WHOLESALE_CERTIFICATE,
  WholesaleApplicationResultSchema,
} from '@larder/contract';
import { customers, wholesaleApplications } from '../../db/schema.ts';
import { commandLineOwner } from '../../http/viewer.ts';
import { createActivityRepo } from '../activity/activity.repo.ts';
import { createActivityService } from '../activity/activity.service.ts';
import { createMailer, outboxDir } from '../mail/mailer.ts';
import { mailTo } from '../../../test/outbox.ts';
import { createProduct } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { createDiskStore } from '../../storage/object-store.ts';
import { CERTIFICATES_FOLDER } from './certificate-file.ts';
import { createWholesaleService, type WholesaleService } from './wholesale.service.ts';

const APPLY = '/wp-json/wc/v3/wholesale-registration/';
const SIGN_UP = '/wp-json/wc/v3/customers';
const TOKEN = '/wp-json/jwt-auth/v1/token';
const PRODUCTS = '/wp-json/wc/v3/products?per_page=100';
const PASSWORD = 'oats and honey at dawn';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('IHDR and friends'),
]);
/** A Windows program named and labelled as a PDF. */
const FAKE_PDF = Buffer.from('MZ\x90\x00 this program cannot be run in DOS mode');

let t: TestApp;
let wholesale: WholesaleService;
let counter = 0;

beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  // The one product whose wholesale price the tests look for in the shop's list.
  await createProduct(t, { regular_price: '12.50', wholesale_price: '7.50' });
  // The owner's command line builds the service the same way, on the same database and data folder.
  wholesale = createWholesaleService(t.database.db, {
    mailer: createMailer({
      from: t.config.mailFrom,
      outboxDir: outboxDir(t.config.dataDir),
      brand: { shop: t.config.shop, publicUrl: t.config.publicUrl },
      log: t.app.log,
    }),
    shopName: t.config.shop.name,
    shopOwnerEmail: t.config.shopOwnerEmail,
    publicUrl: t.config.publicUrl,
    store: createDiskStore(t.config.dataDir),
    activity: createActivityService(createActivityRepo(t.database.db)),
    log: t.app.log,
  });
});
afterAll(() => t.close());

const uniqueEmail = () => `shop${++counter}-${Date.now().toString(36)}@example.com`;
const storedCertificates = () => {
  const dir = join(t.config.dataDir, CERTIFICATES_FOLDER);
  return existsSync(dir) ? readdirSync(dir) : [];
};

interface ApplicationFields {
  [name: string]: string | undefined;
}

const applicationFields = (
  email: string,
  overrides: ApplicationFields = {},
): ApplicationFields => ({
  business_name: 'Corner Pantry Co',
  contact_name: 'Dana Whitfield',
  email,
  password: PASSWORD,
  phone: '+1 919 555 0100',
  'address[address_1]': '12 Market Street',
  'address[city]': 'Durham',
  'address[state]': 'NC',
  'address[postcode]': '27701',
  'address[country]': 'US',
  tax_id: 'NC-RESALE-448812',
  sales_channels: 'Our deli counter and a weekend farmers market stall.',
  monthly_volume: '50-200',
  ...overrides,
});

function formOf(
  fields: ApplicationFields,
  file: { content: Buffer; name: string; type: string } | null = {
    content: PDF,
    name: 'resale-certificate.pdf',
    type: 'application/pdf',
  },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields))
    if (value !== undefined) form.append(name, value);
  if (file) form.append('certificate', new Blob([file.content], { type: file.type }), file.name);
  return form;
}

const apply = (form: FormData, headers: Record<string, string> = {}, url = APPLY) =>
  t.app.inject({ method: 'POST', url, payload: form, headers });

async function signUp(email = uniqueEmail()) {
  const res = await t.app.inject({
    method: 'POST',
    url: SIGN_UP,
    payload: { email, password: PASSWORD, first_name: 'Sam', last_name: 'Baker' },
  });
  expect(res.statusCode).toBe(201);
  const token = await t.app.inject({
    method: 'POST',
    url: TOKEN,
    payload: { username: email, password: PASSWORD },
  });
  expect(token.statusCode).toBe(200);
  const login = LoginResultSchema.parse(token.json());
  const cookie = (name: string) => token.cookies.find((entry) => entry.name === name)!.value;
  return {
    id: CustomerSchema.parse(res.json()).id,
    email,
    headers: { authorization: `Bearer ${login.data.token}` },
    /** A browser's request: the session and XSRF cookies, and the XSRF value echoed when asked. */
    browser: (echoXsrf: boolean): Record<string, string> => ({
      cookie: `larder_session=${cookie('larder_session')}; XSRF-TOKEN=${cookie('XSRF-TOKEN')}`,
      ...(echoXsrf ? { 'x-xsrf-token': cookie('XSRF-TOKEN') } : {}),
    }),
  };
}

const roleOf = async (customerId: number) =>
  (await t.database.db.select().from(customers).where(eq(customers.id, customerId)))[0]?.role;

const applicationRow = async (id: number) =>
  (
    await t.database.db.select().from(wholesaleApplications).where(eq(wholesaleApplications.id, id))
  )[0]!;

/** Whether any product in the shop's list carries a wholesale price for these request headers. */
async function seesWholesalePrices(headers: Record<string, string>) {
  const res = await t.app.inject({ method: 'GET', url: PRODUCTS, headers });
  expect(res.statusCode).toBe(200);
  return res.body.includes('"wholesale_price"');
}

/** Nothing stored: no application, account or file, and no email to the address. */
async function expectNothingStoredFor(email: string, filesBefore: string[]) {
  expect(
    await t.database.db
      .select()
      .from(wholesaleApplications)
      .where(eq(wholesaleApplications.email, email)),
  ).toHaveLength(0);
  expect(
    await t.database.db.select().from(customers).where(eq(customers.email, email)),
  ).toHaveLength(0);
  expect(storedCertificates()).toEqual(filesBefore);
  expect(mailTo(t.config.dataDir, email)).toHaveLength(0);
}

describe('POST /wholesale-registration/', () => {
  it("a visitor's application with a PDF creates their account and a pending application, and emails the owner and the applicant", async () => {
    const email = uniqueEmail();
    const res = await apply(formOf(applicationFields(email.toUpperCase())));
    expect(res.statusCode).toBe(201);
    const result = WholesaleApplicationResultSchema.parse(res.json());
    expect(result).toMatchObject({ status: 'pending', message: expect.stringMatching(/in touch/) });

    const row = await applicationRow(result.id);
    expect(row).toMatchObject({
      status: 'pending',
      email,
      businessName: 'Corner Pantry Co',
      address: {
        address_1: '12 Market Street',
        city: 'Durham',
        state: 'NC',
        country: 'US',
        company: 'Corner Pantry Co',
      },
      certificateType: 'application/pdf',
      certificateBytes: PDF.length,
      certificateName: 'resale-certificate.pdf',
    });
    expect(await roleOf(row.customerId)).toBe('customer');
    const [account] = await t.database.db
      .select()
      .from(customers)
      .where(eq(customers.id, row.customerId));
    expect(account).toMatchObject({ email, firstName: 'Dana', lastName: 'Whitfield' });
    expect(account!.passwordHash).toMatch(/^\$argon2id\$/);
    const signIn = await t.app.inject({
      method: 'POST',
      url: TOKEN,
      payload: { username: email, password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);

    // Stored privately under a random name, byte for byte, and not served under the uploads.
    expect(row.certificateFile).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    const stored = join(join(t.config.dataDir, CERTIFICATES_FOLDER), row.certificateFile);
    expect(readFileSync(stored).equals(PDF)).toBe(true);
    expect(stored.startsWith(t.config.dataDir)).toBe(true);
    for (const url of [
      `/wp-content/uploads/${row.certificateFile}`,
      `/wp-content/uploads/private/certificates/${row.certificateFile}`,
      `/wp-content/uploads/../../private/certificates/${row.certificateFile}`,
    ]) {
      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(404);
      expect(served.body).not.toContain('%PDF');
    }

    const [owner] = mailTo(t.config.dataDir, t.config.shopOwnerEmail).filter((mail) =>
      mail.text.includes(`application #${result.id})`),
    );
    expect(owner).toBeDefined();
    expect(owner!.headers.subject).toBe('Wholesale application: Corner Pantry Co');
    expect(owner!.headers['reply-to']).toContain(email);
    for (const detail of [
      'Dana Whitfield',
      'NC-RESALE-448812',
      '12 Market Street',
      '50 to 200 bags a month',
      'farmers market',
      stored,
      `${t.config.publicUrl}/admin/wholesale/${result.id}`,
    ]) {
      expect(owner!.text).toContain(detail);
    }
    const applicant = mailTo(t.config.dataDir, email);
    expect(applicant).toHaveLength(1);
    expect(applicant[0]!.headers.subject).toBe('We got your wholesale application');
    expect(applicant[0]!.text).toContain("we'll be in touch");
  });

  it('a signed-in customer applies with a PNG, without a password, at the path without the slash', async () => {
    const customer = await signUp();
    const res = await apply(
      formOf(applicationFields(customer.email, { password: '' }), {
        content: PNG,
        name: 'cert.png',
        type: 'image/png',
      }),
      customer.headers,
      APPLY.replace(/\/$/, ''),
    );
    expect(res.statusCode).toBe(201);
    const row = await applicationRow(WholesaleApplicationResultSchema.parse(res.json()).id);
    expect(row).toMatchObject({ customerId: customer.id, certificateType: 'image/png' });
    expect(row.certificateFile).toMatch(/\.png$/);
  });

  it('a browser signed in by cookie must echo the XSRF token, as for every cookie-signed write', async () => {
    const customer = await signUp();
    const fields = applicationFields(customer.email, { password: undefined });
    const forged = await apply(formOf(fields), customer.browser(false));
    expect(forged.statusCode).toBe(403);
    expect(ApiErrorSchema.parse(forged.json()).code).toBe('rest_cookie_invalid_nonce');
    const res = await apply(formOf(fields), customer.browser(true));
    expect(res.statusCode).toBe(201);
    const row = await applicationRow(WholesaleApplicationResultSchema.parse(res.json()).id);
    expect(row.customerId).toBe(customer.id);
  });

  it("refuses a signed-in customer's application with another email", async () => {
    const customer = await signUp();
    const res = await apply(formOf(applicationFields(uniqueEmail())), customer.headers);
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json()).data.params?.email).toMatch(
      /your account's email address/,
    );
  });

  it('judges the file by its content: a program named and labelled as a PDF is 415, and nothing is stored', async () => {
    const email = uniqueEmail();
    const before = storedCertificates();
    const res = await apply(
      formOf(applicationFields(email), {
        content: FAKE_PDF,
        name: 'certificate.pdf',
        type: 'application/pdf',
      }),
    );
    expect(res.statusCode).toBe(415);
    expect(ApiErrorSchema.parse(res.json())).toMatchObject({
      code: 'wholesale_certificate_type',
      data: { status: 415, params: { certificate: expect.stringMatching(/PDF, PNG or JPEG/) } },
    });
    await expectNothingStoredFor(email, before);
  });

  it('refuses a certificate over the size limit with 413, and stores nothing', async () => {
    const email = uniqueEmail();
    const before = storedCertificates();
    const big = Buffer.alloc(WHOLESALE_CERTIFICATE.maxBytes + 1, 0x20);
    PDF.copy(big);
    const res = await apply(
      formOf(applicationFields(email), { content: big, name: 'big.pdf', type: 'application/pdf' }),
    );
    expect(res.statusCode).toBe(413);
    expect(ApiErrorSchema.parse(res.json())).toMatchObject({
      code: 'wholesale_certificate_too_large',
      data: { status: 413 },
    });
    await expectNothingStoredFor(email, before);
  });

  it('accepts a certificate of exactly the size limit', async () => {
    const full = Buffer.alloc(WHOLESALE_CERTIFICATE.maxBytes, 0x20);
    PDF.copy(full);
    const res = await apply(
      formOf(applicationFields(uniqueEmail()), {
        content: full,
        name: 'full.pdf',
        type: 'application/pdf',
      }),
    );
    expect(res.statusCode).toBe(201);
  });

  it('names every missing or invalid field, the certificate included, and stores nothing', async () => {
    const email = uniqueEmail();
    const before = storedCertificates();
    const res = await apply(
      formOf(
        applicationFields(email, {
          business_name: '',
          'address[city]': undefined,
          'address[state]': 'ZZ',
          monthly_volume: 'lots',
          phone: 'call me',
        }),
        null,
      ),
    );
    expect(res.statusCode).toBe(400);
    const body = ApiErrorSchema.parse(res.json());
    expect(body.code).toBe('rest_invalid_param');
    expect(body.data.params).toEqual({
      business_name: 'Enter the business name.',
      'address[city]': 'Enter the city.',
      monthly_volume: 'Choose your expected monthly volume.',
      phone: 'Use digits, spaces and + ( ) - only.',
      certificate: expect.stringMatching(/Attach your resale/),
    });
    await expectNothingStoredFor(email, before);

    // A state outside the country's list is named once the rest is right.
    const state = await apply(formOf(applicationFields(email, { 'address[state]': 'ZZ' })));
    expect(state.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(state.json()).data.params).toEqual({
      'address[state]': 'ZZ is not a state of United States. Choose one from the list.',
    });
    await expectNothingStoredFor(email, before);
  });

  it('refuses a NUL character in a field or the file name with 400 naming it, and stores nothing', async () => {
    const email = uniqueEmail();
    const before = storedCertificates();
    const field = await apply(
      formOf(applicationFields(email, { business_name: 'Corner\u0000Pantry' })),
    );
    expect(field.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(field.json()).data.params).toEqual({
      business_name: 'Text may not contain the NUL character (U+0000).',
    });
    const file = await apply(
      formOf(applicationFields(email), {
        content: PDF,
        name: 'cert\u0000.pdf',
        type: 'application/pdf',
      }),
    );
    expect(file.statusCode).toBe(400);
    expect(Object.keys(ApiErrorSchema.parse(file.json()).data.params ?? {})).toEqual([
      'certificate',
    ]);
    await expectNothingStoredFor(email, before);
  });

  it('refuses ill-formed Unicode (a lone surrogate) in a field with 400 naming it, and stores nothing', async () => {
    const email = uniqueEmail();
    const before = storedCertificates();
    // Browsers send UTF-8, but a part may declare UTF-16, which can carry a lone surrogate.
    const boundary = 'larder-test-boundary';
    const part = (headers: string, body: Buffer | string) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`),
        Buffer.from(body),
        Buffer.from('\r\n'),
      ]);
    const fields = applicationFields(email, { business_name: undefined });
    const body = Buffer.concat([
      ...Object.entries(fields)
        .filter(([, value]) => value !== undefined)
        .map(([name, value]) => part(`Content-Disposition: form-data; name="${name}"`, value!)),
      part(
        'Content-Disposition: form-data; name="business_name"\r\nContent-Type: text/plain; charset=utf-16le',
        Buffer.from('Corner Pantry \ud800', 'utf16le'),
      ),
      part(
        'Content-Disposition: form-data; name="certificate"; filename="resale.pdf"\r\nContent-Type: application/pdf',
        PDF,
      ),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: APPLY,
      payload: body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json())).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): business_name',
      data: {
        status: 400,
        params: {
          business_name:
            'Text must be well-formed Unicode (a lone UTF-16 surrogate cannot be stored).',
        },
      },
    });
    await expectNothingStoredFor(email, before);
  });

  it("needs a visitor's password, and refuses a weak one like sign-up", async () => {
    const email = uniqueEmail();
    const missing = await apply(formOf(applicationFields(email, { password: '' })));
    expect(missing.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(missing.json()).data.params).toEqual({
      password: 'Choose a password for your new account.',
    });
    const weak = await apply(formOf(applicationFields(email, { password: 'password123' })));
    expect(weak.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(weak.json()).data.params?.password).toMatch(/most common/);
  });

  it("refuses a visitor's application with a taken email like sign-up, leaving no file behind", async () => {
    const { email } = await signUp();
    const before = storedCertificates();
    const res = await apply(formOf(applicationFields(email)));
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json())).toMatchObject({
      code: 'registration-error-email-exists',
      data: { params: { email: 'An account already uses this email address.' } },
    });
    expect(storedCertificates()).toEqual(before);
  });

  it('answers 409 for a second application while one is pending, leaving no file behind', async () => {
    const customer = await signUp();
    const fields = applicationFields(customer.email, { password: undefined });
    expect((await apply(formOf(fields), customer.headers)).statusCode).toBe(201);
    const before = storedCertificates();
    const again = await apply(formOf(fields), customer.headers);
    expect(again.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(again.json()).code).toBe('wholesale_application_pending');
    expect(storedCertificates()).toEqual(before);
    expect(
      await t.database.db
        .select()
        .from(wholesaleApplications)
        .where(eq(wholesaleApplications.customerId, customer.id)),
    ).toHaveLength(1);
  });

  it('refuses a body that is not multipart with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: APPLY,
      payload: { business_name: 'Corner Pantry Co' },
    });
    expect(res.statusCode).toBe(415);
    expect(ApiErrorSchema.parse(res.json()).data.status).toBe(415);
  });
});

describe('approving and rejecting', () => {
  async function pendingApplication() {
    const customer = await signUp();
    const res = await apply(
      formOf(applicationFields(customer.email, { password: undefined })),
      customer.headers,
    );
    expect(res.statusCode).toBe(201);
    return { customer, id: WholesaleApplicationResultSchema.parse(res.json()).id };
  }

  it('approval makes the buyer a wholesale customer: the same session sees wholesale prices from its next request, nobody else does', async () => {
    const { customer, id } = await pendingApplication();
    const other = await signUp();
    expect(await seesWholesalePrices(customer.headers)).toBe(false);

    const { application, emailed } = await wholesale.approveApplication(id, commandLineOwner);
    expect(application).toMatchObject({ id, status: 'approved' });
    expect(application.decidedAt).toBeInstanceOf(Date);
    expect(emailed).toBe(true);
    expect(await roleOf(customer.id)).toBe('wholesale_customer');

    expect(await seesWholesalePrices(customer.headers)).toBe(true);
    expect(await seesWholesalePrices(other.headers)).toBe(false);
    expect(await seesWholesalePrices({})).toBe(false);

    const mail = mailTo(t.config.dataDir, customer.email).find(
      (entry) => entry.headers.subject === 'Your wholesale account is ready',
    );
    expect(mail?.text).toContain('http://shop.test/login');

    await expect(wholesale.approveApplication(id, commandLineOwner)).rejects.toMatchObject({
      status: 409,
      code: 'wholesale_application_decided',
      message: expect.stringMatching(/already approved/),
    });
    await expect(
      wholesale.rejectApplication(id, 'Changed our mind', commandLineOwner),
    ).rejects.toMatchObject({
      status: 409,
    });
    expect(await roleOf(customer.id)).toBe('wholesale_customer');

    // An approved buyer has nothing more to apply for.
    const again = await apply(
      formOf(applicationFields(customer.email, { password: undefined })),
      customer.headers,
    );
    expect(again.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(again.json()).code).toBe('wholesale_already_approved');
  });

  it('rejection stores and emails the reason, leaves the role alone, and lets the customer apply again', async () => {
    const { customer, id } = await pendingApplication();
    const reason = 'We could not verify the resale certificate number with the state registry.';

    const { application, emailed } = await wholesale.rejectApplication(
      id,
      `  ${reason}  `,
      commandLineOwner,
    );
    expect(application).toMatchObject({ id, status: 'rejected', rejectionReason: reason });
    expect(emailed).toBe(true);
    expect(await roleOf(customer.id)).toBe('customer');
    expect(await seesWholesalePrices(customer.headers)).toBe(false);

    const mail = mailTo(t.config.dataDir, customer.email).find(
      (entry) => entry.headers.subject === 'Your wholesale application',
    );
    expect(mail?.text).toContain(reason);

    await expect(wholesale.rejectApplication(id, reason, commandLineOwner)).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/already rejected/),
    });
    await expect(wholesale.approveApplication(id, commandLineOwner)).rejects.toMatchObject({
      status: 409,
    });
    expect(await roleOf(customer.id)).toBe('customer');

    const again = await apply(
      formOf(applicationFields(customer.email, { password: undefined })),
      customer.headers,
    );
    expect(again.statusCode).toBe(201);
  });

  it('needs a reason to reject, and a known application', async () => {
    const { id } = await pendingApplication();
    await expect(wholesale.rejectApplication(id, '   ', commandLineOwner)).rejects.toMatchObject({
      status: 400,
    });
    expect((await applicationRow(id)).status).toBe('pending');
    await expect(wholesale.approveApplication(999_999, commandLineOwner)).rejects.toMatchObject({
      status: 404,
      code: 'wholesale_application_not_found',
    });
    await expect(
      wholesale.rejectApplication(999_999, 'No', commandLineOwner),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('lists applications by status, oldest first', async () => {
    const first = await pendingApplication();
    const second = await pendingApplication();
    const pending = await wholesale.listApplications('pending');
    const ids = pending.map((row) => row.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(pending.every((row) => row.status === 'pending')).toBe(true);
    await wholesale.approveApplication(first.id, commandLineOwner);
    expect((await wholesale.listApplications('pending')).map((row) => row.id)).not.toContain(
      first.id,
    );
    expect((await wholesale.listApplications('approved')).map((row) => row.id)).toContain(first.id);
    expect((await wholesale.listApplications()).map((row) => row.id)).toEqual(
      expect.arrayContaining([first.id, second.id]),
    );
    expect(wholesale.certificateLocation(await applicationRow(second.id))).toMatch(
      /private\/certificates\/[0-9a-f-]{36}\.pdf$/,
    );
  });
});

describe('rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({
      seed: false,
      config: { rateLimits: { wholesale: { max: 1, windowMs: 60_000 } } },
    });
  });
  afterAll(() => limited.close());

  it('answers 429 once a client has applied too often, over both spellings of the path', async () => {
    const send = (url: string) =>
      limited.app.inject({
        method: 'POST',
        url,
        payload: formOf(applicationFields(uniqueEmail())),
      });
    expect((await send(APPLY)).statusCode).toBe(201);
    const res = await send(APPLY.replace(/\/$/, ''));
    expect(res.statusCode).toBe(429);
    expect(ApiErrorSchema.parse(res.json()).code).toBe('rest_rate_limited');
  });
});
