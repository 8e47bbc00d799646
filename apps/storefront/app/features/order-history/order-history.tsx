import type { Order } from '@larder/contract';
import { formatMoney } from '@larder/contract/money';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formErrorMessage } from '../../components/forms/form-errors.ts';
import { notify } from '../../components/ui/toast.tsx';
import { browserApiFetch, createShopApi } from '../../lib/api/index.ts';
import { useCartStore } from '../cart/cart-store.ts';
import { formatDate } from '../content/content-data.ts';
import { OrderDetails, OrderOverview } from '../orders/order-details.tsx';
import { orderStatusLabel } from '../orders/order-view.ts';
import { planReorder, reorderNotes } from './reorder.ts';
import './order-history.css';
import { Button, ButtonLink } from '../../components/ui/button.tsx';

export const itemCount = (order: Pick<Order, 'line_items'>) =>
  order.line_items.reduce((sum, line) => sum + line.quantity, 0);

const itemsLabel = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;

export const orderHref = (order: Pick<Order, 'id'>) =>
  `/my-account/order-history?order=${order.id}`;

const pageHref = (page: number) =>
  page === 1 ? '/my-account/order-history' : `/my-account/order-history?page=${page}`;

interface OrderHistoryListProps {
  /** One page of the customer's orders. */
  items: Order[];
  total: number;
  page: number;
  totalPages: number;
}

/**
 * Issue 5: the customer's orders, newest first (the API's order), each leading to its details,
 * a page at a time with links to newer and older pages.
 */
export function OrderHistoryList({
  items: orders,
  total,
  page,
  totalPages,
}: OrderHistoryListProps) {
  if (orders.length === 0) {
    return (
      <div className="order-history-empty" data-testid="order-history-empty">
        <h2 className="order-history__title">No orders yet</h2>
        <p>
          When you place an order, it appears here with its details and a way to order it again.
        </p>
        <ButtonLink to="/shop">Browse the shop</ButtonLink>
      </div>
    );
  }
  return (
    <section aria-labelledby="order-history-title">
      <h2 id="order-history-title" className="order-history__title">
        Your orders
      </h2>
      {totalPages > 1 ? (
        <p className="order-history__count muted">
          {total} orders · page {page} of {totalPages}
        </p>
      ) : null}
      <ol className="order-history" data-testid="order-history">
        {orders.map((order) => (
          <li key={order.id} className="order-history__item" data-testid="order-history-row">
            <article aria-labelledby={`order-${order.id}-title`} className="order-summary-card">
              <h3 id={`order-${order.id}-title`} className="order-summary-card__title">
                <Link to={orderHref(order)} className="order-summary-card__link">
                  Order #{order.number}
                </Link>
              </h3>
              <dl className="order-summary-card__facts">
                <div>
                  <dt>Date</dt>
                  <dd>
                    <time dateTime={order.date_created_gmt}>{formatDate(order.date_created)}</time>
                  </dd>
                </div>
                <div>
                  <dt>Status</dt>
                  <dd>
                    <span className="order-status" data-status={order.status}>
                      {orderStatusLabel(order.status)}
                    </span>
                  </dd>
                </div>
                <div>
                  <dt>Items</dt>
                  <dd>{itemsLabel(itemCount(order))}</dd>
                </div>
                {order.discount_total !== '0.00' ? (
                  <div>
                    <dt>Discount</dt>
                    <dd>
                      −{formatMoney(order.discount_total)}{' '}
                      <span className="muted">
                        ({order.coupon_lines.map((line) => line.code).join(', ')})
                      </span>
                    </dd>
                  </div>
                ) : null}
                <div>
                  <dt>Total</dt>
                  <dd className="order-summary-card__total">{formatMoney(order.total)}</dd>
                </div>
              </dl>
              <ButtonLink
                to={orderHref(order)}
                variant="secondary"
                className="order-summary-card__view"
                aria-label={`View order #${order.number}`}
              >
                View order
              </ButtonLink>
            </article>
          </li>
        ))}
      </ol>
      {totalPages > 1 ? (
        <nav className="order-history__pages" aria-label="Order history pages">
          {page > 1 ? (
            <ButtonLink to={pageHref(page - 1)} variant="secondary" rel="prev">
              <span aria-hidden="true">← </span>Newer orders
            </ButtonLink>
          ) : null}
          {page < totalPages ? (
            <ButtonLink to={pageHref(page + 1)} variant="secondary" rel="next">
              Older orders<span aria-hidden="true"> →</span>
            </ButtonLink>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

/**
 * Issue 5 Reorder: fetches the order's products with this buyer's prices today, adds what can be
 * bought to the cart and goes to /cart, naming what was left out.
 */
function ReorderButton({ order }: { order: Order }) {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const messageRef = useRef<HTMLDivElement>(null);

  const reorder = async () => {
    setPending(true);
    setMessage(null);
    try {
      const ids = [...new Set(order.line_items.map((line) => line.product_id))];
      const products = await createShopApi(browserApiFetch).listProductsById(ids);
      const plan = planReorder(order, products);
      const notes = reorderNotes(plan);
      if (plan.items.length === 0) {
        setMessage(`Nothing from this order can be bought right now. ${notes.join(' ')}`);
        requestAnimationFrame(() => messageRef.current?.focus());
        return;
      }
      const { add } = useCartStore.getState();
      for (const item of plan.items) add(item);
      notify({
        type: notes.length > 0 ? 'warning' : 'success',
        title: `Order #${order.number} is in your cart`,
        message: notes.length > 0 ? notes.join(' ') : 'At today’s prices.',
      });
      await navigate('/cart');
    } catch (error) {
      setMessage(formErrorMessage(error));
      requestAnimationFrame(() => messageRef.current?.focus());
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="reorder">
      <Button
        onClick={() => void reorder()}
        disabled={pending}
        aria-describedby={`reorder-${order.id}-hint`}
      >
        {pending ? 'Adding to cart…' : 'Reorder'}
      </Button>
      <p id={`reorder-${order.id}-hint`} className="reorder__hint muted">
        Puts these items back in your cart at today’s prices.
      </p>
      {message ? (
        <div
          ref={messageRef}
          tabIndex={-1}
          role="alert"
          className="form-banner form-banner--error reorder__message"
          data-testid="reorder-error"
        >
          {message}
        </div>
      ) : null}
    </div>
  );
}

/** One of the customer's orders: the receipt's facts and details, and Reorder. */
export function OrderHistoryDetail({ order }: { order: Order }) {
  return (
    <section className="order-history-detail" aria-labelledby="order-detail-title">
      <p>
        <Link to="/my-account/order-history" className="order-history-detail__back">
          <span aria-hidden="true">← </span>All orders
        </Link>
      </p>
      <div className="order-history-detail__head">
        <h2 id="order-detail-title" className="order-history__title">
          Order #{order.number}
        </h2>
        <ReorderButton order={order} />
      </div>
      <OrderOverview order={order} />
      <OrderDetails order={order} headingLevel={3} />
    </section>
  );
}

/** A number in the address that is not one of this customer's orders (or no order at all). */
export function OrderNotFound() {
  return (
    <div className="order-history-empty" role="status" data-testid="order-not-found">
      <h2 className="order-history__title">We can’t find that order</h2>
      <p>It is not one of the orders on your account.</p>
      <ButtonLink to="/my-account/order-history" variant="secondary">
        See all your orders
      </ButtonLink>
    </div>
  );
}
