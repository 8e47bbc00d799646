import { execFile, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, CustomerSchema, OrderSchema, ProductSchema } from '@larder/contract';
import { createDatabase } from '../db/client.ts';
import {
  activityLog,
  customers,
  productReviews,
  products,
  productVariations,
} from '../db/schema.ts';
import { createFormsRepo } from '../modules/forms/forms.repo.ts';
import { seedShippingZones } from '../../seed/shipping-zones.ts';
import { resolveApiRoot } from '../paths.ts';
import { createProduct, createVariableProduct, uniqueName } from '../../test/factories.ts';
import { mailTo } from '../../test/outbox.ts';
import { aBuyer, placeOrder, productIdOf } from '../../test/place-order.ts';
import {
  payOrder,
  signedInCustomer,
  signIn,
  TEST_PASSWORD,
  uniqueEmail,
} from '../../test/sessions.ts';
import { buildTestApp, onPglite, testConfig, type TestApp } from '../../test/test-app.ts';
import { buildApp } from '../app.ts';
import { CatalogFileSchema } from '../modules/catalog-transfer/catalog-file.ts';
import { runAdmin } from './cli.ts';
import { createAdminContext } from './context.ts';
import { csv, csvCell } from '../http/format.ts';

let t: TestApp;
let workDir: string;

beforeAll(async () => {
  t = await buildTestApp();
  workDir = mkdtempSync(join(tmpdir(), 'larder-admin-test-'));
});
afterAll(async () => {
  await t.close();
  rmSync(workDir, { recursive: true, force: true });
});

