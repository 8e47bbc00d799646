import type { Database } from '../src/db/client.ts';
import {
  dataMarkers,
  shippingZoneLocations,
  shippingZoneMethods,
  shippingZones,
  type ShippingMethodSettings,
} from '../src/db/schema.ts';

/** Its own marker: a shop seeded before shipping existed gets the zones once. */
export const SHIPPING_SEED_MARKER = 'shipping-zones-v1';

type MethodId = (typeof shippingZoneMethods.methodId.enumValues)[number];
type LocationType = (typeof shippingZoneLocations.type.enumValues)[number];

interface ZoneSeed {
  name: string;
  order: number;
  locations: { code: string; type: LocationType }[];
  methods: { methodId: MethodId; title: string; settings: ShippingMethodSettings }[];
}

const US_EAST = [
  'AL',
  'CT',
  'DC',
  'DE',
  'FL',
  'GA',
  'IL',
  'IN',
  'KY',
  'MA',
  'MD',
  'ME',
  'MI',
  'MS',
  'NH',
  'NJ',
  'NY',
  'OH',
  'PA',
  'RI',
  'SC',
  'TN',
  'VA',
  'VT',
  'WI',
  'WV',
];
const US_WEST = [
  'AK',
  'AR',
  'AZ',
  'CA',
  'CO',
  'HI',
  'IA',
  'ID',
  'KS',
  'LA',
  'MN',
  'MO',
  'MT',
  'ND',
  'NE',
  'NM',
  'NV',
  'OK',
  'OR',
  'SD',
  'TX',
  'UT',
  'WA',
  'WY',
];
const states = (codes: string[]) =>
  codes.map((code) => ({ code: `US:${code}`, type: 'state' as const }));

/**
 * A granola bakery in Durham, NC: pickup and cheap delivery around the Triangle, cheaper shipping
 * in-state, free shipping over $75 across the US, and dearer rates abroad. Matched in this order.
 */
export const zoneSeeds: ZoneSeed[] = [
  {
    name: 'Durham & the Triangle',
    order: 1,
    locations: [
      { code: 'US:NC', type: 'state' },
      { code: '277*', type: 'postcode' },
      { code: '27500...27599', type: 'postcode' },
    ],
    methods: [
      {
        methodId: 'local_pickup',
        title: 'Pick up at the bakery (Durham)',
        settings: { cost: '0.00' },
      },
      {
        methodId: 'flat_rate',
        title: 'Local delivery',
        settings: { cost: '4.00', per_item_cost: '0.00' },
      },
      {
        methodId: 'free_shipping',
        title: 'Free local delivery',
        settings: { requires: 'min_amount', min_amount: '35.00' },
      },
    ],
  },
  {
    name: 'North Carolina',
    order: 2,
    locations: [{ code: 'US:NC', type: 'state' }],
    methods: [
      {
        methodId: 'flat_rate',
        title: 'Standard shipping',
        settings: { cost: '5.95', per_item_cost: '0.50' },
      },
      {
        methodId: 'free_shipping',
        title: 'Free shipping',
        settings: { requires: 'min_amount', min_amount: '50.00' },
      },
    ],
  },
  {
    name: 'US East',
    order: 3,
    locations: states(US_EAST),
    methods: [
      {
        methodId: 'flat_rate',
        title: 'Standard shipping',
        settings: { cost: '7.95', per_item_cost: '1.00' },
      },
      {
        methodId: 'free_shipping',
        title: 'Free shipping',
        settings: { requires: 'min_amount', min_amount: '75.00' },
      },
    ],
  },
  {
    name: 'US West',
    order: 4,
    locations: states(US_WEST),
    methods: [
      {
        methodId: 'flat_rate',
        title: 'Standard shipping',
        settings: { cost: '9.95', per_item_cost: '1.50' },
      },
      {
        methodId: 'flat_rate',
        title: 'Express (2 days)',
        settings: { cost: '24.95', per_item_cost: '1.50' },
      },
      {
        methodId: 'free_shipping',
        title: 'Free shipping',
        settings: { requires: 'min_amount', min_amount: '75.00' },
      },
    ],
  },
  {
    name: 'Canada',
    order: 5,
    locations: [{ code: 'CA', type: 'country' }],
    methods: [
      {
        methodId: 'flat_rate',
        title: 'Canada shipping',
        settings: { cost: '14.95', per_item_cost: '2.00' },
      },
    ],
  },
  {
    name: 'Europe',
    order: 6,
    locations: [{ code: 'EU', type: 'continent' }],
    methods: [
      {
        methodId: 'flat_rate',
        title: 'Europe shipping',
        settings: { cost: '19.95', per_item_cost: '2.50' },
      },
    ],
  },
];

/** Zone 0 catches every address no zone above matches. */
export const restOfWorldSeed: Omit<ZoneSeed, 'order' | 'locations'> = {
  name: 'Locations not covered by your other zones',
  methods: [
    {
      methodId: 'flat_rate',
      title: 'International shipping',
      settings: { cost: '24.95', per_item_cost: '3.00' },
    },
  ],
};

const methodRows = (zoneId: number, methods: ZoneSeed['methods']) =>
  methods.map((method, index) => ({
    zoneId,
    methodId: method.methodId,
    title: method.title,
    methodOrder: index + 1,
    enabled: true,
    settings: method.settings,
  }));

/** Seeds the zones once (marker row first, in the same transaction, like the demo brand). */
export async function seedShippingZones(db: Database): Promise<{ applied: boolean }> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(dataMarkers)
      .values({ name: SHIPPING_SEED_MARKER })
      .onConflictDoNothing()
      .returning({ name: dataMarkers.name });
    if (claimed.length === 0) return { applied: false };

    // Zone 0 has a fixed id, as in WooCommerce; the others take the sequence's ids.
    await tx
      .insert(shippingZones)
      .values({ id: 0, name: restOfWorldSeed.name, zoneOrder: 0 })
      .onConflictDoNothing();
    await tx.insert(shippingZoneMethods).values(methodRows(0, restOfWorldSeed.methods));
    for (const seed of zoneSeeds) {
      const [zone] = await tx
        .insert(shippingZones)
        .values({ name: seed.name, zoneOrder: seed.order })
        .returning({ id: shippingZones.id });
      await tx
        .insert(shippingZoneLocations)
        .values(seed.locations.map((location) => ({ zoneId: zone!.id, ...location })));
      await tx.insert(shippingZoneMethods).values(methodRows(zone!.id, seed.methods));
    }
    return { applied: true };
  });
}
