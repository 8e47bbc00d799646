import type { ContactSubmissionSchema, FormResult, NewsletterResult } from '@larder/contract';
import type { z } from 'zod';
import type { Mailer } from '../mail/mailer.ts';
import type { FormsRepo } from './forms.repo.ts';

type ContactInput = z.output<typeof ContactSubmissionSchema>;

export interface FormsServiceOptions {
  shopOwnerEmail: string;
  /** The shop's name (SHOP_NAME), as its e-mails sign and mention it. */
  shopName: string;
  mailer: Mailer;
  log: { error(object: object, message: string): void };
}

const contactThanks = (firstName: string) =>
  `Thanks, ${firstName}! Your message is on its way — we answer within two working days.`;

export function createFormsService(repo: FormsRepo, options: FormsServiceOptions) {
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
        await options.mailer.send({
          to: options.shopOwnerEmail,
          replyTo: { name, address: row.email },
          subject: `Contact form: ${name}`,
          text: [
            `${name} wrote through the contact form (message #${row.id}). Reply to this email to answer them.`,
            '',
            `Name:  ${name}`,
            `Email: ${row.email}`,
            `Phone: ${row.phone || '(not given)'}`,
            '',
            row.message,
          ].join('\n'),
        });
        await repo.markContactNotified(row.id);
      } catch (error) {
        options.log.error(
          { err: error, contactSubmissionId: row.id },
          'could not email the contact message',
        );
      }
      return { id: row.id, message: contactThanks(firstName) };
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
