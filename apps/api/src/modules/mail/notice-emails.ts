import type { Email, Mailbox } from './email.ts';

/** The owner's copy of a contact-form message; replying answers the visitor. */
export const contactMessageEmail = (
  owner: string,
  visitor: Mailbox & { name: string; phone: string },
  message: string,
  inboxLink: string,
): Email => ({
  to: owner,
  replyTo: { name: visitor.name, address: visitor.address },
  subject: `Contact form: ${visitor.name}`,
  preview: message.slice(0, 120),
  heading: `A message from ${visitor.name}`,
  blocks: [
    {
      kind: 'paragraph',
      text: `${visitor.name} wrote through the contact form. Reply to this email to answer them.`,
    },
    {
      kind: 'details',
      rows: [
        { label: 'Name', value: visitor.name },
        { label: 'Email', value: visitor.address, href: `mailto:${visitor.address}` },
        { label: 'Phone', value: visitor.phone || '(not given)' },
      ],
    },
    { kind: 'quote', label: 'Message', text: message },
    { kind: 'button', label: 'Open the messages', href: inboxLink },
  ],
});

const stars = (rating: number) => '★'.repeat(rating) + '☆'.repeat(5 - rating);

/** The owner's notice of a new review, held or published. */
export const newReviewEmail = (
  owner: string,
  review: { reviewer: Mailbox & { name: string }; rating: number; text: string; held: boolean },
  product: { name: string; link: string },
  moderationLink: string,
): Email => ({
  to: owner,
  replyTo: review.reviewer,
  subject: `New review of ${product.name} (${review.held ? 'awaiting approval' : 'published'})`,
  preview: `${review.reviewer.name} gave ${product.name} ${review.rating} of 5.`,
  heading: `A new review of ${product.name}`,
  blocks: [
    {
      kind: 'paragraph',
      text: `${review.reviewer.name} <${review.reviewer.address}> reviewed ${product.name}: ${stars(review.rating)} (${review.rating} of 5).`,
    },
    { kind: 'quote', label: 'Review', text: review.text },
    review.held
      ? {
          kind: 'paragraph',
          text: 'It is held for moderation and appears on the product page once approved.',
        }
      : { kind: 'paragraph', text: `It is published on ${product.link}.` },
    review.held
      ? { kind: 'button', label: 'Moderate reviews', href: moderationLink }
      : { kind: 'button', label: 'See it on the product page', href: product.link },
  ],
});

/** The owner's notice that a webhook stopped: WooCommerce disables one that keeps failing. */
export const webhookDisabledEmail = (
  owner: string,
  webhook: { id: number; name: string; topic: string; deliveryUrl: string; failures: number },
  webhooksLink: string,
): Email => ({
  to: owner,
  subject: `Webhook “${webhook.name}” disabled after ${webhook.failures} failed deliveries`,
  preview: `${webhook.deliveryUrl} did not accept ${webhook.topic} deliveries.`,
  heading: 'A webhook was disabled',
  blocks: [
    {
      kind: 'paragraph',
      text: `The last ${webhook.failures} deliveries of “${webhook.name}” to ${webhook.deliveryUrl} failed, so the shop stopped sending them. Events are not queued for it while it is disabled. Check the receiving service, then set the webhook to active again.`,
    },
    {
      kind: 'details',
      rows: [
        { label: 'Webhook', value: `#${webhook.id} ${webhook.name}` },
        { label: 'Topic', value: webhook.topic },
        { label: 'Delivery URL', value: webhook.deliveryUrl },
      ],
    },
    { kind: 'button', label: 'Open the webhooks', href: webhooksLink },
  ],
});
