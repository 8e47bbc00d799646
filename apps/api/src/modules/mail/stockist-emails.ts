import type { Email, Mailbox } from './email.ts';

interface Listing {
  businessName: string;
}

/** The buyer's notice that their business is now on the store locator. */
export const stockistListingApprovedEmail = (
  to: Mailbox,
  listing: Listing,
  whereToBuyLink: string,
): Email => ({
  to,
  subject: 'You are on our store locator',
  preview: `${listing.businessName} is now listed where shoppers look for our granola.`,
  heading: 'You are on our store locator',
  blocks: [
    {
      kind: 'paragraph',
      text: `${listing.businessName} is now listed on our Where to Buy page, with its address, phone and website, so shoppers nearby can find you.`,
    },
    { kind: 'button', label: 'See the listing', href: whereToBuyLink },
    {
      kind: 'paragraph',
      text: 'If anything in the listing changes, reply to this email and we will update it.',
    },
  ],
});

/** The buyer's notice that the owner declined the listing, with the owner's reason. */
export const stockistListingDeclinedEmail = (
  to: Mailbox,
  listing: Listing,
  reason: string,
): Email => ({
  to,
  subject: 'About your store locator listing',
  preview: `About the listing request for ${listing.businessName}.`,
  heading: 'About your store locator listing',
  blocks: [
    {
      kind: 'paragraph',
      text: `Thank you for asking us to list ${listing.businessName} on our Where to Buy page. We are not adding it for now:`,
    },
    { kind: 'quote', label: 'Why', text: reason },
    {
      kind: 'paragraph',
      text: 'If something has changed, reply to this email or send a new request from your account.',
    },
  ],
});
