import type { Email, Mailbox } from './email.ts';

/** Sent when a shopper creates an account. */
export const welcomeEmail = (
  to: Mailbox,
  firstName: string,
  shopName: string,
  links: { account: string; shop: string },
): Email => ({
  to,
  subject: `Welcome to ${shopName}`,
  preview: 'Your account is ready: faster checkout, your orders in one place.',
  heading: `Welcome to ${shopName}`,
  greeting: `Hello ${firstName || to.name || 'there'},`,
  blocks: [
    {
      kind: 'paragraph',
      text: `Your ${shopName} account is ready. Sign in with ${to.address} to check out faster, follow your orders and keep your addresses in one place.`,
    },
    { kind: 'button', label: 'Go to your account', href: links.account },
    { kind: 'paragraph', text: `Hungry already? Everything we bake is at ${links.shop}.` },
  ],
});

export const passwordResetEmail = (to: Mailbox, shopName: string, link: string): Email => ({
  to,
  subject: `Reset your ${shopName} password`,
  preview: 'Open the link within one hour to choose a new password.',
  heading: 'Choose a new password',
  greeting: `Hello ${to.name},`,
  blocks: [
    {
      kind: 'paragraph',
      text: `Someone (we hope you) asked to reset the password of your ${shopName} account. Open this link within one hour to choose a new password. It works once:`,
    },
    { kind: 'button', label: 'Choose a new password', href: link },
    {
      kind: 'fine-print',
      text: "If you didn't ask for this, ignore this email: your password stays as it is.",
    },
  ],
});

/** After a reset or a change: the account's owner hears of it even if someone else did it. */
export const passwordChangedEmail = (to: Mailbox, shopName: string, resetLink: string): Email => ({
  to,
  subject: `Your ${shopName} password was changed`,
  preview: "If this was you, there's nothing to do.",
  heading: 'Your password was changed',
  greeting: `Hello ${to.name},`,
  blocks: [
    {
      kind: 'paragraph',
      text: `The password of your ${shopName} account was just changed, and every other device was signed out. If this was you, there's nothing to do.`,
    },
    {
      kind: 'paragraph',
      text: "If it wasn't you, choose a new password now: that signs everyone else out again.",
    },
    { kind: 'button', label: 'Reset your password', href: resetLink },
  ],
});

/** To the new address: the link that makes the change. */
export const confirmNewEmailEmail = (to: Mailbox, shopName: string, link: string): Email => ({
  to,
  subject: `Confirm your new ${shopName} email address`,
  preview: 'Open the link within 24 hours to make the change.',
  heading: 'Confirm your new email address',
  greeting: `Hello ${to.name},`,
  blocks: [
    {
      kind: 'paragraph',
      text: `Someone (we hope you) asked to use this address, ${to.address}, for a ${shopName} account. Open this link within 24 hours to make the change. It works once:`,
    },
    { kind: 'button', label: 'Confirm this address', href: link },
    {
      kind: 'fine-print',
      text: "If you didn't ask for this, ignore this email: nothing changes.",
    },
  ],
});

/** To the old address, so a change nobody there asked for does not go unnoticed. */
export const emailChangeRequestedEmail = (
  to: Mailbox,
  newEmail: string,
  shopName: string,
  resetLink: string,
): Email => ({
  to,
  subject: `Your ${shopName} email address is about to change`,
  preview: `Someone asked to change your account's email address to ${newEmail}.`,
  heading: 'Your email address is about to change',
  greeting: `Hello ${to.name},`,
  blocks: [
    {
      kind: 'paragraph',
      text: `Someone signed in to your ${shopName} account asked to change its email address to ${newEmail}. The change happens only when the link we sent to that address is opened.`,
    },
    {
      kind: 'paragraph',
      text: "If this wasn't you, reset your password now: that cancels the change and signs everyone out.",
    },
    { kind: 'button', label: 'Reset your password', href: resetLink },
  ],
});

/** To an address that already has an account: no link, since it cannot be used twice. */
export const addressInUseEmail = (to: string, shopName: string): Email => ({
  to,
  subject: `This address already has a ${shopName} account`,
  preview: 'Nothing has changed.',
  heading: 'This address already has an account',
  greeting: 'Hello,',
  blocks: [
    {
      kind: 'paragraph',
      text: `Someone asked to move another ${shopName} account to this address, which already has an account of its own. Nothing has changed. If it was you, sign in with this address instead, or reset its password.`,
    },
    { kind: 'fine-print', text: "If you didn't ask for this, ignore this email." },
  ],
});
