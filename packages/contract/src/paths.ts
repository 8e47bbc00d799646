/** The shop API's paths, shared so neither side spells them twice. */
export const apiPaths = {
  index: '/wp-json/',
  pages: '/wp-json/wp/v2/pages',
  posts: '/wp-json/wp/v2/posts',
  team: '/wp-json/wp/v2/team',
  locations: '/wp-json/wp/v2/locations',
  postCategories: '/wp-json/wp/v2/categories',
  products: '/wp-json/wc/v3/products',
  productCategories: '/wp-json/wc/v3/products/categories',
  productReviews: '/wp-json/wc/v3/products/reviews',
  formSubmit: '/wp-json/wp/v2/form-submit',
  newsletter: '/wp-json/wp/v2/newsletter',
  countries: '/wp-json/wc/v3/data/countries',
  shippingZones: '/wp-json/wc/v3/shipping/zones',
  /** WooCommerce-style trailing slash; the API answers with or without it. */
  shippingRates: '/wp-json/wc/v3/shipping-rates/',
  paymentGateways: '/wp-json/wc/v3/payment_gateways',
  orders: '/wp-json/wc/v3/orders',
  cardPayment: '/wp-json/wc/v3/stripe-payment',
  paypalOrder: '/wp-json/wc/v3/paypal-order',
  paypalPayment: '/wp-json/wc/v3/paypal-payment',
  customers: '/wp-json/wc/v3/customers',
  token: '/wp-json/jwt-auth/v1/token',
  /** Ends the session on the server and clears the browser's cookies. */
  logout: '/wp-json/jwt-auth/v1/logout',
  forgotPassword: '/wp-json/wc/v3/forgot-password',
  /** Spec §7's name for setting a new password from the emailed reset link. */
  resetPassword: '/wp-json/wc/v3/change-password',
  changePassword: '/wp-json/wc/v3/password',
  /** Opens an emailed email-change link: the account's address becomes the new one. */
  confirmEmail: '/wp-json/wc/v3/confirm-email',
  wholesaleRegistration: '/wp-json/wc/v3/wholesale-registration/',
  docs: '/wp-json/docs',
  // Owner-only (the back office). `{id}` routes append `/${id}`.
  wholesaleApplications: '/wp-json/wc/v3/wholesale-applications',
  contactMessages: '/wp-json/wc/v3/contact-messages',
  newsletterSubscribers: '/wp-json/wc/v3/newsletter-subscribers',
  /** The sign-ups as a CSV file (`text/csv`). */
  newsletterExport: '/wp-json/wc/v3/newsletter-subscribers/export',
  salesReport: '/wp-json/wc/v3/reports/sales',
  topSellers: '/wp-json/wc/v3/reports/top_sellers',
  activityLog: '/wp-json/wc/v3/activity-log',
  /** An owner's two-factor sign-in: GET status; POST `/setup`, `/enable`, `/disable`. */
  twoFactor: '/wp-json/wc/v3/two-factor',
} as const;

/** Headers WordPress sets on every collection response. */
export const paginationHeaders = { total: 'x-wp-total', totalPages: 'x-wp-totalpages' } as const;