/** Runs one command line against the test database, as `npm run admin -- …` would. */
async function admin(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const context = createAdminContext(t.config, t.database.db);
  const code = await runAdmin(argv, {
    io: { out: (text) => out.push(text), err: (text) => err.push(text) },
    open: async () => ({ context, close: async () => undefined }),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const product = async (id: number) =>
  ProductSchema.parse((await t.app.inject({ url: `${apiPaths.products}/${id}` })).json());

const outboxMails = () => {
  const dir = join(t.config.dataDir, 'outbox');
  return existsSync(dir)
    ? readdirSync(dir).map((name) => readFileSync(join(dir, name), 'utf8'))
    : [];
};

describe('usage', () => {
  it('lists every command for help, and each command explains itself with --help', async () => {
    const help = await admin('help');
    expect(help.code).toBe(0);
    for (const name of [
      'owner create',
      'wholesale list',
      'wholesale approve',
      'wholesale reject',
      'reviews list',
      'reviews approve',
      'reviews reject',
      'orders list',
      'orders show',
      'orders set-status',
      'orders fulfil',
      'orders refund',
      'catalog export',
      'catalog import',
      'stock set',
      'price set',
      'contact list',
      'newsletter export',
    ]) {
      expect(help.out).toContain(`  ${name}`);
    }
    const one = await admin('orders', 'set-status', '--help');
    expect(one.code).toBe(0);
    expect(one.out).toContain('Usage: npm run admin -- orders set-status <id>');
    expect(one.out).toContain('on-hold     a paid order set aside (from processing)');
    expect(one.out).toContain('run `orders refund <id>`');
    expect(one.out).not.toContain('refunded    ');
    for (const command of ['orders fulfil', 'orders refund', 'price set']) {
      const own = await admin(...command.split(' '), '--help');
      expect(own.code).toBe(0);
      expect(own.out).toContain(`Usage: npm run admin -- ${command} <`);
    }
  });

  it('refuses unknown commands, unknown options and missing arguments with exit code 1', async () => {
    expect(await admin('orders', 'frob')).toMatchObject({
      code: 1,
      err: expect.stringContaining(
        'Try one of: orders list, orders show, orders set-status, orders fulfil, orders refund.',
      ),
    });
    expect(await admin('bake')).toMatchObject({
      code: 1,
      err: expect.stringContaining('Unknown command "bake"'),
    });
    expect(await admin('orders', 'list', '--colour', 'red')).toMatchObject({
      code: 1,
      err: expect.stringContaining("Unknown option '--colour'"),
    });
    expect(await admin('orders', 'show')).toMatchObject({
      code: 1,
      err: expect.stringContaining('orders show takes <id>'),
    });
    expect(await admin('orders', 'list', '--status', 'lost')).toMatchObject({
      code: 1,
      err: expect.stringContaining('--status must be one of: pending, processing'),
    });
  });
});

describe('owner create', () => {
  it('creates an administrator account that signs in through the real token route', async () => {
    const res = await admin(
      'owner',
      'create',
      '--email',
      'Maya@LarderAndOat.test',
      '--password',
      'rolled oats at noon',
      '--first-name',
      'Maya',
      '--last-name',
      'Okafor',
    );
    expect(res).toMatchObject({ code: 0, out: expect.stringContaining('maya@larderandoat.test') });
    const session = await signIn(t.app, 'maya@larderandoat.test', 'rolled oats at noon');
    const me = await t.app.inject({ url: `${apiPaths.customers}/me`, headers: session.bearer });
    expect(CustomerSchema.parse(me.json())).toMatchObject({
      role: 'administrator',
      first_name: 'Maya',
    });

    const again = await admin(
      'owner',
      'create',
      '--email',
      'maya@larderandoat.test',
      '--password',
      'another long phrase',
      '--first-name',
      'M',
      '--last-name',
      'O',
    );
    expect(again).toMatchObject({
      code: 1,
      err: 'An account already uses maya@larderandoat.test.',
    });
  });

  it('creates a shop manager with --role, and refuses a role that does not run the shop', async () => {
    const base = ['--password', 'rolled oats at noon', '--first-name', 'Sam', '--last-name', 'Ito'];
    const manager = await admin(
      'owner',
      'create',
      '--email',
      'sam@larderandoat.test',
      '--role',
      'shop_manager',
      ...base,
    );
    expect(manager).toMatchObject({
      code: 0,
      out: expect.stringContaining('shop_manager account'),
    });
    const session = await signIn(t.app, 'sam@larderandoat.test', 'rolled oats at noon');
    const me = await t.app.inject({ url: `${apiPaths.customers}/me`, headers: session.bearer });
    expect(me.json()).toMatchObject({ role: 'shop_manager' });

    const customer = await admin(
      'owner',
      'create',
      '--email',
      'cus@larderandoat.test',
      '--role',
      'wholesale_customer',
      ...base,
    );
    expect(customer).toMatchObject({
      code: 1,
      err: '--role: use one of administrator, shop_manager.',
    });
    const refused = await signIn(t.app, 'cus@larderandoat.test', 'rolled oats at noon').catch(
      () => null,
    );
    expect(refused).toBeNull();
  });

  it('refuses a weak password or a missing name and creates nothing', async () => {
    const weak = await admin(
      'owner',
      'create',
      '--email',
      'weak@larderandoat.test',
      '--password',
      '1234567890',
      '--first-name',
      'W',
      '--last-name',
      'K',
    );
    expect(weak).toMatchObject({ code: 1, err: expect.stringContaining('--password:') });
    const noName = await admin('owner', 'create', '--email', 'weak@larderandoat.test');
    expect(noName).toMatchObject({ code: 1, err: '--password is required.' });
    const rows = await t.database.db
      .select()
      .from(customers)
      .where(eq(customers.email, 'weak@larderandoat.test'));
    expect(rows).toEqual([]);
  });
});

describe('wholesale', () => {
  const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

  /** A visitor applies through the real multipart route, as the sign-up page does. */
  async function applyAs(email: string, business: string) {
    const form = new FormData();
    const fields: Record<string, string> = {
      business_name: business,
      contact_name: 'Dana Whitfield',
      email,
      password: TEST_PASSWORD,
      phone: '+1 919 555 0100',
      'address[address_1]': '12 Market Street',
      'address[city]': 'Durham',
      'address[state]': 'NC',
      'address[postcode]': '27701',
      'address[country]': 'US',
      tax_id: 'NC-RESALE-448812',
      sales_channels: 'Our deli counter.',
      monthly_volume: '50-200',
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('certificate', new Blob([PDF], { type: 'application/pdf' }), 'certificate.pdf');
    const res = await t.app.inject({
      method: 'POST',
      url: apiPaths.wholesaleRegistration,
      payload: form,
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: number }>().id;
  }

  it('lists pending applications, approves one into wholesale prices and rejects one with a reason', async () => {
    const approvedEmail = uniqueEmail('pantry');
    const rejectedEmail = uniqueEmail('kiosk');
    const approveId = await applyAs(approvedEmail, 'Corner Pantry Co');
    const rejectId = await applyAs(rejectedEmail, 'Airport Kiosk Ltd');

    const pending = await admin('wholesale', 'list', '--status', 'pending');
    expect(pending.code).toBe(0);
    expect(pending.out).toMatch(new RegExp(`^${approveId}\\s+.*pending\\s+Corner Pantry Co`, 'm'));
    expect(pending.out).toMatch(new RegExp(`^${rejectId}\\s+.*pending\\s+Airport Kiosk Ltd`, 'm'));

    const approved = await admin('wholesale', 'approve', String(approveId));
    expect(approved).toMatchObject({
      code: 0,
      out: expect.stringContaining(`Emailed ${approvedEmail}`),
    });
    const buyer = await signIn(t.app, approvedEmail);
    const { id: honeyOat } = await createVariableProduct(t, {
      variations: [{ size: '12 oz', regular_price: '12.00', wholesale_price: '7.20' }],
    });
    const seen = await t.app.inject({
      url: `${apiPaths.products}/${honeyOat}`,
      headers: buyer.bearer,
    });
    expect(seen.body).toContain('wholesale_price');

    expect(await admin('wholesale', 'reject', String(rejectId))).toMatchObject({
      code: 1,
      err: '--reason is required.',
    });
    const rejected = await admin(
      'wholesale',
      'reject',
      String(rejectId),
      '--reason',
      'We only supply shops with a street-front store.',
    );
    expect(rejected).toMatchObject({ code: 0 });
    expect(outboxMails().some((mail) => mail.includes('street-front store'))).toBe(true);
    const refused = await signIn(t.app, rejectedEmail);
    const notSeen = await t.app.inject({
      url: `${apiPaths.products}/${honeyOat}`,
      headers: refused.bearer,
    });
    expect(notSeen.body).not.toContain('wholesale_price');

    expect(await admin('wholesale', 'approve', String(approveId))).toMatchObject({
      code: 1,
      err: expect.stringContaining(`Wholesale application #${approveId} was already approved`),
    });
    expect(await admin('wholesale', 'approve', '999999')).toMatchObject({
      code: 1,
      err: 'There is no wholesale application #999999.',
    });
    const json = JSON.parse((await admin('wholesale', 'list', '--json')).out);
    expect(json.map((row: { id: number; status: string }) => [row.id, row.status])).toEqual(
      expect.arrayContaining([
        [approveId, 'approved'],
        [rejectId, 'rejected'],
      ]),
    );

    // The back office's activity log names the command line as who decided.
    const logged = await t.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.subjectType, 'wholesale_application'));
    expect(
      logged
        .filter((entry) => [approveId, rejectId].includes(entry.subjectId))
        .map((entry) => [entry.subjectId, entry.action, entry.actorName]),
    ).toEqual(
      expect.arrayContaining([
        [approveId, 'wholesale.approved', 'Command line'],
        [rejectId, 'wholesale.rejected', 'Command line'],
      ]),
    );
  });
});

describe('reviews', () => {
  it('lists held reviews, approves one onto the product page and rejects another', async () => {
    const { id: vanilla } = await createProduct(t, { name: uniqueName('Vanilla Almond') });
    const ids: number[] = [];
    for (const text of ['Lovely with yoghurt.', 'Too crunchy for me.']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${apiPaths.productReviews}/`,
        payload: {
          product_id: vanilla,
          reviewer: 'Sam Reader',
          reviewer_email: 'sam@example.com',
          review: text,
          rating: 4,
        },
      });
      expect(res.statusCode).toBe(201);
      ids.push(res.json<{ id: number }>().id);
    }
    const held = await admin('reviews', 'list');
    expect(held.code).toBe(0);
    expect(held.out).toMatch(new RegExp(`^${ids[0]}\\s+\\S+\\s+hold\\s+4/5\\s+Vanilla`, 'm'));
    expect(held.out).toContain('Sam Reader <sam@example.com>');

    expect(await admin('reviews', 'approve', String(ids[0]))).toMatchObject({ code: 0 });
    expect(await admin('reviews', 'reject', String(ids[1]))).toMatchObject({ code: 0 });
    const listed = await t.app.inject({ url: `${apiPaths.productReviews}?product=${vanilla}` });
    const shown = listed.json<{ id: number }[]>().map((review) => review.id);
    expect(shown).toContain(ids[0]);
    expect(shown).not.toContain(ids[1]);
    const [rejected] = await t.database.db
      .select()
      .from(productReviews)
      .where(eq(productReviews.id, ids[1]!));
    expect(rejected!.status).toBe('trash');

    const json = await admin('reviews', 'list', '--status', 'approved', '--json');
    expect(JSON.parse(json.out).map((review: { id: number }) => review.id)).toContain(ids[0]);
    expect(await admin('reviews', 'approve', '999999')).toMatchObject({
      code: 1,
      err: 'There is no review #999999.',
    });
  });
});

describe('orders', () => {
  let peanutButter: number;
  let peanutButterName: string;
  beforeAll(async () => {
    ({ id: peanutButter, name: peanutButterName } = await createProduct(t, {
      name: uniqueName('Peanut Butter Banana'),
      stock_quantity: 100,
    }));
  });
  const stock = async () =>
    (await t.database.db.select().from(products).where(eq(products.id, peanutButter)))[0]!
      .stockQuantity;

  it('lists and shows orders, as a table and as JSON', async () => {
    const order = await placeOrder(t.app, [{ product_id: peanutButter, quantity: 2 }]);
    const list = await admin('orders', 'list', '--status', 'pending');
    expect(list.out).toMatch(
      new RegExp(
        `^${order.id}\\s+.*pending\\s+Ada Baker\\s+ada@example.com\\s+\\$${order.total}$`,
        'm',
      ),
    );
    const json = await admin('orders', 'list', '--json');
    expect(JSON.parse(json.out)[0]).toMatchObject({ id: order.id, total: order.total });
    const shown = await admin('orders', 'show', String(order.id));
    expect(shown.out).toContain(`Order #${order.id}`);
    expect(shown.out).toContain(`2 × ${peanutButterName}`);
    expect(
      OrderSchema.parse(JSON.parse((await admin('orders', 'show', String(order.id), '--json')).out))
        .id,
    ).toBe(order.id);
    expect(await admin('orders', 'show', '999999')).toMatchObject({
      code: 1,
      err: 'There is no order #999999.',
    });
  });

  it('cancelling a pending order gives its held stock back through the orders service', async () => {
    const before = await stock();
    const order = await placeOrder(t.app, [{ product_id: peanutButter, quantity: 3 }]);
    expect(await stock()).toBe(before! - 3);
    const res = await admin('orders', 'set-status', String(order.id), 'cancelled');
    expect(res).toMatchObject({ code: 0, out: expect.stringContaining('pending → cancelled') });
    expect(await stock()).toBe(before);
    // Cancelled twice gives nothing back twice.
    expect(await admin('orders', 'set-status', String(order.id), 'cancelled')).toMatchObject({
      code: 1,
      err: expect.stringContaining('it is cancelled already'),
    });
    expect(await stock()).toBe(before);
  });

  it('cancelling a paid order puts its stock back on sale', async () => {
    const before = await stock();
    const order = await placeOrder(t.app, [{ product_id: peanutButter, quantity: 4 }]);
    await payOrder(t.app, null, order);
    expect(await stock()).toBe(before! - 4);
    expect(await admin('orders', 'set-status', String(order.id), 'cancelled')).toMatchObject({
      code: 0,
    });
    expect(await stock()).toBe(before);
  });

  it('marks a pending order paid another way as processing, and cannot reopen a cancelled one', async () => {
    const before = await stock();
    const order = await placeOrder(t.app, [{ product_id: peanutButter, quantity: 2 }]);
    expect(await admin('orders', 'set-status', String(order.id), 'processing')).toMatchObject({
      code: 0,
      out: expect.stringContaining('pending → processing'),
    });
    const read = await t.app.inject({
      url: `${apiPaths.orders}/${order.id}?key=${order.order_key}`,
    });
    expect(read.json()).toMatchObject({ status: 'processing', needs_payment: false });
    expect(read.json().date_paid).not.toBeNull();
    // The held units are the sale now: nothing is given back or taken twice.
    expect(await stock()).toBe(before! - 2);

    const cancelled = await placeOrder(t.app, [{ product_id: peanutButter, quantity: 1 }]);
    await admin('orders', 'set-status', String(cancelled.id), 'cancelled');
    expect(await admin('orders', 'set-status', String(cancelled.id), 'processing')).toMatchObject({
      code: 1,
      err: expect.stringContaining('its stock was given back, so it cannot be reopened'),
    });
  });

  it('completes a paid order and emails the buyer; refunded is not a status set by hand', async () => {
    const unpaid = await placeOrder(t.app, [{ product_id: peanutButter, quantity: 1 }]);
    expect(await admin('orders', 'set-status', String(unpaid.id), 'completed')).toMatchObject({
      code: 1,
      err: `Order #${unpaid.id} is pending: only a paid (processing) order can be completed.`,
    });
    const order = await placeOrder(t.app, [{ product_id: peanutButter, quantity: 1 }]);
    await payOrder(t.app, null, order);
    const done = await admin('orders', 'set-status', String(order.id), 'completed');
    expect(done).toMatchObject({ code: 0, out: expect.stringContaining('processing → completed') });
    const mail = outboxMails().find((text) =>
      text.includes(`Subject: Your Larder & Oat order #${order.id} is complete`),
    );
    expect(mail).toBeDefined();
    expect(mail).toContain('To: Ada Baker <ada@example.com>');
    const read = await t.app.inject({
      url: `${apiPaths.orders}/${order.id}?key=${order.order_key}`,
    });
    expect(read.json()).toMatchObject({ status: 'completed' });
    expect(read.json().date_completed).not.toBeNull();

    // The back office's change: its order note and activity entry, by the command line.
    const notes = await t.app.inject({
      url: `${apiPaths.orders}/${order.id}/notes`,
      headers: (await signedInCustomer(t.app, t.database.db, { role: 'administrator' })).bearer,
    });
    expect(notes.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ note: 'Order status changed from Processing to Completed.' }),
      ]),
    );
    const logged = await t.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.subjectId, order.id));
    expect(
      logged
        .filter((entry) => entry.subjectType === 'order')
        .map((entry) => [entry.action, entry.actorName]),
    ).toEqual([['order.status', 'Command line']]);

    // The money goes back through `orders refund`, which marks the order refunded.
    expect(await admin('orders', 'set-status', String(order.id), 'refunded')).toMatchObject({
      code: 1,
      err: expect.stringContaining(`run \`npm run admin -- orders refund ${order.id}\``),
    });
    const still = await t.app.inject({
      url: `${apiPaths.orders}/${order.id}?key=${order.order_key}`,
    });
    expect(still.json()).toMatchObject({ status: 'completed' });
  });
});

