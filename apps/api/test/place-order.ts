import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { OrderSchema, type Order, type OrderCreate, type ShippingRate } from '@larder/contract';
import type { Database } from '../src/db/client.ts';
import { products } from '../src/db/schema.ts';

export const aBuyer = {
  first_name: 'Ada',
  last_name: 'Baker',
  address_1: '200 Broadway',
  city: 'New York',
  state: 'NY',
  postcode: '10007',
  country: 'US',
  email: 'ada@example.com',
  phone: '+1 212 555 0100',
};

/** The five address fields spec §5 needs before asking for shipping rates: the buyer's. */
export const aDestination = {
  address_1: aBuyer.address_1,
  city: aBuyer.city,
  country: aBuyer.country,
  state: aBuyer.state,
  postcode: aBuyer.postcode,
};

export const productIdOf = async (db: Database, slug: string) =>
  (await db.select({ id: products.id }).from(products).where(eq(products.slug, slug)))[0]!.id;

/**
 * Places a guest order through the real `POST /orders` (shipping quoted through the real rates
 * route, cheapest rate chosen): what a shopper's checkout does before paying.
 */
export async function placeOrder(
  app: FastifyInstance,
  lines: OrderCreate['line_items'],
  overrides: Partial<OrderCreate> = {},
  /** A signed-in shopper's headers (e.g. a Bearer token). */
  headers: Record<string, string> = {},
): Promise<Order> {
  const quote = await app.inject({
    method: 'POST',
    url: '/wp-json/wc/v3/shipping-rates/',
    payload: { ...aDestination, products: lines },
  });
  if (quote.statusCode !== 200) throw new Error(`rates: ${quote.statusCode} ${quote.body}`);
  const [rate] = quote.json<ShippingRate[]>();
  const res = await app.inject({
    method: 'POST',
    url: '/wp-json/wc/v3/orders',
    headers,
    payload: {
      customer_id: 0,
      payment_method: 'stripe',
      payment_method_title: 'Credit Card (Stripe)',
      billing: aBuyer,
      line_items: lines,
      shipping_lines: [{ method_id: rate!.method_id, instance_id: rate!.instance_id }],
      customer_note: 'Happy birthday, Sam!',
      ...overrides,
    },
  });
  if (res.statusCode !== 201) throw new Error(`order: ${res.statusCode} ${res.body}`);
  return OrderSchema.parse(res.json());
}
