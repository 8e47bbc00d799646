import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiErrorSchema,
  apiPaths,
  OrderNoteSchema,
  OrderRefundSchema,
  OwnerOrderSchema,
  ProductSchema,
  type Order,
} from '@larder/contract';
import { activityLog } from '../../db/schema.ts';
import { createOrder, createProduct } from '../../../test/factories.ts';
import { mailTo } from '../../../test/outbox.ts';
import { signedInCustomer, type Session } from '../../../test/sessions.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let owner: Session;
let buyer: Session;
let productId: number;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signedInCustomer(t.app, t.database.db, { name: 'owner', role: 'administrator' });
  buyer = await signedInCustomer(t.app, t.database.db, { name: 'buyer' });
  productId = (await createProduct(t, { regular_price: '20.00', stock_quantity: 50 })).id;
});
afterAll(() => t.close());

const asOwner = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: owner.bearer, ...(payload ? { payload } : {}) });
const paidOrder = (quantity = 1) =>
  createOrder(t.app, [{ product_id: productId, quantity }], { as: buyer, paid: true });
const ownerOrder = async (id: number) =>
  OwnerOrderSchema.parse((await asOwner('GET', `${apiPaths.orders}/${id}`)).json());
const errorOf = (res: { json(): unknown }) => ApiErrorSchema.parse(res.json());
const stockOf = async (id: number) =>
  ProductSchema.parse((await t.app.inject({ url: `${apiPaths.products}/${id}` })).json())
    .stock_quantity;
const entriesFor = (orderId: number) =>
  t.database.db.select().from(activityLog).where(eq(activityLog.subjectId, orderId));
const notesOf = async (orderId: number) =>
  OrderNoteSchema.array().parse(
    (await asOwner('GET', `${apiPaths.orders}/${orderId}/notes`)).json(),
  );

