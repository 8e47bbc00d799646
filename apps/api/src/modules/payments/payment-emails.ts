/** What a card statement or PayPal account says a payment was for. */
export const paymentDescription = (shopName: string, orderId: number) =>
  `${shopName} order ${orderId}`;
