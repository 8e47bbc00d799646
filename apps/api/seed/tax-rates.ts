import { inArray } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { dataMarkers, products, taxRates } from '../src/db/schema.ts';
import { productSeeds } from './data/catalog.ts';

/** Its own marker: a shop seeded before sales tax existed gets the demo rates once. */
export const TAX_SEED_MARKER = 'tax-rates-v1';

type RateSeed = Omit<typeof taxRates.$inferInsert, 'id'>;

/**
 * Demo rates, destination-based: North Carolina, the brand's home, taxes goods at the state's
 * 4.75 % plus Durham County's 2.25 % and transit's 0.5 % (7.5 % in Durham, 277xx), food at 2 %,
 * and shipping; New York taxes goods and shipping but not food; California taxes goods but not
 * separately charged shipping; Oregon has no sales tax, so it has no rate.
 */
export const taxRateSeeds: RateSeed[] = [
  { country: 'US', state: 'NC', rateMicros: 47_500, name: 'NC State Tax', priority: 1 },
  {
    country: 'US',
    state: 'NC',
    postcodes: ['277*'],
    rateMicros: 22_500,
    name: 'Durham County Tax',
    priority: 2,
  },
  {
    country: 'US',
    state: 'NC',
    postcodes: ['277*'],
    rateMicros: 5_000,
    name: 'Durham Transit Tax',
    priority: 3,
  },
  {
    country: 'US',
    state: 'NC',
    rateMicros: 20_000,
    name: 'NC Food Tax',
    priority: 1,
    taxClass: 'reduced-rate',
  },
  { country: 'US', state: 'NY', rateMicros: 40_000, name: 'NY State Tax', priority: 1 },
  {
    country: 'US',
    state: 'CA',
    rateMicros: 72_500,
    name: 'CA State Tax',
    priority: 1,
    shipping: false,
  },
].map((seed, index) => ({ ...seed, rateOrder: index + 1 }) as RateSeed);

/** Granola is food, taxed at the reduced rate; the gift tin (a keepsake tin) is taxed as goods. */
const foodSlugs = productSeeds
  .map((product) => product.slug)
  .filter((slug) => slug !== 'holiday-gift-tin');

/** Seeds the rates once and files the demo products under their class (marker row first). */
export async function seedTaxRates(db: Database): Promise<{ applied: boolean }> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(dataMarkers)
      .values({ name: TAX_SEED_MARKER })
      .onConflictDoNothing()
      .returning({ name: dataMarkers.name });
    if (claimed.length === 0) return { applied: false };
    await tx.insert(taxRates).values(taxRateSeeds);
    // Only the demo products: an owner's own products keep the class they were given.
    await tx
      .update(products)
      .set({ taxClass: 'reduced-rate' })
      .where(inArray(products.slug, foodSlugs));
    return { applied: true };
  });
}
