import { apiPaths, ProductSchema } from '@larder/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInCustomer, type Session } from './sessions.ts';
import { buildTestApp, type TestApp } from './test-app.ts';

// Catalogue reads on a streaming replica (READ_DATABASE_URL, decision 0045). The PostgreSQL stage
// of `npm test` runs under `scripts/with-postgres.mjs --replica`: a real primary and a hot standby
// made with pg_basebackup. The replica's replay is paused to hold it behind the primary, which is
// what lag looks like, only long enough to look at.
const replicaServer = process.env.TEST_READ_DATABASE_URL;

describe.runIf(replicaServer)('catalogue reads on a streaming replica', () => {
  let t: TestApp;
  let owner: Session;
  let replica: pg.Client;
  let productId: number;

  const replay = (action: 'pause' | 'resume') => replica.query(`select pg_wal_replay_${action}()`);
  const guestPrice = async () => {
    const res = await t.app.inject({ url: `${apiPaths.products}/${productId}` });
    expect(res.statusCode).toBe(200);
    return ProductSchema.parse(res.json()).regular_price;
  };

  beforeAll(async () => {
    t = await buildTestApp({ replica: true });
    owner = await signedInCustomer(t.app, t.database.db, { name: 'owner', role: 'administrator' });
    replica = new pg.Client({ connectionString: replicaServer });
    await replica.connect();
    const list = await t.app.inject({ url: `${apiPaths.products}?per_page=1&type=simple` });
    productId = ProductSchema.array().parse(list.json())[0]!.id;
  });
  afterAll(async () => {
    await replay('resume');
    await replica.end();
    await t.close();
  });

  it('a guest reads the replica and an owner the primary; the new price reaches guests once replayed, not kept stale', async () => {
    const before = await guestPrice();
    const changed = (Number(before) + 1.25).toFixed(2);
    // Cached now under the replica's version.
    expect(await guestPrice()).toBe(before);

    await replay('pause');
    const saved = await t.app.inject({
      method: 'PUT',
      url: `${apiPaths.products}/${productId}`,
      headers: owner.bearer,
      payload: { regular_price: changed },
    });
    expect(saved.statusCode).toBe(200);

    // The owner's read goes to the primary: the back office sees its own write at once.
    const ownerRead = await t.app.inject({
      url: `${apiPaths.products}/${productId}`,
      headers: owner.bearer,
    });
    expect(ProductSchema.parse(ownerRead.json()).regular_price).toBe(changed);
    // A guest is answered from the replica, which has not replayed the change yet.
    expect(await guestPrice()).toBe(before);
    const uncached = await t.app.inject({
      url: `${apiPaths.products}?include=${productId}&orderby=id`,
    });
    expect(uncached.headers['x-cache']).toBe('miss');
    expect(ProductSchema.array().parse(uncached.json())[0]!.regular_price).toBe(before);

    await replay('resume');
    // Once the replica replays the write, its version moves on with it: the kept answer goes.
    let seen = before;
    for (let attempt = 0; attempt < 200 && seen !== changed; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      seen = await guestPrice();
    }
    expect(seen).toBe(changed);
  });
});
