import { redirect } from 'react-router';
import type { Route } from './+types/order-history';
import { loadAccountPage } from '../features/account/account-page.tsx';
import { requireCustomer } from '../features/account/require-customer.server.ts';
import {
  OrderHistoryDetail,
  OrderHistoryList,
  OrderNotFound,
} from '../features/order-history/order-history.tsx';
import { ApiError, createShopApi } from '../lib/api/index.ts';
import { pageSeoMeta } from '../features/seo/seo.ts';

export { RouteErrorBoundary as ErrorBoundary } from '../features/content/route-error-boundary.tsx';

/** A positive page number from the address, or the first page. */
function pageFrom(url: URL): number {
  const page = Number(url.searchParams.get('page') ?? '1');
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/**
 * Issue 5: the signed-in customer's orders, a page of 100 at a time (`?page=`); `?order=<id>`
 * opens one of them, however old.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  // Only the signed-in customer's own orders: a visitor goes to /login, and the API refuses others.
  const customer = await requireCustomer(request, context.apiFetch);
  const api = createShopApi(context.apiFetch);
  const url = new URL(request.url);
  const wanted = url.searchParams.get('order');
  if (wanted !== null) {
    const [page, selected] = await Promise.all([
      loadAccountPage(context.apiFetch, 'order-history'),
      // Someone else's order, or none: the API answers 403 (or 400 for what is not a number).
      api.getOrder(Number(wanted)).catch((error: unknown) => {
        if (error instanceof ApiError && [400, 403, 404].includes(error.status)) return null;
        throw error;
      }),
    ]);
    return { ...page, history: null, selected };
  }
  const pageNumber = pageFrom(url);
  const [page, history] = await Promise.all([
    loadAccountPage(context.apiFetch, 'order-history'),
    api.listCustomerOrders(customer.id, pageNumber),
  ]);
  // Past the last page (orders cancelled away, an old link): the last page there is.
  if (history.items.length === 0 && history.total > 0) {
    throw redirect(`/my-account/order-history?page=${history.totalPages}`);
  }
  return { ...page, history: { ...history, page: pageNumber }, selected: null };
}

export function meta(args: Route.MetaArgs) {
  return pageSeoMeta(args, { noindex: true });
}

export default function OrderHistory({ loaderData }: Route.ComponentProps) {
  const { history, selected, page } = loaderData;
  return (
    <section className="section">
      <div className="container" data-testid="content-page" data-slug={page.slug}>
        {selected ? (
          <OrderHistoryDetail order={selected} />
        ) : history ? (
          <OrderHistoryList {...history} />
        ) : (
          <OrderNotFound />
        )}
      </div>
    </section>
  );
}
