import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiErrorSchema,
  apiPaths,
  CustomerSchema,
  OrderSchema,
  OwnerOrderSchema,
  ProductSchema,
  type OrderCreate,
  type ShippingRate,
} from '@larder/contract';
import { activityLog, orders } from '../../db/schema.ts';
import { createCustomer, createProduct, createWholesaleBuyer } from '../../../test/factories.ts';
import { mailTo } from '../../../test/outbox.ts';
import { aBuyer } from '../../../test/place-order.ts';
import { signedInCustomer, type Session } from '../../../test/sessions.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let owner: Session;
let productId: number;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signedInCustomer(t.app, t.database.db, { name: 'owner', role: 'administrator' });
  productId = (await createProduct(t, { regular_price: '20.00', stock_quantity: 500 })).id;
});
afterAll(() => t.close());

const errorOf = (res: { json(): unknown }) => ApiErrorSchema.parse(res.json());
const customerUrl = (id: number) => `${apiPaths.customers}/${id}`;
const setTerms = (id: number, wholesale: unknown, as: Session = owner) =>
  t.app.inject({ method: 'PUT', url: customerUrl(id), headers: as.bearer, payload: { wholesale } });
const stockOf = async () =>
  ProductSchema.parse((await t.app.inject({ url: `${apiPaths.products}/${productId}` })).json())
    .stock_quantity;

/** A wholesale buyer with terms set by the owner through the real route. */
async function buyerWithTerms(terms = 'net30', creditLimit = '1000.00') {
  const buyer = await createWholesaleBuyer(t);
  const res = await setTerms(buyer.id, { terms, credit_limit: creditLimit });
  expect(res.statusCode, res.body).toBe(200);
  return buyer;
}

/** Places an order for `quantity` × $20 as the session (or a guest), paying the given way. */
async function placeOrder(
  session: Session | null,
  quantity: number,
  extra: Partial<OrderCreate> = { payment_method: 'invoice' },
) {
  const lines = [{ product_id: productId, quantity }];
  const headers = session?.bearer ?? {};
  const quote = await t.app.inject({
    method: 'POST',
    url: apiPaths.shippingRates,
    headers,
    payload: { ...aBuyer, products: lines },
  });
  const [rate] = quote.json<ShippingRate[]>();
  return t.app.inject({
    method: 'POST',
    url: apiPaths.orders,
    headers,
    payload: {
      customer_id: session?.id ?? 0,
      payment_method: 'stripe',
      billing: { ...aBuyer, email: session?.email ?? aBuyer.email },
      line_items: lines,
      shipping_lines: [{ method_id: rate!.method_id, instance_id: rate!.instance_id }],
      ...extra,
    },
  });
}

const markPaid = (orderId: number, body: object = {}, as: Session | null = owner) =>
  t.app.inject({
    method: 'POST',
    url: `${apiPaths.orders}/${orderId}/invoice-payment`,
    headers: as?.bearer ?? {},
    payload: body,
  });

