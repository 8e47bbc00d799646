import type { Mailer } from '../mail/mailer.ts';
import { overdueInvoiceReminderEmail, ownerOverdueInvoiceEmail } from '../mail/invoice-emails.ts';
import { backOfficeOrderLink, orderLink } from '../mail/order-emails.ts';
import type { InvoiceReminderClaims } from '../orders/invoice-reminders.ts';

export interface InvoiceRemindersOptions {
  mailer: Mailer;
  /** The order's invoice PDF, attached as it was to the confirmation. */
  invoiceDocument: (orderId: number) => Promise<{ filename: string; pdf: Buffer }>;
  publicUrl: string;
  shopName: string;
  shopOwnerEmail: string;
  log: { error(object: object, message: string): void };
  now?: () => Date;
}

/**
 * Overdue-invoice reminders (decision 0038): each invoice past its due date and unpaid gets one
 * reminder to its buyer and a notice to the owner, run with the shop's periodic sweep.
 */
export function createInvoiceRemindersService(
  claims: InvoiceReminderClaims,
  options: InvoiceRemindersOptions,
) {
  const now = options.now ?? (() => new Date());
  const { log, mailer } = options;
  return {
    /** Sends the reminders due at `at` (the shop's clock unless given); how many were sent. */
    async sendDue(at: Date = now()): Promise<number> {
      let sent = 0;
      for (const { order, claimedAt } of await claims.claimOverdue(at)) {
        let invoice = null;
        try {
          const document = await options.invoiceDocument(order.id);
          invoice = {
            filename: document.filename,
            content: document.pdf,
            contentType: 'application/pdf',
          };
        } catch (error) {
          log.error({ err: error, orderId: order.id }, 'could not make the invoice PDF');
        }
        const reminder = overdueInvoiceReminderEmail(
          order,
          orderLink(options.publicUrl, order),
          options.shopName,
          invoice,
        );
        try {
          await mailer.send(reminder);
        } catch (error) {
          log.error({ err: error, orderId: order.id }, `could not send "${reminder.subject}"`);
          // Not sent: the next run tries again.
          await claims.release(order.id, claimedAt);
          continue;
        }
        sent += 1;
        const notice = ownerOverdueInvoiceEmail(
          order,
          backOfficeOrderLink(options.publicUrl, order),
          options.shopOwnerEmail,
        );
        try {
          await mailer.send(notice);
        } catch (error) {
          log.error({ err: error, orderId: order.id }, `could not send "${notice.subject}"`);
        }
      }
      return sent;
    },
  };
}

export type InvoiceRemindersService = ReturnType<typeof createInvoiceRemindersService>;
