import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiErrorSchema,
  WholesaleAccountSchema,
  apiPaths,
  wholesaleAccountPaths,
} from '@larder/contract';
import { mailTo } from '../../../test/outbox.ts';
import {
  createCustomer,
  createWholesaleApplication,
  createWholesaleBuyer,
} from '../../../test/factories.ts';
import { signedInCustomer, type Session } from '../../../test/sessions.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { minimumsSentence } from '../mail/wholesale-emails.ts';
import { saveMinimums } from '../pricing/wholesale-minimums.ts';

let t: TestApp;
let owner: Session;

beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  owner = await signedInCustomer(t.app, t.database.db, { name: 'owner', role: 'administrator' });
});
afterAll(() => t.close());

const statusOf = async (session: Session | null) => {
  const res = await t.app.inject({
    url: wholesaleAccountPaths.account,
    headers: session?.bearer ?? {},
  });
  return res;
};

const decide = (id: number, body: object) =>
  t.app.inject({
    method: 'PUT',
    url: `${apiPaths.wholesaleApplications}/${id}`,
    headers: owner.bearer,
    payload: body,
  });

describe('GET /wp-json/larder/v1/wholesale/account', () => {
  it('answers a guest 401 in the WooCommerce shape', async () => {
    const res = await statusOf(null);
    expect(res.statusCode).toBe(401);
    expect(ApiErrorSchema.parse(res.json())).toMatchObject({
      code: 'woocommerce_rest_cannot_view',
      data: { status: 401 },
    });
  });

  it('is none, without a line sheet, for a retail customer who never applied', async () => {
    const res = await statusOf(await createCustomer(t));
    expect(res.statusCode).toBe(200);
    expect(WholesaleAccountSchema.parse(res.json())).toEqual({
      status: 'none',
      application: null,
      line_sheet: null,
    });
  });

  it('is pending with the date sent while the application waits', async () => {
    const applicant = await createCustomer(t);
    const id = await createWholesaleApplication(t.app, applicant, { business_name: 'Nook Deli' });
    const account = WholesaleAccountSchema.parse((await statusOf(applicant)).json());
    expect(account).toMatchObject({
      status: 'pending',
      application: {
        id,
        business_name: 'Nook Deli',
        date_created_gmt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        date_decided_gmt: null,
        rejection_reason: null,
      },
      line_sheet: null,
    });
  });

  it("is rejected with the owner's reason once rejected", async () => {
    const applicant = await createCustomer(t);
    const id = await createWholesaleApplication(t.app, applicant);
    expect(
      (await decide(id, { status: 'rejected', reason: 'We only sell to shops.' })).statusCode,
    ).toBe(200);
    expect(WholesaleAccountSchema.parse((await statusOf(applicant)).json())).toMatchObject({
      status: 'rejected',
      application: {
        id,
        rejection_reason: 'We only sell to shops.',
        date_decided_gmt: expect.any(String),
      },
      line_sheet: null,
    });
  });

  it('is approved with the line sheet once approved, and the email says how to order', async () => {
    await saveMinimums(t.database.db, { openingCents: 150_00, reorderCents: 100_00 });
    const applicant = await createCustomer(t);
    const id = await createWholesaleApplication(t.app, applicant, { business_name: 'Oat Bar' });
    expect((await decide(id, { status: 'approved' })).statusCode).toBe(200);
    expect(WholesaleAccountSchema.parse((await statusOf(applicant)).json())).toMatchObject({
      status: 'approved',
      application: { id, business_name: 'Oat Bar', rejection_reason: null },
      line_sheet: wholesaleAccountPaths.lineSheet,
    });
    const mail = mailTo(t.config.dataDir, applicant.email).find(
      (message) => message.headers.subject === 'Your wholesale account is ready',
    );
    expect(mail?.text).toContain('How to order: sign in');
    expect(mail?.text).toContain('wholesale price on every product');
    expect(mail?.text).toContain(`${t.config.publicUrl}/wholesale/line-sheet.pdf`);
    expect(mail?.text).toContain(`${t.config.publicUrl}/login`);
    // The shop's minimums as they are set now, and the quick order.
    expect(mail?.text).toContain(
      'Your first order has a $150.00 minimum and reorders have a $100.00 minimum',
    );
    expect(mail?.text).toContain(`${t.config.publicUrl}/wholesale/quick-order`);
    await saveMinimums(t.database.db, { openingCents: 0, reorderCents: 0 });
  });

  it('tells a buyer the minimums in words, or that there is none', () => {
    expect(minimumsSentence({ openingCents: 150_00, reorderCents: 0 })).toMatch(
      /^Your first order has a \$150\.00 minimum and reorders have none,/,
    );
    expect(minimumsSentence({ openingCents: 0, reorderCents: 0 })).toMatch(
      /^There's no order minimum\. Each product page/,
    );
  });

  it('is approved for a wholesale account that never applied, and offers owners the line sheet', async () => {
    const buyer = await createWholesaleBuyer(t);
    expect(WholesaleAccountSchema.parse((await statusOf(buyer)).json())).toEqual({
      status: 'approved',
      application: null,
      line_sheet: wholesaleAccountPaths.lineSheet,
    });
    expect(WholesaleAccountSchema.parse((await statusOf(owner)).json())).toMatchObject({
      status: 'none',
      line_sheet: wholesaleAccountPaths.lineSheet,
    });
  });

  it('shows each account only its own application', async () => {
    const first = await createCustomer(t);
    const second = await createCustomer(t);
    const id = await createWholesaleApplication(t.app, first, { business_name: 'First Shop' });
    expect(WholesaleAccountSchema.parse((await statusOf(first)).json()).application?.id).toBe(id);
    expect(WholesaleAccountSchema.parse((await statusOf(second)).json()).application).toBeNull();
  });
});