describe('PUT /wp-json/wc/v3/customers/{id} with wholesale terms', () => {
  it('sets Net 30 and a $1,000 limit, shown to the owner and the buyer, logged', async () => {
    const buyer = await createWholesaleBuyer(t);
    const res = await setTerms(buyer.id, { terms: 'net30', credit_limit: '1000.00' });
    expect(res.statusCode, res.body).toBe(200);
    const terms = { terms: 'net30', credit_limit: '1000.00', balance: '0.00', overdue_invoices: 0 };
    expect(CustomerSchema.parse(res.json()).wholesale).toEqual(terms);

    const own = await t.app.inject({ url: customerUrl(buyer.id), headers: buyer.bearer });
    expect(CustomerSchema.parse(own.json()).wholesale).toEqual(terms);
    const listed = await t.app.inject({
      url: `${apiPaths.customers}?search=${encodeURIComponent(buyer.email)}`,
      headers: owner.bearer,
    });
    expect(CustomerSchema.array().parse(listed.json())[0]?.wholesale).toEqual(terms);

    const entries = await t.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.subjectId, buyer.id));
    const entry = entries.find((row) => row.action === 'customer.terms');
    expect(entry?.summary).toContain('no terms → Net 30, limit $1,000.00');
  });

  it('never shows an account’s terms to another customer', async () => {
    const buyer = await buyerWithTerms();
    const stranger = await createCustomer(t);
    const res = await t.app.inject({ url: customerUrl(buyer.id), headers: stranger.bearer });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('credit_limit');
  });

  it('removes the terms with "none"', async () => {
    const buyer = await buyerWithTerms();
    const res = await setTerms(buyer.id, { terms: 'none' });
    expect(res.statusCode, res.body).toBe(200);
    expect(CustomerSchema.parse(res.json()).wholesale).toMatchObject({
      terms: null,
      credit_limit: null,
    });
  });

  it.each([
    ['a negative limit', { terms: 'net30', credit_limit: '-5.00' }, 'wholesale.credit_limit'],
    [
      'a limit that is not an amount',
      { terms: 'net30', credit_limit: '1e3' },
      'wholesale.credit_limit',
    ],
    ['terms without a limit', { terms: 'net60' }, 'wholesale.credit_limit'],
    ['unknown terms', { terms: 'net45', credit_limit: '100.00' }, 'wholesale.terms'],
    ['no object', 'net30', 'wholesale'],
  ])('400 for %s, naming the field', async (_, body, field) => {
    const buyer = await createWholesaleBuyer(t);
    const res = await setTerms(buyer.id, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'rest_invalid_param', data: { status: 400 } });
    expect(Object.keys(errorOf(res).data.params ?? {})).toEqual([field]);
  });

  it('400 for terms on a retail account, and for other fields sent with them', async () => {
    const retail = await createCustomer(t);
    const res = await setTerms(retail.id, { terms: 'net30', credit_limit: '100.00' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).data.params?.wholesale).toContain('approved wholesale accounts');

    const buyer = await createWholesaleBuyer(t);
    const mixed = await t.app.inject({
      method: 'PUT',
      url: customerUrl(buyer.id),
      headers: owner.bearer,
      payload: { first_name: 'Dana', wholesale: { terms: 'net30', credit_limit: '1.00' } },
    });
    expect(mixed.statusCode).toBe(400);
    expect(errorOf(mixed).data.params).toHaveProperty('first_name');
  });

  it('ignores terms a customer sends for their own account', async () => {
    const buyer = await createWholesaleBuyer(t);
    const res = await setTerms(buyer.id, { terms: 'net60', credit_limit: '99999.00' }, buyer);
    expect(res.statusCode, res.body).toBe(200);
    expect(CustomerSchema.parse(res.json()).wholesale?.terms).toBeNull();
  });
});