describe('text from the shop reaching the terminal', () => {
  // ESC clearing the line and rewriting it, an OSC title change, a bare CR, BEL, DEL and 8-bit CSI.
  const hostile = 'Nice\u001b[2K\rAll good\u001b]0;pwned\u0007 \u007f\u009b31mred';
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  const terminalControls = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\r(?!\n)/;

  it('shows control characters of reviews, contact messages and orders escaped, in tables and plain lines', async () => {
    const { id: vanilla } = await createProduct(t);
    const posted = await t.app.inject({
      method: 'POST',
      url: `${apiPaths.productReviews}/`,
      payload: {
        product_id: vanilla,
        reviewer: `Eve ${hostile}`,
        reviewer_email: 'eve@example.com',
        review: hostile,
        rating: 5,
      },
    });
    expect(posted.statusCode).toBe(201);
    await createFormsRepo(t.database.db).insertContact({
      firstName: 'Eve',
      lastName: hostile,
      email: 'eve@example.com',
      phone: '',
      message: hostile,
    });
    const order = await placeOrder(t.app, [{ product_id: vanilla, quantity: 1 }], {
      customer_note: hostile,
      billing: { ...aBuyer, last_name: `Baker${hostile}` },
    });

    for (const argv of [
      ['reviews', 'list'],
      ['contact', 'list'],
      ['orders', 'list'],
      ['orders', 'show', String(order.id)],
    ]) {
      const res = await admin(...argv);
      expect(res.code).toBe(0);
      expect(res.out).not.toMatch(terminalControls);
      expect(res.out).toContain('Nice\\x1b[2K\\x0dAll good');
    }
  });

  it('escapes DEL and C1 characters in JSON output too, which JSON.stringify leaves raw', async () => {
    const res = await admin('contact', 'list', '--json');
    expect(res.out).not.toMatch(terminalControls);
    const [latest] = JSON.parse(res.out) as { message: string }[];
    expect(latest!.message).toBe(hostile);
  });

  it("says how an order was paid from the payment records, never from the buyer's payment_method_title", async () => {
    const { id: peanutButter } = await createProduct(t);
    const order = await placeOrder(t.app, [{ product_id: peanutButter, quantity: 1 }], {
      payment_method_title: 'Amex Centurion (verified)',
    });
    const unpaid = await admin('orders', 'show', String(order.id));
    expect(unpaid.out).toContain('Paid by:  no payment recorded by the shop');
    expect(unpaid.out).not.toContain('verified');

    const paid = await payOrder(t.app, null, order);
    const shown = await admin('orders', 'show', String(order.id));
    expect(shown.out).toContain(
      `Paid by:  the built-in test provider (no money moved), $${order.total} (${paid.transaction_id})`,
    );
    expect(shown.out).not.toContain('Amex');
  });
});

