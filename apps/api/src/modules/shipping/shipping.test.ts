import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ApiErrorSchema,
  CountrySchema,
  ShippingRateSchema,
  ShippingZoneMethodSchema,
  ShippingZoneSchema,
  type CartLineRequest,
} from '@larder/contract';
import { products, shippingZoneMethods, shippingZones } from '../../db/schema.ts';
import { guestViewer } from '../../http/viewer.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { priceCart } from '../pricing/cart-pricing.ts';
import { postcodeMatches } from './zone-matching.ts';
import { seedShippingZones } from '../../../seed/shipping-zones.ts';
import { createProduct, createVariableProduct, uniqueName } from '../../../test/factories.ts';

const COUNTRIES = '/wp-json/wc/v3/data/countries';
const ZONES = '/wp-json/wc/v3/shipping/zones';
const RATES = '/wp-json/wc/v3/shipping-rates/';

let t: TestApp;
/** Simple products: $12.50, $39.00; sold out; draft. */
let peanutButter: number;
let giftTin: number;
let soldOut: number;
let soldOutName: string;
let draft: number;
/** A variable product and its 2 lb bag ($32.00, on sale at $29.00, wholesale $19.20). */
let honeyOat: number;
let honeyOatName: string;
let honeyOatTwoPound: { id: number; cents: number; wholesaleCents: number };

beforeAll(async () => {
  // Rates need only the shop's shipping zones; the products are the test's own.
  t = await buildTestApp({ seed: false });
  await seedShippingZones(t.database.db);
  peanutButter = (await createProduct(t, { regular_price: '12.50' })).id;
  giftTin = (await createProduct(t, { regular_price: '39.00' })).id;
  ({ id: soldOut, name: soldOutName } = await createProduct(t, {
    name: uniqueName('Pumpkin Spice Harvest'),
    stock_status: 'outofstock',
  }));
  draft = (await createProduct(t, { status: 'draft' })).id;
  const honey = await createVariableProduct(t, {
    name: uniqueName('Honey Oat Classic'),
    variations: [
      { size: '12 oz', regular_price: '12.00', wholesale_price: '7.20' },
      { size: '2 lb', regular_price: '32.00', sale_price: '29.00', wholesale_price: '19.20' },
    ],
  });
  honeyOat = honey.id;
  honeyOatName = honey.name;
  honeyOatTwoPound = {
    id: honey.variations.find((variation) => variation.size === '2 lb')!.id,
    cents: 2900,
    wholesaleCents: 1920,
  };
});
afterAll(() => t.close());

const address = (overrides: Record<string, string> = {}) => ({
  address_1: '123 Main St',
  city: 'Durham',
  country: 'US',
  state: 'NC',
  postcode: '27701',
  ...overrides,
});

const postRates = (body: unknown, url = RATES) =>
  t.app.inject({ method: 'POST', url, payload: body as object });

async function ratesFor(addressOverrides: Record<string, string>, lines: CartLineRequest[]) {
  const res = await postRates({ ...address(addressOverrides), products: lines });
  expect(res.statusCode, res.body).toBe(200);
  return z.array(ShippingRateSchema).parse(res.json());
}

const summary = (rates: z.infer<typeof ShippingRateSchema>[]) =>
  rates.map((rate) => [rate.label, rate.cost, rate.method_id]);