describe('PUT /wp-json/wc/v3/orders/{id}', () => {
  it('completes with a shipment: stores it, notes it, logs it and emails the UPS tracking link', async () => {
    const order = await paidOrder();
    const res = await asOwner('PUT', `${apiPaths.orders}/${order.id}`, {
      status: 'completed',
      shipment: { carrier: 'ups', tracking_number: '1Z999AA10123456784' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = OwnerOrderSchema.parse(res.json());
    expect(updated.status).toBe('completed');
    expect(updated.shipment).toMatchObject({
      carrier: 'ups',
      tracking_number: '1Z999AA10123456784',
      tracking_url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    });
    const notes = (await notesOf(order.id)).map((note) => note.note);
    expect(notes).toContain('Order status changed from Processing to Completed.');
    expect(notes).toContain('Shipped with UPS, tracking number 1Z999AA10123456784.');
    const actions = (await entriesFor(order.id)).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['order.status', 'order.fulfilled']));
    const mail = mailTo(t.config.dataDir, buyer.email).find((m) =>
      m.text.includes('1Z999AA10123456784'),
    );
    expect(mail?.text).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');
  });

  it('adds a shipment to a completed order; "other" carriers have a number but no link', async () => {
    const order = await paidOrder();
    expect(
      (await asOwner('PUT', `${apiPaths.orders}/${order.id}`, { status: 'completed' })).statusCode,
    ).toBe(200);
    // Completed without a shipment: the buyer hears it is complete.
    expect(
      mailTo(t.config.dataDir, buyer.email).some(
        (mail) => mail.headers.subject?.endsWith(`order #${order.id} is complete`) ?? false,
      ),
    ).toBe(true);
    const res = await asOwner('PUT', `${apiPaths.orders}/${order.id}`, {
      shipment: { carrier: 'other', tracking_number: 'LOCAL-77' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(OwnerOrderSchema.parse(res.json()).shipment).toMatchObject({
      carrier: 'other',
      tracking_url: '',
    });
    const mail = mailTo(t.config.dataDir, buyer.email).find((m) => m.text.includes('LOCAL-77'));
    expect(mail?.text).not.toContain('Track your parcel');
  });

  it('refuses a shipment on an order that is not completed, and with another status', async () => {
    const order = await paidOrder();
    const alone = await asOwner('PUT', `${apiPaths.orders}/${order.id}`, {
      shipment: { carrier: 'usps', tracking_number: '9400' },
    });
    expect(alone.statusCode).toBe(409);
    const withHold = await asOwner('PUT', `${apiPaths.orders}/${order.id}`, {
      status: 'on-hold',
      shipment: { carrier: 'usps', tracking_number: '9400' },
    });
    expect(withHold.statusCode).toBe(400);
    expect((await ownerOrder(order.id)).shipment).toBeNull();
  });

  it('puts on hold and back, and refuses a move the rules forbid with 409 and the reason', async () => {
    const order = await paidOrder();
    const hold = await asOwner('PUT', `${apiPaths.orders}/${order.id}`, { status: 'on-hold' });
    expect(OwnerOrderSchema.parse(hold.json()).status).toBe('on-hold');
    const back = await asOwner('PUT', `${apiPaths.orders}/${order.id}`, { status: 'processing' });
    expect(OwnerOrderSchema.parse(back.json()).status).toBe('processing');
    expect((await notesOf(order.id)).map((note) => note.note)).toContain(
      'Order status changed from On hold to Processing.',
    );
    await asOwner('PUT', `${apiPaths.orders}/${order.id}`, { status: 'completed' });
    const cancel = await asOwner('PUT', `${apiPaths.orders}/${order.id}`, {
      status: 'cancelled',
    });
    expect(cancel.statusCode).toBe(409);
    expect(errorOf(cancel)).toMatchObject({
      code: 'larder_invalid_status_change',
      message: expect.stringContaining('refund it instead'),
    });
  });

  it('cancelling gives the sold stock back once, and the catalogue shows it at once', async () => {
    const before = await stockOf(productId);
    const order = await paidOrder(3);
    expect(await stockOf(productId)).toBe(before! - 3);
    const res = await asOwner('PUT', `${apiPaths.orders}/${order.id}`, { status: 'cancelled' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stockOf(productId)).toBe(before);
    const again = await asOwner('PUT', `${apiPaths.orders}/${order.id}`, { status: 'cancelled' });
    expect(again.statusCode).toBe(409);
    expect(await stockOf(productId)).toBe(before);
  });

  it('cancelling an unpaid order gives its held stock back', async () => {
    const before = await stockOf(productId);
    const order = await createOrder(t.app, [{ product_id: productId, quantity: 2 }], {
      as: buyer,
    });
    expect(await stockOf(productId)).toBe(before! - 2);
    const res = await asOwner('PUT', `${apiPaths.orders}/${order.id}`, { status: 'cancelled' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stockOf(productId)).toBe(before);
    expect((await notesOf(order.id)).map((note) => note.note)).toContain(
      'Order status changed from Pending payment to Canceled.',
    );
  });

  it('answers 404 for an unknown order, 400 for an empty update, 403 for a customer', async () => {
    expect(
      (await asOwner('PUT', `${apiPaths.orders}/999999`, { status: 'completed' })).statusCode,
    ).toBe(404);
    const order = await paidOrder();
    expect((await asOwner('PUT', `${apiPaths.orders}/${order.id}`, {})).statusCode).toBe(400);
    const customer = await t.app.inject({
      method: 'PUT',
      url: `${apiPaths.orders}/${order.id}`,
      headers: buyer.bearer,
      payload: { status: 'cancelled' },
    });
    expect(customer.statusCode).toBe(403);
    expect((await ownerOrder(order.id)).status).toBe('processing');
  });
});

describe('order notes', () => {
  it('keeps a private note from the buyer and emails a customer note', async () => {
    const order = await paidOrder();
    const secret = await asOwner('POST', `${apiPaths.orders}/${order.id}/notes`, {
      note: 'Packed by Sam, checked twice.',
    });
    expect(secret.statusCode, secret.body).toBe(201);
    expect(OrderNoteSchema.parse(secret.json())).toMatchObject({
      customer_note: false,
      author: 'Robin Oats',
    });
    const shared = await asOwner('POST', `${apiPaths.orders}/${order.id}/notes`, {
      note: 'Your granola ships Monday.',
      customer_note: true,
    });
    expect(shared.statusCode).toBe(201);
    const mails = mailTo(t.config.dataDir, buyer.email);
    expect(mails.some((mail) => mail.text.includes('Your granola ships Monday.'))).toBe(true);
    expect(mails.some((mail) => mail.text.includes('Packed by Sam'))).toBe(false);
    expect((await notesOf(order.id)).map((note) => note.note).slice(0, 2)).toEqual([
      'Your granola ships Monday.',
      'Packed by Sam, checked twice.',
    ]);
    expect((await entriesFor(order.id)).filter((e) => e.action === 'order.note')).toHaveLength(2);
  });

  it('refuses an empty note (400) and a note on an unknown order (404)', async () => {
    const order = await paidOrder();
    const empty = await asOwner('POST', `${apiPaths.orders}/${order.id}/notes`, { note: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).data.params).toHaveProperty('note');
    const unknown = await asOwner('POST', `${apiPaths.orders}/999999/notes`, { note: 'hi' });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('refunds (test provider)', () => {
  const refund = (order: Order, payload: object) =>
    asOwner('POST', `${apiPaths.orders}/${order.id}/refunds`, payload);

  it('refunds part, then the rest moves the order to refunded; never more than is left', async () => {
    const order = await paidOrder(2);
    const totalCents = Math.round(Number(order.total) * 100);
    const part = await refund(order, { amount: '5.25', reason: 'One bag arrived open' });
    expect(part.statusCode, part.body).toBe(201);
    expect(OrderRefundSchema.parse(part.json())).toMatchObject({
      amount: '5.25',
      refunded_payment: true,
      refunded_by: owner.id,
    });
    expect((await ownerOrder(order.id)).status).toBe('processing');

    const tooMuch = await refund(order, { amount: (totalCents / 100).toFixed(2) });
    expect(tooMuch.statusCode).toBe(409);
    expect(errorOf(tooMuch).code).toBe('larder_refund_too_large');

    const rest = await refund(order, { amount: ((totalCents - 525) / 100).toFixed(2) });
    expect(rest.statusCode, rest.body).toBe(201);
    const refunded = await ownerOrder(order.id);
    expect(refunded.status).toBe('refunded');
    expect(refunded.refunds.map((entry) => entry.total).sort()).toEqual(
      ['-5.25', `-${((totalCents - 525) / 100).toFixed(2)}`].sort(),
    );
    const listed = OrderRefundSchema.array().parse(
      (await asOwner('GET', `${apiPaths.orders}/${order.id}/refunds`)).json(),
    );
    expect(listed).toHaveLength(2);
    expect((await notesOf(order.id)).some((note) => note.note.startsWith('Refunded $5.25'))).toBe(
      true,
    );
    expect((await entriesFor(order.id)).filter((e) => e.action === 'order.refund')).toHaveLength(2);
    expect(
      mailTo(t.config.dataDir, buyer.email).some((mail) => mail.text.includes('refunded $5.25')),
    ).toBe(true);

    const more = await refund(order, { amount: '0.01' });
    expect(more.statusCode).toBe(409);
    expect(errorOf(more).code).toBe('larder_not_refundable');
  });

  // On PostgreSQL the two requests really overlap; the order row's lock makes the second wait and
  // then see the first refund, so together they never give back more than was paid.
  it('two refunds of the whole order sent at once: one passes, the other is refused', async () => {
    const order = await paidOrder();
    const results = await Promise.all([
      refund(order, { amount: order.total }),
      refund(order, { amount: order.total }),
    ]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    const listed = OrderRefundSchema.array().parse(
      (await asOwner('GET', `${apiPaths.orders}/${order.id}/refunds`)).json(),
    );
    expect(listed.map((entry) => entry.amount)).toEqual([order.total]);
    expect((await ownerOrder(order.id)).status).toBe('refunded');
  });

  it('refuses an unpaid order, a zero amount and a malformed one', async () => {
    const unpaid = await createOrder(t.app, [{ product_id: productId, quantity: 1 }], {
      as: buyer,
    });
    expect((await refund(unpaid, { amount: '1.00' })).statusCode).toBe(409);
    const order = await paidOrder();
    expect((await refund(order, { amount: '0.00' })).statusCode).toBe(400);
    expect((await refund(order, { amount: '1.005' })).statusCode).toBe(400);
    expect((await refund(order, { amount: '-1' })).statusCode).toBe(400);
  });

  it('an order marked paid by hand cannot be refunded through a provider, only recorded', async () => {
    const order = await createOrder(t.app, [{ product_id: productId, quantity: 1 }], {
      as: buyer,
    });
    const paid = await asOwner('PUT', `${apiPaths.orders}/${order.id}`, { status: 'processing' });
    expect(paid.statusCode, paid.body).toBe(200);
    const through = await refund(order, { amount: '1.00' });
    expect(through.statusCode).toBe(409);
    expect(errorOf(through).code).toBe('larder_refund_not_through_provider');
    expect(
      OrderRefundSchema.array().parse(
        (await asOwner('GET', `${apiPaths.orders}/${order.id}/refunds`)).json(),
      ),
    ).toEqual([]);
    const recorded = await refund(order, { amount: '1.00', api_refund: false });
    expect(recorded.statusCode, recorded.body).toBe(201);
  });

  it('records a refund made outside the shop with api_refund false', async () => {
    const order = await paidOrder();
    const res = await refund(order, { amount: '1.00', api_refund: false, reason: 'Cash back' });
    expect(res.statusCode, res.body).toBe(201);
    expect(OrderRefundSchema.parse(res.json()).refunded_payment).toBe(false);
  });
});
