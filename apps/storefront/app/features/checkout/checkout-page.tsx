import type { Order, PaymentGateway } from '@larder/contract';
import { formatMoney } from '@larder/contract/money';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, browserApiFetch, createShopApi } from '../../lib/api/index.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import type { CountryOption } from '../../components/forms/countries.ts';
import { CartEmpty, CartLoading } from '../cart/cart-page.tsx';
import { useCartStore } from '../cart/cart-store.ts';
import { useDiscountCodes } from '../cart/discount-codes.ts';
import { pendingOrderFor } from '../cart/cart-derived.ts';
import { OrderPaymentDialog, orderReceivedPath } from '../payments/order-payment-dialog.tsx';
import { CheckoutForm } from './checkout-form.tsx';
import '../cart/cart-page.css';
import './checkout.css';
import { Button } from '../../components/ui/button.tsx';

interface CheckoutViewProps {
  countries: CountryOption[];
  gateways: PaymentGateway[];
}

/**
 * Spec §2 /checkout. The cart lives in this browser, so the form renders after hydration. An order
 * placed from this cart and not yet paid is picked up again after a reload instead of placing a
 * second one for the same bags.
 */
export function CheckoutView(props: CheckoutViewProps) {
  const hydrated = useHydrated();
  if (!hydrated) return <CartLoading label="Loading your checkout…" />;
  return <HydratedCheckout {...props} />;
}

type Resume = { state: 'none' } | { state: 'checking' } | { state: 'failed'; message: string };

function HydratedCheckout({ countries, gateways }: CheckoutViewProps) {
  const itemCount = useCartStore((state) => state.items.length);
  const pending = useCartStore(pendingOrderFor);
  const [order, setOrder] = useState<Order | null>(null);
  const [resume, setResume] = useState<Resume>(() =>
    pending ? { state: 'checking' } : { state: 'none' },
  );
  const navigate = useNavigate();

  // A reload while the order waits for payment: read it back with its key and carry on paying.
  const pendingId = pending?.id;
  const pendingKey = pending?.order_key;
  useEffect(() => {
    if (pendingId === undefined || pendingKey === undefined || order?.id === pendingId) return;
    let current = true;
    setResume({ state: 'checking' });
    createShopApi(browserApiFetch)
      .getOrder(pendingId, pendingKey)
      .then(
        (found) => {
          if (!current) return;
          if (found.status === 'pending' && found.needs_payment) {
            setOrder(found);
            setResume({ state: 'none' });
          } else if (found.status === 'processing' || found.status === 'completed') {
            // Paid in another tab or before the page closed: the order page says so.
            useCartStore.getState().empty();
            useDiscountCodes.getState().clear();
            void navigate(orderReceivedPath(found), { replace: true });
          } else {
            // Cancelled (its hold ran out) or failed: the cart places a new order.
            useCartStore.getState().setPendingOrder(null);
            setResume({ state: 'none' });
          }
        },
        (error: unknown) => {
          if (!current) return;
          if (error instanceof ApiError && [401, 403, 404].includes(error.status)) {
            useCartStore.getState().setPendingOrder(null);
            setResume({ state: 'none' });
          } else {
            setResume({
              state: 'failed',
              message:
                'We could not load the order you placed. Check your connection and reload the page.',
            });
          }
        },
      );
    return () => {
      current = false;
    };
  }, [pendingId, pendingKey, order?.id, navigate]);

  if (order) return <OrderPlaced order={order} />;
  if (itemCount === 0)
    return <CartEmpty message="Nothing to check out yet. Find a flavor you love first." />;
  if (resume.state === 'checking') return <CartLoading label="Loading your order…" />;
  if (resume.state === 'failed')
    return (
      <p className="form-banner form-banner--error" role="alert">
        {resume.message}
      </p>
    );
  const placed = (placedOrder: Order) => {
    if (placedOrder.status === 'on-hold' && placedOrder.invoice) {
      // On account: nothing to pay now, so straight to the order-received page with its due date.
      useCartStore.getState().empty();
      useDiscountCodes.getState().clear();
      void navigate(orderReceivedPath(placedOrder), { replace: true });
      return;
    }
    setOrder(placedOrder);
  };
  return <CheckoutForm countries={countries} gateways={gateways} onOrderPlaced={placed} />;
}

/** The order is placed and its stock held: the shopper pays in the Order Payment dialog. */
function OrderPlaced({ order }: { order: Order }) {
  const [paying, setPaying] = useState(true);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The form above is gone: bring the placed order into view behind the dialog.
  useEffect(() => {
    headingRef.current?.scrollIntoView({ block: 'center' });
  }, []);

  useEffect(() => {
    if (!paying) headingRef.current?.focus();
  }, [paying]);

  return (
    <div className="order-placed" data-testid="order-placed">
      <h2 ref={headingRef} className="order-placed__title" tabIndex={-1}>
        Order #{order.number} is placed
      </h2>
      <p>
        We are holding your bags. Pay <strong>{formatMoney(order.total)}</strong> to confirm the
        order; we bake and ship as soon as it is paid.
      </p>
      <Button size="lg" onClick={() => setPaying(true)}>
        Pay now
      </Button>
      <OrderPaymentDialog
        order={order}
        billing={order.billing}
        open={paying}
        onPaid={() => setPaying(false)}
        onClose={() => setPaying(false)}
      />
    </div>
  );
}
