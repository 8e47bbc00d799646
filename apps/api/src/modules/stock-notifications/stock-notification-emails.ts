import type { MailMessage } from '../mail/mailer.ts';

/** What the emails say about the item: "Maple Pecan Crunch – 12 oz" and its page. */
export interface NotifiedItem {
  name: string;
  link: string;
}

/** Sent once on request: says what will happen, and how to take the request back. */
export const stockRequestConfirmationEmail = (
  email: string,
  item: NotifiedItem,
  cancelLink: string,
  shopName: string,
): MailMessage => ({
  to: email,
  subject: `We will email you when ${item.name} is back`,
  text: [
    'Hello,',
    '',
    `${item.name} is sold out right now. As soon as it is back in stock we will send one email to ${email}, and nothing else.`,
    '',
    `See it in the shop: ${item.link}`,
    '',
    'Changed your mind? This link cancels the request:',
    cancelLink,
    '',
    'If you did not ask for this, open that link or ignore this email: you will get one email at most.',
    '',
    `— ${shopName}`,
  ].join('\n'),
});

/** Sent once, when an owner's restock makes the item buyable again; the request is then done. */
export const backInStockEmail = (
  email: string,
  item: NotifiedItem,
  shopName: string,
): MailMessage => ({
  to: email,
  subject: `${item.name} is back in stock`,
  text: [
    'Hello,',
    '',
    `Good news: ${item.name} is back in stock at ${shopName}. You asked us to tell you.`,
    '',
    `Order it here: ${item.link}`,
    '',
    'Stock can run out again quickly. This was the only email you will get about it.',
    '',
    `— ${shopName}`,
  ].join('\n'),
});
