import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ApiErrorSchema,
  apiPaths,
  ShippingRateSchema,
  ShippingZoneLocationSchema,
  ShippingZoneMethodSchema,
  ShippingZoneSchema,
} from '@larder/contract';
import { activityLog, shippingZoneLocations, shippingZones } from '../../db/schema.ts';
import { seedShippingZones } from '../../../seed/shipping-zones.ts';
import { createProduct, uniqueName } from '../../../test/factories.ts';
import { signedInCustomer, type Session } from '../../../test/sessions.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';

const ZONES = apiPaths.shippingZones;

let t: TestApp;
let owner: Session;
let shopper: Session;
/** A $12.50 product: quotes price one of it. */
let productId: number;

beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  await seedShippingZones(t.database.db);
  owner = await signedInCustomer(t.app, t.database.db, { role: 'administrator', name: 'owner' });
  shopper = await signedInCustomer(t.app, t.database.db, { name: 'shopper' });
  productId = (await createProduct(t, { regular_price: '12.50' })).id;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const send = (method: Method, url: string, payload?: unknown, session: Session | null = owner) =>
  t.app.inject({
    method,
    url,
    headers: session?.bearer ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const errorOf = (res: { json(): unknown }) => ApiErrorSchema.parse(res.json());

/**
 * A zone of the test's own, matched after every seeded one (orders 1 and 2) unless told. It gets
 * Antarctica as its location: a zone without locations matches every address, which would take
 * the other tests' quotes.
 */
async function createZone(name = uniqueName('Zone'), order = 100) {
  const res = await send('POST', ZONES, { name, order });
  expect(res.statusCode, res.body).toBe(201);
  const zone = ShippingZoneSchema.parse(res.json());
  await setLocations(zone.id, [{ code: 'AN', type: 'continent' }]);
  return zone;
}

async function setLocations(zoneId: number, locations: { code: string; type: string }[]) {
  const res = await send('PUT', `${ZONES}/${zoneId}/locations`, locations);
  expect(res.statusCode, res.body).toBe(200);
  return z.array(ShippingZoneLocationSchema).parse(res.json());
}

async function addMethod(zoneId: number, body: object) {
  const res = await send('POST', `${ZONES}/${zoneId}/methods`, body);
  expect(res.statusCode, res.body).toBe(201);
  return ShippingZoneMethodSchema.parse(res.json());
}

/** The rates request for one $12.50 item sent to this state. */
const askRates = (state: string, country: string, postcode: string) =>
  send(
    'POST',
    apiPaths.shippingRates,
    {
      address_1: '1 Main St',
      city: 'Portland',
      country,
      state,
      postcode,
      products: [{ product_id: productId, quantity: 1 }],
    },
    null,
  );

/** What a shopper is quoted for one $12.50 item sent to this state. */
async function quote(state: string, country = 'US', postcode = '97201') {
  const res = await askRates(state, country, postcode);
  expect(res.statusCode, res.body).toBe(200);
  return z
    .array(ShippingRateSchema)
    .parse(res.json())
    .map((rate) => `${rate.label} ${rate.cost}`);
}

/** What a shopper is told when no zone with methods takes the address. */
async function refusal(state: string, country: string, postcode: string) {
  const res = await askRates(state, country, postcode);
  expect(res.statusCode, res.body).toBe(400);
  return errorOf(res).data.params?.country;
}

const zoneRow = async (id: number) =>
  (await t.database.db.select().from(shippingZones).where(eq(shippingZones.id, id)))[0];

const entries = (subjectType: string, subjectId: number) =>
  t.database.db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.subjectType, subjectType), eq(activityLog.subjectId, subjectId)));

