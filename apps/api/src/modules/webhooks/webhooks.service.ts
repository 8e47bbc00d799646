import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type {
  Webhook,
  WebhookCreate,
  WebhookDelivery,
  WebhookEdit,
  WebhookStatus,
  WebhookTopic,
  WebhookUpdate,
} from '@larder/contract';
import type { Database } from '../../db/client.ts';
import { ApiError, invalidParam } from '../../http/errors.ts';
import { formatWpDate } from '../../http/format.ts';
import type { Viewer } from '../../http/viewer.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import { webhookDisabledEmail } from '../mail/notice-emails.ts';
import { isPrivateAddress, postOnce, resolveHost } from './delivery-url.ts';
import { webhooksRepo, type DeliveryRow, type WebhookRow } from './webhooks.repo.ts';
import { createDrainLoop } from '../../http/background-worker.ts';

/** WooCommerce's own prefix, for receivers that look for it, then who really sends (decision 0042). */
export const WEBHOOK_USER_AGENT = 'WooCommerce/10.0.2 Hookshot (WordPress/6.8.1; Larder)';
/** WooCommerce's delivery timeout. */
export const DELIVERY_TIMEOUT_MS = 5000;
/** The waits before the 2nd…6th attempt of one event; after the 6th it is failed for good. */
export const RETRY_DELAYS_MS = [1, 5, 30, 120, 360].map((minutes) => minutes * 60_000);
/** WooCommerce disables a webhook when its failures in a row exceed this. */
export const MAX_FAILURES = 5;
const CLAIM_LEASE_MS = 60_000;
const CLAIM_BATCH = 20;
const RECENT_DELIVERIES = 25;
/** How long finished deliveries are kept (beyond each webhook's last RECENT_DELIVERIES). */
export const DELIVERY_LOG_DAYS = 30;
export const PING_TOPIC = 'webhook.ping';

/** The resource's wc/v3 representation as `viewer` reads it; undefined when it is gone. */
export type WebhookResourceReader = (
  resource: Webhook['resource'],
  id: number,
  viewer: Viewer,
) => Promise<unknown>;

/** WooCommerce's action names per topic (read-only `hooks`), for clients that show them. */
const HOOKS: Record<WebhookTopic, string[]> = {
  'order.created': ['woocommerce_new_order'],
  'order.updated': ['woocommerce_update_order', 'woocommerce_order_refunded'],
  'order.deleted': ['wp_trash_post'],
  'product.created': ['woocommerce_process_product_meta', 'woocommerce_new_product'],
  'product.updated': ['woocommerce_update_product', 'woocommerce_update_product_variation'],
  'product.deleted': ['wp_trash_post'],
  'customer.created': ['user_register', 'woocommerce_created_customer'],
  'customer.updated': ['profile_update', 'woocommerce_update_customer'],
  'customer.deleted': ['delete_user'],
  'coupon.created': ['woocommerce_process_shop_coupon_meta', 'woocommerce_new_coupon'],
  'coupon.updated': ['woocommerce_process_shop_coupon_meta', 'woocommerce_update_coupon'],
  'coupon.deleted': ['wp_trash_post'],
};

const notFound = () =>
  new ApiError(404, 'woocommerce_rest_webhook_invalid_id', 'Invalid webhook ID.');

/** X-WC-Webhook-Signature: base64 of the body's HMAC-SHA256 with the webhook's secret. */
export const webhookSignature = (body: string, secret: string) =>
  createHmac('sha256', secret).update(body).digest('base64');

const newSecret = () => randomBytes(36).toString('base64url');

const isSuccess = (status: number | null) => status !== null && status >= 200 && status < 303;

