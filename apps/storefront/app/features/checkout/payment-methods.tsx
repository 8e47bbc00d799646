import type { PaymentGateway } from '@larder/contract';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { errorIdFor } from '../../components/forms/form-field.tsx';

/** Pay on account, for a signed-in buyer with terms: its title and why it is off, if it is. */
export interface InvoiceOption {
  title: string;
  /** Why this order cannot go on account (over the limit, an invoice past due); null when it can. */
  refusal: string | null;
}

interface PaymentMethodsProps {
  gateways: PaymentGateway[];
  registration: UseFormRegisterReturn<'payment_method'>;
  error?: string;
  invoice?: InvoiceOption | null;
  /** Shown under the invoice option while it is chosen: the purchase-order number field. */
  invoiceDetails?: ReactNode;
}

/** Spec §7 payment gateways: the enabled ones, as a radio group of their titles. */
export function PaymentMethods({
  gateways,
  registration,
  error,
  invoice,
  invoiceDetails,
}: PaymentMethodsProps) {
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
          {invoice ? (
            <li>
              <input
                type="radio"
                id="payment-method-invoice"
                className="payment-methods__radio"
                value="invoice"
                disabled={invoice.refusal !== null}
                aria-describedby="payment-method-invoice-description"
                {...registration}
              />
              <label htmlFor="payment-method-invoice" className="payment-methods__label">
                <span className="payment-methods__title">{invoice.title}</span>
                <span
                  id="payment-method-invoice-description"
                  className={
                    invoice.refusal
                      ? 'payment-methods__description payment-methods__refusal'
                      : 'payment-methods__description'
                  }
                  data-testid="invoice-option-note"
                  // Read as the radio's description (as the gateways' are), not as its name.
                  aria-hidden="true"
                >
                  {invoice.refusal ??
                    'We send the invoice with your order confirmation; nothing to pay today.'}
                </span>
              </label>
              {invoiceDetails}
            </li>
          ) : null}
        </ul>
      )}
      {gateways.length > 0 && !invoiceDetails ? (
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
