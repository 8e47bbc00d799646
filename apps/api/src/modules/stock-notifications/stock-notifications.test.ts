import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema, ownerApiPaths, StockNotificationResultSchema } from '@larder/contract';
import { stockNotifications } from '../../db/schema.ts';
import { seedShippingZones } from '../../../seed/shipping-zones.ts';
import { createProduct, createVariableProduct, uniqueName } from '../../../test/factories.ts';
import { mailTo, readOutbox } from '../../../test/outbox.ts';
import { signedInCustomer, uniqueEmail, type Session } from '../../../test/sessions.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { STOCK_REQUEST_CANCELLED, STOCK_REQUEST_RECEIVED } from './stock-notifications.service.ts';
import { eventually } from '../../../test/eventually.ts';

let t: TestApp;
let owner: Session;

beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  await seedShippingZones(t.database.db);
  owner = await signedInCustomer(t.app, t.database.db, { name: 'owner', role: 'administrator' });
});
afterAll(() => t.close());

const subscribe = (productId: number, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/wp-json/wc/v3/products/${productId}/stock-notifications`,
    payload,
  });

const restock = (productId: number, quantity: number) =>
  t.app.inject({
    method: 'PUT',
    url: `/wp-json/wc/v3/products/${productId}`,
    headers: owner.bearer,
    payload: { manage_stock: true, stock_quantity: quantity, stock_status: 'instock' },
  });

const restockVariation = (productId: number, variationId: number, quantity: number) =>
  t.app.inject({
    method: 'PUT',
    url: `/wp-json/wc/v3/products/${productId}/variations/${variationId}`,
    headers: owner.bearer,
    payload: { manage_stock: true, stock_quantity: quantity, stock_status: 'instock' },
  });

const soldOut = (name = 'Sold Out Granola') =>
  createProduct(t, { name: uniqueName(name), stock_quantity: 0, stock_status: 'outofstock' });

/** The link in the confirmation email, taken apart. */
function cancelLinkIn(text: string): { id: number; key: string } {
  const match = /http:\/\/shop\.test\/back-in-stock\/cancel\?id=(\d+)&key=([\w-]+)/.exec(text);
  if (!match) throw new Error(`no cancel link in:\n${text}`);
  return { id: Number(match[1]), key: match[2]! };
}

const backInStockMails = (email: string) =>
  mailTo(t.config.dataDir, email).filter((mail) => mail.text.includes('is back in stock at'));

describe('POST /wp-json/wc/v3/products/{id}/stock-notifications', () => {
  it('stores the request for a sold-out product and emails a confirmation with a cancel link', async () => {
    const product = await soldOut();
    const email = uniqueEmail('waiting');
    const res = await subscribe(product.id, { email });
    expect(res.statusCode, res.body).toBe(202);
    expect(StockNotificationResultSchema.parse(res.json())).toEqual({
      message: STOCK_REQUEST_RECEIVED,
    });
    const rows = await t.database.db
      .select()
      .from(stockNotifications)
      .where(eq(stockNotifications.productId, product.id));
    expect(rows).toMatchObject([{ email, variationId: 0, notifiedAt: null }]);
    const [mail, ...more] = mailTo(t.config.dataDir, email);
    expect(more).toEqual([]);
    expect(mail!.headers.subject).toBe(`We'll email you when ${product.name} is back`);
    expect(mail!.text).toContain(`http://shop.test/product/${product.slug}`);
    const link = cancelLinkIn(mail!.text);
    expect(link.id).toBe(rows[0]!.id);
    // Only a hash of the key is stored.
    expect(rows[0]!.keyHash).not.toContain(link.key);
  });

  it('answers a second request for the same address the same way, storing and sending nothing more', async () => {
    const product = await soldOut();
    const email = uniqueEmail('twice');
    const first = await subscribe(product.id, { email });
    const second = await subscribe(product.id, { email: email.toUpperCase() });
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.json()).toEqual(first.json());
    const rows = await t.database.db
      .select()
      .from(stockNotifications)
      .where(eq(stockNotifications.productId, product.id));
    expect(rows).toHaveLength(1);
    expect(mailTo(t.config.dataDir, email)).toHaveLength(1);
  });

  it('refuses a bad address with 400 naming the field', async () => {
    const product = await soldOut();
    const res = await subscribe(product.id, { email: 'not an address' });
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json())).toMatchObject({
      code: 'rest_invalid_param',
      data: { status: 400, params: { email: 'Enter a valid email address.' } },
    });
  });

  it('answers 404 for an unknown or unpublished product', async () => {
    const draft = await createProduct(t, { status: 'draft', stock_quantity: 0 });
    for (const id of [987_654, draft.id]) {
      const res = await subscribe(id, { email: uniqueEmail() });
      expect(res.statusCode).toBe(404);
      expect(ApiErrorSchema.parse(res.json()).code).toBe('woocommerce_rest_product_invalid_id');
    }
  });

  it('refuses a product that is in stock with 400, and an unknown variation', async () => {
    const product = await createProduct(t, { stock_quantity: 4 });
    const res = await subscribe(product.id, { email: uniqueEmail() });
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json())).toMatchObject({
      code: 'larder_in_stock',
      message: `${product.name} is in stock: add it to your cart instead.`,
      data: { status: 400, params: { product_id: `${product.name} is in stock.` } },
    });
    const variable = await createVariableProduct(t);
    const unknown = await subscribe(variable.id, { email: uniqueEmail(), variation_id: 1 });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().data.params)).toEqual(['variation_id']);
  });
});

