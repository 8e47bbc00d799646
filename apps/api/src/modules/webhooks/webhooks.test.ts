import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths,
  couponApiPaths,
  webhookPaths,
  WebhookDeliverySchema,
  WebhookSchema,
  type Webhook,
  type WebhookCreate,
} from '@larder/contract';
import { z } from 'zod';
import { buildApp } from '../../app.ts';
import { createDatabase } from '../../db/client.ts';
import { webhookDeliveries, webhooks } from '../../db/schema.ts';
import { createProduct } from '../../../test/factories.ts';
import { mailTo } from '../../../test/outbox.ts';
import { placeOrder } from '../../../test/place-order.ts';
import { signedInCustomer, signIn, type Session } from '../../../test/sessions.ts';
import { buildTestApp, testConfig, type TestApp } from '../../../test/test-app.ts';
import {
  startWebhookReceiver,
  topicIs,
  type ReceivedHook,
  type WebhookReceiver,
} from '../../../test/webhook-receiver.ts';
import { isPrivateAddress, postOnce } from './delivery-url.ts';
import {
  DELIVERY_LOG_DAYS,
  MAX_FAILURES,
  RETRY_DELAYS_MS,
  WEBHOOK_USER_AGENT,
} from './webhooks.service.ts';

let t: TestApp;
let owner: Session;
let shopper: Session;
let receiver: WebhookReceiver;
// Now, moved on by the tests: sessions are checked against the real time too.
let clock = new Date();
const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
  owner = await signedInCustomer(t.app, t.database.db, { name: 'owner', role: 'administrator' });
  shopper = await signedInCustomer(t.app, t.database.db, { name: 'shopper' });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

async function createWebhook(input: Partial<WebhookCreate> = {}, url = receiver.url) {
  const res = await t.app.inject({
    method: 'POST',
    url: webhookPaths.webhooks,
    headers: owner.bearer,
    payload: { topic: 'order.created', delivery_url: url, secret: 'oat-secret', ...input },
  });
  expect(res.statusCode, res.body).toBe(201);
  return WebhookSchema.parse(res.json());
}

/** What an owner's REST read of the resource answers, to compare a payload with. */
async function restRead(url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: owner.bearer });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<unknown>();
}

/** A webhook's deliveries, newest first, without the ping sent when it was made. */
const deliveriesOf = async (webhook: Webhook) =>
  z
    .array(WebhookDeliverySchema)
    .parse(
      (
        await t.app.inject({
          method: 'GET',
          url: webhookPaths.deliveries(webhook.id),
          headers: owner.bearer,
        })
      ).json(),
    )
    .filter((delivery) => delivery.topic !== 'webhook.ping');

const forWebhook = (webhook: Webhook, topic: string) => (hook: ReceivedHook) =>
  hook.headers['x-wc-webhook-id'] === String(webhook.id) && topicIs(topic)(hook);

/** Verified here apart from the server's code: base64 HMAC-SHA256 of the raw body. */
const signedWith = (hook: ReceivedHook, secret: string) =>
  hook.headers['x-wc-webhook-signature'] ===
  createHmac('sha256', secret).update(hook.body, 'utf8').digest('base64');

