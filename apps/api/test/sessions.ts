import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  apiPaths,
  CustomerSchema,
  LoginResultSchema,
  OrderSchema,
  PaymentResultSchema,
  testPaymentToken,
  type CustomerRole,
  type Order,
  type OrderCreate,
  type ShippingRate,
} from '@larder/contract';
import type { Database } from '../src/db/client.ts';
import { customers } from '../src/db/schema.ts';
import { aBuyer } from './place-order.ts';

export const TEST_PASSWORD = 'oats and honey at dawn';

let counter = 0;
export const uniqueEmail = (name = 'buyer') =>
  `${name}${++counter}-${Date.now().toString(36)}@example.com`;

/** What a signed-in API client and browser each hold, and how to send it. */
export interface Session {
  id: number;
  email: string;
  token: string;
  bearer: Record<string, string>;
  /** Both cookies, with the XSRF value echoed unless `withXsrf` is false. */
  browser(withXsrf?: boolean): Record<string, string>;
}

/** Signs up through the real route, optionally gives the account a role in the database, signs in. */
export async function signedInCustomer(
  app: FastifyInstance,
  db: Database,
  options: { role?: CustomerRole; name?: string } = {},
): Promise<Session> {
  const email = uniqueEmail(options.name);
  const created = await app.inject({
    method: 'POST',
    url: apiPaths.customers,
    payload: { email, password: TEST_PASSWORD, first_name: 'Robin', last_name: 'Oats' },
  });
  if (created.statusCode !== 201) throw new Error(`sign-up: ${created.statusCode} ${created.body}`);
  const customer = CustomerSchema.parse(created.json());
  if (options.role && options.role !== 'customer') {
    // No request can grant a role: the test stands in for the owner's approval.
    await db.update(customers).set({ role: options.role }).where(eq(customers.id, customer.id));
  }
  return signIn(app, email);
}

export async function signIn(app: FastifyInstance, email: string, password = TEST_PASSWORD) {
  const res = await app.inject({
    method: 'POST',
    url: apiPaths.token,
    payload: { username: email, password, remember: false },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in: ${res.statusCode} ${res.body}`);
  const body = LoginResultSchema.parse(res.json());
  const cookie = (name: string) => res.cookies.find((entry) => entry.name === name)!.value;
  const session = cookie('larder_session');
  const xsrf = cookie('XSRF-TOKEN');
  return {
    id: body.data.id,
    email,
    token: body.data.token,
    bearer: { authorization: `Bearer ${body.data.token}` },
    browser: (withXsrf = true) => ({
      cookie: `larder_session=${session}; XSRF-TOKEN=${xsrf}`,
      ...(withXsrf ? { 'x-xsrf-token': xsrf } : {}),
    }),
  } satisfies Session;
}

/** Places an order through the real routes as the given session (or a guest with no headers). */
export async function placeOrderAs(
  app: FastifyInstance,
  session: Session | null,
  lines: OrderCreate['line_items'],
): Promise<Order> {
  const headers = session?.bearer ?? {};
  const quote = await app.inject({
    method: 'POST',
    url: apiPaths.shippingRates,
    headers,
    payload: { ...aBuyer, products: lines },
  });
  if (quote.statusCode !== 200) throw new Error(`rates: ${quote.statusCode} ${quote.body}`);
  const [rate] = quote.json<ShippingRate[]>();
  const res = await app.inject({
    method: 'POST',
    url: apiPaths.orders,
    headers,
    payload: {
      customer_id: session?.id ?? 0,
      payment_method: 'stripe',
      payment_method_title: 'Credit Card (Stripe)',
      billing: { ...aBuyer, email: session?.email ?? aBuyer.email },
      line_items: lines,
      shipping_lines: [{ method_id: rate!.method_id, instance_id: rate!.instance_id }],
    },
  });
  if (res.statusCode !== 201) throw new Error(`order: ${res.statusCode} ${res.body}`);
  return OrderSchema.parse(res.json());
}

/**
 * Pays an order with the test provider's 4242 card, as the checkout's payment dialog does; resolves
 * once the emails the payment sends after its answer are in the outbox.
 */
export async function payOrder(app: FastifyInstance, session: Session | null, order: Order) {
  const res = await app.inject({
    method: 'POST',
    url: apiPaths.cardPayment,
    headers: session?.bearer ?? {},
    payload: {
      order_id: order.id,
      order_key: order.order_key,
      payment_token: testPaymentToken('4242 4242 4242 4242'),
      payment_method: 'stripe',
      payment_method_title: 'Credit Card (Stripe)',
      create_account: false,
    },
  });
  if (res.statusCode !== 200) throw new Error(`payment: ${res.statusCode} ${res.body}`);
  await app.afterAnswer.settled();
  return PaymentResultSchema.parse(res.json());
}
