import type { PaymentClient } from '@larder/contract';
import { lazy, Suspense, useState } from 'react';
import type { CardFieldsProps, CardWidgetState } from './card-fields.ts';
import { TestCardFields } from './test-card-fields.tsx';
import { Button } from '../../components/ui/button.tsx';

/** Stripe's libraries stay out of the main bundle: fetched only when the Stripe gateway is live. */
const StripeCardFields = lazy(() => import('./stripe-card-fields.tsx'));

/** The card gateway's client: the built-in test provider or Stripe (PayPal has its own buttons). */
export type CardClient = Extract<PaymentClient, { provider: 'test' | 'stripe' }>;

export interface CardWidgetProps extends CardFieldsProps {
  client: CardClient;
  state: CardWidgetState;
  /** Offered in the error state when PayPal is there to pay with instead. */
  onPayPalInstead?: () => void;
}

/**
 * Spec §2/§4: the card entry field, by the gateway's provider, with its error state (the provider's
 * script could not load): the reason, Try again, and PayPal instead.
 */
export function CardWidget({ client, state, onPayPalInstead, ...fields }: CardWidgetProps) {
  const [attempt, setAttempt] = useState(0);

  if (state.status === 'error') {
    return (
      <div className="card-widget card-widget--error" data-testid="card-widget" data-status="error">
        <p className="form-banner form-banner--error" role="alert">
          {state.message}
        </p>
        <div className="card-widget__actions">
          <Button
            variant="secondary"
            onClick={() => {
              fields.onStateChange({ status: 'starting', complete: false });
              setAttempt((count) => count + 1);
            }}
          >
            Try again
          </Button>
          {onPayPalInstead ? (
            <Button variant="ghost" onClick={onPayPalInstead}>
              Pay with PayPal instead
            </Button>
          ) : null}
        </div>
      </div>
    );
  }

  return (
    <div className="card-widget" data-testid="card-widget" data-status={state.status}>
      {client.provider === 'stripe' ? (
        <Suspense fallback={<p className="card-fields__loading">Loading the secure card form…</p>}>
          <StripeCardFields key={attempt} publishableKey={client.publishable_key} {...fields} />
        </Suspense>
      ) : (
        <TestCardFields {...fields} />
      )}
    </div>
  );
}
