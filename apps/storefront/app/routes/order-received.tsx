import type { Route } from './+types/order-received';
import { formatMoney } from '@larder/contract/money';
import { formatDate } from '../features/content/content-data.ts';
import { ApiError, createShopApi } from '../lib/api/index.ts';
import { toContentPage } from '../features/content/content-data.ts';
import { Prose } from '../features/content/prose.tsx';
import { chromeFromPage, simpleChrome } from '../features/layout/page-chrome.ts';
import { OrderDetails, OrderOverview } from '../features/orders/order-details.tsx';
import {
  ORDER_UNAVAILABLE_TITLE,
  orderUnavailable,
} from '../features/orders/order-unavailable.tsx';
import { seoMeta } from '../features/seo/seo.ts';

export { OrderErrorBoundary as ErrorBoundary } from '../features/orders/order-unavailable.tsx';

const RECEIPT_TITLE = 'Thank You for Your Order';

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const api = createShopApi(context.apiFetch);
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) throw orderUnavailable(404);
  // A guest reads the order with its key (reference §4 guest viewing); its owner without one.
  const key = new URL(request.url).searchParams.get('key') ?? undefined;
  const [page, order] = await Promise.all([
    api.getPageBySlug('order-received').catch(() => null),
    api.getOrder(id, key).catch((error: unknown) => {
      if (
        error instanceof ApiError &&
        (error.status === 401 || error.status === 403 || error.status === 404)
      )
        throw orderUnavailable(error.status);
      throw error;
    }),
  ]);
  return {
    chrome: page ? chromeFromPage(page) : simpleChrome(RECEIPT_TITLE),
    page: page ? toContentPage(page) : null,
    order,
  };
}

export function meta(args: Route.MetaArgs) {
  const order = args.loaderData?.order;
  // A shopper's receipt: never in search results.
  return seoMeta(args, {
    title: order ? `Order #${order.number} received` : ORDER_UNAVAILABLE_TITLE,
    noindex: true,
  });
}

export default function OrderReceived({ loaderData }: Route.ComponentProps) {
  const { order, page } = loaderData;
  const paid = order.status === 'processing' || order.status === 'completed';
  // Pay on account: nothing to pay now; the invoice says when.
  const invoiced =
    order.invoice &&
    !order.date_paid &&
    (order.status === 'on-hold' || order.status === 'completed')
      ? order.invoice
      : null;
  return (
    <section className="section order-received" data-testid="order-received">
      <div className="container order-received__inner">
        <div className="order-received__thanks">
          {invoiced ? (
            <>
              <p className="lead">Thank you! Your order is in.</p>
              <p className="order-received__email" data-testid="order-invoice-note">
                We will invoice you for <strong>{formatMoney(order.total)}</strong>, due by{' '}
                <strong>
                  <time dateTime={invoiced.date_due_gmt}>{formatDate(invoiced.date_due)}</time>
                </strong>{' '}
                ({invoiced.terms.replace('net', 'Net ')}). The invoice is attached to the
                confirmation email sent to <strong>{order.billing.email}</strong>.
              </p>
            </>
          ) : paid ? (
            <>
              {page?.html.trim() ? (
                <Prose html={page.html} className="prose--lead" />
              ) : (
                <p className="lead">Thank you! Your order is in.</p>
              )}
              <p className="order-received__email" data-testid="order-email-note">
                A confirmation email is on its way to <strong>{order.billing.email}</strong>.
              </p>
            </>
          ) : (
            <p className="order-received__notice" role="status">
              We have not received payment for this order yet. If you paid just now, refresh this
              page in a minute; otherwise return to checkout to pay.
            </p>
          )}
        </div>
        <OrderOverview order={order} />
        <OrderDetails order={order} />
      </div>
    </section>
  );
}