describe('stock set', () => {
  it("sets a variation's or a simple product's stock, and 0 is out of stock on the API", async () => {
    const { id: honeyOat } = await createVariableProduct(t);
    const [variation] = await t.database.db
      .select()
      .from(productVariations)
      .where(eq(productVariations.productId, honeyOat))
      .orderBy(productVariations.id);
    expect(await admin('stock', 'set', variation!.sku, '0')).toMatchObject({ code: 0 });
    const read = await product(honeyOat);
    expect(read.variations.find((v) => v.variation_id === variation!.id)).toMatchObject({
      is_in_stock: false,
      stock_quantity: 0,
    });
    expect(await admin('stock', 'set', variation!.sku, '12')).toMatchObject({ code: 0 });
    expect(
      (await product(honeyOat)).variations.find((v) => v.variation_id === variation!.id),
    ).toMatchObject({
      is_in_stock: true,
      stock_quantity: 12,
    });

    const { id: giftTin } = await createProduct(t);
    const { sku } = await product(giftTin);
    expect(await admin('stock', 'set', sku, '7')).toMatchObject({ code: 0 });
    expect(await product(giftTin)).toMatchObject({ manage_stock: true, stock_quantity: 7 });

    expect(await admin('stock', 'set', 'NO-SUCH-SKU', '1')).toMatchObject({
      code: 1,
      err: 'No product or variation has the SKU NO-SUCH-SKU.',
    });
    expect(await admin('stock', 'set', sku, '-2')).toMatchObject({ code: 1 });
  });
});

