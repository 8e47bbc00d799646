import { formatCents } from '@larder/contract';
import type { Email, Mailbox } from './email.ts';

export interface WholesaleApplicationFacts {
  id: number;
  businessName: string;
  contactName: string;
  email: string;
  phone: string;
  address: string;
  taxId: string;
  monthlyVolume: string;
  /** "#12 (created with this application)": the owner finds the account by it. */
  account: string;
  /** "PDF, 84 KB, uploaded as "resale.pdf"". */
  certificate: string;
  /** Where the file is kept, for an owner working on the shop's own machine. */
  certificateLocation: string;
  salesChannels: string;
}

/** The owner's notice of a new application; replying writes to the applicant. */
export const wholesaleApplicationOwnerEmail = (
  owner: string,
  application: WholesaleApplicationFacts,
  backOfficeLink: string,
): Email => ({
  to: owner,
  replyTo: { name: application.contactName, address: application.email },
  subject: `Wholesale application: ${application.businessName}`,
  preview: `${application.businessName} applied for a wholesale account.`,
  heading: 'A new wholesale application',
  blocks: [
    {
      kind: 'paragraph',
      text: `${application.businessName} applied for a wholesale account (application #${application.id}). Review it, with the certificate, and approve or reject it in the back office. Reply to this email to write to the applicant.`,
    },
    { kind: 'button', label: 'Review the application', href: backOfficeLink },
    {
      kind: 'details',
      rows: [
        { label: 'Business', value: application.businessName },
        { label: 'Contact', value: application.contactName },
        { label: 'Email', value: application.email, href: `mailto:${application.email}` },
        { label: 'Phone', value: application.phone },
        { label: 'Address', value: application.address },
        { label: 'Tax ID / resale', value: application.taxId },
        { label: 'Monthly volume', value: application.monthlyVolume },
        { label: 'Account', value: application.account },
        { label: 'Certificate', value: application.certificate },
        { label: 'Stored at', value: application.certificateLocation },
        { label: 'Back office', value: backOfficeLink, href: backOfficeLink },
      ],
    },
    { kind: 'quote', label: 'How they plan to sell', text: application.salesChannels },
  ],
});

interface Applicant {
  contactName: string;
  businessName: string;
}

export const wholesaleApplicationReceivedEmail = (
  to: Mailbox,
  applicant: Applicant,
  shopName: string,
): Email => ({
  to,
  subject: 'We got your wholesale application',
  preview: "We review every application by hand and we'll be in touch within a few working days.",
  heading: 'We got your application',
  greeting: `Hello ${applicant.contactName},`,
  blocks: [
    {
      kind: 'paragraph',
      text: `Thank you for applying for a ${shopName} wholesale account for ${applicant.businessName}. We review every application by hand and we'll be in touch within a few working days.`,
    },
    {
      kind: 'paragraph',
      text: "Once you're approved, sign in with this email address to see wholesale prices across the shop.",
    },
  ],
});

/** What the approval email tells a new buyer about ordering: where, and the shop's minimums. */
export interface WholesaleWelcome {
  signInLink: string;
  lineSheetLink: string;
  quickOrderLink: string;
  /** The shop's order minimums in cents (0: none), as the order will hold the buyer to them. */
  minimums: { openingCents: number; reorderCents: number };
}

/** The minimums in a sentence, as a buyer needs them before a first order. */
export function minimumsSentence({ openingCents, reorderCents }: WholesaleWelcome['minimums']) {
  const opening = openingCents > 0 ? `a ${formatCents(openingCents)} minimum` : 'no minimum';
  const reorder = reorderCents > 0 ? `a ${formatCents(reorderCents)} minimum` : 'none';
  const sentence =
    openingCents === 0 && reorderCents === 0
      ? "There's no order minimum."
      : `Your first order has ${opening} and reorders ${reorder === 'none' ? 'have none' : `have ${reorder}`}, counted on the goods before shipping and tax.`;
  return `${sentence} Each product page shows its case size, minimum quantity and quantity breaks.`;
}

export const wholesaleApprovedEmail = (
  to: Mailbox,
  applicant: Applicant,
  welcome: WholesaleWelcome,
): Email => ({
  to,
  subject: 'Your wholesale account is ready',
  preview: `We approved the wholesale application for ${applicant.businessName}.`,
  heading: 'Your wholesale account is ready',
  greeting: `Hello ${applicant.contactName},`,
  blocks: [
    {
      kind: 'paragraph',
      text: `Good news: we approved the wholesale application for ${applicant.businessName}.`,
    },
    {
      kind: 'paragraph',
      text: "How to order: sign in with your email address and you'll see your wholesale price on every product, in your cart and at checkout. Add what you need to the cart and check out as usual.",
    },
    { kind: 'paragraph', text: minimumsSentence(welcome.minimums) },
    {
      kind: 'paragraph',
      text: "You pay by card or PayPal at checkout. To pay by invoice on terms such as Net 30, reply to this email and we'll set up your account.",
    },
    { kind: 'button', label: 'Sign in', href: welcome.signInLink },
    {
      kind: 'paragraph',
      text: 'Quick order lists every product and size in one table at your prices, and takes a spreadsheet of SKUs and quantities.',
    },
    {
      kind: 'button',
      label: 'Open quick order',
      href: welcome.quickOrderLink,
      variant: 'secondary',
    },
    {
      kind: 'paragraph',
      text: 'Our line sheet lists every product and size with its wholesale and suggested retail price, allergens and dietary tags: a PDF to print or share with your team (sign in first).',
    },
    {
      kind: 'button',
      label: 'Download the line sheet',
      href: welcome.lineSheetLink,
      variant: 'secondary',
    },
  ],
});

export const wholesaleDeclinedEmail = (
  to: Mailbox,
  applicant: Applicant,
  reason: string,
): Email => ({
  to,
  subject: 'Your wholesale application',
  preview: `About the wholesale application for ${applicant.businessName}.`,
  heading: 'About your wholesale application',
  greeting: `Hello ${applicant.contactName},`,
  blocks: [
    {
      kind: 'paragraph',
      text: `Thank you for applying for a wholesale account for ${applicant.businessName}. We're sorry, but we can't approve it:`,
    },
    { kind: 'quote', label: 'Why', text: reason },
    {
      kind: 'paragraph',
      text: 'If something has changed, reply to this email or apply again from the shop.',
    },
  ],
});
