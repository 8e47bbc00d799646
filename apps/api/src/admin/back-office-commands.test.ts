import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  apiPaths,
  OrderNoteSchema,
  OrderRefundSchema,
  OwnerOrderSchema,
  ProductSchema,
  type Order,
} from '@larder/contract';
import type { Config } from '../config.ts';
import { activityLog, customers, productVariations } from '../db/schema.ts';
import {
  createOrder,
  createProduct,
  createVariableProduct,
  uniqueName,
} from '../../test/factories.ts';
import { mailTo } from '../../test/outbox.ts';
import { signedInCustomer, type Session } from '../../test/sessions.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { runAdmin } from './cli.ts';
import { createAdminContext } from './context.ts';

// The command line's versions of the back office's actions: the same services, so the same order
// notes, activity entries, emails and rules as the routes of order-management and catalog.

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

/** Runs one command line against the test database, as `npm run admin -- …` would. */
const admin = (...argv: string[]) => adminWith(t.config, ...argv);

async function adminWith(config: Config, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const context = createAdminContext(config, t.database.db);
  const code = await runAdmin(argv, {
    io: { out: (text) => out.push(text), err: (text) => err.push(text) },
    open: async () => ({ context, close: async () => undefined }),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const paidOrder = (quantity = 1) =>
  createOrder(t.app, [{ product_id: productId, quantity }], { as: buyer, paid: true });
const ownerGet = (url: string) => t.app.inject({ url, headers: owner.bearer });
const ownerOrder = async (id: number) =>
  OwnerOrderSchema.parse((await ownerGet(`${apiPaths.orders}/${id}`)).json());
const notesOf = async (id: number) =>
  OrderNoteSchema.array()
    .parse((await ownerGet(`${apiPaths.orders}/${id}/notes`)).json())
    .map((note) => note.note);
const refundsOf = async (id: number) =>
  OrderRefundSchema.array().parse((await ownerGet(`${apiPaths.orders}/${id}/refunds`)).json());
/** The activity log's entries about one subject: [action, who, summary]. */
const activityOf = async (subjectType: string, subjectId: number) =>
  (
    await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectType, subjectType), eq(activityLog.subjectId, subjectId)))
      .orderBy(activityLog.id)
  ).map((entry) => [entry.action, entry.actorName, entry.summary]);
const cents = (order: Order) => Math.round(Number(order.total) * 100);
const dollars = (amountCents: number) => `$${(amountCents / 100).toFixed(2)}`;

