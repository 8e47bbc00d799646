import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema, apiPaths, CustomerSchema, type Customer } from '@larder/contract';
import { z } from 'zod';
import { activityLog, customers } from '../../db/schema.ts';
import { seedShippingZones } from '../../../seed/shipping-zones.ts';
import { createProduct } from '../../../test/factories.ts';
import { hostileValue } from '../../../test/fuzz/hostile-values.ts';
import {
  payOrder,
  placeOrderAs,
  signedInCustomer,
  signIn,
  TEST_PASSWORD,
  uniqueEmail,
  type Session,
} from '../../../test/sessions.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let owner: Session;

beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  await seedShippingZones(t.database.db);
  owner = await signedInCustomer(t.app, t.database.db, { name: 'owner', role: 'administrator' });
});
afterAll(() => t.close());

/** Signs up through the real route with the names given, then signs in. */
async function customerNamed(first: string, last: string, email = uniqueEmail('c')) {
  const res = await t.app.inject({
    method: 'POST',
    url: apiPaths.customers,
    payload: { email, password: TEST_PASSWORD, first_name: first, last_name: last },
  });
  expect(res.statusCode, res.body).toBe(201);
  return signIn(t.app, email);
}

const setRole = (id: number, role: Customer['role']) =>
  t.database.db.update(customers).set({ role }).where(eq(customers.id, id));

