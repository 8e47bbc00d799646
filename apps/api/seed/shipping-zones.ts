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

/**
 * The US postal services the shipping policy page promises (`seed/data/pages.ts`): standard $6.95,
 * free from $50 (the items' subtotal, before shipping), expedited $14.95. Free shipping is listed
 * right after standard so that, once met, it takes standard's place (see `shipping.service.ts`).
 */
const US_POSTAL_METHODS: ZoneSeed['methods'] = [
  {
    methodId: 'flat_rate',
    title: 'Standard shipping',
    settings: { cost: '6.95', per_item_cost: '0.00' },
  },
  {
    methodId: 'free_shipping',
    title: 'Free shipping',
    settings: { requires: 'min_amount', min_amount: '50.00' },
  },
  {
    methodId: 'flat_rate',
    title: 'Expedited shipping',
    settings: { cost: '14.95', per_item_cost: '0.00' },
  },
];

/**
 * A granola bakery in Durham, NC: the same postal rates everywhere in the US (the 50 states, DC and
 * the APO/FPO/DPO "states" AA, AE and AP), plus local delivery and pickup around the Triangle.
 * Nothing abroad: the policy says the shop does not ship internationally, so zone 0 has no methods
 * and a foreign address is told so. Matched in this order.
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
      ...US_POSTAL_METHODS,
      {
        methodId: 'flat_rate',
        title: 'Local delivery',
        settings: { cost: '4.00', per_item_cost: '0.00' },
      },
      {
        methodId: 'local_pickup',
        title: 'Pick up at the bakery (Durham)',
        settings: { cost: '0.00' },
      },
    ],
  },
  {
    name: 'United States',
    order: 2,
    locations: [{ code: 'US', type: 'country' }],
    methods: US_POSTAL_METHODS,
  },
];

/** Zone 0 catches every address no zone above matches: the shop does not ship there. */
export const restOfWorldSeed: Omit<ZoneSeed, 'order' | 'locations'> = {
  name: 'Locations not covered by your other zones',
  methods: [],
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
    if (restOfWorldSeed.methods.length > 0) {
      await tx.insert(shippingZoneMethods).values(methodRows(0, restOfWorldSeed.methods));
    }
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
