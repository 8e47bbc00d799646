/** Spec §2: the account dropdown's pages (Log Out is an action, not a link). */
export const ACCOUNT_LINKS = [
  { to: '/my-account/order-history', label: 'Order history' },
  { to: '/my-account/account-details', label: 'Account details' },
] as const;