const list = async (query: string, session: Session = owner) => {
  const res = await t.app.inject({
    url: `${apiPaths.customers}?${query}`,
    headers: session.bearer,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { res, customers: z.array(CustomerSchema).parse(res.json()) };
};

const ids = (listed: Customer[]) => listed.map((customer) => customer.id);

const putRole = (id: number, payload: object, session: Session = owner) =>
  t.app.inject({
    method: 'PUT',
    url: `${apiPaths.customers}/${id}`,
    headers: session.bearer,
    payload,
  });

const roleOf = async (id: number) =>
  (await t.database.db.select().from(customers).where(eq(customers.id, id)))[0]!.role;

const roleEntriesFor = (id: number) =>
  t.database.db
    .select()
    .from(activityLog)
    .where(
      and(
        eq(activityLog.action, 'customer.role'),
        eq(activityLog.subjectType, 'customer'),
        eq(activityLog.subjectId, id),
      ),
    );

describe('GET /customers (owners)', () => {
  it('finds customers by part of the email, first, last or full name, ignoring case', async () => {
    const tag = `q${Date.now().toString(36)}`;
    const byFirst = await customerNamed(`Marigold${tag}`, 'Baker');
    const byLast = await customerNamed('Sam', `Thistle${tag}`);
    const byEmail = await customerNamed('Lee', 'Fox', `${tag}-mail@example.com`);
    await customerNamed('Unrelated', 'Person');

    expect(ids((await list(`search=${tag.toUpperCase()}&per_page=100`)).customers).sort()).toEqual(
      [byFirst.id, byLast.id, byEmail.id].sort(),
    );
    expect(ids((await list(`search=marigold${tag}`)).customers)).toEqual([byFirst.id]);
    expect(
      ids((await list(`search=${encodeURIComponent(`Sam Thistle${tag}`)}`)).customers),
    ).toEqual([byLast.id]);
  });

  it('takes % and _ in a search as the characters themselves', async () => {
    const tag = Date.now().toString(36);
    const percent = await customerNamed(`Half${tag}`, '50%Rye');
    const underscore = await customerNamed(`Half${tag}`, 'Rye_Oat');
    await customerNamed(`Half${tag}`, '50xRye');
    await customerNamed(`Half${tag}`, 'RyexOat');

    expect(ids((await list(`search=${encodeURIComponent('50%')}&per_page=100`)).customers)).toEqual(
      [percent.id],
    );
    expect(ids((await list('search=Rye_Oat&per_page=100')).customers)).toEqual([underscore.id]);
  });

  it('filters by role, newest first by default', async () => {
    const tag = `r${Date.now().toString(36)}`;
    const retail = await customerNamed('Retail', tag);
    const wholesaleA = await customerNamed('Wholesale', tag);
    const wholesaleB = await customerNamed('Wholesale', tag);
    await setRole(wholesaleA.id, 'wholesale_customer');
    await setRole(wholesaleB.id, 'wholesale_customer');

    const onlyWholesale = (await list(`search=${tag}&role=wholesale_customer`)).customers;
    expect(ids(onlyWholesale)).toEqual([wholesaleB.id, wholesaleA.id]);
    expect(onlyWholesale.every((customer) => customer.role === 'wholesale_customer')).toBe(true);
    expect(ids((await list(`search=${tag}&role=customer`)).customers)).toEqual([retail.id]);
    expect(ids((await list(`search=${tag}&role=all`)).customers)).toEqual([
      wholesaleB.id,
      wholesaleA.id,
      retail.id,
    ]);
    const owners = (await list('role=administrator&per_page=100')).customers;
    expect(ids(owners)).toContain(owner.id);
  });

  it('orders by name or id in either direction', async () => {
    const tag = `o${Date.now().toString(36)}`;
    const cara = await customerNamed('cara', tag);
    const abel = await customerNamed('Abel', tag);
    const bea = await customerNamed('Bea', tag);

    const byName = await list(`search=${tag}&orderby=name&order=asc`);
    expect(ids(byName.customers)).toEqual([abel.id, bea.id, cara.id]);
    const byNameDesc = await list(`search=${tag}&orderby=name&order=desc`);
    expect(ids(byNameDesc.customers)).toEqual([cara.id, bea.id, abel.id]);
    const byId = await list(`search=${tag}&orderby=id&order=asc`);
    expect(ids(byId.customers)).toEqual([cara.id, abel.id, bea.id]);
  });

  it('pages the list with the WordPress headers', async () => {
    const tag = `p${Date.now().toString(36)}`;
    const made = [];
    for (const first of ['One', 'Two', 'Three']) made.push(await customerNamed(first, tag));

    const second = await list(`search=${tag}&orderby=id&order=asc&per_page=2&page=2`);
    expect(ids(second.customers)).toEqual([made[2]!.id]);
    expect(second.res.headers['x-wp-total']).toBe('3');
    expect(second.res.headers['x-wp-totalpages']).toBe('2');
    expect(String(second.res.headers.link)).toContain('rel="prev"');
    const past = await list(`search=${tag}&per_page=2&page=5`);
    expect(past.customers).toEqual([]);
  });

  it('marks a customer with a paid order as a paying customer, in the list and the record', async () => {
    const tag = `pay${Date.now().toString(36)}`;
    const payer = await customerNamed('Payer', tag);
    const browser = await customerNamed('Browser', tag);
    const productId = (await createProduct(t)).id;
    await payOrder(
      t.app,
      payer,
      await placeOrderAs(t.app, payer, [{ product_id: productId, quantity: 1 }]),
    );
    // Placed but never paid: not a paying customer.
    await placeOrderAs(t.app, browser, [{ product_id: productId, quantity: 1 }]);

    const listed = (await list(`search=${tag}`)).customers;
    expect(listed.find((c) => c.id === payer.id)?.is_paying_customer).toBe(true);
    expect(listed.find((c) => c.id === browser.id)?.is_paying_customer).toBe(false);
    const record = await t.app.inject({
      url: `${apiPaths.customers}/${payer.id}`,
      headers: owner.bearer,
    });
    expect(record.json()).toMatchObject({ id: payer.id, is_paying_customer: true });
    const own = await t.app.inject({ url: `${apiPaths.customers}/me`, headers: payer.bearer });
    expect(own.json()).toMatchObject({ id: payer.id, is_paying_customer: true });
  });

  it('lets an owner read any account, and no one else read another’s', async () => {
    const someone = await customerNamed('Some', 'One');
    const other = await customerNamed('Other', 'One');
    const asOwner = await t.app.inject({
      url: `${apiPaths.customers}/${someone.id}`,
      headers: owner.bearer,
    });
    expect(asOwner.statusCode).toBe(200);
    expect(CustomerSchema.parse(asOwner.json())).toMatchObject({
      id: someone.id,
      email: someone.email,
    });
    const asOther = await t.app.inject({
      url: `${apiPaths.customers}/${someone.id}`,
      headers: other.bearer,
    });
    expect(asOther.statusCode).toBe(403);
    const missing = await t.app.inject({
      url: `${apiPaths.customers}/999999`,
      headers: owner.bearer,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses guests (401) and other accounts (403) before looking at the query', async () => {
    const customer = await customerNamed('Nosy', 'Parker');
    const wholesale = await customerNamed('Nosy', 'Trader');
    await setRole(wholesale.id, 'wholesale_customer');
    for (const query of ['', '?role=nonsense&per_page=0']) {
      const guest = await t.app.inject({ url: `${apiPaths.customers}${query}` });
      expect(guest.statusCode).toBe(401);
      expect(ApiErrorSchema.parse(guest.json()).code).toBe('woocommerce_rest_cannot_view');
      for (const session of [customer, wholesale]) {
        const res = await t.app.inject({
          url: `${apiPaths.customers}${query}`,
          headers: session.bearer,
        });
        expect(res.statusCode).toBe(403);
        expect(res.body).not.toContain(owner.email);
      }
    }
  });

  it('answers 400 naming the parameter for a bad query', async () => {
    const res = await t.app.inject({
      url: `${apiPaths.customers}?orderby=password`,
      headers: owner.bearer,
    });
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json()).data.params).toHaveProperty('orderby');
  });
});

describe('PUT /customers/{id} with a role (owners)', () => {
  it('moves a shopper to wholesale and back, effective on their next request, and logs each move', async () => {
    const shopper = await customerNamed('Wren', 'Miller');
    const product = await createProduct(t, { regular_price: '12.50', wholesale_price: '7.50' });
    const readProduct = () =>
      t.app.inject({ url: `${apiPaths.products}/${product.id}`, headers: shopper.bearer });
    // Warm the read cache for retail customers first: the move must not be answered from it.
    await readProduct();
    expect((await readProduct()).body).not.toContain('wholesale_price');

    const promoted = await putRole(shopper.id, { role: 'wholesale_customer' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(CustomerSchema.parse(promoted.json())).toMatchObject({
      id: shopper.id,
      role: 'wholesale_customer',
    });
    const asWholesale = await readProduct();
    expect(asWholesale.json()).toMatchObject({ wholesale_price: '7.50' });
    const me = await t.app.inject({ url: `${apiPaths.customers}/me`, headers: shopper.bearer });
    expect(me.json()).toMatchObject({ role: 'wholesale_customer' });

    const demoted = await putRole(shopper.id, { role: 'customer' });
    expect(demoted.statusCode).toBe(200);
    expect(await roleOf(shopper.id)).toBe('customer');
    expect((await readProduct()).body).not.toContain('wholesale_price');

    const entries = await roleEntriesFor(shopper.id);
    expect(entries.map((entry) => entry.summary)).toEqual([
      `Wren Miller (${shopper.email}) moved from retail customer to wholesale buyer`,
      `Wren Miller (${shopper.email}) moved from wholesale buyer to retail customer`,
    ]);
    expect(entries.every((entry) => entry.actorId === owner.id)).toBe(true);
  });

  it('works the same over POST and a signed-in browser', async () => {
    const shopper = await customerNamed('Ada', 'Browser');
    const res = await t.app.inject({
      method: 'POST',
      url: `${apiPaths.customers}/${shopper.id}`,
      headers: owner.browser(),
      payload: { role: 'wholesale_customer' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await roleOf(shopper.id)).toBe('wholesale_customer');
  });

  it('answers the customer unchanged, logging nothing, when the role is already the one asked', async () => {
    const shopper = await customerNamed('Same', 'Role');
    const res = await putRole(shopper.id, { role: 'customer' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'customer' });
    expect(await roleEntriesFor(shopper.id)).toEqual([]);
  });

  it('never changes an owner’s account, the owner’s own included (403)', async () => {
    const manager = await customerNamed('Morgan', 'Manager');
    await setRole(manager.id, 'shop_manager');
    const admin = await customerNamed('Alex', 'Admin');
    await setRole(admin.id, 'administrator');
    for (const [id, role] of [
      [manager.id, 'shop_manager'],
      [admin.id, 'administrator'],
      [owner.id, 'administrator'],
    ] as const) {
      const res = await putRole(id, { role: 'customer' });
      expect(res.statusCode).toBe(403);
      expect(ApiErrorSchema.parse(res.json()).code).toBe('woocommerce_rest_cannot_edit');
      expect(await roleOf(id)).toBe(role);
      expect(await roleEntriesFor(id)).toEqual([]);
    }
  });

  it('never makes an owner, and takes no other role or field along with it (400)', async () => {
    const shopper = await customerNamed('Pat', 'Climber');
    for (const [payload, param] of [
      [{ role: 'administrator' }, 'role'],
      [{ role: 'shop_manager' }, 'role'],
      [{ role: 'baker' }, 'role'],
      [{ role: 7 }, 'role'],
      [{ role: null }, 'role'],
      [{ role: 'wholesale_customer', first_name: 'Patricia' }, 'first_name'],
    ] as const) {
      const res = await putRole(shopper.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(ApiErrorSchema.parse(res.json()).data.params).toHaveProperty(param);
    }
    const makeOwner = await putRole(shopper.id, { role: 'administrator' });
    expect(makeOwner.json().data.params.role).toMatch(/customer or wholesale_customer/);
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, shopper.id));
    expect(row).toMatchObject({ role: 'customer', firstName: 'Pat' });
    expect(await roleEntriesFor(shopper.id)).toEqual([]);
  });

  it('answers 404 for an unknown customer', async () => {
    const res = await putRole(999_999, { role: 'wholesale_customer' });
    expect(res.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(res.json()).code).toBe('woocommerce_rest_invalid_id');
  });

  it('ignores a role a customer or wholesale buyer sends about their own account, as before', async () => {
    const shopper = await customerNamed('Kim', 'Self');
    const trader = await customerNamed('Kit', 'Trader');
    await setRole(trader.id, 'wholesale_customer');
    for (const [session, payload, role] of [
      [shopper, { role: 'wholesale_customer' }, 'customer'],
      [shopper, { role: 'administrator', first_name: 'Kimberly' }, 'customer'],
      [trader, { role: 'administrator' }, 'wholesale_customer'],
    ] as const) {
      const res = await putRole(session.id, payload, session);
      expect(res.statusCode, res.body).toBe(200);
      expect(await roleOf(session.id)).toBe(role);
    }
    expect(
      (await t.database.db.select().from(customers).where(eq(customers.id, shopper.id)))[0],
    ).toMatchObject({ firstName: 'Kimberly' });
    expect(await roleEntriesFor(shopper.id)).toEqual([]);
  });

  it('refuses a customer moving someone else (403), and a guest (401)', async () => {
    const shopper = await customerNamed('Target', 'Person');
    const other = await customerNamed('Meddling', 'Person');
    expect((await putRole(shopper.id, { role: 'wholesale_customer' }, other)).statusCode).toBe(403);
    const guest = await t.app.inject({
      method: 'PUT',
      url: `${apiPaths.customers}/${shopper.id}`,
      payload: { role: 'wholesale_customer' },
    });
    expect(guest.statusCode).toBe(401);
    expect(await roleOf(shopper.id)).toBe('customer');
  });

  it('still lets an owner edit a customer’s details without a role', async () => {
    const shopper = await customerNamed('Old', 'Name');
    const res = await putRole(shopper.id, { first_name: 'New' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ first_name: 'New', role: 'customer' });
  });
});

describe('the profile save limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({
      seed: false,
      config: { rateLimits: { profileUpdate: { max: 2, windowMs: 60_000 } } },
    });
  });
  afterAll(() => limited.close());

  it('hold back a customer saving again and again, but not an owner moving many customers', async () => {
    const boss = await signedInCustomer(limited.app, limited.database.db, {
      name: 'boss',
      role: 'administrator',
    });
    const shoppers = [];
    for (let i = 0; i < 4; i++) {
      shoppers.push(await signedInCustomer(limited.app, limited.database.db, { name: 'many' }));
    }
    for (const shopper of shoppers) {
      const res = await limited.app.inject({
        method: 'PUT',
        url: `${apiPaths.customers}/${shopper.id}`,
        headers: boss.bearer,
        payload: { role: 'wholesale_customer' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }

    const saver = shoppers[0]!;
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const res = await limited.app.inject({
        method: 'PUT',
        url: `${apiPaths.customers}/${saver.id}`,
        headers: saver.bearer,
        payload: { first_name: `Saver${i}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe('hostile role changes by an owner', () => {
  it('answer below 500 in the error shape, and leave a shopper a shopper', async () => {
    const shopper = await customerNamed('Fuzz', 'Target');
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            role: fc.oneof(
              hostileValue,
              fc.constantFrom('customer', 'wholesale_customer', 'administrator', 'shop_manager'),
            ),
            first_name: hostileValue,
            email: hostileValue,
          },
          { requiredKeys: ['role'] },
        ),
        async (payload) => {
          const res = await putRole(shopper.id, payload);
          expect(res.statusCode, res.body).toBeLessThan(500);
          if (res.statusCode >= 400)
            expect(ApiErrorSchema.safeParse(res.json()).success).toBe(true);
          expect(['customer', 'wholesale_customer']).toContain(await roleOf(shopper.id));
        },
      ),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 100) },
    );
  });
});
