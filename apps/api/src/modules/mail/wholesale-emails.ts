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
  certificatePath: string;
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
        { label: 'Tax id / resale', value: application.taxId },
        { label: 'Monthly volume', value: application.monthlyVolume },
        { label: 'Account', value: application.account },
        { label: 'Certificate', value: application.certificate },
        { label: 'Stored at', value: application.certificatePath },
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
  subject: 'We have your wholesale application',
  preview: "We review every application by hand and we'll be in touch within a few working days.",
  heading: 'We have your application',
  greeting: `Hello ${applicant.contactName},`,
  blocks: [
    {
      kind: 'paragraph',
      text: `Thank you for applying for a ${shopName} wholesale account for ${applicant.businessName}. We review every application by hand and we'll be in touch within a few working days.`,
    },
    {
      kind: 'paragraph',
      text: 'Once you are approved, sign in with this email address to see wholesale prices across the shop.',
    },
  ],
});

/**
 * What the approval email tells a new buyer about ordering. `minimums` and `terms` are sentences
 * the shop's ordering rules and payment terms supply when they exist; left out, nothing is said.
 */
export interface WholesaleWelcome {
  signInLink: string;
  lineSheetLink: string;
  /** e.g. "Your opening order starts at $150.00; reorders at $75.00." */
  minimums?: string;
  /** e.g. "You may pay by invoice, Net 30, up to $1,000.00 outstanding." */
  terms?: string;
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
      text: 'How to order: sign in with your email address and you will see your wholesale price on every product, in your cart and at checkout. Add what you need to the cart and check out as usual.',
    },
    ...(welcome.minimums ? [{ kind: 'paragraph' as const, text: welcome.minimums }] : []),
    ...(welcome.terms ? [{ kind: 'paragraph' as const, text: welcome.terms }] : []),
    { kind: 'button', label: 'Sign in', href: welcome.signInLink },
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
      text: `Thank you for applying for a wholesale account for ${applicant.businessName}. We are sorry, but we cannot approve it:`,
    },
    { kind: 'quote', label: 'Why', text: reason },
    {
      kind: 'paragraph',
      text: 'If something has changed, reply to this email or apply again from the shop.',
    },
  ],
});
