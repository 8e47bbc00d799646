import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer, Agent, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WooCommerceRestApi from '@woocommerce/woocommerce-rest-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiKeyCreatedSchema,
  apiKeyPaths,
  CustomerSchema,
  OwnerOrderSchema,
  ProductSchema,
  WebhookSchema,
  type ApiKeyCreated,
  type ShippingRate,
} from '@larder/contract';
import { z } from 'zod';
import { createProduct } from './factories.ts';
import { aBuyer, placeOrder } from './place-order.ts';
import { signedInCustomer } from './sessions.ts';
import { buildTestApp, type TestApp } from './test-app.ts';
import { startWebhookReceiver } from './webhook-receiver.ts';

/**
 * The compatibility suite (issue 17): WooCommerce's own JavaScript client, unchanged, against the
 * real server on a port, with a key made as an owner makes one. Over http it signs with OAuth 1.0a
 * (HMAC-SHA256); over https it sends Basic auth, through a TLS listener with a certificate made
 * for this run.
 */

let t: TestApp;
let httpUrl: string;
let httpsUrl: string;
let tls: Server;
let certDir: string;
let key: ApiKeyCreated;

/** A self-signed certificate for 127.0.0.1, by Debian's openssl. */
function selfSignedCertificate(dir: string) {
  const [keyFile, certFile] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(keyFile), cert: readFileSync(certFile) };
}

