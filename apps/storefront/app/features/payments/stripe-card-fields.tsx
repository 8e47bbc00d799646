import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeCardElementOptions } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useImperativeHandle, useState } from 'react';
import { billingDetails, type CardFieldsProps } from './card-fields.ts';

/** Spec §9: locale en, 18 px font; the shop's own colours. */
const CARD_OPTIONS: StripeCardElementOptions = {
  // The order's billing address already carries the postcode.
  hidePostalCode: true,
  style: {
    base: {
      fontSize: '18px',
      color: '#2b2118',
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
      '::placeholder': { color: '#6f6254' },
    },
    invalid: { color: '#9b1c3a', iconColor: '#9b1c3a' },
  },
};

export const STRIPE_LOAD_ERROR =
  'The card form could not load. Check your connection and try again, or pay with PayPal.';

/**
 * Stripe's card element (architecture: payments). This module is imported only when the card gateway's
 * provider is Stripe, so Stripe's script is fetched from its CDN only then.
 */
export default function StripeCardFields({
  publishableKey,
  ...props
}: CardFieldsProps & { publishableKey: string }) {
  const { onStateChange } = props;
  const [stripe, setStripe] = useState<Stripe | null>(null);

  useEffect(() => {
    let live = true;
    onStateChange({ status: 'starting', complete: false });
    loadStripe(publishableKey).then(
      (loaded) => {
        if (!live) return;
        if (loaded) setStripe(loaded);
        else onStateChange({ status: 'error', complete: false, message: STRIPE_LOAD_ERROR });
      },
      () => {
        if (live) onStateChange({ status: 'error', complete: false, message: STRIPE_LOAD_ERROR });
      },
    );
    return () => {
      live = false;
    };
  }, [publishableKey, onStateChange]);

  if (!stripe) return <p className="card-fields__loading">Loading the secure card form…</p>;
  return (
    <Elements stripe={stripe} options={{ locale: 'en' }}>
      <StripeCard {...props} />
    </Elements>
  );
}

function StripeCard({ billing, disabled, onStateChange, handleRef }: CardFieldsProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [message, setMessage] = useState<string | null>(null);

  useImperativeHandle(
    handleRef,
    () => ({
      createPaymentMethod: async () => {
        const card = elements?.getElement(CardElement);
        if (!stripe || !card) return { error: STRIPE_LOAD_ERROR };
        const { error, paymentMethod } = await stripe.createPaymentMethod({
          type: 'card',
          card,
          billing_details: billingDetails(billing),
        });
        // Spec §4: if creating the payment method fails, the flow stops here with the reason.
        if (error || !paymentMethod)
          return { error: error?.message ?? 'Your card was not accepted.' };
        return { token: paymentMethod.id };
      },
    }),
    [stripe, elements, billing],
  );

  return (
    <div className="card-fields" data-testid="stripe-card-fields">
      {/* Stripe's iframe names its own fields; this labels the group for everyone else. */}
      <p className="form-field__label">Card details</p>
      <CardElement
        className="form-field__control card-fields__stripe"
        options={{ ...CARD_OPTIONS, disabled }}
        onReady={() => onStateChange({ status: 'ready', complete: false })}
        onLoadError={() =>
          onStateChange({ status: 'error', complete: false, message: STRIPE_LOAD_ERROR })
        }
        onChange={(event) => {
          setMessage(event.error?.message ?? null);
          onStateChange({ status: 'ready', complete: event.complete });
        }}
      />
      {message ? (
        <p className="form-field__error" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}