describe('POST /shipping/zones', () => {
  it('creates a zone the list shows in its order, with a Location header and an activity entry', async () => {
    const name = uniqueName('Pacific Northwest');
    const res = await send('POST', ZONES, { name: `  ${name} `, order: 50 });
    expect(res.statusCode, res.body).toBe(201);
    const zone = ShippingZoneSchema.parse(res.json());
    expect(zone).toMatchObject({ name, order: 50 });
    expect(res.headers.location).toBe(`${ZONES}/${zone.id}`);
    const listed = z
      .array(ShippingZoneSchema)
      .parse((await send('GET', ZONES, undefined, null)).json());
    const names = listed.map((entry) => entry.name);
    expect(names.indexOf(name)).toBeGreaterThan(names.indexOf('United States'));
    const [entry] = await entries('shipping_zone', zone.id);
    expect(entry).toMatchObject({ action: 'shipping_zone.created', actorId: owner.id });
    expect(entry!.summary).toContain(name);
    await send('DELETE', `${ZONES}/${zone.id}`);
  });

  it('refuses an empty name with 400 naming it', async () => {
    const res = await send('POST', ZONES, { name: '   ' });
    expect(res.statusCode).toBe(400);
    const error = errorOf(res);
    expect(error.code).toBe('rest_invalid_param');
    expect(error.data.params).toHaveProperty('name');
  });

  it('answers 409 for a name another zone has, whatever its case, and writes nothing', async () => {
    const before = await t.database.db.select().from(shippingZones);
    const res = await send('POST', ZONES, { name: 'united STATES' });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatchObject({
      code: 'larder_shipping_zone_exists',
      data: { status: 409, params: { name: expect.any(String) } },
    });
    expect(await t.database.db.select().from(shippingZones)).toHaveLength(before.length);
  });

  it('is the owner’s alone: 401 for a guest and 403 for a shopper, before the body is read', async () => {
    expect((await send('POST', ZONES, { name: '' }, null)).statusCode).toBe(401);
    const refused = await send('POST', ZONES, { name: '' }, shopper);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('woocommerce_rest_cannot_create');
  });
});

describe('PUT /shipping/zones/{id}', () => {
  it('renames and reorders a zone, and the new order decides which zone a quote uses', async () => {
    const zone = await createZone();
    await setLocations(zone.id, [{ code: 'US:ID', type: 'state' }]);
    await addMethod(zone.id, {
      method_id: 'flat_rate',
      settings: { title: 'Idaho post', cost: '3.00' },
    });
    // The seeded "United States" zone (order 2) takes Idaho while this zone comes after it.
    expect(await quote('ID')).not.toContain('Idaho post 3');

    const name = uniqueName('Idaho');
    const res = await send('PUT', `${ZONES}/${zone.id}`, { name, order: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect(ShippingZoneSchema.parse(res.json())).toEqual({ id: zone.id, name, order: 0 });
    expect(await quote('ID')).toEqual(['Idaho post 3']);
    const summaries = (await entries('shipping_zone', zone.id)).map((entry) => entry.summary);
    expect(summaries.some((summary) => summary.includes(`renamed "${name}"`))).toBe(true);
    await send('DELETE', `${ZONES}/${zone.id}`);
  });

  it('refuses to change zone 0 with 403 woocommerce_rest_shipping_zone_invalid_zone', async () => {
    const res = await send('PUT', `${ZONES}/0`, { name: 'Everywhere else' });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('woocommerce_rest_shipping_zone_invalid_zone');
    expect((await zoneRow(0))!.name).toBe('Locations not covered by your other zones');
  });

  it('answers 404 for an unknown zone and 409 for a name another zone has', async () => {
    const missing = await send('PUT', `${ZONES}/999999`, { name: 'Nowhere' });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('woocommerce_rest_shipping_zone_invalid');
    const zone = await createZone();
    const clash = await send('PUT', `${ZONES}/${zone.id}`, { name: 'United States', order: 7 });
    expect(clash.statusCode).toBe(409);
    // Nothing half-written: the order sent with the clashing name is not kept either.
    expect(await zoneRow(zone.id)).toMatchObject({ name: zone.name, zoneOrder: 100 });
  });

  it('answers 400 for an order that is not a whole number', async () => {
    const zone = await createZone();
    const res = await send('PUT', `${ZONES}/${zone.id}`, { order: 1.5 });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).data.params).toHaveProperty('order');
  });
});

