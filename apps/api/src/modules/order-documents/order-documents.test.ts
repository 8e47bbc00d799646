import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiErrorSchema,
  apiPaths,
  ownerApiPaths,
  OrderSchema,
  type Order,
  type OrderCreate,
  type ShippingRate,
} from '@larder/contract';
import { DEMO_SHOP } from '../../config.ts';
import {
  createProduct,
  createVariableProduct,
  createWholesaleBuyer,
} from '../../../test/factories.ts';
import { aBuyer } from '../../../test/place-order.ts';
import { payOrder, signedInCustomer, type Session } from '../../../test/sessions.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let owner: Session;
let buyer: Session;
let granola: { id: number; name: string; sku: string };
let variable: Awaited<ReturnType<typeof createVariableProduct>>;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signedInCustomer(t.app, t.database.db, { name: 'owner', role: 'administrator' });
  buyer = await signedInCustomer(t.app, t.database.db, { name: 'buyer' });
  const created = await createProduct(t, {
    name: 'Maple Pecan Granola',
    sku: 'LO-MPG-12',
    regular_price: '14.50',
    stock_quantity: 100,
  });
  granola = { id: created.id, name: created.name, sku: 'LO-MPG-12' };
  variable = await createVariableProduct(t, {
    name: 'Honey Almond Clusters',
    variations: [
      { size: '12 oz', regular_price: '9.25', wholesale_price: '6.00' },
      { size: '24 oz', regular_price: '16.75', wholesale_price: '11.00' },
    ],
  });
});
afterAll(() => t.close());

/** PDF_OUT=dir writes each document there, to look at (pdftoppm -png -r 80). */
const keep = (name: string, body: Buffer) => {
  if (process.env.PDF_OUT) writeFileSync(join(process.env.PDF_OUT, name), body);
};

/** The text of every page, lines joined by spaces, as a reader copying it would get it. */
async function textOf(body: Buffer): Promise<{ text: string; pages: number }> {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  const { text, totalPages } = await extractText(pdf, { mergePages: true });
  return { text: text.replace(/\s+/g, ' '), pages: totalPages };
}

