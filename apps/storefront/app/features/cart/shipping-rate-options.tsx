import type { ShippingRate } from '@larder/contract';
import { formatMoney } from '@larder/contract/money';
import { useId, type ReactNode } from 'react';
import type { ShippingRatesState } from './use-shipping-rates.ts';
import { Button } from '../../components/ui/button.tsx';

/** A rate's price as the shopper reads it: "Free" for nothing to pay. */
export function rateCostLabel(cost: number): string {
  return cost === 0 ? 'Free' : formatMoney(cost);
}

interface ShippingRateOptionsProps {
  state: ShippingRatesState;
  /** The rate in effect: the shopper's choice while offered, else the cheapest. */
  chosen: ShippingRate | null;
  onChoose: (rateId: string) => void;
  /** What to say before an address is complete (spec §5: no rates yet). */
  idleHint: ReactNode;
  /** Shown under an error, e.g. a way back to the cart. */
  errorAction?: ReactNode;
  /** A message about the choice itself (checkout: "Choose a shipping method"). */
  error?: string;
  onRetry?: () => void;
}

/** Spec §2 cart page: the rate list as a radio group (label and cost), with its loading and error states. */
export function ShippingRateOptions({
  state,
  chosen,
  onChoose,
  idleHint,
  errorAction,
  error,
  onRetry,
}: ShippingRateOptionsProps) {
  const name = useId();
  const statusId = `${name}-status`;
  const { status, rates } = state;
  const updating = status === 'loading';

  let message: ReactNode = null;
  if (status === 'idle') message = idleHint;
  else if (updating)
    message = rates.length > 0 ? 'Updating shipping prices…' : 'Finding shipping options…';
  else if (status === 'ready' && rates.length === 0)
    message = "We don't ship to this address yet. Check the country and ZIP code.";

  return (
    <fieldset
      className="rate-options"
      aria-describedby={statusId}
      aria-busy={updating || undefined}
      data-testid="shipping-rates"
    >
      <legend className="rate-options__legend">Shipping method</legend>
      <p id={statusId} className="rate-options__status muted" role="status">
        {message}
      </p>
      {state.error ? (
        <div className="form-banner form-banner--error rate-options__error" role="alert">
          <p>{state.error.message}</p>
          {/* A 4xx is about the cart or address: changing them asks again. Otherwise offer a retry. */}
          {onRetry && (state.error.status === null || state.error.status >= 500) ? (
            <Button variant="secondary" onClick={onRetry}>
              Try again
            </Button>
          ) : (
            errorAction
          )}
        </div>
      ) : null}
      {rates.length > 0 ? (
        <ul className="rate-options__list" data-updating={updating || undefined}>
          {rates.map((rate) => {
            const id = `${name}-${rate.rate_id}`;
            return (
              <li key={rate.rate_id}>
                <input
                  type="radio"
                  id={id}
                  name={name}
                  className="rate-options__radio"
                  value={rate.rate_id}
                  checked={chosen?.rate_id === rate.rate_id}
                  onChange={() => onChoose(rate.rate_id)}
                />
                <label htmlFor={id} className="rate-options__label">
                  <span className="rate-options__name">{rate.label}</span>{' '}
                  <span className="rate-options__cost">{rateCostLabel(rate.cost)}</span>
                </label>
              </li>
            );
          })}
        </ul>
      ) : null}
      {error ? (
        <p className="form-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
