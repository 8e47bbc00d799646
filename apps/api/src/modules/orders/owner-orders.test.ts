import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema, apiPaths, OwnerOrderSchema } from '@larder/contract';
import { orders } from '../../db/schema.ts';
import { createOrder, createProduct, createWholesaleBuyer } from '../../../test/factories.ts';
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
  productId = (
    await createProduct(t, { regular_price: '20.00', wholesale_price: '12.00', stock_quantity: 50 })
  ).id;
});
afterAll(() => t.close());

const asOwner = (url: string) => t.app.inject({ url, headers: owner.bearer });
const paidOrder = (as: Session = buyer) =>
  createOrder(t.app, [{ product_id: productId, quantity: 1 }], { as, paid: true });
const ownerOrder = async (id: number) =>
  OwnerOrderSchema.parse((await asOwner(`${apiPaths.orders}/${id}`)).json());
const errorOf = (res: { json(): unknown }) => ApiErrorSchema.parse(res.json());

describe('GET /wp-json/wc/v3/orders as an owner', () => {
  it("lists every customer's orders newest first, with price list, shipment and refunds", async () => {
    const mine = await paidOrder();
    const guests = await createOrder(t.app, [{ product_id: productId, quantity: 1 }]);
    const res = await asOwner(`${apiPaths.orders}?per_page=2`);
    expect(res.statusCode, res.body).toBe(200);
    const listed = OwnerOrderSchema.array().parse(res.json());
    expect(listed.map((order) => order.id)).toEqual([guests.id, mine.id]);
    expect(listed[0]).toMatchObject({ price_list: 'retail', shipment: null, refunds: [] });
    expect(Number(res.headers['x-wp-total'])).toBeGreaterThanOrEqual(2);
  });

  it('filters by status, price list, dates and a search on number, name or email', async () => {
    const order = await paidOrder();
    const wholesaleOrder = await paidOrder(await createWholesaleBuyer(t));
    await t.database.db
      .update(orders)
      .set({
        billing: {
          ...(await ownerOrder(order.id)).billing,
          first_name: 'Zelda',
          last_name: '50%_Oats',
        },
      })
      .where(eq(orders.id, order.id));
    const ids = async (query: string) => {
      const res = await asOwner(`${apiPaths.orders}?per_page=100&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return OwnerOrderSchema.array()
        .parse(res.json())
        .map((listed) => listed.id);
    };
    expect(await ids('search=zelda%2050%25_oats')).toEqual([order.id]);
    // The LIKE wildcards are text: "5_%" matches nothing here.
    expect(await ids('search=zelda%205_%25')).toEqual([]);
    expect(await ids(`search=${order.id}`)).toContain(order.id);
    expect(await ids(`search=${encodeURIComponent(buyer.email.toUpperCase())}`)).toContain(
      order.id,
    );
    expect(await ids('status=processing')).toContain(order.id);
    expect(await ids('status=pending')).not.toContain(order.id);
    expect(await ids('price_list=wholesale')).toEqual([wholesaleOrder.id]);
    expect(await ids('price_list=retail')).toContain(order.id);
    expect(await ids('price_list=retail')).not.toContain(wholesaleOrder.id);
    expect(await ids(`customer=${buyer.id}&status=any`)).toContain(order.id);
    const created = order.date_created_gmt;
    expect(await ids(`before=${created}Z`)).not.toContain(order.id);
    expect(await ids(`after=2000-01-01&before=2999-01-01`)).toContain(order.id);
    expect(await ids(`after=2999-01-01`)).toEqual([]);
  });

  it('answers 400 for a date that does not exist, and 401 for a guest whatever the query', async () => {
    const bad = await asOwner(`${apiPaths.orders}?after=2026-02-30`);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).data.params).toHaveProperty('after');
    const guest = await t.app.inject({ url: apiPaths.orders });
    expect(guest.statusCode).toBe(401);
    const guestBadQuery = await t.app.inject({ url: `${apiPaths.orders}?status=nonsense` });
    expect(guestBadQuery.statusCode).toBe(401);
  });

  it('keeps a customer to their own orders, and they need to name themselves', async () => {
    const missing = await t.app.inject({ url: apiPaths.orders, headers: buyer.bearer });
    expect(missing.statusCode).toBe(400);
    const theirs = await t.app.inject({
      url: `${apiPaths.orders}?customer=${buyer.id}`,
      headers: buyer.bearer,
    });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.body).not.toContain('price_list');
  });
});

describe('GET /wp-json/wc/v3/orders/{id} as an owner', () => {
  it("reads any buyer's order; 404 for an unknown id", async () => {
    const order = await paidOrder();
    expect(await ownerOrder(order.id)).toMatchObject({ id: order.id, price_list: 'retail' });
    const res = await asOwner(`${apiPaths.orders}/999999`);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('woocommerce_rest_shop_order_invalid_id');
  });
});