describe('orders fulfil', () => {
  it('completes a paid order with its shipment, notes and logs it, and emails the UPS tracking link', async () => {
    const order = await paidOrder();
    const res = await admin(
      'orders',
      'fulfil',
      String(order.id),
      '--carrier',
      'ups',
      '--tracking',
      '1Z999AA10123456784',
    );
    expect(res).toEqual({
      code: 0,
      out: [
        `Order #${order.id}: processing → completed, shipped with UPS, tracking number 1Z999AA10123456784.`,
        'Tracking: https://www.ups.com/track?tracknum=1Z999AA10123456784',
        `Emailed ${buyer.email} the tracking link.`,
      ].join('\n'),
      err: '',
    });
    expect(await ownerOrder(order.id)).toMatchObject({
      status: 'completed',
      shipment: { carrier: 'ups', tracking_number: '1Z999AA10123456784' },
    });
    expect(await notesOf(order.id)).toEqual(
      expect.arrayContaining([
        'Order status changed from Processing to Completed.',
        'Shipped with UPS, tracking number 1Z999AA10123456784.',
      ]),
    );
    expect(await activityOf('order', order.id)).toEqual([
      ['order.status', 'Command line', `Order #${order.id}: Processing → Completed`],
      [
        'order.fulfilled',
        'Command line',
        `Order #${order.id} marked fulfilled (UPS 1Z999AA10123456784)`,
      ],
    ]);
    const mail = mailTo(t.config.dataDir, buyer.email).find((m) =>
      m.text.includes('1Z999AA10123456784'),
    );
    expect(mail?.text).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');
  });

  it('adds a shipment to a completed order; carrier other sends the number without a link', async () => {
    const order = await paidOrder();
    expect(await admin('orders', 'set-status', String(order.id), 'completed')).toMatchObject({
      code: 0,
    });
    const res = await admin(
      'orders',
      'fulfil',
      String(order.id),
      '--carrier',
      'other',
      '--tracking',
      'LOCAL-77',
    );
    expect(res).toEqual({
      code: 0,
      out: [
        `Order #${order.id}: completed, shipped, tracking number LOCAL-77.`,
        `Emailed ${buyer.email} the tracking number.`,
      ].join('\n'),
      err: '',
    });
    expect((await ownerOrder(order.id)).shipment).toMatchObject({
      carrier: 'other',
      tracking_number: 'LOCAL-77',
      tracking_url: '',
    });
    expect(mailTo(t.config.dataDir, buyer.email).some((m) => m.text.includes('LOCAL-77'))).toBe(
      true,
    );
  });

  it('refuses a missing or unknown carrier, a missing or overlong number, an unknown or unpaid order', async () => {
    const unpaid = await createOrder(t.app, [{ product_id: productId, quantity: 1 }], {
      as: buyer,
    });
    const id = String(unpaid.id);
    expect(await admin('orders', 'fulfil', id, '--tracking', '1Z')).toMatchObject({
      code: 1,
      err: '--carrier is required.',
    });
    expect(
      await admin('orders', 'fulfil', id, '--carrier', 'royalmail', '--tracking', '1Z'),
    ).toMatchObject({
      code: 1,
      err: '--carrier must be one of: usps, ups, fedex, dhl, other (got "royalmail").',
    });
    expect(await admin('orders', 'fulfil', id, '--carrier', 'ups')).toMatchObject({
      code: 1,
      err: '--tracking is required.',
    });
    expect(
      await admin('orders', 'fulfil', id, '--carrier', 'ups', '--tracking', 'X'.repeat(101)),
    ).toMatchObject({ code: 1, err: expect.stringMatching(/^--tracking: /) });
    expect(
      await admin('orders', 'fulfil', '999999', '--carrier', 'ups', '--tracking', '1Z'),
    ).toMatchObject({ code: 1, err: 'There is no order #999999.' });
    expect(
      await admin('orders', 'fulfil', id, '--carrier', 'dhl', '--tracking', 'JD0146'),
    ).toMatchObject({
      code: 1,
      err: `Order #${unpaid.id} is pending: only a paid (processing) order can be completed.`,
    });
    // Nothing of the refused fulfilment was kept, and the buyer heard nothing of it.
    expect(await ownerOrder(unpaid.id)).toMatchObject({ status: 'pending', shipment: null });
    expect(await activityOf('order', unpaid.id)).toEqual([]);
    expect(mailTo(t.config.dataDir, buyer.email).some((m) => m.text.includes('JD0146'))).toBe(
      false,
    );
  });
});

describe('an email that cannot be sent', () => {
  it('the change stands, and the command says the buyer was not emailed and exits 1', async () => {
    // Nothing listens on port 9: the mailer's connection is refused, and the service logs it.
    const noMail = { ...t.config, smtpUrl: 'smtp://127.0.0.1:9' };
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const order = await paidOrder();
      const res = await adminWith(
        noMail,
        'orders',
        'fulfil',
        String(order.id),
        '--carrier',
        'usps',
        '--tracking',
        '9400100000000000000000',
      );
      expect(res).toMatchObject({
        code: 1,
        out: expect.stringContaining('processing → completed, shipped with USPS'),
        err: `The order is fulfilled, but the email to ${buyer.email} could not be sent. Send the buyer a note yourself, or check SMTP_URL and try later.`,
      });
      expect(res.out).not.toContain('Emailed');
      expect(logged).toHaveBeenCalled();
      expect(await ownerOrder(order.id)).toMatchObject({
        status: 'completed',
        shipment: { carrier: 'usps', tracking_number: '9400100000000000000000' },
      });
    } finally {
      logged.mockRestore();
    }
  });
});

