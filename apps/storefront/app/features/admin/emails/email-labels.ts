import type { QueuedEmail } from '@larder/contract';

/** The queue by status, what needs the owner first. */
export const EMAIL_TABS = [
  { value: 'failed', label: 'Failed' },
  { value: 'pending', label: 'Waiting to send' },
  { value: 'sent', label: 'Sent' },
  { value: 'all', label: 'All' },
] as const;
export type EmailTab = (typeof EMAIL_TABS)[number]['value'];

/** The badge's words for where an e-mail stands. */
export const EMAIL_STATUS_LABELS: Record<QueuedEmail['status'], string> = {
  failed: 'Failed',
  pending: 'Waiting',
  sent: 'Sent',
};

/** The back-office page of what an e-mail is about (`order 12`), where there is one. */
export function aboutHref(about: string): string | null {
  const order = /^order (\d+)$/.exec(about);
  return order ? `/admin/orders/${order[1]}` : null;
}

/** "Ada Baker <ada@example.com>", or the address alone. */
export const recipientOf = ({ recipient }: QueuedEmail) =>
  recipient.name ? `${recipient.name} <${recipient.email}>` : recipient.email;
