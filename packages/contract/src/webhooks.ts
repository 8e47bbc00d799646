import { z } from 'zod';
import { PaginationQuerySchema } from './common.ts';

/** WooCommerce's webhooks (`/wp-json/wc/v3/webhooks`, owners and their keys). */
export const webhookPaths = {
  webhooks: '/wp-json/wc/v3/webhooks',
  /** Ours: a webhook's recent deliveries, newest first (`/{id}/deliveries`). */
  deliveries: (webhookId: number) => `/wp-json/wc/v3/webhooks/${webhookId}/deliveries`,
} as const;

export const WEBHOOK_RESOURCES = ['order', 'product', 'customer', 'coupon'] as const;
export const WEBHOOK_EVENTS = ['created', 'updated', 'deleted'] as const;
export const WEBHOOK_TOPICS = WEBHOOK_RESOURCES.flatMap((resource) =>
  WEBHOOK_EVENTS.map((event) => `${resource}.${event}` as const),
);
export type WebhookTopic = (typeof WEBHOOK_TOPICS)[number];
export const WebhookTopicSchema = z.enum(WEBHOOK_TOPICS as [WebhookTopic, ...WebhookTopic[]], {
  error: `The topic is one of ${WEBHOOK_TOPICS.join(', ')}.`,
});

export const WEBHOOK_STATUSES = ['active', 'paused', 'disabled'] as const;
export const WebhookStatusSchema = z.enum(WEBHOOK_STATUSES, {
  error: 'The status is active, paused or disabled.',
});
export type WebhookStatus = z.infer<typeof WebhookStatusSchema>;

/** http(s) only, as WooCommerce's `wc_is_valid_url`; where it may point is the server's check. */
export const WebhookDeliveryUrlSchema = z
  .string()
  .trim()
  .max(2000, 'Keep the delivery URL under 2,000 characters.')
  .refine((value) => {
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, 'The delivery URL must be an http or https address.');

const linkSchema = z.array(z.object({ href: z.string() }));

/** As WooCommerce answers: the secret is write-only there and here. */
export const WebhookSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: WebhookStatusSchema,
  topic: WebhookTopicSchema,
  resource: z.enum(WEBHOOK_RESOURCES),
  event: z.enum(WEBHOOK_EVENTS),
  /** WooCommerce's action names the topic listens to, for clients that read them. */
  hooks: z.array(z.string()),
  delivery_url: z.string(),
  date_created: z.string(),
  date_created_gmt: z.string(),
  date_modified: z.string(),
  date_modified_gmt: z.string(),
  _links: z.object({ self: linkSchema, collection: linkSchema }),
});
export type Webhook = z.infer<typeof WebhookSchema>;

/** `GET /webhooks/{id}?context=edit`: with the secret, as WooCommerce's edit screen shows it. */
export const WebhookEditSchema = WebhookSchema.extend({ secret: z.string() });
export type WebhookEdit = z.infer<typeof WebhookEditSchema>;
export const WebhookReadQuerySchema = z.object({
  context: z.enum(['view', 'edit']).default('view'),
});

const nameSchema = z.string().trim().max(200, 'Keep the name under 200 characters.');
const secretSchema = z.string().max(200, 'Keep the secret under 200 characters.');

/** `POST /webhooks`: WooCommerce requires topic and delivery_url; a secret is made when not sent. */
export const WebhookCreateSchema = z.object({
  name: nameSchema.optional(),
  status: WebhookStatusSchema.default('active'),
  topic: WebhookTopicSchema,
  delivery_url: WebhookDeliveryUrlSchema,
  secret: secretSchema.optional(),
});
export type WebhookCreate = z.input<typeof WebhookCreateSchema>;

/** `PUT /webhooks/{id}`: only what is sent changes. */
export const WebhookUpdateSchema = z.object({
  name: nameSchema.optional(),
  status: WebhookStatusSchema.optional(),
  topic: WebhookTopicSchema.optional(),
  delivery_url: WebhookDeliveryUrlSchema.optional(),
  secret: secretSchema.min(1, 'Enter a secret.').optional(),
});
export type WebhookUpdate = z.input<typeof WebhookUpdateSchema>;

export const WebhookListQuerySchema = PaginationQuerySchema.extend({
  status: z.enum([...WEBHOOK_STATUSES, 'all']).default('all'),
});

/** `DELETE /webhooks/{id}`: WooCommerce wants `force=true` (webhooks have no trash); we accept both. */
export const WebhookDeleteQuerySchema = z.object({
  force: z.enum(['true', 'false', '1', '0']).optional(),
});

export const WebhookDeliverySchema = z.object({
  id: z.number().int(),
  webhook_id: z.number().int(),
  /** The event's topic, or `webhook.ping` for the ping sent when the webhook becomes active. */
  topic: z.string(),
  resource_id: z.number().int(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  date_created_gmt: z.string(),
  /** The last attempt's time, receiver's status code (null when unreachable) and duration. */
  last_attempt_gmt: z.string().nullable(),
  response_code: z.number().int().nullable(),
  duration_ms: z.number().int().nullable(),
  /** When a pending one is tried again (null: at once); null once delivered or failed. */
  next_attempt_gmt: z.string().nullable(),
  request_body: z.string().nullable(),
  response_body: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;
