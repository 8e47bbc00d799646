import { z } from 'zod';
import { PaginationQuerySchema } from './common.ts';

/**
 * The e-mails the shop queued (decision 0057) as its owners see them, and sending one again
 * (decision 0058). Owners only; not in `apiPaths`, which ships in every shop page.
 */
export const queuedEmailPaths = {
  emails: '/wp-json/larder/v1/emails',
  resend: (id: number) => `/wp-json/larder/v1/emails/${id}/resend`,
} as const;

export const QUEUED_EMAIL_STATUSES = ['failed', 'pending', 'sent'] as const;
export const QueuedEmailStatusSchema = z.enum(QUEUED_EMAIL_STATUSES);
export type QueuedEmailStatus = z.infer<typeof QueuedEmailStatusSchema>;

/** One queued e-mail: what it says and where it stands; its attachments by name only. */
export const QueuedEmailSchema = z.object({
  id: z.number().int(),
  /** What it is about, e.g. `order 12`. */
  about: z.string(),
  recipient: z.object({ name: z.string(), email: z.string() }),
  subject: z.string(),
  status: QueuedEmailStatusSchema,
  /** Sends tried since it was queued, or since the owner last sent it again. */
  attempts: z.number().int(),
  /** Why the last attempt failed; null once sent. */
  last_error: z.string().nullable(),
  /** When a pending one is tried next (null: at once); null once sent or failed. */
  next_attempt_gmt: z.string().nullable(),
  date_created_gmt: z.string(),
  date_sent_gmt: z.string().nullable(),
  attachments: z.array(z.object({ filename: z.string(), content_type: z.string() })),
});
export type QueuedEmail = z.infer<typeof QueuedEmailSchema>;

export const QueuedEmailListQuerySchema = PaginationQuerySchema.extend({
  status: z.enum([...QUEUED_EMAIL_STATUSES, 'all']).default('all'),
});
export type QueuedEmailListQuery = z.infer<typeof QueuedEmailListQuerySchema>;
