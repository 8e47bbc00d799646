import { formatMoney, paymentTermsLabel, type Order } from '@larder/contract';
import type { Email, EmailAttachment } from './email.ts';
import { buyerOrderEmail, dueDay } from './order-emails.ts';

const buyerName = (order: Order) =>
  order.billing.company ||
  `${order.billing.first_name} ${order.billing.last_name}`.trim() ||
  order.billing.email;

/** What is owed, when it was due and how the buyer refers to it: both reminders show it. */
const invoiceRows = (order: Order) => {
  const terms = order.invoice!;
  return [
    { label: 'Invoice', value: `No. ${order.number}` },
    { label: 'Amount due', value: formatMoney(order.total) },
    { label: 'Due date', value: dueDay(terms.date_due_gmt) },
    { label: 'Terms', value: paymentTermsLabel(terms.terms) },
    ...(terms.purchase_order_number
      ? [{ label: 'Purchase order', value: terms.purchase_order_number }]
      : []),
  ];
};

/**
 * The one reminder a buyer gets when an invoice passes its due date (decision 0038): what is owed,
 * how to pay it, the invoice attached again.
 */
export function overdueInvoiceReminderEmail(
  order: Order,
  link: string,
  shopName: string,
  invoice: EmailAttachment | null,
): Email {
  const terms = order.invoice!;
  const quote = `invoice no. ${order.number}${terms.purchase_order_number ? ` and PO ${terms.purchase_order_number}` : ''}`;
  const email = buyerOrderEmail(order, link, shopName, {
    state: 'overdue',
    subject: `Reminder: ${shopName} invoice for order #${order.number} was due ${dueDay(terms.date_due_gmt)}`,
    heading: 'Your invoice is past due',
    news: [
      {
        kind: 'paragraph',
        text: `Our invoice for order #${order.number}, ${formatMoney(order.total)}, was due on ${dueDay(terms.date_due_gmt)} (${paymentTermsLabel(terms.terms)}), and we have not recorded your payment yet.${invoice ? ' The invoice is attached again.' : ''}`,
      },
      { kind: 'details', rows: invoiceRows(order) },
      {
        kind: 'paragraph',
        text: `To pay, send ${formatMoney(order.total)} as you usually pay us, quoting ${quote}. Until it is paid, new orders can be paid by card but not on account.`,
      },
      {
        kind: 'fine-print',
        text: "Already paid? Thank you, and sorry for the reminder: reply with the payment reference and we'll record it.",
      },
    ],
  });
  return {
    ...email,
    blocks: email.blocks.map((block) =>
      block.kind === 'order' ? { ...block, order: { ...block.order, paidBy: '' } } : block,
    ),
    ...(invoice ? { attachments: [invoice] } : {}),
  };
}

/** The owner's short notice that an invoice went past due and its buyer was reminded. */
export function ownerOverdueInvoiceEmail(
  order: Order,
  backOfficeLink: string,
  owner: string,
): Email {
  const name = buyerName(order);
  return {
    to: owner,
    replyTo: { name, address: order.billing.email },
    subject: `Invoice overdue: order #${order.number}, ${formatMoney(order.total)} from ${name}`,
    preview: `${name} has not paid invoice no. ${order.number}; they were sent a reminder.`,
    heading: `Invoice #${order.number} is overdue`,
    blocks: [
      {
        kind: 'paragraph',
        text: `${name} has not paid invoice no. ${order.number}, due ${dueDay(order.invoice!.date_due_gmt)}. We sent them one reminder with the invoice. Until it is paid, they can pay new orders by card but not on account. Reply to this email to write to them.`,
      },
      {
        kind: 'details',
        rows: [
          ...invoiceRows(order),
          { label: 'Email', value: order.billing.email, href: `mailto:${order.billing.email}` },
        ],
      },
      { kind: 'button', label: 'Open the order', href: backOfficeLink },
    ],
  };
}