describe('orders refund', () => {
  it('refunds part through the provider, then the rest, which marks the order refunded', async () => {
    const order = await paidOrder(2);
    const total = cents(order);
    const part = await admin(
      'orders',
      'refund',
      String(order.id),
      '--amount',
      '5.25',
      '--reason',
      'One bag arrived open',
    );
    expect(part).toEqual({
      code: 0,
      out: [
        `Refunded $5.25 of order #${order.id} through the built-in test provider (no money moved).`,
        `${dollars(total - 525)} of order #${order.id} is left to refund.`,
        `Emailed ${buyer.email} about the refund.`,
      ].join('\n'),
      err: '',
    });
    expect((await ownerOrder(order.id)).status).toBe('processing');
    const refundMail = mailTo(t.config.dataDir, buyer.email).find((m) =>
      m.text.includes('refunded $5.25'),
    );
    expect(refundMail?.text).toContain('One bag arrived open');

    // No amount: all that is left.
    const rest = await admin('orders', 'refund', String(order.id));
    expect(rest).toMatchObject({
      code: 0,
      out: expect.stringContaining(
        `Refunded ${dollars(total - 525)} of order #${order.id} through the built-in test provider`,
      ),
    });
    expect(rest.out).toContain(`Order #${order.id} is refunded in full: processing → refunded.`);
    expect((await ownerOrder(order.id)).status).toBe('refunded');
    expect((await refundsOf(order.id)).map((refund) => refund.amount).sort()).toEqual(
      ['5.25', (total / 100 - 5.25).toFixed(2)].sort(),
    );
    expect((await refundsOf(order.id)).every((refund) => refund.refunded_payment)).toBe(true);
    expect(await notesOf(order.id)).toEqual(
      expect.arrayContaining([
        'Refunded $5.25 through Credit Card (Stripe): One bag arrived open',
        'Order status changed from Processing to Refunded.',
      ]),
    );
    expect(await activityOf('order', order.id)).toEqual([
      ['order.refund', 'Command line', `Order #${order.id}: refunded $5.25`],
      ['order.refund', 'Command line', `Order #${order.id}: refunded ${dollars(total - 525)}`],
      ['order.status', 'Command line', `Order #${order.id}: Processing → Refunded`],
    ]);

    expect(await admin('orders', 'refund', String(order.id))).toMatchObject({
      code: 1,
      err: `Order #${order.id} has been refunded in full already.`,
    });
    expect(await admin('orders', 'refund', String(order.id), '--amount', '1')).toMatchObject({
      code: 1,
      err: `Order #${order.id} has been refunded in full already.`,
    });
    expect(await refundsOf(order.id)).toHaveLength(2);
  });

  it('refuses more than is left, a malformed or zero amount, an unknown or unpaid order, and records nothing', async () => {
    const order = await paidOrder();
    const total = cents(order);
    expect(
      await admin('orders', 'refund', String(order.id), '--amount', ((total + 1) / 100).toFixed(2)),
    ).toMatchObject({
      code: 1,
      err: `At most ${dollars(total)} of order #${order.id} is left to refund ($0.00 of ${dollars(total)} already refunded).`,
    });
    expect(await admin('orders', 'refund', String(order.id), '--amount', '12.555')).toMatchObject({
      code: 1,
      err: '--amount: "12.555" is not an amount: write dollars with up to two decimals, such as 12.50 or 7.5.',
    });
    expect(await admin('orders', 'refund', String(order.id), '--amount', '0')).toMatchObject({
      code: 1,
      err: expect.stringContaining('amount: Enter an amount above 0.00.'),
    });
    expect(await admin('orders', 'refund', '999999')).toMatchObject({
      code: 1,
      err: 'There is no order #999999.',
    });
    const unpaid = await createOrder(t.app, [{ product_id: productId, quantity: 1 }], {
      as: buyer,
    });
    expect(await admin('orders', 'refund', String(unpaid.id))).toMatchObject({
      code: 1,
      err: `Order #${unpaid.id} is pending and was never paid, so there is nothing to refund.`,
    });
    expect(await refundsOf(order.id)).toEqual([]);
    expect(await refundsOf(unpaid.id)).toEqual([]);
    expect(await activityOf('order', order.id)).toEqual([]);
    expect((await ownerOrder(order.id)).status).toBe('processing');
  });

  it('an order paid outside the checkout is refunded with --record-only, as the back office records it', async () => {
    const order = await createOrder(t.app, [{ product_id: productId, quantity: 1 }], {
      as: buyer,
    });
    expect(await admin('orders', 'set-status', String(order.id), 'processing')).toMatchObject({
      code: 0,
    });
    const through = await admin('orders', 'refund', String(order.id), '--amount', '2.00');
    expect(through.code).toBe(1);
    expect(through.err).toContain(
      `Order #${order.id} was not paid through the shop's checkout: return the money yourself, then record it with --record-only.`,
    );
    expect(await refundsOf(order.id)).toEqual([]);

    const recorded = await admin(
      'orders',
      'refund',
      String(order.id),
      '--amount',
      '2.00',
      '--record-only',
    );
    expect(recorded).toMatchObject({
      code: 0,
      out: expect.stringContaining(
        `Refunded $2.00 of order #${order.id} (recorded only: the money went back another way).`,
      ),
    });
    expect(await refundsOf(order.id)).toEqual([
      expect.objectContaining({ amount: '2.00', refunded_payment: false, refunded_by: 0 }),
    ]);
  });
});

