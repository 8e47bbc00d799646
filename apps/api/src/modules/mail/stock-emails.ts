import type { Email } from './email.ts';

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
): Email => ({
  to: email,
  subject: `We'll email you when ${item.name} is back`,
  preview: "One email when it's back in stock, and nothing else.",
  heading: `We'll tell you when ${item.name} is back`,
  greeting: 'Hello,',
  blocks: [
    {
      kind: 'paragraph',
      text: `${item.name} is sold out right now. As soon as it's back in stock we'll send one email to ${email}, and nothing else.`,
    },
    { kind: 'button', label: 'See it in the shop', href: item.link },
    { kind: 'button', label: 'Cancel this request', href: cancelLink, variant: 'secondary' },
    {
      kind: 'fine-print',
      text: "If you didn't ask for this, cancel it with the button above or ignore this email: you'll get one email at most.",
    },
  ],
});

/** Sent once, when an owner's restock makes the item buyable again; the request is then done. */
export const backInStockEmail = (email: string, item: NotifiedItem, shopName: string): Email => ({
  to: email,
  subject: `${item.name} is back in stock`,
  preview: 'You asked us to tell you. Stock can run out again quickly.',
  heading: `${item.name} is back`,
  greeting: 'Hello,',
  blocks: [
    {
      kind: 'paragraph',
      text: `Good news: ${item.name} is back in stock at ${shopName}. You asked us to tell you.`,
    },
    { kind: 'button', label: 'Order it now', href: item.link },
    {
      kind: 'fine-print',
      text: "Stock can run out again quickly. This is the only email you'll get about it.",
    },
  ],
});
