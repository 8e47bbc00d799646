import {
  PayPalButtons,
  PayPalScriptProvider,
  usePayPalScriptReducer,
} from '@paypal/react-paypal-js';
import type { PayPalFlow } from './paypal-flow.ts';

export const PAYPAL_LOAD_ERROR =
  'PayPal could not load. Check your connection and try again, or pay by card.';

/**
 * PayPal's own buttons (architecture: payments). Imported only when the PayPal gateway is live, so
 * PayPal's script is fetched only then.
 */
export default function PayPalCheckoutButtons({
  clientId,
  currency,
  ...flow
}: PayPalFlow & { clientId: string; currency: 'USD' }) {
  return (
    <PayPalScriptProvider
      options={{ clientId, currency, intent: 'capture', components: 'buttons' }}
    >
      <Buttons {...flow} />
    </PayPalScriptProvider>
  );
}

function Buttons({ disabled, createOrder, approve, onCancel, onError }: PayPalFlow) {
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  if (isRejected)
    return (
      <p className="form-banner form-banner--error" role="alert">
        {PAYPAL_LOAD_ERROR}
      </p>
    );
  if (isPending) return <p className="card-fields__loading">Loading PayPal…</p>;
  return (
    <PayPalButtons
      style={{ layout: 'horizontal', label: 'pay', tagline: false, height: 48 }}
      disabled={disabled}
      createOrder={createOrder}
      onApprove={(data) => approve({ payerId: data.payerID ?? '', paypalOrderId: data.orderID })}
      onCancel={onCancel}
      onError={() => onError(PAYPAL_LOAD_ERROR)}
    />
  );
}
