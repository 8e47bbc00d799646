import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, OrderSchema, type Order, type ShippingRate } from '@larder/contract';
import { orders } from '../../db/schema.ts';
import { createServices } from '../../services.ts';
import { createProduct, createWholesaleBuyer } from '../../../test/factories.ts';
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

/** The shop's services as another API process builds them: same database, same outbox. */
const aProcess = () => createServices({ config: t.config, db: t.database.db, log: t.app.log });

/** An approved buyer on Net 30 places an invoice order for two bags through the real routes. */
async function invoiceOrder(po = 'PO-5120'): Promise<{ buyer: Session; order: Order }> {
  const buyer = await createWholesaleBuyer(t);
  const terms = await t.app.inject({
    method: 'PUT',
    url: `${apiPaths.customers}/${buyer.id}`,
    headers: owner.bearer,
    payload: { wholesale: { terms: 'net30', credit_limit: '1000.00' } },
  });
  expect(terms.statusCode, terms.body).toBe(200);
  const lines = [{ product_id: productId, quantity: 2 }];
  const [rate] = (
    await t.app.inject({
      method: 'POST',
      url: apiPaths.shippingRates,
      headers: buyer.bearer,
      payload: { ...aBuyer, products: lines },
    })
  ).json<ShippingRate[]>();
  const res = await t.app.inject({
    method: 'POST',
    url: apiPaths.orders,
    headers: buyer.bearer,
    payload: {
      customer_id: buyer.id,
      payment_method: 'invoice',
      purchase_order_number: po,
      billing: { ...aBuyer, company: 'Corner Pantry Co', email: buyer.email },
      line_items: lines,
      shipping_lines: [{ method_id: rate!.method_id, instance_id: rate!.instance_id }],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { buyer, order: OrderSchema.parse(res.json()) };
}

const dueAt = (order: Order) => new Date(`${order.invoice!.date_due_gmt}Z`);
const dayAfterDue = (order: Order) => new Date(dueAt(order).getTime() + 86_400_000);
const remindersTo = (buyer: Session, order: Order) =>
  mailTo(t.config.dataDir, buyer.email).filter(
    (mail) =>
      mail.headers.subject?.startsWith(`Reminder: `) &&
      mail.headers.subject.includes(`#${order.number}`),
  );
const ownerNotices = (order: Order) =>
  mailTo(t.config.dataDir, t.config.shopOwnerEmail).filter((mail) =>
    mail.headers.subject?.startsWith(`Invoice overdue: order #${order.number},`),
  );

describe('overdue invoice reminders', () => {
  it('reminds the buyer once, with the invoice attached, and tells the owner, however often it runs', async () => {
    const { buyer, order } = await invoiceOrder();
    const shop = aProcess();
    await shop.invoiceReminders.sendDue(dayAfterDue(order));
    await shop.invoiceReminders.sendDue(new Date(dayAfterDue(order).getTime() + 3_600_000));

    const reminders = remindersTo(buyer, order);
    expect(reminders).toHaveLength(1);
    const [mail] = reminders;
    expect(mail!.headers.subject).toMatch(
      new RegExp(`^Reminder: .+ invoice for order #${order.number} was due \\w+ \\d+, \\d{4}$`),
    );
    const text = mail!.text.replace(/\s+/g, ' ');
    expect(mail!.html).toContain('Your invoice is past due');
    expect(text).toContain(`Amount due: $${order.total}`);
    expect(text).toContain('Purchase order: PO-5120');
    expect(text).toContain('Net 30');
    expect(text).toContain(`quoting invoice no. ${order.number} and PO PO-5120`);
    expect(mail!.attachments).toHaveLength(1);
    expect(mail!.attachments[0]).toMatchObject({
      filename: `invoice-${order.number}.pdf`,
      contentType: 'application/pdf',
    });
    expect(mail!.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
    // EMAIL_OUT=dir keeps the HTML to look at in a browser.
    if (process.env.EMAIL_OUT)
      writeFileSync(join(process.env.EMAIL_OUT, 'invoice-overdue.html'), mail!.html);

    const notices = ownerNotices(order);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain('Corner Pantry Co has not paid invoice no.');
    expect(notices[0]!.text).toContain(`/admin/orders/${order.id}`);
    expect(notices[0]!.headers['reply-to']).toContain(buyer.email);

    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.overdueRemindedAt?.getTime()).toBe(dayAfterDue(order).getTime());
  });

  it('sends one reminder when two processes run at the same moment', async () => {
    const { buyer, order } = await invoiceOrder('PO-RACE');
    const [first, second] = [aProcess(), aProcess()];
    const at = dayAfterDue(order);
    await Promise.all([first.invoiceReminders.sendDue(at), second.invoiceReminders.sendDue(at)]);
    await Promise.all([first.invoiceReminders.sendDue(at), second.invoiceReminders.sendDue(at)]);
    expect(remindersTo(buyer, order)).toHaveLength(1);
    expect(ownerNotices(order)).toHaveLength(1);
  });

  it('sends nothing for an invoice not yet due, nor for one the owner marked paid', async () => {
    const early = await invoiceOrder('PO-EARLY');
    const paid = await invoiceOrder('PO-PAID');
    const shop = aProcess();
    await shop.invoiceReminders.sendDue(new Date(dueAt(early.order).getTime() - 60_000));
    expect(remindersTo(early.buyer, early.order)).toHaveLength(0);

    const payment = await t.app.inject({
      method: 'POST',
      url: `${apiPaths.orders}/${paid.order.id}/invoice-payment`,
      headers: owner.bearer,
      payload: { reference: 'Cheque 2201' },
    });
    expect(payment.statusCode, payment.body).toBe(200);
    await shop.invoiceReminders.sendDue(dayAfterDue(paid.order));
    expect(remindersTo(paid.buyer, paid.order)).toHaveLength(0);
    expect(ownerNotices(paid.order)).toHaveLength(0);
    // The early one is reminded once it is past due.
    await shop.invoiceReminders.sendDue(dayAfterDue(early.order));
    expect(remindersTo(early.buyer, early.order)).toHaveLength(1);
  });
});
