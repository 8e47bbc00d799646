import type { Route } from './+types/order-history';
import { loadAccountPage } from '../features/account/account-page.tsx';
import { requireCustomer } from '../features/account/require-customer.server.ts';
import {
  OrderHistoryDetail,
  OrderHistoryList,
  OrderNotFound,
} from '../features/order-history/order-history.tsx';
import { createShopApi } from '../lib/api/index.ts';
import { pageSeoMeta } from '../features/seo/seo.ts';

export { RouteErrorBoundary as ErrorBoundary } from '../features/content/route-error-boundary.tsx';

/** Issue 5: the signed-in customer's orders; `?order=<id>` opens one of them. */
export async function loader({ context, request }: Route.LoaderArgs) {
  // Only the signed-in customer's own orders: a visitor goes to /login, and the API refuses others.
  const customer = await requireCustomer(request, context.apiFetch);
  const api = createShopApi(context.apiFetch);
  const [page, orders] = await Promise.all([
    loadAccountPage(context.apiFetch, 'order-history'),
    api.listCustomerOrders(customer.id),
  ]);
  const wanted = new URL(request.url).searchParams.get('order');
  const selected =
    wanted === null ? null : (orders.find((order) => String(order.id) === wanted) ?? null);
  return { ...page, orders, selected, missing: wanted !== null && selected === null };
}

export function meta(args: Route.MetaArgs) {
  return pageSeoMeta(args, { noindex: true });
}

export default function OrderHistory({ loaderData }: Route.ComponentProps) {
  const { orders, selected, missing, page } = loaderData;
  return (
    <section className="section">
      <div className="container" data-testid="content-page" data-slug={page.slug}>
        {selected ? (
          <OrderHistoryDetail order={selected} />
        ) : missing ? (
          <OrderNotFound />
        ) : (
          <OrderHistoryList orders={orders} />
        )}
      </div>
    </section>
  );
}
