import { index, route, type RouteConfig } from '@react-router/dev/routes';

/** One module renders every plain content page; each use gets its own route id. */
const CONTENT_PAGE = 'routes/content-page.tsx';

/** Spec §2 route table, in the spec's order. */
export default [
  route('minority-business-enterprise-certification', CONTENT_PAGE, { id: 'mbe-certification' }),
  index('routes/home.tsx'),
  route('shop', 'routes/shop.tsx'),
  route('product/:slug', 'routes/product.tsx'),
  route('wholesale', CONTENT_PAGE, { id: 'wholesale' }),
  route('wholesale/quick-order', 'routes/wholesale-quick-order.tsx', {
    id: 'wholesale-quick-order',
  }),
  // The wholesale line sheet (resource route, approved buyers and owners): a PDF from the API.
  route('wholesale/line-sheet.pdf', 'routes/wholesale-line-sheet.ts', {
    id: 'wholesale-line-sheet',
  }),
  route('about', 'routes/about.tsx'),
  route('where-to-buy', 'routes/where-to-buy.tsx'),
  route('cart', 'routes/cart.tsx', { id: 'cart' }),
  route('checkout', 'routes/checkout.tsx', { id: 'checkout' }),
  route('login', 'routes/login.tsx', { id: 'login' }),
  route('sign-up', 'routes/sign-up.tsx', { id: 'sign-up' }),
  route('forgot-password', 'routes/forgot-password.tsx', { id: 'forgot-password' }),
  route('reset-password', 'routes/reset-password.tsx', { id: 'reset-password' }),
  // Opened from an email, signed in or not: outside the account area's sign-in guard.
  route('my-account/confirm-email', 'routes/confirm-email.tsx', { id: 'confirm-email' }),
  // The cancel link in a back-in-stock request's confirmation email.
  route('back-in-stock/cancel', 'routes/back-in-stock-cancel.tsx', { id: 'back-in-stock-cancel' }),
  route('my-account', 'routes/my-account.tsx', [
    route('order-history', 'routes/order-history.tsx', { id: 'order-history' }),
    route('account-details', 'routes/account-details.tsx', { id: 'account-details' }),
  ]),
  // The owner's back office: its layout route guards every page under it (issue 13).
  route('admin', 'routes/admin.tsx', [
    index('routes/admin-dashboard.tsx', { id: 'admin-dashboard' }),
    route('orders', 'routes/admin-orders.tsx', { id: 'admin-orders' }),
    // A phone or email order the owner enters for a customer (decision 0041).
    route('orders/new', 'routes/admin-order-new.tsx', { id: 'admin-order-new' }),
    route('orders/:id', 'routes/admin-order.tsx', { id: 'admin-order' }),
    // The invoice and packing slip (resource route): /admin/orders/42/invoice.pdf.
    route('orders/:id/:document', 'routes/admin-order-document.ts', { id: 'admin-order-document' }),
    route('products', 'routes/admin-products.tsx', { id: 'admin-products' }),
    route('products/new', 'routes/admin-product-new.tsx', { id: 'admin-product-new' }),
    route('products/:id', 'routes/admin-product.tsx', { id: 'admin-product' }),
    route('customers', 'routes/admin-customers.tsx', { id: 'admin-customers' }),
    route('customers/:id', 'routes/admin-customer.tsx', { id: 'admin-customer' }),
    route('reviews', 'routes/admin-reviews.tsx', { id: 'admin-reviews' }),
    route('wholesale', 'routes/admin-wholesale.tsx', { id: 'admin-wholesale' }),
    route('wholesale/:id', 'routes/admin-wholesale-application.tsx', {
      id: 'admin-wholesale-application',
    }),
    route('stockists', 'routes/admin-stockists.tsx', { id: 'admin-stockists' }),
    route('messages', 'routes/admin-messages.tsx', { id: 'admin-messages' }),
    route('shipping', 'routes/admin-shipping.tsx', { id: 'admin-shipping' }),
    route('taxes', 'routes/admin-taxes.tsx', { id: 'admin-taxes' }),
    route('coupons', 'routes/admin-coupons.tsx', { id: 'admin-coupons' }),
    route('catalogue', 'routes/admin-catalogue.tsx', { id: 'admin-catalogue' }),
    // The catalogue file (resource route, guarded by its own loader): ?format=csv|json.
    route('catalogue/export', 'routes/admin-catalogue-export.ts', {
      id: 'admin-catalogue-export',
    }),
    route('activity', 'routes/admin-activity.tsx', { id: 'admin-activity' }),
    route('emails', 'routes/admin-emails.tsx', { id: 'admin-emails' }),
    route('security', 'routes/admin-security.tsx', { id: 'admin-security' }),
    route('api-keys', 'routes/admin-api-keys.tsx', { id: 'admin-api-keys' }),
    route('webhooks', 'routes/admin-webhooks.tsx', { id: 'admin-webhooks' }),
  ]),
  route('blog', 'routes/blog.tsx'),
  // Spec §2: old links to the certification page lived under /blog; the loader redirects, replacing history.
  route('blog/minority-business-enterprise-certification', 'routes/mbe-redirect.ts'),
  route('blog/:slug', 'routes/blog-post.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('order-received/:id', 'routes/order-received.tsx', { id: 'order-received' }),
  // Resource routes for search engines, before the catch-all content page.
  route('sitemap.xml', 'routes/sitemap.xml.ts'),
  route('robots.txt', 'routes/robots.txt.ts'),
  route(':slug', CONTENT_PAGE, { id: 'content-page' }),
  // Spec §2: any other path, nested or not, falls back to the content page (which answers 404).
  route('*', CONTENT_PAGE, { id: 'not-found' }),
] satisfies RouteConfig;