describe('DELETE /shipping/zones/{id}', () => {
  it('deletes the zone with its locations and methods; its addresses fall back to zone 0, which ships nowhere', async () => {
    const zone = await createZone(uniqueName('Guam'), 0);
    await setLocations(zone.id, [{ code: 'GU', type: 'country' }]);
    await addMethod(zone.id, {
      method_id: 'flat_rate',
      settings: { title: 'Island post', cost: '9.00' },
    });
    expect(await quote('', 'GU', '96910')).toEqual(['Island post 9']);

    const res = await send('DELETE', `${ZONES}/${zone.id}?force=true`);
    expect(res.statusCode, res.body).toBe(200);
    expect(ShippingZoneSchema.parse(res.json())).toEqual(zone);
    expect(await zoneRow(zone.id)).toBeUndefined();
    expect(
      await t.database.db
        .select()
        .from(shippingZoneLocations)
        .where(eq(shippingZoneLocations.zoneId, zone.id)),
    ).toEqual([]);
    // Other tests' zones may add places; the seeded zones ship within the United States.
    expect(await refusal('', 'GU', '96910')).toMatch(
      /^We ship to United States\b.* addresses only, so we cannot ship to this address\.$/,
    );
    expect((await entries('shipping_zone', zone.id)).map((entry) => entry.action)).toContain(
      'shipping_zone.deleted',
    );
    expect((await send('DELETE', `${ZONES}/${zone.id}`)).statusCode).toBe(404);
  });

  it('refuses to delete zone 0 with 403', async () => {
    const res = await send('DELETE', `${ZONES}/0`);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('woocommerce_rest_shipping_zone_invalid_zone');
    expect(await zoneRow(0)).toBeDefined();
  });

  it('is the owner’s alone', async () => {
    const zone = await createZone();
    expect((await send('DELETE', `${ZONES}/${zone.id}`, undefined, null)).statusCode).toBe(401);
    expect((await send('DELETE', `${ZONES}/${zone.id}`, undefined, shopper)).statusCode).toBe(403);
    expect(await zoneRow(zone.id)).toBeDefined();
  });
});