describe('GET /data/countries', () => {
  it('lists every country with US states (DC and the APO/FPO/DPO codes too), Canadian provinces, and [] elsewhere', async () => {
    const res = await t.app.inject({ url: COUNTRIES });
    expect(res.statusCode).toBe(200);
    const countries = z.array(CountrySchema).parse(res.json());
    expect(countries.length).toBeGreaterThan(200);
    const us = countries.find((country) => country.code === 'US')!;
    expect(us.name).toBe('United States');
    expect(us.states).toHaveLength(54);
    expect(us.states).toContainEqual({ code: 'AE', name: 'Armed Forces Europe (AE)' });
    expect(us.states).toContainEqual({ code: 'DC', name: 'District Of Columbia' });
    expect(us.states).toContainEqual({ code: 'NC', name: 'North Carolina' });
    expect(countries.find((country) => country.code === 'CA')!.states).toHaveLength(13);
    expect(countries.find((country) => country.code === 'FR')!.states).toEqual([]);
  });

  it('GET /data/countries/{code} upper-cases the code', async () => {
    const res = await t.app.inject({ url: `${COUNTRIES}/ca` });
    expect(res.statusCode).toBe(200);
    const canada = CountrySchema.parse(res.json());
    expect(canada.code).toBe('CA');
    expect(canada.states).toContainEqual({ code: 'ON', name: 'Ontario' });
  });

  it('returns 404 woocommerce_rest_data_invalid_location for an unknown code', async () => {
    const res = await t.app.inject({ url: `${COUNTRIES}/ZZ` });
    expect(res.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(res.json()).code).toBe('woocommerce_rest_data_invalid_location');
    expect(res.json().data.status).toBe(404);
  });

  it('returns 400 for a code that is not two letters', async () => {
    const res = await t.app.inject({ url: `${COUNTRIES}/USA` });
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json()).code).toBe('rest_invalid_param');
  });
});

