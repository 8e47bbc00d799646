import { data, isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Hero } from '../layout/hero.tsx';
import { RouteErrorBoundary } from '../content/route-error-boundary.tsx';
import { simpleChrome } from '../layout/page-chrome.ts';
import { ButtonLink } from '../../components/ui/button.tsx';

export const ORDER_UNAVAILABLE_TITLE = "We can't show this order";

interface OrderUnavailableData {
  orderUnavailable: true;
  status: 401 | 403 | 404;
}

/** The answer a loader throws when an order is not the visitor's to see (or does not exist). */
export function orderUnavailable(status: OrderUnavailableData['status']) {
  return data<OrderUnavailableData>({ orderUnavailable: true, status }, { status });
}

function isOrderUnavailable(value: unknown): value is OrderUnavailableData {
  return typeof value === 'object' && value !== null && 'orderUnavailable' in value;
}

const EXPLANATIONS: Record<OrderUnavailableData['status'], string> = {
  401: 'An order is shown only with the link from its confirmation email, or to the account that placed it. Check the link, or sign in to the account you ordered with.',
  403: 'This order belongs to another account. Sign in to the account you ordered with to see it.',
  404: 'We could not find that order. Check the order number in your confirmation email.',
};

/** Order pages' error boundary: a clear "we can't show this order", else the site's usual one. */
export function OrderErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || !isOrderUnavailable(error.data))
    return <RouteErrorBoundary />;
  return (
    <>
      <Hero chrome={simpleChrome(ORDER_UNAVAILABLE_TITLE)} />
      <section className="section">
        <div className="container container--narrow" data-testid="order-unavailable">
          <p className="lead">{EXPLANATIONS[error.data.status]}</p>
          <p>
            Questions about an order? <Link to="/contact">Contact us</Link> and we will help.
          </p>
          <p className="cluster">
            <ButtonLink to="/shop">Shop granola</ButtonLink>
            <ButtonLink to="/" variant="secondary">
              Back to home
            </ButtonLink>
          </p>
        </div>
      </section>
    </>
  );
}