describe('contact list and newsletter export', () => {
  it('lists contact messages, newest first', async () => {
    const forms = createFormsRepo(t.database.db);
    await forms.insertContact({
      firstName: 'Jo',
      lastName: 'Grocer',
      email: 'jo@example.com',
      phone: '',
      message: 'Do you ship to Ohio?',
    });
    const res = await admin('contact', 'list');
    expect(res.code).toBe(0);
    expect(res.out).toMatch(/Jo Grocer\s+jo@example.com\s+NO\s+Do you ship to Ohio\?/);
  });

  it('exports sign-ups as CSV with a header, to stdout or a file', async () => {
    const forms = createFormsRepo(t.database.db);
    await forms.subscribe('first.reader@example.com');
    await forms.subscribe('second.reader@example.com');
    const res = await admin('newsletter', 'export');
    const lines = res.out.split('\r\n');
    expect(lines[0]).toBe('email,signed_up_at');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([
      'first.reader@example.com',
      'second.reader@example.com',
    ]);
    const file = join(workDir, 'newsletter.csv');
    expect(await admin('newsletter', 'export', '--out', file)).toMatchObject({
      code: 0,
      err: `Wrote 2 sign-ups to ${file}.`,
    });
    expect(readFileSync(file, 'utf8')).toBe(`${res.out}\r\n`);
  });

  it('quotes cells with commas, quotes and line breaks, and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csv(['a', 'b'], [['1', '2']])).toBe('a,b\r\n1,2\r\n');
  });
});

