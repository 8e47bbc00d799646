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
  subject: "You're on our store locator",
  preview: `${listing.businessName} is now listed where shoppers look for our granola.`,
  heading: "You're on our store locator",
  blocks: [
    {
      kind: 'paragraph',
      text: `${listing.businessName} is now listed on our Where to Buy page, with its address, phone and website, so shoppers nearby can find you.`,
    },
    { kind: 'button', label: 'See the listing', href: whereToBuyLink },
    {
      kind: 'paragraph',
      text: "If anything in the listing changes, reply to this email and we'll update it.",
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
      text: `Thank you for asking us to list ${listing.businessName} on our Where to Buy page. We're not adding it for now:`,
    },
    { kind: 'quote', label: 'Why', text: reason },
    {
      kind: 'paragraph',
      text: 'If something has changed, reply to this email or send a new request from your account.',
    },
  ],
});

export interface ListingRequestFacts {
  id: number;
  businessName: string;
  /** "101 Main Street, Durham, NC 27701". */
  address: string;
  phone: string;
  website: string;
  note: string;
  /** The buyer's account email: replying writes to them. */
  email: string;
}

/** The owner's notice that an approved buyer asks to be listed on Where to Buy. */
export const stockistListingRequestOwnerEmail = (
  owner: string,
  listing: ListingRequestFacts,
  backOfficeLink: string,
): Email => ({
  to: owner,
  replyTo: { name: listing.businessName, address: listing.email },
  subject: `Stockist listing request: ${listing.businessName}`,
  preview: `${listing.businessName} asks to be listed on Where to Buy.`,
  heading: 'A stockist asks to be listed',
  blocks: [
    {
      kind: 'paragraph',
      text: `${listing.businessName}, one of your wholesale accounts, asks to be listed on the Where to Buy page (request #${listing.id}). Approve it to put the shop on the store locator, or decline it with a reason. Reply to this email to write to them.`,
    },
    { kind: 'button', label: 'Review the request', href: backOfficeLink },
    {
      kind: 'details',
      rows: [
        { label: 'Business', value: listing.businessName },
        { label: 'Address', value: listing.address },
        { label: 'Phone', value: listing.phone || 'none given' },
        {
          label: 'Website',
          value: listing.website || 'none given',
          ...(listing.website ? { href: listing.website } : {}),
        },
        { label: 'Account email', value: listing.email, href: `mailto:${listing.email}` },
      ],
    },
    ...(listing.note ? [{ kind: 'quote' as const, label: 'Their note', text: listing.note }] : []),
  ],
});
