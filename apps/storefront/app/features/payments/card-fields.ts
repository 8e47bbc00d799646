import type { CheckoutBillingAddress } from '@larder/contract';
import type { Ref } from 'react';

/** Spec §4: notready → starting → ready; error when the provider's script cannot load. */
export type CardWidgetStatus = 'notready' | 'starting' | 'ready' | 'error';

export interface CardWidgetState {
  status: CardWidgetStatus;
  /** Every field filled in and valid, as far as the widget can tell. */
  complete: boolean;
  /** Why the widget is in its error state. */
  message?: string;
}

/** A payment method id for `payment_token`, or why the card was refused before it left the browser. */
export type PaymentMethodResult = { token: string } | { error: string };

export interface CardWidgetHandle {
  /** Spec §4: creates a payment method from the card and the billing details. */
  createPaymentMethod: () => Promise<PaymentMethodResult>;
}

/** What each provider's card fields take. */
export interface CardFieldsProps {
  billing: CheckoutBillingAddress;
  disabled: boolean;
  onStateChange: (state: CardWidgetState) => void;
  handleRef: Ref<CardWidgetHandle>;
}

/** The name and address a provider records with the payment method (spec §7 Other). */
export function billingDetails(billing: CheckoutBillingAddress) {
  return {
    name: `${billing.first_name} ${billing.last_name}`.trim(),
    email: billing.email,
    phone: billing.phone,
    address: {
      line1: billing.address_1,
      line2: billing.address_2 || undefined,
      city: billing.city,
      state: billing.state || undefined,
      postal_code: billing.postcode,
      country: billing.country,
    },
  };
}