describe('catalog export and import', () => {
  it('round-trips the catalogue and applies changed prices and new products', async () => {
    const exported = await admin('catalog', 'export');
    const file = CatalogFileSchema.parse(JSON.parse(exported.out));
    const honey = file.products.find((entry) => entry.slug === 'honey-oat-classic')!;
    expect(honey.variations.length).toBeGreaterThan(0);
    expect(honey.variations[0]!.regular_price).toMatch(/^\d+\.\d{2}$/);

    // Unchanged, the file imports as nothing to write and changes no price.
    const path = join(workDir, 'catalog.json');
    writeFileSync(path, exported.out);
    const honeyId = await productIdOf(t.database.db, 'honey-oat-classic');
    const before = await product(honeyId);
    expect(await admin('catalog', 'import', path)).toMatchObject({
      code: 0,
      out: expect.stringContaining(`0 created, 0 updated, ${file.products.length} unchanged`),
    });
    const same = await product(honeyId);
    expect(same.variations.map((v) => [v.variation_id, v.display_price])).toEqual(
      before.variations.map((v) => [v.variation_id, v.display_price]),
    );

    honey.variations[0]!.regular_price = '99.00';
    honey.variations[0]!.sale_price = '';
    file.products.push({
      ...structuredClone(file.products.find((entry) => entry.type === 'simple')!),
      slug: 'oat-milk-crunch',
      name: 'Oat Milk Crunch',
      sku: 'LO-OMC',
      regular_price: '11.00',
      sale_price: '',
      wholesale_price: '6.50',
      // The copied product's breaks cost more than 6.50, which the import refuses (decision 0037).
      wholesale: { case_size: 1, min_quantity: 1, tiers: [] },
    });
    writeFileSync(path, JSON.stringify(file));
    expect(await admin('catalog', 'import', path)).toMatchObject({
      code: 0,
      out: expect.stringContaining('1 created'),
    });
    const changed = await product(honeyId);
    expect(changed.variations.find((v) => v.sku === honey.variations[0]!.sku)).toMatchObject({
      variation_id: before.variations.find((v) => v.sku === honey.variations[0]!.sku)!.variation_id,
      display_regular_price: 99,
    });
    const created = await t.app.inject({ url: `${apiPaths.products}?slug=oat-milk-crunch` });
    expect(created.json()[0]).toMatchObject({ name: 'Oat Milk Crunch', price: '11.00' });
    expect(created.body).not.toContain('wholesale_price');
  });

  it('reads prices typed as "12", "7.5" or "7.05" to the cent, and exports them as "12.00"', async () => {
    const file = CatalogFileSchema.parse(JSON.parse((await admin('catalog', 'export')).out));
    const simple = file.products.find((entry) => entry.slug === 'peanut-butter-banana')!;
    Object.assign(simple, {
      regular_price: '12',
      sale_price: '7.5',
      wholesale_price: '7.05',
      // Its demo breaks cost more than 7.05, which the import refuses (decision 0037).
      wholesale: { case_size: 1, min_quantity: 1, tiers: [] },
    });
    const path = join(workDir, 'typed-prices.json');
    writeFileSync(path, JSON.stringify(file));
    expect(await admin('catalog', 'import', path)).toMatchObject({ code: 0 });

    const shown = await t.app.inject({ url: `${apiPaths.products}?slug=peanut-butter-banana` });
    expect(shown.json()[0]).toMatchObject({
      price: '7.50',
      regular_price: '12.00',
      sale_price: '7.50',
    });
    const exported = CatalogFileSchema.parse(JSON.parse((await admin('catalog', 'export')).out));
    expect(exported.products.find((entry) => entry.slug === simple.slug)).toMatchObject({
      regular_price: '12.00',
      sale_price: '7.50',
      wholesale_price: '7.05',
    });
    // The sort price follows the same rule: the sale price filters and sorts the product.
    const cheap = await t.app.inject({ url: `${apiPaths.products}?max_price=7.5&per_page=100` });
    expect(cheap.json().map((entry: { slug: string }) => entry.slug)).toContain(simple.slug);
  });

  it('checks the whole file first: a bad file changes nothing and says where each problem is', async () => {
    const file = CatalogFileSchema.parse(JSON.parse((await admin('catalog', 'export')).out));
    const snapshot = JSON.stringify(file);
    const first = file.products[0]!;
    first.name = 'Renamed, but never saved';
    const simple = file.products.find((entry) => entry.type === 'simple')!;
    simple.regular_price = '12.555';
    const variable = file.products.find((entry) => entry.type === 'variable')!;
    variable.variations[0]!.attributes = { Colour: 'Mystery' };
    const path = join(workDir, 'bad.json');
    writeFileSync(path, JSON.stringify(file));
    const res = await admin('catalog', 'import', path);
    expect(res.code).toBe(1);
    expect(res.err).toContain('nothing was imported');
    expect(res.err).toContain(
      `.regular_price (${simple.slug}): "12.555" is not an amount: write dollars with up to two decimals`,
    );
    expect(res.err).toContain(
      `.variations[0].attributes.Colour (${variable.slug}): is not an attribute of the product`,
    );
    expect(
      JSON.stringify(CatalogFileSchema.parse(JSON.parse((await admin('catalog', 'export')).out))),
    ).toBe(snapshot);
  });

  it('rolls back everything when the database refuses part of the file (an unknown category)', async () => {
    const file = CatalogFileSchema.parse(JSON.parse((await admin('catalog', 'export')).out));
    const snapshot = JSON.stringify(file);
    file.products[0]!.name = 'Renamed, but never saved';
    file.products.at(-1)!.categories = ['no-such-category'];
    const path = join(workDir, 'unknown-category.json');
    writeFileSync(path, JSON.stringify(file));
    const res = await admin('catalog', 'import', path);
    expect(res).toMatchObject({
      code: 1,
      err: expect.stringContaining('there is no category "no-such-category"'),
    });
    expect(
      JSON.stringify(CatalogFileSchema.parse(JSON.parse((await admin('catalog', 'export')).out))),
    ).toBe(snapshot);
    writeFileSync(path, '{ not json');
    expect(await admin('catalog', 'import', path)).toMatchObject({
      code: 1,
      err: expect.stringContaining('is not valid JSON'),
    });
  });
});

