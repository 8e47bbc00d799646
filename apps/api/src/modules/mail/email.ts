import type { ShopIdentity } from '@larder/contract';
import type { OrderView } from './email-format.ts';

export interface Mailbox {
  name?: string;
  address: string;
}

/** The pieces every e-mail is made of; each is drawn once as HTML and once as plain text. */
export type EmailBlock =
  | { kind: 'paragraph'; text: string }
  /** `secondary`: outlined, beside a more important button. */
  | { kind: 'button'; label: string; href: string; variant?: 'secondary' }
  | { kind: 'details'; rows: { label: string; value: string; href?: string }[] }
  /** Words someone else wrote (a note, a reason, a message): shown set apart, kept as written. */
  | { kind: 'quote'; label: string; text: string }
  | { kind: 'order'; order: OrderView }
  | { kind: 'fine-print'; text: string };

export interface Email {
  to: string | Mailbox;
  replyTo?: Mailbox;
  subject: string;
  /** The line an inbox shows after the subject. */
  preview: string;
  heading: string;
  /** "Hi Dana,": left out for messages to the shop's owner. */
  greeting?: string;
  blocks: EmailBlock[];
  /** Files sent with the message, such as an invoice PDF. */
  attachments?: EmailAttachment[];
}

export interface EmailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** What the e-mails' header and footer say about the shop. */
export interface EmailBrand {
  shop: ShopIdentity;
  /** The shop's origin: its links and the logo's address. */
  publicUrl: string;
}

export const shopAddressLine = ({ address }: ShopIdentity) =>
  [
    [address.street, address.suite].filter(Boolean).join(', '),
    `${address.city}, ${address.state} ${address.postcode}`.trim(),
  ]
    .filter(Boolean)
    .join(', ');

const indent = (lines: string[]) => lines.map((line) => `  ${line}`);

export function orderText(order: OrderView): string[] {
  const width = Math.max(...order.totals.map((total) => total.label.length)) + 2;
  return [
    `Order #${order.number} — ${order.date}`,
    '',
    ...order.lines.map(
      (line) =>
        `  ${line.quantity} × ${line.name}${line.options ? ` (${line.options})` : ''} — ${line.total}`,
    ),
    '',
    ...order.totals.map(
      (total) =>
        `${`${total.label}:`.padEnd(width)}${total.value}${total.detail ? ` (${total.detail})` : ''}`,
    ),
    ...(order.paidBy ? [`${'Paid by:'.padEnd(width)}${order.paidBy}`] : []),
    ...(order.note ? ['', 'Your note:', ...indent(order.note.split('\n'))] : []),
    '',
    'Shipping to:',
    ...indent(order.shipTo),
    ...(order.billTo.length > 0 ? ['', 'Billing address:', ...indent(order.billTo)] : []),
    '',
    `Email: ${order.email}`,
  ];
}

/** A link's address in the text part, unless the value already is it (or it is a mailto:). */
const linkText = (row: { value: string; href?: string }) =>
  row.href && row.href !== row.value && !row.href.startsWith('mailto:') ? ` (${row.href})` : '';

function blockText(block: EmailBlock): string[] {
  switch (block.kind) {
    case 'paragraph':
    case 'fine-print':
      return [block.text];
    case 'button':
      return [`${block.label}: ${block.href}`];
    case 'details':
      return block.rows.map((row) => `${row.label}: ${row.value}${linkText(row)}`);
    case 'quote':
      return [`${block.label}:`, ...indent(block.text.split('\n'))];
    case 'order':
      return orderText(block.order);
  }
}

/** The plain-text part: the same facts as the HTML, for mail apps that show no HTML. */
export function emailText(email: Email, { shop, publicUrl }: EmailBrand): string {
  const parts = [
    ...(email.greeting ? [[email.greeting]] : []),
    ...email.blocks.map(blockText),
    [`— ${shop.name}`, shopAddressLine(shop), publicUrl],
  ];
  return parts.map((lines) => lines.join('\n')).join('\n\n');
}
