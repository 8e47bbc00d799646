/** What the PayPal buttons, real or the test stand-in, do with the shop's API. */
export interface PayPalFlow {
  disabled: boolean;
  /** Creates the PayPal order for the order's server-computed total; resolves to its id. */
  createOrder: () => Promise<string>;
  /** The shopper approved it: capture it through the shop (spec §7 paypal-payment). */
  approve: (approval: { payerId: string; paypalOrderId: string }) => Promise<void>;
  /** The shopper closed PayPal's window without approving: they may pay again. */
  onCancel: () => void;
  onError: (message: string) => void;
}

/** The payer the built-in test provider's stand-in approves as (no PayPal account involved). */
export const TEST_PAYPAL_PAYER_ID = 'TESTPAYER';
