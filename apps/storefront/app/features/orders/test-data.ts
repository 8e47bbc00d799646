import type { Order, OrderLineItem } from '@larder/contract';

const address = {
  first_name: 'Ada',
  last_name: 'Baker',
  company: '',
  address_1: '12 Oak Street',
  address_2: 'Apt 4',
  city: 'Durham',
  state: 'NC',
  postcode: '27701',
  country: 'US',
  phone: '919-555-0100',
};

/** An order line as the API returns it, with overrides. */
export function anOrderLine(overrides: Partial<OrderLineItem> = {}): OrderLineItem {
  return {
    id: 1,
    name: 'Maple Pecan Granola - 12 oz',
    parent_name: 'Maple Pecan Granola',
    product_id: 7,
    variation_id: 71,
    quantity: 2,
    sku: 'MPG-12',
    price: 12,
    subtotal: '24.00',
    total: '24.00',
    meta_data: [
      { id: 1, key: 'Size', value: '12 oz', display_key: 'Size', display_value: '12 oz' },
    ],
    image: { id: 3, src: '/wp-content/uploads/maple-pecan.webp' },
    tax_class: 'reduced-rate',
    subtotal_tax: '0.00',
    total_tax: '0.00',
    taxes: [],
    ...overrides,
  };
}

/** A guest's pending order as the API returns it, with overrides. */
export function anOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 1042,
    parent_id: 0,
    number: '1042',
    order_key: 'wc_order_abc123',
    created_via: 'checkout',
    status: 'pending',
    currency: 'USD',
    date_created: '2026-11-20T14:05:00',
    date_created_gmt: '2026-11-20T19:05:00',
    date_modified: '2026-11-20T14:05:00',
    date_modified_gmt: '2026-11-20T19:05:00',
    date_paid: null,
    date_paid_gmt: null,
    date_completed: null,
    date_completed_gmt: null,
    discount_total: '0.00',
    shipping_total: '8.50',
    cart_tax: '0.00',
    shipping_tax: '0.00',
    total: '32.50',
    total_tax: '0.00',
    prices_include_tax: false,
    tax_lines: [],
    tax_exempt_reason: null,
    customer_id: 0,
    customer_note: '',
    billing: { ...address, email: 'ada@example.com' },
    shipping: address,
    payment_method: 'stripe',
    payment_method_title: 'Credit Card (Stripe)',
    transaction_id: '',
    line_items: [anOrderLine()],
    shipping_lines: [
      {
        id: 5,
        method_title: 'Flat rate',
        method_id: 'flat_rate',
        instance_id: '2',
        total: '8.50',
        total_tax: '0.00',
        taxes: [],
      },
    ],
    coupon_lines: [],
    needs_payment: true,
    date_hold_expires_gmt: '2026-11-20T20:05:00',
    ...overrides,
  };
}