/** An order placed through the real rates and order routes, with the billing details given. */
async function placeOrder(
  session: Session,
  lines: OrderCreate['line_items'],
  extra: { billing?: Partial<OrderCreate['billing']>; customer_note?: string } = {},
): Promise<Order> {
  const quote = await t.app.inject({
    method: 'POST',
    url: apiPaths.shippingRates,
    headers: session.bearer,
    payload: { ...aBuyer, products: lines },
  });
  const [rate] = quote.json<ShippingRate[]>();
  const res = await t.app.inject({
    method: 'POST',
    url: apiPaths.orders,
    headers: session.bearer,
    payload: {
      customer_id: session.id,
      payment_method: 'stripe',
      payment_method_title: 'Credit Card (Stripe)',
      billing: { ...aBuyer, email: session.email, ...extra.billing },
      line_items: lines,
      shipping_lines: [{ method_id: rate!.method_id, instance_id: rate!.instance_id }],
      ...(extra.customer_note ? { customer_note: extra.customer_note } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return OrderSchema.parse(res.json());
}

const invoiceUrl = (id: number) => `${ownerApiPaths.orderDocuments}/${id}/invoice.pdf`;
const slipUrl = (id: number) => `${ownerApiPaths.orderDocuments}/${id}/packing-slip.pdf`;
const get = (url: string, headers: Record<string, string> = owner.bearer) =>
  t.app.inject({ method: 'GET', url, headers });

describe('GET /wp-json/larder/v1/orders/{id}/invoice.pdf', () => {
  it('answers a PDF invoice with the shop, the buyer, the lines, the total and the payment', async () => {
    const order = await placeOrder(buyer, [
      { product_id: granola.id, quantity: 3 },
      { product_id: variable.id, variation_id: variable.variations[1]!.id, quantity: 1 },
    ]);
    await payOrder(t.app, buyer, order);

    const res = await get(invoiceUrl(order.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="invoice-${order.id}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    keep('invoice.pdf', res.rawPayload);

    const { text } = await textOf(res.rawPayload);
    expect(text).toContain(DEMO_SHOP.name);
    expect(text).toContain(DEMO_SHOP.address.street);
    expect(text).toContain(DEMO_SHOP.email);
    expect(text).toContain('INVOICE');
    expect(text).toContain(`#${order.id}`);
    expect(text).toContain('Ada Baker');
    expect(text).toContain('200 Broadway');
    expect(text).toContain(granola.name);
    // Three at $14.50 is $43.50; the 24 oz variation names its size.
    expect(text).toMatch(/3 \$14\.50 \$43\.50/);
    expect(text).toContain('Honey Almond Clusters');
    expect(text).toContain('Size: 24 oz');
    expect(text).toMatch(/1 \$16\.75 \$16\.75/);
    expect(text).toContain('Subtotal $60.25');
    expect(text).toContain(`Total $${order.total}`);
    expect(text).toMatch(/Paid by Credit Card \(Stripe\) on \w+ \d{1,2}, \d{4}/);
    expect(text).not.toContain('Wholesale');
  });

  it('shows refunds given so far and what is left after them', async () => {
    const order = await placeOrder(buyer, [{ product_id: granola.id, quantity: 2 }]);
    await payOrder(t.app, buyer, order);
    const refund = await t.app.inject({
      method: 'POST',
      url: `${apiPaths.orders}/${order.id}/refunds`,
      headers: owner.bearer,
      payload: { amount: '5.00', reason: 'One bag arrived crushed' },
    });
    expect(refund.statusCode, refund.body).toBe(201);

    const { text } = await textOf((await get(invoiceUrl(order.id))).rawPayload);
    expect(text).toContain('Refund: One bag arrived crushed -$5.00');
    const net = (Math.round(Number(order.total) * 100) - 500) / 100;
    expect(text).toContain(`Net after refunds $${net.toFixed(2)}`);
  });

  it('says an unpaid order is awaiting payment', async () => {
    const order = await placeOrder(buyer, [{ product_id: granola.id, quantity: 1 }]);
    const { text } = await textOf((await get(invoiceUrl(order.id))).rawPayload);
    expect(text).toContain('Awaiting payment');
    expect(text).toContain('not paid yet');
    expect(text).not.toContain('Paid by');
  });

  it("says a wholesale order is one, with the buyer's company and the wholesale prices", async () => {
    const wholesaler = await createWholesaleBuyer(t, { name: 'cafe' });
    const order = await placeOrder(
      wholesaler,
      [{ product_id: variable.id, variation_id: variable.variations[0]!.id, quantity: 12 }],
      { billing: { company: 'Bean There Café' } },
    );
    await payOrder(t.app, wholesaler, order);

    const res = await get(invoiceUrl(order.id));
    keep('invoice-wholesale.pdf', res.rawPayload);
    const { text } = await textOf(res.rawPayload);
    expect(text).toContain('WHOLESALE INVOICE');
    expect(text).toContain('Wholesale buyer: Bean There Café');
    expect(text).toMatch(/12 \$6\.00 \$72\.00/);
  });

  it('answers 404 for an unknown order, and 401/403 to anyone but an owner', async () => {
    const unknown = await get(invoiceUrl(999_999));
    expect(unknown.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(unknown.json()).code).toBe(
      'woocommerce_rest_shop_order_invalid_id',
    );

    const order = await placeOrder(buyer, [{ product_id: granola.id, quantity: 1 }]);
    expect((await get(invoiceUrl(order.id), {})).statusCode).toBe(401);
    // Not even the buyer: invoices are printed by the shop.
    expect((await get(invoiceUrl(order.id), buyer.bearer)).statusCode).toBe(403);
  });
});

describe('GET /wp-json/larder/v1/orders/{id}/packing-slip.pdf', () => {
  it('lists what goes in the box, with SKUs, sizes and the note, and no prices', async () => {
    const order = await placeOrder(
      buyer,
      [
        { product_id: granola.id, quantity: 2 },
        { product_id: variable.id, variation_id: variable.variations[0]!.id, quantity: 4 },
      ],
      { customer_note: 'Happy birthday, Sam!\nLove from Ada' },
    );
    await payOrder(t.app, buyer, order);

    const res = await get(slipUrl(order.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="packing-slip-${order.id}.pdf"`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    keep('packing-slip.pdf', res.rawPayload);

    // Long test SKUs wrap at their dashes in the narrow column.
    const text = (await textOf(res.rawPayload)).text.replace(/- /g, '-');
    expect(text).toContain('PACKING SLIP');
    expect(text).toContain(`#${order.id}`);
    expect(text).toContain('Ada Baker 200 Broadway New York, NY 10007');
    expect(text).toMatch(new RegExp(`${granola.name} ${granola.sku} 2`));
    expect(text).toMatch(
      new RegExp(`Honey Almond Clusters Size: 12 oz ${variable.variations[0]!.sku} 4`),
    );
    expect(text).toContain('6 items in 2 lines');
    expect(text).toContain('Happy birthday, Sam! Love from Ada');
    expect(text).not.toContain('$');
  });

  it("keeps a buyer's long, foreign or hostile text inside the page", async () => {
    const longWord = 'Bartholomew'.repeat(8);
    const order = await placeOrder(buyer, [{ product_id: granola.id, quantity: 1 }], {
      billing: {
        first_name: `Zoë ${longWord}`,
        last_name: 'Łódź-Dvořák 東京 🍯',
        address_1: '12 Rue de l’Église\u202e) Tj ET BT',
        company: '(unbalanced \\ parens',
      },
      customer_note: `Leave it by the door ${'please '.repeat(130)}`.slice(0, 1000),
    });
    const slip = await get(slipUrl(order.id));
    const invoice = await get(invoiceUrl(order.id));
    expect(slip.statusCode, slip.body).toBe(200);
    expect(invoice.statusCode, invoice.body).toBe(200);
    keep('packing-slip-hostile.pdf', slip.rawPayload);
    keep('invoice-hostile.pdf', invoice.rawPayload);

    for (const body of [slip.rawPayload, invoice.rawPayload]) {
      const { text } = await textOf(body);
      // The long name is wrapped, not cut: all of it is there, on however many lines.
      expect(text.replace(/ /g, '')).toContain(`Zoë${longWord}`);
      // Latin-1 letters stay, other accents are dropped, other scripts and emoji become "?".
      expect(text).toContain('Lódz-Dvorák ?? ?');
      expect(text).toContain('12 Rue de l’Église) Tj ET BT');
      expect(text).toContain('(unbalanced \\ parens');
    }
    expect((await textOf(slip.rawPayload)).text).toContain('Leave it by the door please please');
  });

  it('runs a long order over pages, each with the table header and "Page n of N"', async () => {
    const sampler = await createVariableProduct(t, {
      name: 'Sampler Tin',
      variations: Array.from({ length: 28 }, (_, index) => ({
        size: `Flavour ${index + 1}`,
        regular_price: '5.00',
      })),
    });
    const order = await placeOrder(
      buyer,
      sampler.variations.map((variation) => ({
        product_id: sampler.id,
        variation_id: variation.id,
        quantity: 1,
      })),
    );
    for (const [url, name] of [
      [slipUrl(order.id), 'packing-slip-long.pdf'],
      [invoiceUrl(order.id), 'invoice-long.pdf'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, res.body).toBe(200);
      keep(name, res.rawPayload);
      const { text, pages } = await textOf(res.rawPayload);
      expect(pages).toBeGreaterThan(1);
      expect(text).toContain(`Page ${pages} of ${pages}`);
      expect(text.match(/ITEM /g)).toHaveLength(pages);
      expect(text).toContain('Size: Flavour 28');
    }
  });

  it('answers 404 for an unknown order', async () => {
    const res = await get(slipUrl(999_999));
    expect(res.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(res.json()).code).toBe('woocommerce_rest_shop_order_invalid_id');
  });
});
