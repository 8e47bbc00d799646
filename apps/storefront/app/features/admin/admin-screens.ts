/** The back office's screens, in the navigation's order: one entry per working screen. */
export const ADMIN_SCREENS = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/reviews', label: 'Reviews', end: false },
] as const;
