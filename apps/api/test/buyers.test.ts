import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, ProductReviewSchema, ProductSchema } from '@larder/contract';
import { orderItems, productVariations } from '../src/db/schema.ts';
import { seedShippingZones } from '../seed/shipping-zones.ts';
import { createProduct, createVariableProduct } from './factories.ts';
import { payOrder, placeOrderAs, signedInCustomer, type Session } from './sessions.ts';
import { buildTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
/** A variable product whose variations all have wholesale prices. */
let honeyOat: number;
let maplePecan: number;
/** A simple product: $12.50, wholesale $7.50. */
let peanutButter: number;

beforeAll(async () => {
  // Orders need only the shop's shipping zones; the products are the test's own.
  t = await buildTestApp({ seed: false });
  await seedShippingZones(t.database.db);
  honeyOat = (
    await createVariableProduct(t, {
      variations: [
        { size: '12 oz', regular_price: '12.00', wholesale_price: '7.20' },
        { size: '24 oz', regular_price: '21.00', sale_price: '19.50', wholesale_price: '12.60' },
      ],
    })
  ).id;
  maplePecan = (await createVariableProduct(t)).id;
  peanutButter = (await createProduct(t, { regular_price: '12.50', wholesale_price: '7.50' })).id;
});
afterAll(() => t.close());

const variationsOf = (productId: number) =>
  t.database.db
    .select()
    .from(productVariations)
    .where(eq(productVariations.productId, productId))
    .orderBy(productVariations.id);

let reviewCounter = 0;
const postReview = (session: Session, productId: number) =>
  t.app.inject({
    method: 'POST',
    url: `${apiPaths.productReviews}/`,
    headers: session.bearer,
    payload: {
      product_id: productId,
      reviewer: 'Robin Oats',
      reviewer_email: session.email,
      review: `Big clusters, just sweet enough (${++reviewCounter}).`,
      rating: 5,
    },
  });

describe('verified-buyer reviews', () => {
  it('approves and verifies the review of a signed-in customer who paid for one of its variations', async () => {
    const buyer = await signedInCustomer(t.app, t.database.db);
    const [variation] = await variationsOf(honeyOat);
    const order = await placeOrderAs(t.app, buyer, [
      { product_id: honeyOat, variation_id: variation!.id, quantity: 1 },
    ]);
    await payOrder(t.app, buyer, order);

    const res = await postReview(buyer, honeyOat);
    expect(res.statusCode).toBe(201);
    expect(ProductReviewSchema.parse(res.json())).toMatchObject({
      status: 'approved',
      verified: true,
    });
    const listed = await t.app.inject({
      url: `${apiPaths.productReviews}?product=${honeyOat}&per_page=100`,
    });
    expect(listed.json<{ id: number }[]>().map((review) => review.id)).toContain(res.json().id);
  });

  it('holds the review of a customer whose order is unpaid, or who bought something else', async () => {
    const buyer = await signedInCustomer(t.app, t.database.db);
    const [variation] = await variationsOf(maplePecan);
    // Placed but never paid: pending is not a purchase.
    await placeOrderAs(t.app, buyer, [
      { product_id: maplePecan, variation_id: variation!.id, quantity: 1 },
    ]);
    const unpaid = await postReview(buyer, maplePecan);
    expect(unpaid.statusCode).toBe(201);
    expect(unpaid.json()).toMatchObject({ status: 'hold', verified: false });

    const [honeyVariation] = await variationsOf(honeyOat);
    const paid = await placeOrderAs(t.app, buyer, [
      { product_id: honeyOat, variation_id: honeyVariation!.id, quantity: 1 },
    ]);
    await payOrder(t.app, buyer, paid);
    const other = await postReview(buyer, maplePecan);
    expect(other.json()).toMatchObject({ status: 'hold', verified: false });
  });

  it("does not count someone else's paid order", async () => {
    const payer = await signedInCustomer(t.app, t.database.db);
    const stranger = await signedInCustomer(t.app, t.database.db);
    const [variation] = await variationsOf(honeyOat);
    const order = await placeOrderAs(t.app, payer, [
      { product_id: honeyOat, variation_id: variation!.id, quantity: 1 },
    ]);
    await payOrder(t.app, payer, order);
    const res = await postReview(stranger, honeyOat);
    expect(res.json()).toMatchObject({ status: 'hold', verified: false });
  });
});

describe('POST /orders for a wholesale customer', () => {
  it('prices the lines at the wholesale price, and the same cart at retail for anyone else', async () => {
    const wholesale = await signedInCustomer(t.app, t.database.db, { role: 'wholesale_customer' });
    const retail = await signedInCustomer(t.app, t.database.db);
    const variations = await variationsOf(honeyOat);
    const withWholesale = variations.filter((variation) => variation.wholesalePriceCents !== null);
    expect(withWholesale.length).toBeGreaterThan(1);
    const lines = withWholesale.map((variation) => ({
      product_id: honeyOat,
      variation_id: variation.id,
      quantity: 3,
    }));
    const wholesaleCents = withWholesale.reduce(
      (sum, variation) => sum + variation.wholesalePriceCents! * 3,
      0,
    );
    const retailCents = withWholesale.reduce(
      (sum, variation) => sum + (variation.salePriceCents ?? variation.regularPriceCents) * 3,
      0,
    );
    expect(wholesaleCents).toBeLessThan(retailCents);

    const wholesaleOrder = await placeOrderAs(t.app, wholesale, lines);
    const subtotal = (order: typeof wholesaleOrder) =>
      order.line_items.reduce((sum, line) => sum + Math.round(Number(line.total) * 100), 0);
    expect(subtotal(wholesaleOrder)).toBe(wholesaleCents);
    expect(wholesaleOrder.line_items.map((line) => line.price)).toEqual(
      withWholesale.map((variation) => variation.wholesalePriceCents! / 100),
    );
    // What is charged is what the order says: the stored lines are wholesale too.
    const stored = await t.database.db
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.orderId, wholesaleOrder.id)));
    expect(stored.reduce((sum, item) => sum + item.totalCents, 0)).toBe(wholesaleCents);
    await payOrder(t.app, wholesale, wholesaleOrder);
    const paid = await t.app.inject({
      url: `${apiPaths.orders}/${wholesaleOrder.id}`,
      headers: wholesale.bearer,
    });
    expect(paid.json()).toMatchObject({ status: 'processing', total: wholesaleOrder.total });

    for (const buyer of [retail, null]) {
      const order = await placeOrderAs(t.app, buyer, lines);
      expect(subtotal(order)).toBe(retailCents);
    }
  });

  it('charges for a simple product the price its product response showed the buyer', async () => {
    const wholesale = await signedInCustomer(t.app, t.database.db, { role: 'wholesale_customer' });
    const retail = await signedInCustomer(t.app, t.database.db);
    for (const [buyer, shownPrice, twoBagsTotal] of [
      [wholesale, '7.50', '15.00'],
      [retail, '12.50', '25.00'],
      [null, '12.50', '25.00'],
    ] as const) {
      const product = ProductSchema.parse(
        (
          await t.app.inject({
            url: `${apiPaths.products}/${peanutButter}`,
            headers: buyer?.bearer ?? {},
          })
        ).json(),
      );
      expect(product.wholesale_price ?? product.price).toBe(shownPrice);
      const order = await placeOrderAs(t.app, buyer, [{ product_id: peanutButter, quantity: 2 }]);
      expect(order.line_items[0]!.price).toBe(Number(shownPrice));
      expect(order.line_items[0]!.total).toBe(twoBagsTotal);
    }
  });

  it('shows the wholesale customer wholesale_price on products, and nobody else', async () => {
    const wholesale = await signedInCustomer(t.app, t.database.db, { role: 'wholesale_customer' });
    const retail = await signedInCustomer(t.app, t.database.db);
    const read = async (headers: Record<string, string>) =>
      ProductSchema.parse(
        (await t.app.inject({ url: `${apiPaths.products}/${honeyOat}`, headers })).json(),
      );
    expect((await read(wholesale.bearer)).variations.every((v) => v.wholesale_price)).toBe(true);
    expect((await read(wholesale.browser())).variations.some((v) => v.wholesale_price)).toBe(true);
    for (const headers of [retail.bearer, retail.browser(), {}]) {
      expect(JSON.stringify(await read(headers))).not.toContain('wholesale_price');
    }
  });
});
