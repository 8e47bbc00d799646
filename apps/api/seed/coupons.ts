import { dataMarkers, coupons } from '../src/db/schema.ts';
import type { Database } from '../src/db/client.ts';

const COUPONS_SEED_MARKER = 'demo-coupons-v1';

/** The demo codes: one for a first order, free shipping from $35, and one that has expired. */
export const demoCoupons: (typeof coupons.$inferInsert)[] = [
  {
    code: 'WELCOME10',
    description: '10 % off a first order (retail).',
    discountType: 'percent',
    amount: 1000,
    priceList: 'retail',
    firstOrderOnly: true,
    individualUse: true,
    usageLimitPerUser: 1,
  },
  {
    code: 'FREESHIP',
    description: 'Free shipping on orders of $35 or more.',
    discountType: 'fixed_cart',
    amount: 0,
    freeShipping: true,
    minimumCents: 3500,
  },
  {
    code: 'SUMMER25',
    description: 'The summer sale: 25 % off (ended).',
    discountType: 'percent',
    amount: 2500,
    dateExpires: new Date('2026-09-01T00:00:00Z'),
  },
];

/** Seeds the demo codes once (marker row first, in the same transaction, like the zones). */
export async function seedDemoCoupons(db: Database): Promise<{ applied: boolean }> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(dataMarkers)
      .values({ name: COUPONS_SEED_MARKER })
      .onConflictDoNothing()
      .returning({ name: dataMarkers.name });
    if (claimed.length === 0) return { applied: false };
    await tx.insert(coupons).values(demoCoupons).onConflictDoNothing();
    return { applied: true };
  });
}