describe('/wp-json/wc/v3/webhooks', () => {
  it('POST creates a webhook as WooCommerce answers it, keeps the secret out, and pings it', async () => {
    const webhook = await createWebhook({ name: 'Label printer', topic: 'order.updated' });
    expect(webhook).toMatchObject({
      name: 'Label printer',
      status: 'active',
      topic: 'order.updated',
      resource: 'order',
      event: 'updated',
      delivery_url: receiver.url,
      _links: { self: [{ href: `http://shop.test/wp-json/wc/v3/webhooks/${webhook.id}` }] },
    });
    expect(webhook).not.toHaveProperty('secret');
    const ping = await receiver.waitFor((hook) => hook.body === `webhook_id=${webhook.id}`);
    expect(ping.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(ping.headers['user-agent']).toBe(WEBHOOK_USER_AGENT);

    const read = await restRead(`${webhookPaths.webhooks}/${webhook.id}`);
    expect(read).toEqual(webhook);
    const listed = await t.app.inject({
      method: 'GET',
      url: `${webhookPaths.webhooks}?status=active`,
      headers: owner.bearer,
    });
    expect(listed.json<Webhook[]>().map((entry) => entry.id)).toContain(webhook.id);
  });

  it('makes a secret when none is sent, and shows it to owners with context=edit', async () => {
    const webhook = await createWebhook({ secret: undefined, status: 'paused' });
    const [row] = await t.database.db.select().from(webhooks).where(eq(webhooks.id, webhook.id));
    expect(row!.secret.length).toBeGreaterThanOrEqual(40);
    const edit = await restRead(`${webhookPaths.webhooks}/${webhook.id}?context=edit`);
    expect(edit).toEqual({ ...webhook, secret: row!.secret });
  });

  it('PUT changes only what is sent; DELETE answers it as it was, then 404', async () => {
    const webhook = await createWebhook({ status: 'paused' });
    const put = await t.app.inject({
      method: 'PUT',
      url: `${webhookPaths.webhooks}/${webhook.id}`,
      headers: owner.bearer,
      payload: { name: 'Accounting', topic: 'coupon.deleted' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      name: 'Accounting',
      topic: 'coupon.deleted',
      status: 'paused',
    });

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${webhookPaths.webhooks}/${webhook.id}?force=true`,
      headers: owner.bearer,
    });
    expect(removed.json()).toMatchObject({ id: webhook.id, name: 'Accounting' });
    const gone = await t.app.inject({
      method: 'GET',
      url: `${webhookPaths.webhooks}/${webhook.id}`,
      headers: owner.bearer,
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'woocommerce_rest_webhook_invalid_id' });
  });

  it('refuses bad input with WooCommerce errors and writes nothing', async () => {
    const countBefore = await t.database.db.$count(webhooks);
    const post = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: webhookPaths.webhooks, headers: owner.bearer, payload });
    const missing = await post({ delivery_url: receiver.url });
    expect(missing.statusCode).toBe(400);
    // A required choice not sent is missing, as for any other type (WordPress checks it first).
    expect(missing.json()).toMatchObject({
      code: 'rest_missing_callback_param',
      message: 'Missing parameter(s): topic',
      data: { params: { topic: expect.any(String) } },
    });
    const badTopic = await post({ topic: 'order.exploded', delivery_url: receiver.url });
    expect(badTopic.json()).toMatchObject({
      code: 'rest_invalid_param',
      data: { status: 400, params: { topic: expect.any(String) } },
    });
    const ftp = await post({ topic: 'order.created', delivery_url: 'ftp://files.example.com/' });
    expect(ftp.json()).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { delivery_url: expect.any(String) } },
    });
    const unknown = await t.app.inject({
      method: 'PUT',
      url: `${webhookPaths.webhooks}/999999`,
      headers: owner.bearer,
      payload: { name: 'x' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'woocommerce_rest_webhook_invalid_id' });
    expect(await t.database.db.$count(webhooks)).toBe(countBefore);
  });

  it('answers 401 to a guest and 403 to a shopper', async () => {
    const guest = await t.app.inject({ method: 'GET', url: webhookPaths.webhooks });
    expect(guest.statusCode).toBe(401);
    const customer = await t.app.inject({
      method: 'GET',
      url: webhookPaths.webhooks,
      headers: shopper.bearer,
    });
    expect(customer.statusCode).toBe(403);
  });
});

describe('deliveries', () => {
  it('a checkout sends order.created, signed, with the WooCommerce headers and the REST read as body', async () => {
    const webhook = await createWebhook({ secret: 'checkout-secret' });
    const product = await createProduct(t);
    const order = await placeOrder(t.app, [{ product_id: product.id, quantity: 2 }]);

    const hook = await receiver.waitFor(
      (entry) =>
        forWebhook(webhook, 'order.created')(entry) && JSON.parse(entry.body).id === order.id,
    );
    expect(hook.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': WEBHOOK_USER_AGENT,
      'x-wc-webhook-source': 'http://shop.test/',
      'x-wc-webhook-topic': 'order.created',
      'x-wc-webhook-resource': 'order',
      'x-wc-webhook-event': 'created',
      'x-wc-webhook-id': String(webhook.id),
    });
    expect(hook.headers['x-wc-webhook-delivery-id']).toMatch(/^\d+$/);
    expect(signedWith(hook, 'checkout-secret')).toBe(true);
    expect(signedWith(hook, 'another-secret')).toBe(false);
    expect(JSON.parse(hook.body)).toEqual(await restRead(`${apiPaths.orders}/${order.id}`));

    const [delivery] = await deliveriesOf(webhook);
    expect(delivery).toMatchObject({
      topic: 'order.created',
      resource_id: order.id,
      status: 'delivered',
      attempts: 1,
      response_code: 200,
      response_body: 'thanks',
      next_attempt_gmt: null,
    });
  });

  it('sends one event per resource and transaction, and no order.updated for the order just created', async () => {
    const updated = await createWebhook({ topic: 'order.updated' });
    const created = await createWebhook({ topic: 'order.created' });
    const product = await createProduct(t);
    const order = await placeOrder(t.app, [{ product_id: product.id, quantity: 1 }]);
    await receiver.waitFor(forWebhook(created, 'order.created'));
    await t.app.webhooks.idle();
    expect(await deliveriesOf(created)).toHaveLength(1);
    // Placing the order wrote it several times in one transaction: no order.updated for that.
    expect(await deliveriesOf(updated)).toEqual([]);

    const cancelled = await t.app.inject({
      method: 'PUT',
      url: `${apiPaths.orders}/${order.id}`,
      headers: owner.bearer,
      payload: { status: 'cancelled' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const hook = await receiver.waitFor(forWebhook(updated, 'order.updated'));
    expect(JSON.parse(hook.body)).toMatchObject({ id: order.id, status: 'cancelled' });
  });

  it('products, coupons and customers: created, updated and deleted by any path', async () => {
    const topics = [
      'product.created',
      'product.updated',
      'product.deleted',
      'coupon.created',
      'customer.created',
    ] as const;
    const hooks = Object.fromEntries(
      await Promise.all(topics.map(async (topic) => [topic, await createWebhook({ topic })])),
    ) as Record<(typeof topics)[number], Webhook>;

    // The catalogue import, then the REST routes.
    const product = await createProduct(t);
    const createdHook = await receiver.waitFor(
      (hook) =>
        forWebhook(hooks['product.created'], 'product.created')(hook) &&
        JSON.parse(hook.body).id === product.id,
    );
    expect(JSON.parse(createdHook.body)).toEqual(
      await restRead(`${apiPaths.products}/${product.id}`),
    );
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `${apiPaths.products}/${product.id}`,
      headers: owner.bearer,
      payload: { name: 'Renamed Granola' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const updatedHook = await receiver.waitFor(
      forWebhook(hooks['product.updated'], 'product.updated'),
    );
    expect(JSON.parse(updatedHook.body)).toMatchObject({ id: product.id, name: 'Renamed Granola' });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `${apiPaths.products}/${product.id}?force=true`,
      headers: owner.bearer,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const deletedHook = await receiver.waitFor(
      forWebhook(hooks['product.deleted'], 'product.deleted'),
    );
    // WooCommerce sends only the id of what was deleted.
    expect(JSON.parse(deletedHook.body)).toEqual({ id: product.id });

    const coupon = await t.app.inject({
      method: 'POST',
      url: couponApiPaths.coupons,
      headers: owner.bearer,
      payload: { code: 'HOOKS10', discount_type: 'percent', amount: '10' },
    });
    expect(coupon.statusCode, coupon.body).toBe(201);
    const couponHook = await receiver.waitFor(
      forWebhook(hooks['coupon.created'], 'coupon.created'),
    );
    expect(JSON.parse(couponHook.body)).toEqual(
      await restRead(`${couponApiPaths.coupons}/${coupon.json<{ id: number }>().id}`),
    );

    const signedUp = await signedInCustomer(t.app, t.database.db, { name: 'newcomer' });
    const customerHook = await receiver.waitFor(
      (hook) =>
        forWebhook(hooks['customer.created'], 'customer.created')(hook) &&
        JSON.parse(hook.body).id === signedUp.id,
    );
    expect(JSON.parse(customerHook.body)).toEqual(
      await restRead(`${apiPaths.customers}/${signedUp.id}`),
    );
  });

  it('retries a failed delivery after its back-off with the same body and delivery id', async () => {
    const flaky = await startWebhookReceiver();
    const webhook = await createWebhook({ topic: 'coupon.updated' }, flaky.url);
    await flaky.waitFor((hook) => hook.body === `webhook_id=${webhook.id}`);
    await t.app.webhooks.idle();
    flaky.answer(500);
    const coupon = await t.app.inject({
      method: 'POST',
      url: couponApiPaths.coupons,
      headers: owner.bearer,
      payload: { code: 'RETRY5', discount_type: 'percent', amount: '5' },
    });
    const couponId = coupon.json<{ id: number }>().id;
    await t.app.inject({
      method: 'PUT',
      url: `${couponApiPaths.coupons}/${couponId}`,
      headers: owner.bearer,
      payload: { amount: '6' },
    });
    const first = await flaky.waitFor(forWebhook(webhook, 'coupon.updated'));
    await t.app.webhooks.idle();
    const [failed] = await deliveriesOf(webhook);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, response_code: 500 });
    expect(failed!.next_attempt_gmt).toBe(
      new Date(clock.getTime() + RETRY_DELAYS_MS[0]!).toISOString().slice(0, 19),
    );

    later(RETRY_DELAYS_MS[0]!);
    await t.app.webhooks.kick();
    const both = flaky.received.filter(forWebhook(webhook, 'coupon.updated'));
    expect(both).toHaveLength(2);
    expect(both[1]!.body).toBe(first.body);
    expect(both[1]!.headers['x-wc-webhook-delivery-id']).toBe(
      first.headers['x-wc-webhook-delivery-id'],
    );
    const [delivered] = await deliveriesOf(webhook);
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 2, response_code: 200 });
    await flaky.close();
  });

  it(`disables the webhook after more than ${MAX_FAILURES} failures in a row, logs it and emails its owner`, async () => {
    const failing = await startWebhookReceiver();
    failing.answer(200, ...Array<number>(10).fill(503));
    const webhook = await createWebhook({ topic: 'coupon.created', name: 'Flaky' }, failing.url);
    await failing.waitFor((hook) => hook.body === `webhook_id=${webhook.id}`);
    await t.app.webhooks.idle();
    await t.app.inject({
      method: 'POST',
      url: couponApiPaths.coupons,
      headers: owner.bearer,
      payload: { code: 'FLAKY1', discount_type: 'percent', amount: '5' },
    });
    const statusNow = async () =>
      (await t.database.db.select().from(webhooks).where(eq(webhooks.id, webhook.id)))[0]!;
    await failing.waitFor(forWebhook(webhook, 'coupon.created'));
    await t.app.webhooks.idle();
    for (let attempt = 1; (await statusNow()).failureCount < MAX_FAILURES; attempt++) {
      expect(attempt).toBeLessThan(10);
      later(RETRY_DELAYS_MS.at(-1)!);
      await t.app.webhooks.kick();
    }
    expect(await statusNow()).toMatchObject({ status: 'active', failureCount: MAX_FAILURES });
    expect(
      mailTo(t.config.dataDir, owner.email).some((mail) =>
        mail.text.includes('stopped sending them'),
      ),
    ).toBe(false);

    later(RETRY_DELAYS_MS.at(-1)!);
    await t.app.webhooks.kick();
    expect(await statusNow()).toMatchObject({ status: 'disabled' });
    const mail = mailTo(t.config.dataDir, owner.email).find((entry) =>
      entry.text.includes('stopped sending them'),
    );
    expect(mail?.text).toContain(failing.url);
    // The clock moved on by days: the owner signs in again (and stays so for the later tests).
    owner = await signIn(t.app, owner.email);
    const log = await t.app.inject({
      method: 'GET',
      url: `${apiPaths.activityLog}?subject_type=webhook&subject_id=${webhook.id}`,
      headers: owner.bearer,
    });
    expect(log.json<Array<{ action: string }>>().map((entry) => entry.action)).toContain(
      'webhook.disabled',
    );
    // Nothing more is sent to a disabled webhook.
    const sent = failing.received.length;
    later(RETRY_DELAYS_MS.at(-1)!);
    await t.app.webhooks.kick();
    expect(failing.received).toHaveLength(sent);
    await failing.close();
  });

  it('a delivery left pending is sent by the next process to start', async () => {
    const webhook = await createWebhook({ topic: 'coupon.deleted' });
    await receiver.waitFor((hook) => hook.body === `webhook_id=${webhook.id}`);
    // Queued as a commit would, with a retry due after this process's clock: as if it stopped.
    const [pending] = await t.database.db
      .insert(webhookDeliveries)
      .values({
        webhookId: webhook.id,
        topic: 'coupon.deleted',
        resourceId: 4242,
        txid: 1,
        nextAttemptAt: new Date(clock.getTime() + 60 * 60_000),
      })
      .returning();
    await t.app.webhooks.kick();
    expect(receiver.received.filter(forWebhook(webhook, 'coupon.deleted'))).toHaveLength(0);

    const restarted = await buildApp(testConfig({ dataDir: t.config.dataDir }), {
      database: t.database,
      now: () => new Date(clock.getTime() + 2 * 60 * 60_000),
    });
    await restarted.ready();
    const hook = await receiver.waitFor(forWebhook(webhook, 'coupon.deleted'));
    expect(JSON.parse(hook.body)).toEqual({ id: 4242 });
    expect(hook.headers['x-wc-webhook-delivery-id']).toBe(String(pending!.id));
    await restarted.close();
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'two processes on one PostgreSQL deliver each event once',
    async () => {
      const second = createDatabase({ databaseUrl: t.databaseUrl });
      const other = await buildApp(testConfig({ dataDir: t.config.dataDir }), {
        database: second,
        now: () => clock,
      });
      await other.ready();
      const webhook = await createWebhook({ topic: 'customer.updated' });
      const accounts = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          signedInCustomer(t.app, t.database.db, { name: `twin${index}` }),
        ),
      );
      // Each role change is its own transaction, through either process's routes.
      await Promise.all(
        accounts.map((account, index) =>
          (index % 2 ? other : t.app).inject({
            method: 'PUT',
            url: `${apiPaths.customers}/${account.id}`,
            headers: account.bearer,
            payload: { first_name: `Twin ${index}` },
          }),
        ),
      );
      for (const account of accounts) {
        await receiver.waitFor(
          (hook) =>
            forWebhook(webhook, 'customer.updated')(hook) &&
            JSON.parse(hook.body).id === account.id,
        );
      }
      await Promise.all([t.app.webhooks.idle(), other.webhooks.idle()]);
      const ids = receiver.received
        .filter(forWebhook(webhook, 'customer.updated'))
        .map((hook) => hook.headers['x-wc-webhook-delivery-id']);
      expect(ids).toHaveLength(accounts.length);
      expect(new Set(ids).size).toBe(accounts.length);
      await other.close();
      await second.close();
    },
  );
});

describe('the delivery log', () => {
  it(`keeps finished deliveries ${DELIVERY_LOG_DAYS} days, and each webhook's last 25 however old`, async () => {
    // Paused: no ping, and no later test's events, reach the receiver the next tests count.
    const quiet = await createWebhook({ name: 'Quiet', status: 'paused' });
    const busy = await createWebhook({ name: 'Busy', status: 'paused' });
    const day = 24 * 60 * 60_000;
    const old = new Date(clock.getTime() - (DELIVERY_LOG_DAYS + 1) * day);
    const recent = new Date(clock.getTime() - day);
    const row = (
      webhookId: number,
      createdAt: Date,
      status: 'delivered' | 'pending',
      n: number,
    ) => ({
      webhookId,
      topic: 'order.created',
      resourceId: n,
      txid: 900_000 + n,
      status,
      nextAttemptAt: status === 'pending' ? new Date(clock.getTime() + day) : null,
      createdAt,
    });
    await t.database.db.delete(webhookDeliveries).where(eq(webhookDeliveries.webhookId, quiet.id));
    await t.database.db.delete(webhookDeliveries).where(eq(webhookDeliveries.webhookId, busy.id));
    await t.database.db.insert(webhookDeliveries).values([
      // The quiet one's 3 old deliveries are all it has: they stay.
      ...[1, 2, 3].map((n) => row(quiet.id, old, 'delivered', n)),
      // The busy one: 10 old, then 1 old still pending (a retry), then 30 recent.
      ...Array.from({ length: 10 }, (_, n) => row(busy.id, old, 'delivered', 10 + n)),
      row(busy.id, old, 'pending', 99),
      ...Array.from({ length: 30 }, (_, n) => row(busy.id, recent, 'delivered', 100 + n)),
    ]);

    expect(await t.app.webhooks.pruneDeliveries()).toBe(10);

    const left = async (webhookId: number) =>
      t.database.db
        .select({ resourceId: webhookDeliveries.resourceId })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.webhookId, webhookId));
    expect((await left(quiet.id)).map((r) => r.resourceId).sort()).toEqual([1, 2, 3]);
    const busyLeft = (await left(busy.id)).map((r) => r.resourceId);
    expect(busyLeft).toHaveLength(31);
    expect(busyLeft).toContain(99);
    expect(busyLeft.some((id) => id >= 10 && id < 20)).toBe(false);
    await t.database.db.delete(webhookDeliveries).where(eq(webhookDeliveries.webhookId, busy.id));
  });
});