describe('GET/PUT /shipping/zones/{id}/locations', () => {
  it('replaces the list: codes upper-cased, repeats dropped, read back in order', async () => {
    const zone = await createZone();
    await setLocations(zone.id, [{ code: 'CA', type: 'country' }]);
    const saved = await setLocations(zone.id, [
      { code: 'us:or', type: 'state' },
      { code: 'US:OR', type: 'state' },
      { code: 'na', type: 'continent' },
      { code: '97*', type: 'postcode' },
      { code: 'mx', type: 'country' },
    ]);
    expect(saved).toEqual([
      { code: 'NA', type: 'continent' },
      { code: 'MX', type: 'country' },
      { code: '97*', type: 'postcode' },
      { code: 'US:OR', type: 'state' },
    ]);
    const read = await send('GET', `${ZONES}/${zone.id}/locations`);
    expect(read.json()).toEqual(saved);
    expect((await entries('shipping_zone', zone.id)).at(-1)!.action).toBe(
      'shipping_zone.locations',
    );
    expect(await setLocations(zone.id, [])).toEqual([]);
    await send('DELETE', `${ZONES}/${zone.id}`);
  });

  it('refuses a state, country or continent the shop does not know with 400, keeping the old list', async () => {
    const zone = await createZone();
    await setLocations(zone.id, [{ code: 'US:WA', type: 'state' }]);
    for (const [bad, index] of [
      [[{ code: 'US:XX', type: 'state' }], 0],
      [
        [
          { code: 'US:OR', type: 'state' },
          { code: 'ZZ', type: 'country' },
        ],
        1,
      ],
      [[{ code: 'OR', type: 'state' }], 0],
      [[{ code: 'XX', type: 'continent' }], 0],
      [[{ code: '97<1>', type: 'postcode' }], 0],
    ] as const) {
      const res = await send('PUT', `${ZONES}/${zone.id}/locations`, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(errorOf(res).data.params).toHaveProperty(`locations[${index}]`);
    }
    const bodyError = await send('PUT', `${ZONES}/${zone.id}/locations`, [
      { code: 'US', type: 'city' },
    ]);
    expect(bodyError.statusCode).toBe(400);
    expect((await send('GET', `${ZONES}/${zone.id}/locations`)).json()).toEqual([
      { code: 'US:WA', type: 'state' },
    ]);
  });

  it('has no locations for zone 0 and refuses to give it any (403)', async () => {
    expect((await send('GET', `${ZONES}/0/locations`)).json()).toEqual([]);
    const res = await send('PUT', `${ZONES}/0/locations`, [{ code: 'US', type: 'country' }]);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('woocommerce_rest_shipping_zone_locations_invalid_zone');
  });

  it('answers 404 for an unknown zone, and only to the owner', async () => {
    expect((await send('GET', `${ZONES}/999999/locations`)).statusCode).toBe(404);
    expect((await send('GET', `${ZONES}/0/locations`, undefined, null)).statusCode).toBe(401);
    expect((await send('GET', `${ZONES}/0/locations`, undefined, shopper)).statusCode).toBe(403);
  });
});

describe('shipping zone methods', () => {
  /** A zone of its own for Oregon, matched first. */
  async function oregonZone() {
    const zone = await createZone(uniqueName('Oregon'), 0);
    await setLocations(zone.id, [{ code: 'US:OR', type: 'state' }]);
    return zone;
  }
  const methodsUrl = (zoneId: number) => `${ZONES}/${zoneId}/methods`;
  const methodUrl = (zoneId: number, instanceId: number) => `${methodsUrl(zoneId)}/${instanceId}`;

  it('adds a flat rate whose cost the next quote charges, stored through the money module', async () => {
    const zone = await oregonZone();
    const method = await addMethod(zone.id, {
      method_id: 'flat_rate',
      settings: { title: 'Oregon ground', cost: '6.9' },
    });
    expect(method).toMatchObject({
      title: 'Oregon ground',
      enabled: true,
      method_id: 'flat_rate',
      method_title: 'Flat rate',
      order: 1,
    });
    expect(method.settings.cost!.value).toBe('6.90');
    expect(await quote('OR')).toEqual(['Oregon ground 6.9']);
    expect((await entries('shipping_method', method.instance_id))[0]!.action).toBe(
      'shipping_method.created',
    );

    const res = await send('PUT', methodUrl(zone.id, method.instance_id), {
      settings: { cost: '8.25' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(ShippingZoneMethodSchema.parse(res.json()).settings.cost!.value).toBe('8.25');
    expect(await quote('OR')).toEqual(['Oregon ground 8.25']);
    const [, updated] = await entries('shipping_method', method.instance_id);
    expect(updated).toMatchObject({ action: 'shipping_method.updated' });
    expect(updated!.summary).toContain('cost set to 8.25');
    await send('DELETE', `${ZONES}/${zone.id}`);
  });

  it('refuses a bad cost with 400 naming it, and writes nothing', async () => {
    const zone = await oregonZone();
    const bad = await send('POST', methodsUrl(zone.id), {
      method_id: 'flat_rate',
      settings: { cost: '6.955' },
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatchObject({ code: 'rest_invalid_param', data: { status: 400 } });
    expect(errorOf(bad).data.params).toHaveProperty('settings');
    expect((await send('GET', methodsUrl(zone.id))).json()).toEqual([]);

    const method = await addMethod(zone.id, { method_id: 'flat_rate', settings: { cost: '5.00' } });
    const badEdit = await send('PUT', methodUrl(zone.id, method.instance_id), {
      title: 'Renamed',
      settings: { cost: '-1' },
    });
    expect(badEdit.statusCode).toBe(400);
    const kept = ShippingZoneMethodSchema.parse(
      (await send('GET', methodUrl(zone.id, method.instance_id))).json(),
    );
    expect(kept.title).toBe('Flat rate');
    expect(kept.settings.cost!.value).toBe('5.00');
    await send('DELETE', `${ZONES}/${zone.id}`);
  });

  it('refuses a setting the method does not have, and free shipping needing an amount it lacks', async () => {
    const zone = await oregonZone();
    const wrongKey = await send('POST', methodsUrl(zone.id), {
      method_id: 'free_shipping',
      settings: { cost: '1.00' },
    });
    expect(wrongKey.statusCode).toBe(400);
    expect(errorOf(wrongKey).data.params).toHaveProperty(['settings.cost']);
    const noMinimum = await send('POST', methodsUrl(zone.id), {
      method_id: 'free_shipping',
      settings: { requires: 'min_amount' },
    });
    expect(noMinimum.statusCode).toBe(400);
    expect(errorOf(noMinimum).data.params).toHaveProperty(['settings.min_amount']);
    expect((await send('GET', methodsUrl(zone.id))).json()).toEqual([]);
    await send('DELETE', `${ZONES}/${zone.id}`);
  });

  it('offers free shipping from the minimum the owner sets', async () => {
    const zone = await oregonZone();
    await addMethod(zone.id, { method_id: 'flat_rate', settings: { title: 'Ground', cost: '5' } });
    const free = await addMethod(zone.id, {
      method_id: 'free_shipping',
      settings: { title: 'Free over $20', requires: 'min_amount', min_amount: '20' },
    });
    expect(free.settings.min_amount!.value).toBe('20.00');
    expect(await quote('OR')).toEqual(['Ground 5']);
    await send('PUT', methodUrl(zone.id, free.instance_id), {
      title: 'Free over $10',
      settings: { min_amount: '10.00' },
    });
    // Met, free shipping takes the place of the flat rate listed just before it.
    expect(await quote('OR')).toEqual(['Free over $10 0']);
    await send('DELETE', `${ZONES}/${zone.id}`);
  });

  it('a disabled method is offered to no shopper, yet the owner still sees it', async () => {
    const zone = await oregonZone();
    const ground = await addMethod(zone.id, { method_id: 'flat_rate', settings: { cost: '4' } });
    const pickup = await addMethod(zone.id, {
      method_id: 'local_pickup',
      enabled: false,
      settings: { title: 'Pick up in Portland', cost: '0' },
    });
    expect(await quote('OR')).toEqual(['Flat rate 4']);
    const shopperList = await send('GET', methodsUrl(zone.id), undefined, shopper);
    expect(shopperList.json().map((method: { instance_id: number }) => method.instance_id)).toEqual(
      [ground.instance_id],
    );
    const ownerList = z
      .array(ShippingZoneMethodSchema)
      .parse((await send('GET', methodsUrl(zone.id))).json());
    expect(ownerList.map((method) => [method.instance_id, method.enabled])).toEqual([
      [ground.instance_id, true],
      [pickup.instance_id, false],
    ]);

    await send('PUT', methodUrl(zone.id, pickup.instance_id), { enabled: true });
    await send('PUT', methodUrl(zone.id, ground.instance_id), { enabled: false });
    expect(await quote('OR')).toEqual(['Pick up in Portland 0']);
    const summaries = (await entries('shipping_method', ground.instance_id)).map(
      (entry) => entry.summary,
    );
    expect(summaries.at(-1)).toContain('disabled');
    await send('DELETE', `${ZONES}/${zone.id}`);
  });

  it('removes a method: quotes stop offering it and it is 404 after', async () => {
    const zone = await oregonZone();
    const ground = await addMethod(zone.id, { method_id: 'flat_rate', settings: { cost: '4' } });
    const express = await addMethod(zone.id, {
      method_id: 'flat_rate',
      title: 'Express',
      settings: { cost: '15' },
    });
    expect(express.order).toBe(2);
    const res = await send('DELETE', methodUrl(zone.id, express.instance_id));
    expect(res.statusCode, res.body).toBe(200);
    expect(ShippingZoneMethodSchema.parse(res.json()).title).toBe('Express');
    expect(await quote('OR')).toEqual(['Flat rate 4']);
    expect((await send('GET', methodUrl(zone.id, express.instance_id))).statusCode).toBe(404);
    expect((await entries('shipping_method', express.instance_id)).at(-1)!.action).toBe(
      'shipping_method.deleted',
    );
    expect(ground.instance_id).toBeGreaterThan(0);
    await send('DELETE', `${ZONES}/${zone.id}`);
  });

  it('gives zone 0 a method, which every unmatched address is then quoted, and takes it away', async () => {
    expect((await send('GET', methodsUrl(0))).json()).toEqual([]);
    expect(await refusal('', 'JP', '100-0001')).toMatch(/^We ship to United States\b/);
    const international = await addMethod(0, {
      method_id: 'flat_rate',
      settings: { title: 'International shipping', cost: '21.00', per_item_cost: '3.00' },
    });
    // $21.00 plus $3.00 per item for one item.
    expect(await quote('', 'JP', '100-0001')).toEqual(['International shipping 24']);
    const res = await send('DELETE', methodUrl(0, international.instance_id));
    expect(res.statusCode, res.body).toBe(200);
    expect(await refusal('', 'JP', '100-0001')).toMatch(/^We ship to United States\b/);
  });

  it('answers 404 for a method of another zone or an unknown zone', async () => {
    const zone = await createZone();
    const method = await addMethod(zone.id, { method_id: 'local_pickup' });
    const other = await createZone();
    const res = await send('GET', methodUrl(other.id, method.instance_id));
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('woocommerce_rest_shipping_zone_method_invalid');
    expect(
      (await send('PUT', methodUrl(other.id, method.instance_id), { enabled: false })).statusCode,
    ).toBe(404);
    expect((await send('POST', methodsUrl(999999), { method_id: 'flat_rate' })).statusCode).toBe(
      404,
    );
    expect((await send('GET', methodsUrl(999999), undefined, null)).statusCode).toBe(404);
  });

  it('refuses an unknown method_id with 400', async () => {
    const zone = await createZone();
    const res = await send('POST', methodsUrl(zone.id), { method_id: 'table_rate' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).data.params).toHaveProperty('method_id');
  });
});
