/** The back office's screens, in the navigation's order: one entry per working screen. */
export const ADMIN_SCREENS = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/orders', label: 'Orders', end: false },
  { to: '/admin/products', label: 'Products', end: false },
  { to: '/admin/customers', label: 'Customers', end: false },
  { to: '/admin/wholesale', label: 'Wholesale', end: false },
  { to: '/admin/stockists', label: 'Stockists', end: false },
  { to: '/admin/reviews', label: 'Reviews', end: false },
  { to: '/admin/messages', label: 'Messages', end: false },
  { to: '/admin/shipping', label: 'Shipping', end: false },
  { to: '/admin/taxes', label: 'Sales tax', end: false },
  { to: '/admin/coupons', label: 'Discount codes', end: false },
  { to: '/admin/catalogue', label: 'Catalog', end: false },
  { to: '/admin/activity', label: 'Activity', end: false },
  { to: '/admin/api-keys', label: 'API keys', end: false },
  { to: '/admin/webhooks', label: 'Webhooks', end: false },
  { to: '/admin/security', label: 'Your sign-in', end: false },
] as const;
