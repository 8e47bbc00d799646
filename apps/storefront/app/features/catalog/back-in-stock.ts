/** The product route's action handles the sold-out form's posts under this intent. */
export const BACK_IN_STOCK_INTENT = 'back-in-stock';

export type BackInStockActionData =
  | { intent: typeof BACK_IN_STOCK_INTENT; ok: true; message: string }
  | { intent: typeof BACK_IN_STOCK_INTENT; ok: false; email: string; error: string };
