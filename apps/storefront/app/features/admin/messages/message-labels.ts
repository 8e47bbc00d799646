/** The two lists of the messages screen. */
export const MESSAGE_LISTS = [
  { value: 'contact', label: 'Contact messages' },
  { value: 'newsletter', label: 'Newsletter sign-ups' },
] as const;

/** Contact messages by whether the owner has dealt with them, waiting ones first. */
export const MESSAGE_TABS = [
  { value: 'unhandled', label: 'Unhandled' },
  { value: 'handled', label: 'Handled' },
  { value: 'all', label: 'All' },
] as const;

/** A reply in the owner's own mail program, addressed and titled. */
export function replyHref(email: string, shopName: string): string {
  const subject = `Re: your message to ${shopName}`;
  return `mailto:${encodeURIComponent(email).replace('%40', '@')}?subject=${encodeURIComponent(subject)}`;
}
