import type { PaymentGateway } from '@larder/contract';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { errorIdFor } from '../../components/forms/form-field.tsx';

interface PaymentMethodsProps {
  gateways: PaymentGateway[];
  registration: UseFormRegisterReturn<'payment_method'>;
  error?: string;
}

/** Spec §7 payment gateways: the enabled ones, as a radio group of their titles. */
export function PaymentMethods({ gateways, registration, error }: PaymentMethodsProps) {
  const errorId = errorIdFor('payment-method');
  return (
    <fieldset
      className="checkout-section payment-methods"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="checkout-section__title">Payment method</legend>
      {gateways.length === 0 ? (
        <p className="form-banner form-banner--error" role="alert">
          Payments are not available right now. Please try again later.
        </p>
      ) : (
        <ul className="payment-methods__list">
          {gateways.map((gateway) => {
            const id = `payment-method-${gateway.id}`;
            return (
              <li key={gateway.id}>
                <input
                  type="radio"
                  id={id}
                  className="payment-methods__radio"
                  value={gateway.id}
                  aria-describedby={gateway.description ? `${id}-description` : undefined}
                  {...registration}
                />
                <label htmlFor={id} className="payment-methods__label">
                  <span className="payment-methods__title">{gateway.title}</span>
                  {gateway.description ? (
                    // Read as the radio's description, not as part of its name.
                    <span
                      id={`${id}-description`}
                      className="payment-methods__description"
                      aria-hidden="true"
                    >
                      {gateway.description}
                    </span>
                  ) : null}
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {gateways.length > 0 ? (
        <p className="payment-methods__note muted">
          You pay in the next step. Card details go straight to our payment provider and never touch
          our servers.
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="form-field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