describe('catalog export and import as CSV', () => {
  it('exports CSV by --format or the file name, and a dry run says what would change and writes nothing', async () => {
    const printed = await admin('catalog', 'export', '--format', 'csv');
    expect(printed.out.split('\n')[0]).toMatch(/^type,parent,slug,sku,name,/);
    const path = join(workDir, 'catalog.csv');
    expect(await admin('catalog', 'export', '--out', path)).toMatchObject({ code: 0 });
    const text = readFileSync(path, 'utf8');
    expect(text).toBe(`${printed.out}\r\n`);

    const lines = text.split('\r\n');
    const at = lines.findIndex((line) => line.startsWith('simple,,'));
    const slug = lines[at]!.split(',')[2]!;
    const before = JSON.stringify(
      CatalogFileSchema.parse(JSON.parse((await admin('catalog', 'export')).out)),
    );
    writeFileSync(
      path,
      [lines[0], lines[at]!.replace(`,${slug},`, ',csv-only-granola,')].join('\r\n'),
    );
    expect(await admin('catalog', 'import', path, '--dry-run')).toMatchObject({
      code: 0,
      out: expect.stringContaining('nothing was written): 1 products, 1 created, 0 updated'),
    });
    expect(
      JSON.stringify(CatalogFileSchema.parse(JSON.parse((await admin('catalog', 'export')).out))),
    ).toBe(before);
    expect(await admin('catalog', 'import', path, '--format', 'xml')).toMatchObject({
      code: 1,
      err: expect.stringContaining('--format is json or csv'),
    });
  });
});

