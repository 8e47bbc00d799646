/**
 * The statuses of an order that was paid for and counts as a sale: the sales report and a
 * customer's `is_paying_customer` read orders by them. A refunded order was paid; the report
 * subtracts its refunds for net sales.
 */
export const PAID_ORDER_STATUSES = ['processing', 'completed', 'refunded'] as const;
