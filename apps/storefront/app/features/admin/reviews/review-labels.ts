/** The moderation queues, in the order an owner works through them. */
export const REVIEW_TABS = [
  { value: 'hold', label: 'Held' },
  { value: 'approved', label: 'Approved' },
  { value: 'spam', label: 'Spam' },
  { value: 'trash', label: 'Trash' },
] as const;