// About the embedded database in DATA_DIR: the PostgreSQL run of the API tests leaves them out.
describe.runIf(onPglite)('npm run admin (the real command)', () => {
  // What `npm run admin` runs: it bundles the command's code first when the sources are newer.
  const main = join(resolveApiRoot(), '..', '..', 'scripts', 'admin.mjs');
  const env = (dataDir: string) => ({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'silent',
  });
  const run = (dataDir: string, ...argv: string[]) =>
    spawnSync(process.execPath, [main, ...argv], {
      env: env(dataDir),
      encoding: 'utf8',
    });
  /** The command in a child process while this one goes on serving (the shop is in this process). */
  const runBeside = (dataDir: string, cwd: string, ...argv: string[]) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((done) => {
      execFile(
        process.execPath,
        [main, ...argv],
        { env: env(dataDir), cwd, encoding: 'utf8' },
        (error, stdout, stderr) =>
          done({ status: error ? (error.code as number) : 0, stdout, stderr }),
      );
    });
  const ownerArgs = (email: string) =>
    ['owner', 'create', '--email', email, '--password', 'rolled oats at noon'].concat([
      '--first-name',
      'Maya',
      '--last-name',
      'Okafor',
    ]);
  // Migrating PGlite on disk costs seconds: once here, then each test starts from a copy.
  let migratedShopDir: string;
  beforeAll(async () => {
    migratedShopDir = mkdtempSync(join(tmpdir(), 'larder-admin-migrated-'));
    const shop = createDatabase({ dataDir: migratedShopDir });
    await shop.migrate();
    await shop.close();
  });
  afterAll(() => rmSync(migratedShopDir, { recursive: true, force: true }));
  const newShopDir = () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'larder-admin-cli-'));
    cpSync(migratedShopDir, dataDir, { recursive: true });
    return dataDir;
  };

  it('refuses a DATA_DIR that holds no shop instead of creating an empty one', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'larder-admin-empty-'));
    try {
      const refused = run(dataDir, ...ownerArgs('owner@example.com'));
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain(`No shop in DATA_DIR=${dataDir}.`);
      expect(existsSync(join(dataDir, 'db'))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('works on DATA_DIR, and says so clearly when another process holds the database', async () => {
    const dataDir = newShopDir();
    try {
      const created = run(dataDir, ...ownerArgs('owner@example.com'));
      expect(created.stderr).toBe('');
      expect(created.status).toBe(0);
      expect(created.stdout).toContain(
        'Created the administrator account #1 for owner@example.com',
      );
      expect(run(dataDir, 'bogus').status).toBe(1);

      // A process that holds the database without taking commands (not a running shop).
      const holder = createDatabase({ dataDir });
      try {
        const blocked = run(dataDir, 'orders', 'list');
        expect(blocked.status).toBe(1);
        expect(blocked.stderr).toContain(`is in use by another process (pid ${process.pid})`);
      } finally {
        await holder.close();
      }
      const after = run(dataDir, 'orders', 'list');
      expect(after).toMatchObject({ status: 0, stdout: 'No orders.\n' });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);

  it('works while the shop runs on the embedded database: the shop carries the command out', async () => {
    const dataDir = newShopDir();
    const cwd = mkdtempSync(join(tmpdir(), 'larder-admin-cwd-'));
    const app = await buildApp(testConfig({ dataDir, seedDemoData: false }), {
      serveCommands: true,
    });
    try {
      const created = await runBeside(dataDir, cwd, ...ownerArgs('maya@example.com'));
      expect(created).toMatchObject({ status: 0, stderr: '' });
      expect(created.stdout).toContain('Created the administrator account #1 for maya@example.com');
      // The running shop sees the account at once: its owner signs in through it.
      const session = await signIn(app, 'maya@example.com', 'rolled oats at noon');
      const me = await app.inject({ url: `${apiPaths.customers}/me`, headers: session.bearer });
      expect(me.json()).toMatchObject({ role: 'administrator' });

      // A relative file name is the owner's folder, not the shop's.
      const exported = await runBeside(dataDir, cwd, 'catalog', 'export', '--out', 'catalog.json');
      expect(exported).toMatchObject({ status: 0, stderr: 'Wrote 0 products to catalog.json.\n' });
      expect(
        CatalogFileSchema.parse(JSON.parse(readFileSync(join(cwd, 'catalog.json'), 'utf8'))),
      ).toMatchObject({ products: [] });

      const refused = await runBeside(dataDir, cwd, 'orders', 'show', '999');
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain('999');
    } finally {
      await app.close();
    }
    try {
      // Stopped, the shop leaves no socket behind, and the command opens the database itself.
      expect(existsSync(join(dataDir, 'admin.sock'))).toBe(false);
      expect(run(dataDir, 'orders', 'list')).toMatchObject({ status: 0, stdout: 'No orders.\n' });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(cwd, { recursive: true, force: true });
    }
  }, 180_000);

  it('fulfils an order while the shop runs: the shop stores the shipment and emails the tracking link', async () => {
    const dataDir = newShopDir();
    const cwd = mkdtempSync(join(tmpdir(), 'larder-admin-cwd-'));
    // Not the demo shop, whose pictures' sizes take a minute to make at start: one product and
    // the shipping zones are what a shopper's order needs.
    const app = await buildApp(testConfig({ dataDir, seedDemoData: false }), {
      serveCommands: true,
    });
    try {
      await seedShippingZones(app.database.db);
      const granola = await createProduct({
        app,
        database: app.database,
        config: app.config,
        close: () => app.close(),
      });
      const order = await placeOrder(app, [{ product_id: granola.id, quantity: 1 }]);
      await payOrder(app, null, order);

      const fulfilled = await runBeside(
        dataDir,
        cwd,
        'orders',
        'fulfil',
        String(order.id),
        '--carrier',
        'fedex',
        '--tracking',
        '774900001234',
      );
      expect(fulfilled).toMatchObject({ status: 0, stderr: '' });
      expect(fulfilled.stdout).toBe(
        [
          `Order #${order.id}: processing → completed, shipped with FedEx, tracking number 774900001234.`,
          'Tracking: https://www.fedex.com/fedextrack/?trknbr=774900001234',
          `Emailed ${aBuyer.email} the tracking link.`,
          '',
        ].join('\n'),
      );
      // The running shop, which carried the command out, answers with the change at once.
      const read = await app.inject({
        url: `${apiPaths.orders}/${order.id}?key=${order.order_key}`,
      });
      expect(read.json()).toMatchObject({ status: 'completed' });
      const mail = mailTo(dataDir, aBuyer.email).find((m) => m.text.includes('774900001234'));
      expect(mail?.text).toContain('https://www.fedex.com/fedextrack/?trknbr=774900001234');
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(cwd, { recursive: true, force: true });
    }
  }, 180_000);
});
