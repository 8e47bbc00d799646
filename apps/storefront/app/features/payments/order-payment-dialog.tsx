import {
  CARD_PAYMENT_METHOD,
  type CheckoutBillingAddress,
  type Order,
  type PaymentGateway,
  type PaymentResult,
} from '@larder/contract';
import { formatMoney } from '@larder/contract/money';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { formErrorMessage } from '../../components/forms/form-errors.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { ApiError, browserApiFetch, createShopApi } from '../../lib/api/index.ts';
import { useCartStore } from '../cart/cart-store.ts';
import { useDiscountCodes } from '../cart/discount-codes.ts';
import type { CardWidgetHandle, CardWidgetState } from './card-fields.ts';
import { CardWidget, type CardClient } from './card-widget.tsx';
import { TEST_PAYPAL_PAYER_ID, type PayPalFlow } from './paypal-flow.ts';
import './payments.css';
import { SubmitButton } from '../../components/forms/submit-button.tsx';

/** PayPal's libraries stay out of the main bundle: fetched only when the PayPal gateway is live. */
const PayPalCheckoutButtons = lazy(() => import('./paypal-buttons.tsx'));

export interface OrderPaymentDialogProps {
  order: Order;
  billing: CheckoutBillingAddress;
  open: boolean;
  /**
   * Called once the order is paid, after the dialog has emptied the cart (and with it the pending
   * order) and navigated to the order-received page.
   */
  onPaid: (result: PaymentResult) => void;
  onClose: () => void;
}

/** Where a paid order lands: a guest reads it with the order key. */
export function orderReceivedPath(order: Pick<Order, 'id' | 'order_key'>): string {
  return `/order-received/${order.id}?key=${encodeURIComponent(order.order_key)}`;
}

/** The API's own words for a refused payment (spec §8 shows the server's message to the shopper). */
export function paymentErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.code !== 'http_error' && error.status !== 429)
    return error.message;
  return formErrorMessage(error);
}

/** Spec §2 'Order Payment' dialog: the order's number and total, the card field, Submit Payment, PayPal. */
export function OrderPaymentDialog({
  order,
  billing,
  open,
  onPaid,
  onClose,
}: OrderPaymentDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Order Payment"
      className="payment-dialog"
      testId="order-payment-dialog"
    >
      <OrderPayment order={order} billing={billing} onPaid={onPaid} />
    </Dialog>
  );
}

type Gateways =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'loaded'; card: CardClient | null; paypal: PaymentGateway['client'] | null };

function useGateways(): [Gateways, () => void] {
  const [gateways, setGateways] = useState<Gateways>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    createShopApi(browserApiFetch)
      .listPaymentGateways()
      .then(
        (list) => {
          if (!live) return;
          const card = list.find((gateway) => gateway.id === 'stripe')?.client;
          const paypal = list.find((gateway) => gateway.id === 'paypal')?.client ?? null;
          setGateways({
            state: 'loaded',
            card: card && card.provider !== 'paypal' ? card : null,
            paypal,
          });
        },
        (error: unknown) => {
          if (live) setGateways({ state: 'failed', message: formErrorMessage(error) });
        },
      );
    return () => {
      live = false;
    };
  }, [attempt]);
  const retry = useCallback(() => {
    setGateways({ state: 'loading' });
    setAttempt((count) => count + 1);
  }, []);
  return [gateways, retry];
}