describe('POST /wp-json/wc/v3/orders with payment_method "invoice"', () => {
  it('puts the order on hold with its terms, due date and PO number, and takes the stock', async () => {
    const buyer = await buyerWithTerms('net30');
    const before = await stockOf();
    const res = await placeOrder(buyer, 3, {
      payment_method: 'invoice',
      purchase_order_number: ' PO-4471 ',
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = OrderSchema.parse(res.json());
    expect(order).toMatchObject({
      status: 'on-hold',
      payment_method: 'invoice',
      payment_method_title: 'Pay by invoice (Net 30)',
      needs_payment: false,
      date_hold_expires_gmt: null,
      date_paid: null,
    });
    expect(order.invoice).toMatchObject({
      terms: 'net30',
      purchase_order_number: 'PO-4471',
      overdue: false,
    });
    const placed = new Date(`${order.date_created_gmt}Z`).getTime();
    const due = new Date(`${order.invoice!.date_due_gmt}Z`).getTime();
    expect(due - placed).toBe(30 * 86_400_000);
    expect(await stockOf()).toBe(before! - 3);

    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.stockState).toBe('reduced');

    const account = CustomerSchema.parse(
      (await t.app.inject({ url: customerUrl(buyer.id), headers: buyer.bearer })).json(),
    );
    expect(account.wholesale?.balance).toBe(order.total);
  });

  it('emails the confirmation with the invoice PDF attached', async () => {
    const buyer = await buyerWithTerms('net15');
    const order = OrderSchema.parse(
      (
        await placeOrder(buyer, 2, { payment_method: 'invoice', purchase_order_number: 'PO-77' })
      ).json(),
    );
    // Queued with the order and sent once the answer has gone.
    await t.app.afterAnswer.settled();
    const mail = mailTo(t.config.dataDir, buyer.email).find((m) => m.text.includes(`#${order.id}`));
    expect(mail?.text).toContain('Amount due');
    expect(mail?.text).toContain('PO-77');
    expect(mail?.text).toContain('Net 15');
    expect(mail?.attachments).toHaveLength(1);
    const [pdf] = mail!.attachments;
    expect(pdf).toMatchObject({
      filename: `invoice-${order.id}.pdf`,
      contentType: 'application/pdf',
    });
    // PDF_OUT=dir keeps it to look at (pdftoppm -png -r 80).
    if (process.env.PDF_OUT)
      writeFileSync(join(process.env.PDF_OUT, 'invoice-on-account.pdf'), pdf!.content);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf!.content)), {
      mergePages: true,
    });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Terms Net 15');
    expect(flat).toContain('PO number PO-77');
    expect(flat).toMatch(/Due date \w+ \d+, \d{4}/);
    expect(flat).toMatch(/Amount due \$\d+\.\d{2}/);
    expect(flat).toContain('Pay by invoice (Net 15): please pay the amount due');
  });

  it('403 for a guest, a retail customer and a wholesale buyer without terms; nothing is written', async () => {
    const retail = await createCustomer(t);
    const noTerms = await createWholesaleBuyer(t);
    const before = await stockOf();
    for (const session of [null, retail, noTerms]) {
      const res = await placeOrder(session, 1);
      expect(res.statusCode, res.body).toBe(403);
      expect(errorOf(res)).toMatchObject({
        code: 'larder_invoice_unavailable',
        data: { status: 403 },
      });
      expect(errorOf(res).message).toContain('pay by card');
    }
    expect(await stockOf()).toBe(before);
  });

  it('refuses an order that would take the account over its limit, naming the figures', async () => {
    // $20 a bag: two orders of 10 bags ($200 + shipping) pass a $500 limit, a third does not.
    const buyer = await buyerWithTerms('net30', '500.00');
    expect((await placeOrder(buyer, 10)).statusCode).toBe(201);
    expect((await placeOrder(buyer, 10)).statusCode).toBe(201);
    const before = await stockOf();
    const res = await placeOrder(buyer, 10);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('larder_credit_limit_exceeded');
    expect(errorOf(res).message).toContain('credit limit of $500.00');
    expect(await stockOf()).toBe(before);

    // The same order by card is still taken.
    const byCard = await placeOrder(buyer, 10, { payment_method: 'stripe' });
    expect(byCard.statusCode, byCard.body).toBe(201);
  });

  it('two invoice orders placed at once are checked one after the other against the limit', async () => {
    // Each is 15 × $20 plus shipping (over $300): one fits a $500 limit, both do not.
    const buyer = await buyerWithTerms('net30', '500.00');
    const answers = await Promise.all([placeOrder(buyer, 15), placeOrder(buyer, 15)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 403]);
    const refused = answers.find((res) => res.statusCode === 403)!;
    expect(errorOf(refused).code).toBe('larder_credit_limit_exceeded');
  });

  it('refuses an account with an invoice past its due date', async () => {
    const buyer = await buyerWithTerms('net15');
    const first = OrderSchema.parse((await placeOrder(buyer, 1)).json());
    await t.database.db
      .update(orders)
      .set({ dateDue: new Date(Date.now() - 86_400_000) })
      .where(eq(orders.id, first.id));
    const res = await placeOrder(buyer, 1);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toMatchObject({ code: 'larder_invoice_overdue', data: { status: 403 } });
    expect(errorOf(res).message).toContain('past due');

    const account = CustomerSchema.parse(
      (await t.app.inject({ url: customerUrl(buyer.id), headers: buyer.bearer })).json(),
    );
    expect(account.wholesale?.overdue_invoices).toBe(1);
    const shown = OrderSchema.parse(
      (await t.app.inject({ url: `${apiPaths.orders}/${first.id}`, headers: buyer.bearer })).json(),
    );
    expect(shown.invoice?.overdue).toBe(true);
  });

  it('400 for a purchase order number over 40 characters', async () => {
    const buyer = await buyerWithTerms();
    const res = await placeOrder(buyer, 1, {
      payment_method: 'invoice',
      purchase_order_number: 'P'.repeat(41),
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).data.params).toHaveProperty('purchase_order_number');
  });
});