describe('delivery addresses', () => {
  it.each([
    ['127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.20.0.1', true],
    ['192.168.1.10', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['::1', true],
    ['fe80::1', true],
    ['fd00::1', true],
    ['::ffff:127.0.0.1', true],
    ['93.184.216.34', false],
    ['2606:4700::1111', false],
  ])('%s is private: %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });

  it('a name resolving to loopback at delivery time is refused and nothing is sent', async () => {
    const port = new URL(receiver.url).port;
    const before = receiver.received.length;
    const result = await postOnce(
      `http://localhost:${port}/hooks`,
      '{}',
      {},
      {
        timeoutMs: 5000,
        allowPrivate: false,
      },
    );
    expect(result.status).toBeNull();
    expect(result.body).toMatch(/private or loopback/);
    expect(receiver.received).toHaveLength(before);
  });

  it('without WEBHOOK_ALLOW_PRIVATE_URLS a loopback delivery URL is refused', async () => {
    const strict = await buildApp(
      testConfig({ dataDir: t.config.dataDir, webhookAllowPrivateUrls: false }),
      {
        database: t.database,
        now: () => clock,
      },
    );
    await strict.ready();
    for (const url of [receiver.url, 'http://localhost:8080/', 'http://[::1]/hook']) {
      const res = await strict.inject({
        method: 'POST',
        url: webhookPaths.webhooks,
        headers: owner.bearer,
        payload: { topic: 'order.created', delivery_url: url },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'rest_invalid_param',
        data: { params: { delivery_url: expect.stringMatching(/private or loopback/) } },
      });
    }
    await strict.close();
  });
});
