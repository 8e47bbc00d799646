import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema, QuickOrderImportSchema, quickOrderApiPaths } from '@larder/contract';
import {
  createProduct,
  createVariableProduct,
  createWholesaleBuyer,
} from '../../../test/factories.ts';
import { signedInCustomer, type Session } from '../../../test/sessions.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let buyer: Session;
let simple: { id: number; sku: string };
let sized: Awaited<ReturnType<typeof createVariableProduct>>;

beforeAll(async () => {
  t = await buildTestApp();
  buyer = await createWholesaleBuyer(t);
  const made = await createProduct(t, { sku: 'QO-BULK-5', regular_price: '40.00' });
  simple = { id: made.id, sku: 'QO-BULK-5' };
  sized = await createVariableProduct(t);
});
afterAll(() => t.close());

const importFile = (csv: string, headers: Record<string, string> = buyer.bearer) =>
  t.app.inject({
    method: 'POST',
    url: quickOrderApiPaths.importFile,
    headers,
    payload: { csv },
  });

describe(`POST ${quickOrderApiPaths.importFile}`, () => {
  it('reads a buyer’s sheet into lines of the catalogue, by a size’s SKU or a product’s, any case', async () => {
    const [small, large] = sized.variations;
    const res = await importFile(
      `SKU,Quantity\n${small!.sku.toLowerCase()},12\nqo-bulk-5,2\n${large!.sku},24\n${small!.sku},12`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(QuickOrderImportSchema.parse(res.json())).toEqual({
      lines: [
        { sku: small!.sku, quantity: 24, product_id: sized.id, variation_id: small!.id },
        { sku: 'QO-BULK-5', quantity: 2, product_id: simple.id, variation_id: 0 },
        { sku: large!.sku, quantity: 24, product_id: sized.id, variation_id: large!.id },
      ],
      problems: [],
    });
  });

  it('names the rows it cannot use: unknown SKUs, a product that needs a size, bad quantities', async () => {
    const parentSku = `T-${sized.slug}`.toUpperCase();
    const res = await importFile(`NOPE-1,12\n${simple.sku},lots\n${parentSku},3`);
    expect(res.statusCode, res.body).toBe(200);
    const { lines, problems } = QuickOrderImportSchema.parse(res.json());
    expect(lines).toEqual([]);
    expect(problems).toEqual([
      { row: 1, message: 'No product has the SKU NOPE-1.' },
      { row: 2, message: 'QO-BULK-5: the quantity “lots” is not a whole number.' },
      expect.objectContaining({ row: 3 }),
    ]);
  });

  it('is for wholesale buyers and owners: 401 for a guest, 403 for a retail account', async () => {
    const guest = await importFile('QO-BULK-5,1', {});
    expect(guest.statusCode).toBe(401);
    expect(ApiErrorSchema.parse(guest.json()).code).toBe('larder_wholesale_sign_in');
    const shopper = await signedInCustomer(t.app, t.database.db, { name: 'retail' });
    const retail = await importFile('QO-BULK-5,1', shopper.bearer);
    expect(retail.statusCode).toBe(403);
    expect(ApiErrorSchema.parse(retail.json()).code).toBe('larder_wholesale_only');
    const owner = await signedInCustomer(t.app, t.database.db, { role: 'administrator' });
    expect((await importFile('QO-BULK-5,1', owner.bearer)).statusCode).toBe(200);
  });

  it('refuses an empty or oversized file with a 400 naming csv', async () => {
    const empty = await importFile('');
    expect(empty.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(empty.json()).data).toMatchObject({
      params: { csv: 'The file is empty.' },
    });
    const big = await importFile('x'.repeat(100_001));
    expect(big.statusCode).toBe(400);
  });
});