describe('price set', () => {
  const publicProduct = async (id: number) =>
    ProductSchema.parse((await t.app.inject({ url: `${apiPaths.products}/${id}` })).json());

  it("changes a simple product's prices, prints old → new, logs it, and the shop shows it at once", async () => {
    const sku = `PS-${Date.now()}`;
    const { id, name } = await createProduct(t, {
      name: uniqueName('Maple Pecan'),
      sku,
      regular_price: '12.00',
      wholesale_price: '7.20',
    });
    // Read once, so the shop's read cache holds the old price.
    expect(await publicProduct(id)).toMatchObject({ price: '12.00' });

    const res = await admin('price', 'set', sku, '13.5', '--sale', '11');
    expect(res).toEqual({
      code: 0,
      out: [
        `Prices of "${name}" (${sku}):`,
        '  regular    $12.00 → $13.50',
        '  sale       none → $11.00',
        '  wholesale  $7.20 (unchanged)',
      ].join('\n'),
      err: '',
    });
    expect(await publicProduct(id)).toMatchObject({
      price: '11.00',
      regular_price: '13.50',
      sale_price: '11.00',
      on_sale: true,
    });
    expect(await activityOf('product', id)).toEqual([
      [
        'product.updated',
        'Command line',
        `Edited product "${name}": regular price $12.00 → $13.50; sale price none → $11.00`,
      ],
    ]);

    expect(await admin('price', 'set', sku, '13.50', '--sale', 'none')).toMatchObject({
      code: 0,
      out: expect.stringContaining('  sale       $11.00 → none'),
    });
    expect(await publicProduct(id)).toMatchObject({ price: '13.50', on_sale: false });
  });

  it("sets a variation's regular and wholesale prices by the variation's SKU", async () => {
    const { id, name, variations } = await createVariableProduct(t, {
      variations: [
        { size: '12 oz', regular_price: '12.00', wholesale_price: '7.20' },
        { size: '24 oz', regular_price: '20.00' },
      ],
    });
    const [small] = variations;
    const res = await admin('price', 'set', small!.sku, '9', '--wholesale', 'none');
    expect(res).toEqual({
      code: 0,
      out: [
        `Prices of variation ${small!.sku} of "${name}":`,
        '  regular    $12.00 → $9.00',
        '  sale       none (unchanged)',
        '  wholesale  $7.20 → none',
      ].join('\n'),
      err: '',
    });
    const shown = (await publicProduct(id)).variations.find((v) => v.variation_id === small!.id);
    expect(shown).toMatchObject({ display_regular_price: 9, display_price: 9 });
    const [row] = await t.database.db
      .select()
      .from(productVariations)
      .where(eq(productVariations.id, small!.id));
    expect(row).toMatchObject({ regularPriceCents: 900, wholesalePriceCents: null });
    expect(await activityOf('product', id)).toEqual([
      [
        'product.variation_updated',
        'Command line',
        `Edited variation ${small!.sku} of "${name}": regular price $12.00 → $9.00; wholesale price $7.20 → none`,
      ],
    ]);
  });

  it('refuses a sale at or above the regular price, a bad amount, an unknown SKU and a variable product, changing nothing', async () => {
    const sku = `PR-${Date.now()}`;
    const { id } = await createProduct(t, { sku, regular_price: '12.00', sale_price: '10.00' });
    expect(await admin('price', 'set', sku, '10', '--sale', '10')).toMatchObject({
      code: 1,
      err: '--sale: Must be lower than the regular price.',
    });
    expect(await admin('price', 'set', sku, '9.50')).toMatchObject({
      code: 1,
      err: 'The sale price, $10.00, must stay below the regular price: give --sale with a lower one, or --sale none.',
    });
    expect(await admin('price', 'set', sku, '12.555')).toMatchObject({
      code: 1,
      err: 'The regular price: "12.555" is not an amount: write dollars with up to two decimals, such as 12.50 or 7.5.',
    });
    expect(await admin('price', 'set', sku, '12', '--wholesale', 'cheap')).toMatchObject({
      code: 1,
      err: expect.stringContaining('--wholesale: "cheap" is not an amount'),
    });
    expect(await admin('price', 'set', 'NO-SUCH-SKU', '12')).toMatchObject({
      code: 1,
      err: 'No product or variation has the SKU NO-SUCH-SKU.',
    });
    const parentSku = `PV-${Date.now()}`;
    const variable = await createVariableProduct(t, { sku: parentSku });
    expect(await admin('price', 'set', parentSku, '12')).toMatchObject({
      code: 1,
      err: `"${variable.name}" (${parentSku}) is a variable product: its prices are its variations'. Give one of their SKUs: ${variable.variations.map((v) => v.sku).join(', ')}.`,
    });
    expect(await activityOf('product', variable.id)).toEqual([]);
    expect(await activityOf('product', id)).toEqual([]);
    expect(
      ProductSchema.parse((await t.app.inject({ url: `${apiPaths.products}/${id}` })).json()),
    ).toMatchObject({ regular_price: '12.00', sale_price: '10.00' });
  });
});

