/** The listing queues, pending first: the ones waiting on the owner. */
export const LISTING_TABS = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Listed' },
  { value: 'declined', label: 'Declined' },
  { value: 'removed', label: 'Taken down' },
  { value: 'all', label: 'All' },
] as const;
