import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { encoded, prepared } from './prepared.ts';
import { shippingZones, taxRates } from './schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: false });
});
afterAll(() => t.close());

const zoneNamed = prepared('test_zone_named', (db) =>
  db
    .select({ id: shippingZones.id })
    .from(shippingZones)
    .where(eq(shippingZones.name, sql.placeholder('name'))),
);

describe('a statement built once (prepared)', () => {
  it('runs on the pool, and inside a transaction on its connection: it sees the uncommitted row', async () => {
    const { db } = t.database;
    expect(await zoneNamed(db, { name: 'Prepared zone' })).toEqual([]);
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(shippingZones).values({ name: 'Prepared zone', zoneOrder: 50 });
        // Run on the pool, it would not see the row (PostgreSQL) or wait for the transaction (PGlite).
        expect(await zoneNamed(tx, { name: 'Prepared zone' })).toHaveLength(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await zoneNamed(db, { name: 'Prepared zone' })).toEqual([]);
    const [kept] = await db
      .insert(shippingZones)
      .values({ name: 'Prepared zone', zoneOrder: 51 })
      .returning();
    expect(await zoneNamed(db, { name: 'Prepared zone' })).toEqual([{ id: kept!.id }]);
  });

  it('converts encoded values as their column does, and sends null as NULL', async () => {
    const insertRate = prepared('test_insert_rate', (db) =>
      db
        .insert(taxRates)
        .values({
          country: 'US',
          name: sql`${sql.placeholder('name')}`,
          rateMicros: 50_000,
          postcodes: encoded('postcodes', taxRates.postcodes),
        })
        .returning(),
    );
    const [withCodes] = await insertRate(t.database.db, {
      name: 'Encoded',
      postcodes: ['05401', '05402'],
    });
    expect(withCodes).toMatchObject({ name: 'Encoded', postcodes: ['05401', '05402'] });
    await expect(
      insertRate(t.database.db, { name: 'Null codes', postcodes: null }),
    ).rejects.toThrow();
  });
});
