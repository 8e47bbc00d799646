import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema, apiPaths, couponApiPaths } from '@larder/contract';
import { createProduct } from '../factories.ts';
import { aDestination } from '../place-order.ts';
import { buildTestApp, type TestApp } from '../test-app.ts';
import { hostileValue } from './hostile-values.ts';

/**
 * The cart items as the browser stores them (spec §3) reach the two cart quotes with a nested
 * product and variation the route-level fuzzing never fills in: hostile values in each of their
 * fields get a 200 or a WordPress-shaped 4xx (`rest_invalid_param` naming only `products`), never a server error. FUZZ_RUNS per route.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const unlimited = { max: 1_000_000_000, windowMs: 60_000 };

let t: TestApp;
let productId: number;
beforeAll(async () => {
  t = await buildTestApp({
    config: { rateLimits: { shippingRates: unlimited } },
  });
  productId = (await createProduct(t)).id;
});
afterAll(() => t.close());

const FIELDS = ['id', 'quantity', 'product', 'price', 'notes', 'variation_id', 'variation'];

/** A good stored item with some of its fields (or its product's id) replaced by hostile values. */
const storedItem = fc
  .tuple(
    fc.subarray([...FIELDS, 'product.id'], { minLength: 1, maxLength: 3 }),
    fc.array(hostileValue, { minLength: 3, maxLength: 3 }),
  )
  .map(([names, values]) => {
    const item: Record<string, unknown> = {
      id: productId,
      quantity: 1,
      product: { id: productId, name: 'Granola' },
      price: 12,
    };
    names.forEach((name, index) => {
      if (name === 'product.id') item.product = { id: values[index] };
      else item[name] = values[index];
    });
    return item;
  });

describe.each([apiPaths.shippingRates, couponApiPaths.cartDiscounts])(
  'POST %s with hostile stored cart items',
  (url) => {
    it('answers 200 or a WordPress error (an invalid one naming only products), never a server error', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(storedItem, { minLength: 1, maxLength: 3 }), async (items) => {
          const res = await t.app.inject({
            method: 'POST',
            url,
            payload: { ...aDestination, products: items },
          });
          expect(res.statusCode, res.body).toBeLessThan(500);
          if (res.statusCode >= 400) {
            const error = ApiErrorSchema.parse(res.json());
            expect(error.data.status).toBe(res.statusCode);
            if (error.code === 'rest_invalid_param')
              expect(Object.keys(error.data.params ?? {}), res.body).toEqual(['products']);
          }
        }),
        { numRuns: RUNS },
      );
    });
  },
);
