/** Spec §2: the account dropdown's pages (Log Out is an action, not a link). */
export const ACCOUNT_LINKS = [
  { to: '/my-account/order-history', label: 'Order History' },
  { to: '/my-account/account-details', label: 'Account Details' },
] as const;
