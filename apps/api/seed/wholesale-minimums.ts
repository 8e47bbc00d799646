import type { Database } from '../src/db/client.ts';
import { dataMarkers, wholesaleSettings } from '../src/db/schema.ts';
import { wholesaleMinimumSeed } from './data/catalog.ts';

/** Its own marker: a shop seeded before the minimums existed gets the demo's once (decision 0037). */
export const WHOLESALE_MINIMUMS_MARKER = 'wholesale-minimums-v1';

/** The wholesale page's minimums, once; an owner's later change is never overwritten. */
export async function seedWholesaleMinimums(db: Database): Promise<{ applied: boolean }> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(dataMarkers)
      .values({ name: WHOLESALE_MINIMUMS_MARKER })
      .onConflictDoNothing()
      .returning({ name: dataMarkers.name });
    if (claimed.length === 0) return { applied: false };
    await tx
      .insert(wholesaleSettings)
      .values({
        id: 1,
        openingMinimumCents: wholesaleMinimumSeed.openingCents,
        reorderMinimumCents: wholesaleMinimumSeed.reorderCents,
      })
      .onConflictDoNothing();
    return { applied: true };
  });
}
