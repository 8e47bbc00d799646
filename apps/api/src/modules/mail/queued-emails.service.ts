import type { QueuedEmail, QueuedEmailListQuery } from '@larder/contract';
import type { Database } from '../../db/client.ts';
import type { AfterAnswer } from '../../http/after-answer.ts';
import { ApiError } from '../../http/errors.ts';
import { formatWpDate } from '../../http/format.ts';
import { pageOffset } from '../../http/pagination.ts';
import type { Viewer } from '../../http/viewer.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import { emailQueueRepo, type QueuedEmailSummary } from './email-queue.repo.ts';
import type { EmailQueue } from './email-queue.ts';

export interface QueuedEmailsOptions {
  queue: Pick<EmailQueue, 'kick'>;
  activity: Pick<ActivityService, 'record'>;
  afterAnswer: Pick<AfterAnswer, 'run'>;
  now?: () => Date;
}

const toQueuedEmail = (row: QueuedEmailSummary): QueuedEmail => ({
  id: row.id,
  about: row.about,
  recipient:
    typeof row.to === 'string'
      ? { name: '', email: row.to }
      : { name: row.to.name ?? '', email: row.to.address },
  subject: row.subject,
  status: row.status,
  attempts: row.attempts,
  last_error: row.lastError,
  next_attempt_gmt:
    row.status === 'pending' && row.nextAttemptAt ? formatWpDate(row.nextAttemptAt) : null,
  date_created_gmt: formatWpDate(row.createdAt),
  date_sent_gmt: row.sentAt ? formatWpDate(row.sentAt) : null,
  attachments: row.attachments.map((file) => ({
    filename: file.filename,
    content_type: file.contentType,
  })),
});

const notFound = () => new ApiError(404, 'larder_rest_email_invalid_id', 'Invalid ID.');

/** The owner's view of the e-mail queue (decision 0058): what could not be sent, and again. */
export function createQueuedEmailsService(db: Database, options: QueuedEmailsOptions) {
  const now = options.now ?? (() => new Date());
  return {
    async list(query: QueuedEmailListQuery) {
      const { rows, total } = await emailQueueRepo.list(db, {
        status: query.status === 'all' ? undefined : query.status,
        limit: query.per_page,
        offset: pageOffset({ page: query.page, perPage: query.per_page }),
      });
      return { emails: rows.map(toQueuedEmail), total };
    },

    /**
     * Sends a failed or pending e-mail again now, its retries starting over; logged as the
     * owner's. Answers it as it stands before the send, which runs after the answer.
     */
    async sendAgain(id: number, owner: Viewer): Promise<QueuedEmail> {
      const row = await db.transaction(async (tx) => {
        const updated = await emailQueueRepo.sendAgain(tx, id, now());
        if (updated) {
          await options.activity.record(
            owner,
            {
              action: 'email.resent',
              subjectType: 'email',
              subjectId: id,
              summary: `E-mail #${id} “${updated.subject}” (${updated.about}) sent again`,
            },
            tx,
          );
        }
        return updated;
      });
      if (!row) {
        const status = await emailQueueRepo.status(db, id);
        if (!status) throw notFound();
        throw new ApiError(
          409,
          'larder_rest_email_already_sent',
          'This e-mail has already been sent; there is nothing to send again.',
        );
      }
      options.afterAnswer.run('could not send e-mails', () => options.queue.kick());
      return toQueuedEmail(row);
    },
  };
}

export type QueuedEmailsService = ReturnType<typeof createQueuedEmailsService>;