function OrderPayment({
  order,
  billing,
  onPaid,
}: Omit<OrderPaymentDialogProps, 'open' | 'onClose'>) {
  const navigate = useNavigate();
  const [gateways, retryGateways] = useGateways();
  const [card, setCard] = useState<CardWidgetState>({ status: 'notready', complete: false });
  const [paying, setPaying] = useState<'card' | 'paypal' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const widgetRef = useRef<CardWidgetHandle>(null);
  const paypalRef = useRef<HTMLDivElement>(null);
  const api = createShopApi(browserApiFetch);
  const orderRef = { order_id: order.id, order_key: order.order_key };

  const cardClient = gateways.state === 'loaded' ? gateways.card : null;

  const finish = async (result: PaymentResult) => {
    // Replace the dialog's history entry, so Back from the receipt returns to the page, not the dialog.
    await navigate(orderReceivedPath(order), { replace: true });
    useCartStore.getState().empty();
    useDiscountCodes.getState().clear();
    onPaid(result);
  };

  const fail = (reason: unknown) => {
    setError(typeof reason === 'string' ? reason : paymentErrorMessage(reason));
    setPaying(null);
  };

  const payByCard = async () => {
    if (!widgetRef.current || paying) return;
    setPaying('card');
    setError(null);
    const method = await widgetRef.current.createPaymentMethod();
    // Spec §4: if creating the payment method fails, the flow stops and shows why.
    if ('error' in method) return fail(method.error);
    try {
      const result = await api.payByCard({
        ...orderRef,
        payment_token: method.token,
        payment_method: CARD_PAYMENT_METHOD.id,
        payment_method_title: CARD_PAYMENT_METHOD.title,
        create_account: false,
      });
      await finish(result);
    } catch (reason) {
      fail(reason);
    }
  };

  const paypalFlow: PayPalFlow = {
    disabled: paying !== null,
    createOrder: async () => {
      setPaying('paypal');
      setError(null);
      try {
        return (await api.createPayPalOrder(orderRef)).id;
      } catch (reason) {
        fail(reason);
        throw reason;
      }
    },
    approve: async ({ payerId, paypalOrderId }) => {
      try {
        const result = await api.payByPayPal({
          ...orderRef,
          payer_id: payerId,
          ppec_token: paypalOrderId,
        });
        await finish(result);
      } catch (reason) {
        fail(reason);
      }
    },
    onCancel: () => setPaying(null),
    onError: (message) => {
      setError((current) => current ?? message);
      setPaying(null);
    },
  };

  const payWithTestPayPal = async () => {
    try {
      const paypalOrderId = await paypalFlow.createOrder();
      await paypalFlow.approve({ payerId: TEST_PAYPAL_PAYER_ID, paypalOrderId });
    } catch {
      // createOrder has shown the reason already.
    }
  };

  const paypalClient = gateways.state === 'loaded' ? gateways.paypal : null;
  const focusPayPal = () => {
    const target = paypalRef.current?.querySelector<HTMLElement>('button, iframe');
    (target ?? paypalRef.current)?.focus();
  };
  const canSubmit = card.status === 'ready' && card.complete && paying === null;

  return (
    <div className="payment" aria-busy={paying !== null || undefined}>
      <dl className="payment__summary">
        <div>
          <dt>Order</dt>
          <dd data-testid="payment-order-number">#{order.number}</dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd data-testid="payment-order-total">{formatMoney(order.total)}</dd>
        </div>
      </dl>

      {error ? (
        <p className="form-banner form-banner--error" role="alert" data-testid="payment-error">
          {error}
        </p>
      ) : null}

      {gateways.state === 'loading' ? (
        <p className="card-fields__loading">Loading payment options…</p>
      ) : gateways.state === 'failed' ? (
        <div className="card-widget card-widget--error">
          <p className="form-banner form-banner--error" role="alert">
            {gateways.message}
          </p>
          <div className="card-widget__actions">
            <Button variant="secondary" onClick={retryGateways}>
              Try again
            </Button>
          </div>
        </div>
      ) : (
        <>
          {cardClient ? (
            <form
              className="payment__card"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                void payByCard();
              }}
            >
              <CardWidget
                client={cardClient}
                state={card}
                billing={billing}
                disabled={paying !== null}
                onStateChange={setCard}
                handleRef={widgetRef}
                onPayPalInstead={paypalClient ? focusPayPal : undefined}
              />
              <SubmitButton
                size="lg"
                className="payment__submit"
                pending={paying === 'card'}
                pendingLabel="Paying…"
                disabled={!canSubmit}
              >
                Submit Payment
              </SubmitButton>
            </form>
          ) : null}

          {paypalClient ? (
            <div className="payment__paypal" ref={paypalRef} tabIndex={-1}>
              {cardClient ? <p className="payment__or">or</p> : null}
              {paypalClient.provider === 'paypal' ? (
                <Suspense fallback={<p className="card-fields__loading">Loading PayPal…</p>}>
                  <PayPalCheckoutButtons
                    clientId={paypalClient.client_id}
                    currency={paypalClient.currency}
                    {...paypalFlow}
                  />
                </Suspense>
              ) : (
                <Button
                  variant="paypal"
                  size="lg"
                  disabled={paying !== null}
                  onClick={() => void payWithTestPayPal()}
                >
                  {paying === 'paypal' ? 'Paying…' : 'Pay with PayPal (test)'}
                </Button>
              )}
            </div>
          ) : null}

          {!cardClient && !paypalClient ? (
            <p className="form-banner form-banner--error" role="alert">
              No way to pay is available right now. Please try again later.
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