describe('text from the shop reaching the terminal', () => {
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  const terminalControls = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\r(?!\n)/;

  it('shows the control characters of a product name and a tracking number escaped', async () => {
    const sku = `TX-${Date.now()}`;
    await createProduct(t, { sku, name: uniqueName('Oats\u001b]0;pwned\u0007\u009b31m') });
    const priced = await admin('price', 'set', sku, '14');
    expect(priced.code).toBe(0);
    expect(priced.out).toContain('Oats\\x1b]0;pwned\\x07\\x9b31m');
    expect(priced.out).not.toMatch(terminalControls);

    const order = await paidOrder();
    const fulfilled = await admin(
      'orders',
      'fulfil',
      String(order.id),
      '--carrier',
      'other',
      '--tracking',
      'AB\u001b[2K\rCD',
    );
    expect(fulfilled.code).toBe(0);
    expect(fulfilled.out).toContain('tracking number AB\\x1b[2K\\x0dCD.');
    expect(fulfilled.out).not.toMatch(terminalControls);
  });
});

describe('the other writes are in the activity log as the command line', () => {
  it("stock set, through the back office's product writes", async () => {
    const sku = `ST-${Date.now()}`;
    const { id, name } = await createProduct(t, { sku });
    expect(await admin('stock', 'set', sku, '4')).toMatchObject({ code: 0 });
    expect(await activityOf('product', id)).toEqual([
      [
        'product.updated',
        'Command line',
        `Edited product "${name}": manage_stock, stock_quantity, stock_status`,
      ],
    ]);
    const variable = await createVariableProduct(t);
    const [first] = variable.variations;
    expect(await admin('stock', 'set', first!.sku, '0')).toMatchObject({ code: 0 });
    expect(await activityOf('product', variable.id)).toEqual([
      [
        'product.variation_updated',
        'Command line',
        `Edited variation ${first!.sku} of "${variable.name}": manage_stock, stock_quantity, stock_status`,
      ],
    ]);
  });

  it('owner create', async () => {
    const email = `owner-${Date.now()}@larderandoat.test`;
    expect(
      await admin(
        'owner',
        'create',
        '--email',
        email,
        '--password',
        'rolled oats at noon',
        '--first-name',
        'Maya',
        '--last-name',
        'Okafor',
      ),
    ).toMatchObject({ code: 0 });
    const [account] = await t.database.db
      .select()
      .from(customers)
      .where(eq(customers.email, email));
    expect(await activityOf('customer', account!.id)).toEqual([
      [
        'customer.created',
        'Command line',
        `Created the administrator account #${account!.id} for ${email}`,
      ],
    ]);
  });
});