beforeAll(async () => {
  t = await buildTestApp();
  httpUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  // The same app behind TLS: Fastify sees an encrypted socket, so request.protocol is https.
  certDir = mkdtempSync(join(tmpdir(), 'larder-tls-'));
  tls = createHttpsServer(selfSignedCertificate(certDir), (request, response) => {
    t.app.routing(request, response);
  });
  await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
  const address = tls.address();
  httpsUrl = `https://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const owner = await signedInCustomer(t.app, t.database.db, { role: 'administrator' });
  const created = await t.app.inject({
    method: 'POST',
    url: apiKeyPaths.apiKeys,
    headers: owner.bearer,
    payload: { description: 'WooCommerce client', permissions: 'read_write' },
  });
  key = ApiKeyCreatedSchema.parse(created.json());
});

afterAll(async () => {
  await new Promise<void>((resolve) => (tls ? tls.close(() => resolve()) : resolve()));
  await t?.close();
  if (certDir) rmSync(certDir, { recursive: true, force: true });
});

// Larder's one addition to WooCommerce's product: the food label every product must carry.
const food = {
  ingredients: 'Rolled oats, honey, almonds.',
  allergens: ['tree nuts'],
  may_contain: [],
  dietary_tags: [],
  nutrition: {
    serving_size: '1/2 cup (45g)',
    servings_per_container: '8',
    calories: 210,
    total_fat_g: 9,
    saturated_fat_g: 1,
    trans_fat_g: 0,
    cholesterol_mg: 0,
    sodium_mg: 35,
    total_carbohydrate_g: 28,
    dietary_fiber_g: 4,
    total_sugars_g: 8,
    added_sugars_g: 6,
    protein_g: 5,
  },
};

const transports = [
  {
    name: 'over http, signed with OAuth 1.0a',
    client: (secret = key.consumer_secret) =>
      new WooCommerceRestApi({
        url: httpUrl,
        consumerKey: key.consumer_key,
        consumerSecret: secret,
        version: 'wc/v3',
      }),
  },
  {
    name: 'over https, with Basic auth',
    client: (secret = key.consumer_secret) =>
      new WooCommerceRestApi({
        url: httpsUrl,
        consumerKey: key.consumer_key,
        consumerSecret: secret,
        version: 'wc/v3',
        axiosConfig: { httpsAgent: new Agent({ rejectUnauthorized: false }) },
      }),
  },
];

describe.each(transports)('the official WooCommerce client $name', ({ client }) => {
  it('lists and reads products, with the page size it asked for', async () => {
    const api = client();
    const list = await api.get('products', { per_page: 3, status: 'publish' });
    expect(list.status).toBe(200);
    const products = z.array(ProductSchema).parse(list.data);
    expect(products).toHaveLength(3);
    expect(Number(list.headers['x-wp-total'])).toBeGreaterThan(3);
    const one = await api.get(`products/${products[0]!.id}`);
    expect(ProductSchema.parse(one.data).id).toBe(products[0]!.id);
  });

  it('creates a product, then an order for it, and reads the order back in the order list', async () => {
    const api = client();
    const product = await api.post('products', {
      name: `Client-made granola ${Math.random().toString(36).slice(2, 8)}`,
      regular_price: '11.00',
      status: 'publish',
      food,
    });
    expect(product.status).toBe(201);
    const productId = ProductSchema.parse(product.data).id;

    const lines = [{ product_id: productId, quantity: 2 }];
    const rates = await api.post('shipping-rates/', {
      address_1: aBuyer.address_1,
      city: aBuyer.city,
      state: aBuyer.state,
      postcode: aBuyer.postcode,
      country: aBuyer.country,
      products: lines,
    });
    const [rate] = rates.data as ShippingRate[];
    const order = await api.post('orders', {
      payment_method: 'stripe',
      payment_method_title: 'Credit Card (Stripe)',
      billing: aBuyer,
      line_items: lines,
      shipping_lines: [{ method_id: rate!.method_id, instance_id: rate!.instance_id }],
    });
    expect(order.status).toBe(201);
    const orderId = (order.data as { id: number }).id;

    const read = await api.get(`orders/${orderId}`);
    const stored = OwnerOrderSchema.parse(read.data);
    expect(stored.line_items[0]).toMatchObject({ product_id: productId, quantity: 2 });
    expect(stored.line_items[0]!.total).toBe('22.00');

    const list = await api.get('orders', { per_page: 5, status: 'any' });
    expect(list.status).toBe(200);
    expect((list.data as Array<{ id: number }>).map((o) => o.id)).toContain(orderId);
  });

  it('lists and reads customers', async () => {
    const api = client();
    const list = await api.get('customers', { per_page: 2 });
    expect(list.status).toBe(200);
    const customers = z.array(CustomerSchema).parse(list.data);
    expect(customers.length).toBeGreaterThan(0);
    const one = await api.get(`customers/${customers[0]!.id}`);
    expect(CustomerSchema.parse(one.data).email).toBe(customers[0]!.email);
  });

  it('is refused with WooCommerce’s 401 when the secret is wrong', async () => {
    const api = client(`cs_${'0'.repeat(40)}`);
    const failure = await api
      .get('orders')
      .catch((error: { response: { status: number; data: unknown } }) => error.response);
    expect(failure.status).toBe(401);
    expect(failure.data).toMatchObject({ code: 'woocommerce_rest_authentication_error' });
  });
});

describe('webhooks made with the official client', () => {
  it('a checkout reaches a receiver on loopback as a signed order.created', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const api = transports[0]!.client();
      const made = await api.post('webhooks', {
        name: 'Order sync',
        topic: 'order.created',
        delivery_url: receiver.url,
        secret: 'shared-with-the-receiver',
      });
      expect(made.status).toBe(201);
      const webhook = WebhookSchema.parse(made.data);
      expect(webhook).toMatchObject({ status: 'active', topic: 'order.created' });

      const product = await createProduct(t);
      const placedAt = performance.now();
      const order = await placeOrder(t.app, [{ product_id: product.id, quantity: 1 }]);
      const hook = await receiver.waitFor(
        (entry) =>
          entry.headers['x-wc-webhook-id'] === String(webhook.id) &&
          entry.headers['x-wc-webhook-topic'] === 'order.created',
      );
      console.info(
        `order.created reached the receiver ${Math.round(performance.now() - placedAt)} ms after the checkout answered`,
      );
      const expected = createHmac('sha256', 'shared-with-the-receiver')
        .update(hook.body)
        .digest('base64');
      expect(hook.headers['x-wc-webhook-signature']).toBe(expected);
      expect(JSON.parse(hook.body)).toMatchObject({ id: order.id, order_key: order.order_key });
    } finally {
      await receiver.close();
    }
  });
});
