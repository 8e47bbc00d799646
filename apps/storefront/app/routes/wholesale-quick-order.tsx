import '../features/wholesale/quick-order/quick-order.css';
import type { Route } from './+types/wholesale-quick-order';
import { requireCustomer } from '../features/account/require-customer.server.ts';
import { orNotFound } from '../features/content/not-found.ts';
import { chromeFromPage } from '../features/layout/page-chrome.ts';
import { seoMeta } from '../features/seo/seo.ts';
import {
  QuickOrder,
  QuickOrderForPartners,
} from '../features/wholesale/quick-order/quick-order.tsx';
import { createShopApi } from '../lib/api/index.ts';
import { fetchWholesaleTerms } from '../lib/api/wholesale-terms.ts';

export { RouteErrorBoundary as ErrorBoundary } from '../features/content/route-error-boundary.tsx';

/**
 * Issue 15's quick order: every product and size at the signed-in buyer's wholesale prices. A
 * visitor signs in first; a retail account is told how to become a partner.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const customer = await requireCustomer(request, context.apiFetch);
  const api = createShopApi(context.apiFetch);
  const page = await orNotFound(api, api.getPageBySlug('wholesale'));
  const chrome = chromeFromPage(page, { headerTitle: 'Quick order', largeHeader: false });
  if (customer.role !== 'wholesale_customer') return { chrome, partner: null };
  const [products, recent, minimum] = await Promise.all([
    api.listProducts(),
    api.listCustomerOrders(customer.id),
    fetchWholesaleTerms(context.apiFetch),
  ]);
  const lastOrder = recent.items.find(
    (order) => order.status !== 'cancelled' && order.status !== 'failed',
  );
  return { chrome, partner: { products, lastOrder: lastOrder ?? null, minimum } };
}

export function meta(args: Route.MetaArgs) {
  return seoMeta(args, { title: args.loaderData ? 'Quick order' : undefined, noindex: true });
}

export default function WholesaleQuickOrder({ loaderData }: Route.ComponentProps) {
  return (
    <section className="section" data-testid="content-page" data-slug="wholesale-quick-order">
      <div className="container">
        {loaderData.partner ? (
          <QuickOrder
            products={loaderData.partner.products}
            lastOrder={loaderData.partner.lastOrder}
            minimum={loaderData.partner.minimum}
          />
        ) : (
          <QuickOrderForPartners />
        )}
      </div>
    </section>
  );
}
