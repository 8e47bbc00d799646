import type {
  ContactMessage,
  ContactMessageListQuery,
  ContactSubmissionSchema,
  FormResult,
  NewsletterResult,
  NewsletterSubscriber,
  NewsletterSubscriberListQuerySchema,
} from '@larder/contract';
import type { z } from 'zod';
import { ApiError } from '../../http/errors.ts';
import { formatWpDate } from '../../http/format.ts';
import { pageOffset } from '../../http/pagination.ts';
import type { Viewer } from '../../http/viewer.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import { contactMessageEmail } from '../mail/notice-emails.ts';
import type { ContactSubmissionRow, FormsRepo, NewsletterSubscriberRow } from './forms.repo.ts';
import { subscribersCsv } from './subscribers-csv.ts';

type ContactInput = z.output<typeof ContactSubmissionSchema>;

export interface FormsServiceOptions {
  shopOwnerEmail: string;
  /** The shop's name (SHOP_NAME), as its e-mails sign and mention it. */
  shopName: string;
  /** The shop's origin: the owner's e-mail links to the messages in the back office. */
  publicUrl: string;
  mailer: Mailer;
  /** Where an owner's handling of a message is recorded, in the same transaction. */
  activity: ActivityService;
  log: { error(object: object, message: string): void };
  now?: () => Date;
}

type SubscriberListQuery = z.output<typeof NewsletterSubscriberListQuerySchema>;

const toContactMessage = (row: ContactSubmissionRow): ContactMessage => ({
  id: row.id,
  first_name: row.firstName,
  last_name: row.lastName,
  email: row.email,
  phone: row.phone,
  message: row.message,
  notified: row.notifiedAt !== null,
  handled: row.handledAt !== null,
  date_created_gmt: formatWpDate(row.createdAt),
  date_handled_gmt: row.handledAt ? formatWpDate(row.handledAt) : null,
});

const toSubscriber = (row: NewsletterSubscriberRow): NewsletterSubscriber => ({
  id: row.id,
  email: row.email,
  date_created_gmt: formatWpDate(row.createdAt),
});

const contactNotFound = (id: number) =>
  new ApiError(404, 'contact_message_not_found', `There is no contact message #${id}.`);

const contactThanks = (firstName: string) =>
  `Thanks, ${firstName}! Your message is on its way — we answer within two working days.`;

export function createFormsService(repo: FormsRepo, options: FormsServiceOptions) {
  const now = options.now ?? (() => new Date());
  const window = (query: { page: number; per_page: number }) => ({
    limit: query.per_page,
    offset: pageOffset({ page: query.page, perPage: query.per_page }),
  });
  return {
    /** Stores first, then emails the owner: a mail failure never loses the message. */
    async submitContact(input: ContactInput): Promise<FormResult> {
      const firstName = input['1'];
      // Honeypot: people never see the field, so whoever filled it is a bot. It is told the same
      // thing a person is, and nothing is stored or sent.
      if (input.website?.trim()) {
        return { id: await repo.likelyNextContactId(), message: contactThanks(firstName) };
      }
      const row = await repo.insertContact({
        firstName,
        lastName: input['2'],
        email: input['3'],
        phone: input['4'],
        message: input['5'],
      });
      const name = `${row.firstName} ${row.lastName}`;
      try {
        await options.mailer.send(
          contactMessageEmail(
            options.shopOwnerEmail,
            { name, address: row.email, phone: row.phone },
            row.message,
            `${options.publicUrl}/admin/messages`,
          ),
        );
        await repo.markContactNotified(row.id);
      } catch (error) {
        options.log.error(
          { err: error, contactSubmissionId: row.id },
          'could not email the contact message',
        );
      }
      return { id: row.id, message: contactThanks(firstName) };
    },

    /** The back office's inbox: newest first. */
    async listContactMessages(query: ContactMessageListQuery) {
      const { rows, total } = await repo.listContacts({
        handled: query.status === 'all' ? undefined : query.status === 'handled',
        search: query.search?.trim() || undefined,
        ...window(query),
      });
      return { messages: rows.map(toContactMessage), total };
    },

    async getContactMessage(id: number): Promise<ContactMessage> {
      const row = await repo.findContact(id);
      if (!row) throw contactNotFound(id);
      return toContactMessage(row);
    },

    /** Marks a message answered (or back to waiting), logged as the owner's. */
    async setContactHandled(id: number, handled: boolean, owner: Viewer): Promise<ContactMessage> {
      const row = await repo.transaction(async (tx) => {
        const updated = await repo.setContactHandled(id, handled, now(), tx);
        if (updated) {
          await options.activity.record(
            owner,
            {
              action: handled ? 'contact.handled' : 'contact.unhandled',
              subjectType: 'contact_message',
              subjectId: id,
              summary: `Message #${id} from ${updated.firstName} ${updated.lastName} marked ${handled ? 'handled' : 'unhandled'}`,
            },
            tx,
          );
        }
        return updated;
      });
      if (!row) throw contactNotFound(id);
      return toContactMessage(row);
    },

    async listSubscribers(query: SubscriberListQuery) {
      const { rows, total } = await repo.listSubscribers({
        search: query.search?.trim() || undefined,
        ...window(query),
      });
      return { subscribers: rows.map(toSubscriber), total };
    },

    /** Every sign-up as CSV, and the file name it is downloaded under (today's UTC date). */
    async exportSubscribers(): Promise<{ filename: string; csv: string }> {
      const rows = await repo.allSubscribers();
      const date = now().toISOString().slice(0, 10);
      return { filename: `newsletter-subscribers-${date}.csv`, csv: subscribersCsv(rows) };
    },

    async subscribe(email: string): Promise<NewsletterResult> {
      const created = await repo.subscribe(email);
      return created
        ? {
            email,
            created: true,
            message: `You're on the list! Look out for monthly recipes, deals and news from ${options.shopName} at ${email}.`,
          }
        : {
            email,
            created: false,
            message: `You're already on the list with ${email} — thanks for sticking with us.`,
          };
    },
  };
}

export type FormsService = ReturnType<typeof createFormsService>;