describe('POST /wp-json/wc/v3/orders/{id}/invoice-payment', () => {
  it('marks the invoice paid: processing, the day and reference kept, a note and a log entry', async () => {
    const buyer = await buyerWithTerms();
    const order = OrderSchema.parse((await placeOrder(buyer, 2)).json());
    const res = await markPaid(order.id, { date_paid: '2026-01-15', reference: 'Cheque 1042' });
    expect(res.statusCode, res.body).toBe(200);
    const paid = OwnerOrderSchema.parse(res.json());
    expect(paid).toMatchObject({
      status: 'processing',
      transaction_id: 'Cheque 1042',
      date_paid_gmt: '2026-01-15T12:00:00',
    });
    expect(paid.invoice).toMatchObject({ payment_reference: 'Cheque 1042', overdue: false });

    const notes = await t.app.inject({
      url: `${apiPaths.orders}/${order.id}/notes`,
      headers: owner.bearer,
    });
    expect(notes.body).toContain('Invoice paid on 2026-01-15 (reference Cheque 1042).');
    const entries = await t.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.subjectId, order.id));
    expect(entries.map((entry) => entry.action)).toContain('order.invoice_paid');

    const account = CustomerSchema.parse(
      (await t.app.inject({ url: customerUrl(buyer.id), headers: buyer.bearer })).json(),
    );
    expect(account.wholesale?.balance).toBe('0.00');
  });

  it('409 when marked paid twice, for a card order, and for a cancelled invoice', async () => {
    const buyer = await buyerWithTerms();
    const order = OrderSchema.parse((await placeOrder(buyer, 1)).json());
    expect((await markPaid(order.id)).statusCode).toBe(200);
    const twice = await markPaid(order.id);
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice)).toMatchObject({ code: 'larder_invoice_not_payable' });
    expect(errorOf(twice).message).toContain('marked paid already');

    const byCard = OrderSchema.parse(
      (await placeOrder(buyer, 1, { payment_method: 'stripe' })).json(),
    );
    expect((await markPaid(byCard.id)).statusCode).toBe(409);

    const cancelled = OrderSchema.parse((await placeOrder(buyer, 1)).json());
    const cancel = await t.app.inject({
      method: 'PUT',
      url: `${apiPaths.orders}/${cancelled.id}`,
      headers: owner.bearer,
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await markPaid(cancelled.id)).statusCode).toBe(409);
  });

  it('an invoice order shipped before payment stays owed until it is marked paid', async () => {
    const buyer = await buyerWithTerms();
    const order = OrderSchema.parse((await placeOrder(buyer, 1)).json());
    const shipped = await t.app.inject({
      method: 'PUT',
      url: `${apiPaths.orders}/${order.id}`,
      headers: owner.bearer,
      payload: { status: 'completed', shipment: { carrier: 'ups', tracking_number: '1Z999' } },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const balance = async () =>
      CustomerSchema.parse(
        (await t.app.inject({ url: customerUrl(buyer.id), headers: buyer.bearer })).json(),
      ).wholesale?.balance;
    expect(await balance()).toBe(order.total);

    const res = await markPaid(order.id, { reference: 'Cheque 7' });
    expect(res.statusCode, res.body).toBe(200);
    expect(OwnerOrderSchema.parse(res.json())).toMatchObject({
      status: 'completed',
      transaction_id: 'Cheque 7',
    });
    expect(OwnerOrderSchema.parse(res.json()).date_paid_gmt).not.toBeNull();
    expect(await balance()).toBe('0.00');
  });

  it('400 for a payment dated after today; 404 for an unknown order', async () => {
    const buyer = await buyerWithTerms();
    const order = OrderSchema.parse((await placeOrder(buyer, 1)).json());
    const future = await markPaid(order.id, { date_paid: '2999-01-01' });
    expect(future.statusCode).toBe(400);
    expect(errorOf(future).data.params).toHaveProperty('date_paid');
    expect((await markPaid(2_000_000_000)).statusCode).toBe(404);
  });

  it('only owners: 401 for a guest, 403 for the buyer', async () => {
    const buyer = await buyerWithTerms();
    const order = OrderSchema.parse((await placeOrder(buyer, 1)).json());
    expect((await markPaid(order.id, {}, null)).statusCode).toBe(401);
    expect((await markPaid(order.id, {}, buyer)).statusCode).toBe(403);
  });

  it('an unpaid invoice cannot be moved to processing by a plain status change', async () => {
    const buyer = await buyerWithTerms();
    const order = OrderSchema.parse((await placeOrder(buyer, 1)).json());
    const res = await t.app.inject({
      method: 'PUT',
      url: `${apiPaths.orders}/${order.id}`,
      headers: owner.bearer,
      payload: { status: 'processing' },
    });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toContain('mark the invoice paid');
  });
});

describe('GET /wp-json/wc/v3/orders?invoice=', () => {
  it('lists unpaid invoices, and only the overdue ones with invoice=overdue', async () => {
    const buyer = await buyerWithTerms('net30', '5000.00');
    const current = OrderSchema.parse((await placeOrder(buyer, 1)).json());
    const late = OrderSchema.parse((await placeOrder(buyer, 1)).json());
    const settled = OrderSchema.parse((await placeOrder(buyer, 1)).json());
    await markPaid(settled.id);
    await t.database.db
      .update(orders)
      .set({ dateDue: new Date(Date.now() - 86_400_000) })
      .where(eq(orders.id, late.id));
    const ids = async (filter: string) =>
      OwnerOrderSchema.array()
        .parse(
          (
            await t.app.inject({
              url: `${apiPaths.orders}?customer=${buyer.id}&invoice=${filter}`,
              headers: owner.bearer,
            })
          ).json(),
        )
        .map((order) => order.id);
    expect(await ids('unpaid')).toEqual([late.id, current.id]);
    expect(await ids('overdue')).toEqual([late.id]);
  });
});