export interface WebhooksServiceOptions {
  activity: ActivityService;
  mailer: Mailer;
  publicUrl: string;
  readResource: WebhookResourceReader;
  viewerForCustomer: (customerId: number) => Promise<Viewer | undefined>;
  /** WEBHOOK_ALLOW_PRIVATE_URLS: deliveries may go to loopback and private networks (tests). */
  allowPrivateUrls: boolean;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/** WooCommerce's webhooks: managed here, queued by the database's triggers, sent by `deliverDue`. */
export function createWebhooksService(db: Database, options: WebhooksServiceOptions) {
  const now = options.now ?? (() => new Date());
  const source = options.publicUrl.replace(/\/*$/, '/');
  const collectionUrl = `${options.publicUrl.replace(/\/+$/, '')}/wp-json/wc/v3/webhooks`;

  const toWebhook = (row: WebhookRow): Webhook => {
    const topic = row.topic as WebhookTopic;
    const [resource, event] = topic.split('.') as [Webhook['resource'], Webhook['event']];
    return {
      id: row.id,
      name: row.name,
      status: row.status,
      topic,
      resource,
      event,
      hooks: HOOKS[topic],
      delivery_url: row.deliveryUrl,
      date_created: formatWpDate(row.createdAt),
      date_created_gmt: formatWpDate(row.createdAt),
      date_modified: formatWpDate(row.modifiedAt),
      date_modified_gmt: formatWpDate(row.modifiedAt),
      _links: {
        self: [{ href: `${collectionUrl}/${row.id}` }],
        collection: [{ href: collectionUrl }],
      },
    };
  };

  const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
    id: row.id,
    webhook_id: row.webhookId,
    topic: row.topic,
    resource_id: row.resourceId,
    status: row.status,
    attempts: row.attempts,
    date_created_gmt: formatWpDate(row.createdAt),
    last_attempt_gmt: row.lastAttemptAt ? formatWpDate(row.lastAttemptAt) : null,
    response_code: row.responseCode,
    duration_ms: row.durationMs,
    next_attempt_gmt:
      row.status === 'pending' && row.nextAttemptAt ? formatWpDate(row.nextAttemptAt) : null,
    request_body: row.requestBody,
    response_body: row.responseBody,
  });

  /** Refuses an address on this machine or a private network, unless the shop allows them. */
  async function checkDeliveryUrl(url: string): Promise<void> {
    if (options.allowPrivateUrls) return;
    const host = new URL(url).hostname;
    const refused = (await resolveHost(host)).find(isPrivateAddress);
    if (refused !== undefined || host === 'localhost' || host.endsWith('.localhost')) {
      throw invalidParam(
        'delivery_url',
        'The delivery URL points at a private or loopback address; webhooks go to public addresses only.',
      );
    }
  }

  const describe = (row: WebhookRow) => `Webhook #${row.id} “${row.name}” (${row.topic})`;

  const service = {
    toWebhook,

    /** With `context: 'edit'`, the secret too (the owner's edit screen). */
    async get(id: number, context: 'view' | 'edit' = 'view'): Promise<Webhook | WebhookEdit> {
      const row = await webhooksRepo.find(db, id);
      if (!row) throw notFound();
      return context === 'edit' ? { ...toWebhook(row), secret: row.secret } : toWebhook(row);
    },

    async list(query: { status: WebhookStatus | 'all'; page: number; per_page: number }) {
      const { rows, total } = await webhooksRepo.list(db, {
        status: query.status === 'all' ? undefined : query.status,
        limit: query.per_page,
        offset: (query.page - 1) * query.per_page,
      });
      return { webhooks: rows.map(toWebhook), total };
    },

    async create(input: WebhookCreate, owner: Viewer): Promise<Webhook> {
      await checkDeliveryUrl(input.delivery_url);
      const at = now();
      const row = await db.transaction(async (tx) => {
        const created = await webhooksRepo.insert(tx, {
          name: input.name || `Webhook created on ${formatWpDate(at).replace('T', ' ')}`,
          status: input.status ?? 'active',
          topic: input.topic,
          deliveryUrl: input.delivery_url.trim(),
          secret: input.secret || newSecret(),
          customerId: owner.customerId,
          createdAt: at,
          modifiedAt: at,
        });
        if (created.status === 'active') await webhooksRepo.queuePing(tx, created.id);
        await options.activity.record(
          owner,
          {
            action: 'webhook.created',
            subjectType: 'webhook',
            subjectId: created.id,
            summary: `${describe(created)} created, delivering to ${created.deliveryUrl}`,
          },
          tx,
        );
        return created;
      });
      service.kick();
      return toWebhook(row);
    },

    async update(id: number, input: WebhookUpdate, owner: Viewer): Promise<Webhook> {
      if (input.delivery_url !== undefined) await checkDeliveryUrl(input.delivery_url);
      const at = now();
      const row = await db.transaction(async (tx) => {
        const before = await webhooksRepo.find(tx, id);
        if (!before) throw notFound();
        const activated = input.status === 'active' && before.status !== 'active';
        const updated = await webhooksRepo.update(
          tx,
          id,
          {
            ...(input.name !== undefined && { name: input.name }),
            ...(input.status !== undefined && { status: input.status }),
            ...(input.topic !== undefined && { topic: input.topic }),
            ...(input.delivery_url !== undefined && { deliveryUrl: input.delivery_url }),
            ...(input.secret !== undefined && { secret: input.secret }),
            // Switched back on: its count of failures starts again, as WooCommerce's does.
            ...(activated && { failureCount: 0 }),
          },
          at,
        );
        if (activated) await webhooksRepo.queuePing(tx, id);
        await options.activity.record(
          owner,
          {
            action: 'webhook.updated',
            subjectType: 'webhook',
            subjectId: id,
            summary: `${describe(updated!)} changed (${Object.keys(input).join(', ') || 'nothing'})`,
          },
          tx,
        );
        return updated!;
      });
      service.kick();
      return toWebhook(row);
    },

    async remove(id: number, owner: Viewer): Promise<Webhook> {
      return db.transaction(async (tx) => {
        const row = await webhooksRepo.find(tx, id);
        if (!row || !(await webhooksRepo.remove(tx, id))) throw notFound();
        await options.activity.record(
          owner,
          {
            action: 'webhook.deleted',
            subjectType: 'webhook',
            subjectId: id,
            summary: `${describe(row)} deleted`,
          },
          tx,
        );
        return toWebhook(row);
      });
    },

    async deliveries(id: number): Promise<WebhookDelivery[]> {
      if (!(await webhooksRepo.find(db, id))) throw notFound();
      return (await webhooksRepo.deliveries(db, id, RECENT_DELIVERIES)).map(toDelivery);
    },

    /** Deletes finished deliveries past the log's age; answers how many went. */
    pruneDeliveries(): Promise<number> {
      const before = new Date(now().getTime() - DELIVERY_LOG_DAYS * 24 * 60 * 60_000);
      return webhooksRepo.pruneDeliveries(db, before, RECENT_DELIVERIES);
    },

    /** Sends what is due now; answers how many deliveries this call took. */
    async deliverDue(): Promise<number> {
      const at = now();
      const claimed = await webhooksRepo.claimDue(
        db,
        at,
        new Date(at.getTime() + CLAIM_LEASE_MS),
        CLAIM_BATCH,
      );
      await Promise.all(claimed.map((entry) => deliver(entry)));
      return claimed.length;
    },

    /**
     * Delivers until nothing is due: at start, on each tick, and when a commit queued something
     * (the trigger's NOTIFY). A kick while a run is going makes it go round once more.
     */
    ...createDrainLoop(
      (): Promise<number> => service.deliverDue(),
      (error) => options.log.error({ err: error }, 'webhook deliveries failed to run'),
    ),
  };

  async function payloadOf(webhook: WebhookRow, delivery: DeliveryRow): Promise<string> {
    const [resource, event] = delivery.topic.split('.') as [Webhook['resource'], string];
    // WooCommerce sends only the id of a deleted resource.
    if (event === 'deleted') return JSON.stringify({ id: delivery.resourceId });
    const viewer = await options.viewerForCustomer(webhook.customerId);
    const body = viewer && (await options.readResource(resource, delivery.resourceId, viewer));
    return JSON.stringify(body ?? { id: delivery.resourceId });
  }

  async function deliver({
    delivery,
    webhook,
    ownerEmail,
  }: {
    delivery: DeliveryRow;
    webhook: WebhookRow;
    ownerEmail: string;
  }): Promise<void> {
    try {
      const ping = delivery.topic === PING_TOPIC;
      const body = ping
        ? `webhook_id=${webhook.id}`
        : (delivery.requestBody ?? (await payloadOf(webhook, delivery)));
      const [resource, event] = delivery.topic.split('.') as [string, string];
      const headers: Record<string, string> = ping
        ? { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': WEBHOOK_USER_AGENT }
        : {
            'content-type': 'application/json',
            'user-agent': WEBHOOK_USER_AGENT,
            'x-wc-webhook-source': source,
            'x-wc-webhook-topic': delivery.topic,
            'x-wc-webhook-resource': resource,
            'x-wc-webhook-event': event,
            'x-wc-webhook-signature': webhookSignature(body, webhook.secret),
            'x-wc-webhook-id': String(webhook.id),
            'x-wc-webhook-delivery-id': String(delivery.id),
          };
      const attemptedAt = now();
      const result = await postOnce(webhook.deliveryUrl, body, headers, {
        timeoutMs: DELIVERY_TIMEOUT_MS,
        allowPrivate: options.allowPrivateUrls,
      });
      const delivered = isSuccess(result.status);
      // The ping is one try, as WooCommerce's, and is no delivery failure.
      const retryIn = ping ? undefined : RETRY_DELAYS_MS[delivery.attempts - 1];
      // Read before the transaction: PGlite's one connection is the transaction's until it ends.
      const owner =
        ping || delivered ? undefined : await options.viewerForCustomer(webhook.customerId);
      const disabled = await db.transaction(async (tx) => {
        await webhooksRepo.recordAttempt(tx, delivery.id, {
          requestBody: body,
          lastAttemptAt: attemptedAt,
          responseCode: result.status,
          responseBody: result.body,
          durationMs: result.durationMs,
          status: delivered ? 'delivered' : retryIn === undefined ? 'failed' : 'pending',
          nextAttemptAt:
            delivered || retryIn === undefined ? null : new Date(attemptedAt.getTime() + retryIn),
        });
        if (ping) return undefined;
        if (delivered) {
          await webhooksRepo.resetFailures(tx, webhook.id);
          return undefined;
        }
        const counted = await webhooksRepo.countFailure(tx, webhook.id);
        if (!counted || counted.failureCount <= MAX_FAILURES) return undefined;
        // Once, whichever process counted the failure that crossed the line.
        if (!(await webhooksRepo.disable(tx, webhook.id, attemptedAt))) return undefined;
        if (owner) {
          await options.activity.record(
            owner,
            {
              action: 'webhook.disabled',
              subjectType: 'webhook',
              subjectId: webhook.id,
              summary: `${describe(counted)} disabled by the shop after ${counted.failureCount} failed deliveries in a row`,
            },
            tx,
          );
        }
        return counted;
      });
      if (disabled) await tellOwner(disabled, ownerEmail);
    } catch (error) {
      // Left claimed: the lease runs out and a worker tries it again.
      options.log.error({ err: error, deliveryId: delivery.id }, 'webhook delivery not recorded');
    }
  }

  async function tellOwner(webhook: WebhookRow, ownerEmail: string) {
    await options.mailer
      .send(
        webhookDisabledEmail(
          ownerEmail,
          { ...webhook, failures: webhook.failureCount },
          `${options.publicUrl.replace(/\/+$/, '')}/admin/webhooks`,
        ),
      )
      .catch((error: unknown) =>
        options.log.error({ err: error, webhookId: webhook.id }, 'webhook disabled email not sent'),
      );
  }

  return service;
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