describe('back-in-stock emails', () => {
  it('an owner restock sends each waiting address exactly one email, and a second restock none', async () => {
    const product = await soldOut('Maple Pecan Crunch');
    const [ada, bo] = [uniqueEmail('ada'), uniqueEmail('bo')];
    expect((await subscribe(product.id, { email: ada })).statusCode).toBe(202);
    expect((await subscribe(product.id, { email: bo })).statusCode).toBe(202);

    expect((await restock(product.id, 5)).statusCode).toBe(200);
    const [mail] = await eventually(() => {
      const mails = backInStockMails(ada);
      expect(mails).toHaveLength(1);
      return mails;
    });
    expect(mail!.headers.subject).toBe(`${product.name} is back in stock`);
    expect(mail!.text).toContain(`http://shop.test/product/${product.slug}`);
    await eventually(() => expect(backInStockMails(bo)).toHaveLength(1));
    const rows = await t.database.db
      .select()
      .from(stockNotifications)
      .where(eq(stockNotifications.productId, product.id));
    expect(rows.every((row) => row.notifiedAt !== null)).toBe(true);

    // Sold out and restocked again: the requests are done, so nobody hears twice. Sends run in
    // order, so once a later product's email is out, this product's second run is over too.
    expect((await restock(product.id, 0)).statusCode).toBe(200);
    expect((await restock(product.id, 8)).statusCode).toBe(200);
    const marker = await soldOut();
    const markerEmail = uniqueEmail('marker');
    await subscribe(marker.id, { email: markerEmail });
    await restock(marker.id, 1);
    await eventually(() => expect(backInStockMails(markerEmail)).toHaveLength(1));
    expect(backInStockMails(ada)).toHaveLength(1);
    expect(backInStockMails(bo)).toHaveLength(1);
  });

  it('a catalogue import that restocks a sold-out product emails those waiting', async () => {
    const product = await soldOut('Imported Restock');
    const email = uniqueEmail('importer');
    expect((await subscribe(product.id, { email })).statusCode).toBe(202);
    const exported = await t.app.inject({
      url: `${ownerApiPaths.catalogExport}?format=json`,
      headers: owner.bearer,
    });
    const file = exported.json<{ products: { slug: string; stock_quantity: number | null }[] }>();
    const entry = file.products.find((candidate) => candidate.slug === product.slug)!;
    Object.assign(entry, { stock_quantity: 12, stock_status: 'instock' });
    const imported = await t.app.inject({
      method: 'POST',
      url: `${ownerApiPaths.catalogImport}?format=json`,
      headers: { ...owner.bearer, 'content-type': 'application/json' },
      payload: JSON.stringify(file),
    });
    expect(imported.statusCode).toBe(200);
    const [mail] = await eventually(() => {
      const mails = backInStockMails(email);
      expect(mails).toHaveLength(1);
      return mails;
    });
    expect(mail!.text).toContain(`http://shop.test/product/${product.slug}`);
  });

  it('a write that leaves the product sold out sends nothing', async () => {
    const product = await soldOut();
    const email = uniqueEmail('patient');
    await subscribe(product.id, { email });
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/wp-json/wc/v3/products/${product.id}`,
      headers: owner.bearer,
      payload: { short_description: '<p>Back soon.</p>' },
    });
    expect(edit.statusCode).toBe(200);
    const marker = await soldOut();
    const markerEmail = uniqueEmail('marker');
    await subscribe(marker.id, { email: markerEmail });
    await restock(marker.id, 1);
    await eventually(() => expect(backInStockMails(markerEmail)).toHaveLength(1));
    expect(backInStockMails(email)).toEqual([]);
  });

  it('a sold-out variation: only its own waiting list hears when that variation is restocked', async () => {
    const product = await createVariableProduct(t, {
      name: uniqueName('Maple Pecan Crunch'),
      variations: [
        { size: '12 oz', stock_quantity: 0, stock_status: 'outofstock' },
        { size: '24 oz', stock_quantity: 0, stock_status: 'outofstock' },
      ],
    });
    const [small, large] = product.variations;
    const [wantsSmall, wantsLarge] = [uniqueEmail('small'), uniqueEmail('large')];
    await subscribe(product.id, { email: wantsSmall, variation_id: small!.id });
    await subscribe(product.id, { email: wantsLarge, variation_id: large!.id });
    // The subject carries a dash, so its header is encoded: read the item's name in the body.
    expect(mailTo(t.config.dataDir, wantsSmall)[0]!.text).toContain(
      `${product.name} – 12 oz is sold out right now.`,
    );

    expect((await restockVariation(product.id, small!.id, 6)).statusCode).toBe(200);
    const [mail] = await eventually(() => {
      const mails = backInStockMails(wantsSmall);
      expect(mails).toHaveLength(1);
      return mails;
    });
    expect(mail!.text).toContain(`Good news: ${product.name} – 12 oz is back in stock`);
    expect(backInStockMails(wantsLarge)).toEqual([]);
  });
});

describe('DELETE /wp-json/wc/v3/stock-notifications/{id}', () => {
  it('cancels with the emailed key, so the restock sends nothing; the link works once', async () => {
    const product = await soldOut();
    const email = uniqueEmail('changed-mind');
    await subscribe(product.id, { email });
    const { id, key } = cancelLinkIn(mailTo(t.config.dataDir, email)[0]!.text);

    const wrong = await t.app.inject({
      method: 'DELETE',
      url: `/wp-json/wc/v3/stock-notifications/${id}?key=${key}x`,
    });
    expect(wrong.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(wrong.json()).code).toBe('larder_stock_notification_invalid');

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/wp-json/wc/v3/stock-notifications/${id}?key=${key}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: STOCK_REQUEST_CANCELLED });
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/wp-json/wc/v3/stock-notifications/${id}?key=${key}`,
    });
    expect(again.statusCode).toBe(404);

    await restock(product.id, 3);
    const marker = await soldOut();
    const markerEmail = uniqueEmail('marker');
    await subscribe(marker.id, { email: markerEmail });
    await restock(marker.id, 1);
    await eventually(() => expect(backInStockMails(markerEmail)).toHaveLength(1));
    expect(backInStockMails(email)).toEqual([]);
    expect(readOutbox(t.config.dataDir).length).toBeGreaterThan(0);
  });
});