describe('GET /shipping/zones', () => {
  it('lists zone 0 first, then the seeded zones in matching order', async () => {
    const res = await t.app.inject({ url: ZONES });
    expect(res.statusCode).toBe(200);
    const zones = z.array(ShippingZoneSchema).parse(res.json());
    expect(zones[0]).toEqual({
      id: 0,
      name: 'Locations not covered by your other zones',
      order: 0,
    });
    expect(zones.slice(1).map((zone) => zone.name)).toEqual([
      'Durham & the Triangle',
      'United States',
    ]);
  });

  it("lists a zone's enabled methods with WooCommerce-style settings", async () => {
    const [us] = await t.database.db
      .select()
      .from(shippingZones)
      .where(eq(shippingZones.name, 'United States'));
    const expedited = await t.database.db
      .update(shippingZoneMethods)
      .set({ enabled: false })
      .where(eq(shippingZoneMethods.title, 'Expedited shipping'))
      .returning();
    try {
      const res = await t.app.inject({ url: `${ZONES}/${us!.id}/methods` });
      expect(res.statusCode).toBe(200);
      const methods = z.array(ShippingZoneMethodSchema).parse(res.json());
      expect(methods.map((method) => [method.method_id, method.title])).toEqual([
        ['flat_rate', 'Standard shipping'],
        ['free_shipping', 'Free shipping'],
      ]);
      expect(methods[0]!.settings.cost!.value).toBe('6.95');
      expect(methods[0]!.settings.per_item_cost!.value).toBe('0.00');
      expect(methods[1]!.settings.min_amount!.value).toBe('50.00');
      expect(methods.every((method) => method.enabled)).toBe(true);
    } finally {
      await t.database.db
        .update(shippingZoneMethods)
        .set({ enabled: true })
        .where(
          inArray(
            shippingZoneMethods.instanceId,
            expedited.map((method) => method.instanceId),
          ),
        );
    }
  });

  it('seeds the zones once: a second run changes nothing', async () => {
    const before = await t.database.db.select().from(shippingZoneMethods);
    expect(await seedShippingZones(t.database.db)).toEqual({ applied: false });
    expect(await t.database.db.select().from(shippingZoneMethods)).toHaveLength(before.length);
  });

  it('lists no methods for zone 0: the shop does not ship abroad', async () => {
    const res = await t.app.inject({ url: `${ZONES}/0/methods` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('returns 404 for an unknown zone', async () => {
    const res = await t.app.inject({ url: `${ZONES}/9999/methods` });
    expect(res.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(res.json()).code).toBe('woocommerce_rest_shipping_zone_invalid');
  });
});

describe('POST /shipping-rates/', () => {
  it('offers pickup and local delivery in Durham (postcode wildcard 277*) beside the postal rates, cheapest first', async () => {
    const rates = await ratesFor({}, [{ product_id: peanutButter, quantity: 1 }]);
    expect(summary(rates)).toEqual([
      ['Pick up at the bakery (Durham)', 0, 'local_pickup'],
      ['Local delivery', 4, 'flat_rate'],
      ['Standard shipping', 6.95, 'flat_rate'],
      ['Expedited shipping', 14.95, 'flat_rate'],
    ]);
    expect(rates[0]!.rate_id).toBe(`local_pickup:${rates[0]!.instance_id}`);
  });

  it('matches the Triangle zone by postcode range (27500...27599), also for a ZIP+4', async () => {
    for (const postcode of ['27514', '27599', '27514-2231']) {
      const rates = await ratesFor({ city: 'Chapel Hill', postcode }, [
        { product_id: peanutButter, quantity: 1 },
      ]);
      expect(rates.map((rate) => rate.label)).toContain('Pick up at the bakery (Durham)');
    }
  });

  it('quotes North Carolina outside the Triangle postcodes as the rest of the US: no pickup', async () => {
    const rates = await ratesFor({ city: 'Charlotte', postcode: '28202' }, [
      { product_id: peanutButter, quantity: 2 },
      { product_id: giftTin, quantity: 1 },
    ]);
    // Subtotal $64.00: free shipping takes standard's place; expedited is still offered.
    expect(summary(rates)).toEqual([
      ['Free shipping', 0, 'free_shipping'],
      ['Expedited shipping', 14.95, 'flat_rate'],
    ]);
  });

  it('free shipping replaces standard from a $50.00 subtotal, not a cent below', async () => {
    const newYork = { city: 'Brooklyn', state: 'NY', postcode: '11201' };
    const below = await ratesFor(newYork, [{ product_id: peanutButter, quantity: 3 }]);
    expect(summary(below)).toEqual([
      ['Standard shipping', 6.95, 'flat_rate'],
      ['Expedited shipping', 14.95, 'flat_rate'],
    ]);
    const at = await ratesFor(newYork, [{ product_id: peanutButter, quantity: 4 }]);
    expect(summary(at)).toEqual([
      ['Free shipping', 0, 'free_shipping'],
      ['Expedited shipping', 14.95, 'flat_rate'],
    ]);
  });

  it('counts a variation at its sale price toward the threshold, whatever the quantity', async () => {
    const california = { city: 'San Francisco', state: 'CA', postcode: '94110' };
    const line = (quantity: number) => [
      { product_id: honeyOat, variation_id: honeyOatTwoPound.id, quantity },
    ];
    // One 2 lb bag at $29.00, then two at $58.00: the rate is per order, not per item.
    expect(summary(await ratesFor(california, line(1)))).toEqual([
      ['Standard shipping', 6.95, 'flat_rate'],
      ['Expedited shipping', 14.95, 'flat_rate'],
    ]);
    expect(summary(await ratesFor(california, line(2)))).toEqual([
      ['Free shipping', 0, 'free_shipping'],
      ['Expedited shipping', 14.95, 'flat_rate'],
    ]);
  });

  it('quotes APO/FPO/DPO addresses (AA, AE, AP) as the rest of the US', async () => {
    for (const [state, postcode] of [
      ['AA', '34002'],
      ['AE', '09021'],
      ['AP', '96349'],
    ] as const) {
      const rates = await ratesFor({ city: 'APO', state, postcode }, [
        { product_id: peanutButter, quantity: 1 },
      ]);
      expect(summary(rates)).toEqual([
        ['Standard shipping', 6.95, 'flat_rate'],
        ['Expedited shipping', 14.95, 'flat_rate'],
      ]);
    }
  });

  it('refuses an address abroad (Canada, the UK, France, Japan) with 400 saying where the shop ships', async () => {
    const line = [{ product_id: peanutButter, quantity: 2 }];
    for (const abroad of [
      { country: 'CA', state: 'ON', postcode: 'M5V 2T6' },
      { country: 'gb', state: '', postcode: 'SW1A 1AA' },
      { country: 'FR', state: '', postcode: '75001' },
      { country: 'JP', state: '', postcode: '100-0001' },
    ]) {
      const res = await postRates({ ...address(abroad), products: line });
      expect(res.statusCode, res.body).toBe(400);
      expect(ApiErrorSchema.parse(res.json())).toMatchObject({
        code: 'rest_invalid_param',
        data: {
          status: 400,
          params: {
            country: 'We ship to United States addresses only, so we cannot ship to this address.',
          },
        },
      });
    }
  });

  it('answers without the trailing slash too', async () => {
    const res = await postRates(
      { ...address(), products: [{ product_id: peanutButter, quantity: 1 }] },
      RATES.replace(/\/$/, ''),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(4);
  });

  it('ignores prices sent with the lines', async () => {
    const res = await postRates({
      ...address({ state: 'NY', postcode: '11201' }),
      products: [{ product_id: giftTin, quantity: 2, price: 0.01, subtotal: '0.02' }],
    });
    expect(res.statusCode).toBe(200);
    // $78.00 from the database: free shipping is offered.
    expect(res.json()[0]).toMatchObject({ method_id: 'free_shipping', cost: 0 });
  });

  it('returns 400 naming the line for an unknown product or variation', async () => {
    const unknown = await postRates({
      ...address(),
      products: [
        { product_id: peanutButter, quantity: 1 },
        { product_id: 999_999, quantity: 1 },
      ],
    });
    expect(unknown.statusCode).toBe(400);
    const body = ApiErrorSchema.parse(unknown.json());
    expect(body.code).toBe('rest_invalid_param');
    expect(body.data.params!.products).toBe('Line 2: there is no product 999999.');

    const badVariation = await postRates({
      ...address(),
      products: [{ product_id: honeyOat, variation_id: 999_999, quantity: 1 }],
    });
    expect(badVariation.statusCode).toBe(400);
    expect(badVariation.json().data.params.products).toMatch(
      new RegExp(`^Line 1: ${honeyOatName} has no variation`),
    );

    const noVariation = await postRates({
      ...address(),
      products: [{ product_id: honeyOat, quantity: 1 }],
    });
    expect(noVariation.statusCode).toBe(400);
    expect(noVariation.json().data.params.products).toContain(
      `choose an option of ${honeyOatName}`,
    );
  });

  it('returns 409 naming a sold-out product, and 400 as for a missing product for an unpublished one', async () => {
    const sold = await postRates({
      ...address(),
      products: [{ product_id: soldOut, quantity: 1 }],
    });
    expect(sold.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(sold.json())).toMatchObject({
      code: 'larder_out_of_stock',
      data: { status: 409 },
    });
    expect(sold.json().message).toMatch(new RegExp(`^${soldOutName} is out of stock`));

    const unpublished = await postRates({
      ...address(),
      products: [{ product_id: draft, quantity: 1 }],
    });
    // A draft's name is not public: answered as a product that does not exist.
    expect(unpublished.statusCode).toBe(400);
    expect(unpublished.json().data.params.products).toBe(`Line 1: there is no product ${draft}.`);
  });

  it('checks the cart against counted stock before quoting: 409 past it, rates up to it', async () => {
    const setStock = (quantity: number | null) =>
      t.database.db
        .update(products)
        .set({ manageStock: quantity !== null, stockQuantity: quantity })
        .where(eq(products.id, peanutButter));
    await setStock(2);
    try {
      const tooMany = await postRates({
        ...address(),
        products: [
          { product_id: peanutButter, quantity: 2 },
          { product_id: peanutButter, quantity: 1 },
        ],
      });
      expect(tooMany.statusCode).toBe(409);
      expect(ApiErrorSchema.parse(tooMany.json()).code).toBe('larder_out_of_stock');
      expect(await ratesFor({}, [{ product_id: peanutButter, quantity: 2 }])).not.toEqual([]);
    } finally {
      await setStock(null);
    }
  });

  it('returns 400 with a message per field for a bad address', async () => {
    const lines = [{ product_id: peanutButter, quantity: 1 }];
    const missing = await postRates({ ...address({ postcode: '' }), products: lines });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.params.postcode).toBe('Enter the postcode.');

    const wrongState = await postRates({ ...address({ state: 'ZZ' }), products: lines });
    expect(wrongState.statusCode).toBe(400);
    expect(wrongState.json().data.params.state).toBe(
      'ZZ is not a state of United States. Choose one from the list.',
    );

    const noState = await postRates({ ...address({ state: '' }), products: lines });
    expect(noState.json().data.params.state).toBe('Choose a state of United States.');

    const unknownCountry = await postRates({ ...address({ country: 'XX' }), products: lines });
    expect(unknownCountry.statusCode).toBe(400);
    expect(unknownCountry.json().data.params.country).toMatch(/We do not ship to that country/);

    const empty = await postRates({ ...address(), products: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().data.params.products).toBe('The cart is empty.');
  });

  it('rate-limits per client across both paths with 429 rest_rate_limited', async () => {
    const limited = await buildTestApp({
      seed: false,
      config: { rateLimits: { shippingRates: { max: 2, windowMs: 60_000 } } },
    });
    try {
      const body = { ...address(), products: [{ product_id: 1, quantity: 1 }] };
      const send = (url: string) => limited.app.inject({ method: 'POST', url, payload: body });
      expect((await send(RATES)).statusCode).not.toBe(429);
      expect((await send(RATES.replace(/\/$/, ''))).statusCode).not.toBe(429);
      const third = await send(RATES);
      expect(third.statusCode).toBe(429);
      expect(ApiErrorSchema.parse(third.json()).code).toBe('rest_rate_limited');
    } finally {
      await limited.close();
    }
  });
});

describe('priceCart', () => {
  it('a wholesale buyer pays the wholesale price; everyone else the retail price', async () => {
    const lines = [{ product_id: honeyOat, variation_id: honeyOatTwoPound.id, quantity: 3 }];
    const retail = await priceCart(t.database.db, lines, guestViewer, 'products');
    expect(retail.lines[0]).toMatchObject({
      unitPriceCents: honeyOatTwoPound.cents,
      totalCents: honeyOatTwoPound.cents * 3,
      name: `${honeyOatName} – 2 lb`,
      parentName: honeyOatName,
      attributes: [{ key: 'Size', value: '2 lb' }],
    });
    expect(retail.itemCount).toBe(3);
    const wholesale = await priceCart(
      t.database.db,
      lines,
      {
        isGuest: false,
        customerId: 12,
        role: 'wholesale_customer',
        canSeeWholesale: true,
        isOwner: false,
      },
      'products',
    );
    expect(wholesale.subtotalCents).toBe(honeyOatTwoPound.wholesaleCents * 3);
    expect(wholesale.subtotalCents).toBeLessThan(retail.subtotalCents);
  });
});

describe('postcode rules', () => {
  it('match exact codes, wildcards and ranges the WooCommerce way', () => {
    expect(postcodeMatches('27701', '27701')).toBe(true);
    expect(postcodeMatches('277*', '27713')).toBe(true);
    expect(postcodeMatches('277*', '28713')).toBe(false);
    expect(postcodeMatches('90000...96199', '94110')).toBe(true);
    expect(postcodeMatches('90000...96199', '96200')).toBe(false);
    expect(postcodeMatches('90000...96199', '89999')).toBe(false);
    expect(postcodeMatches('SW1*', 'sw1a 1aa')).toBe(true);
  });
});

describe('OpenAPI document', () => {
  it('describes the shipping and order routes', async () => {
    const res = await t.app.inject({ url: '/wp-json/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/wp-json/wc/v3/data/countries',
        '/wp-json/wc/v3/data/countries/{code}',
        '/wp-json/wc/v3/shipping/zones',
        '/wp-json/wc/v3/shipping/zones/{id}/methods',
        '/wp-json/wc/v3/shipping-rates/',
        '/wp-json/wc/v3/orders',
        '/wp-json/wc/v3/orders/{id}',
      ]),
    );
    expect(Object.keys(doc.paths['/wp-json/wc/v3/orders']!)).toEqual(
      expect.arrayContaining(['get', 'post']),
    );
  });
});
