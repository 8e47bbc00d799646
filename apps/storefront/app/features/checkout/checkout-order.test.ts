import type { PaymentGateway, ShippingRate } from '@larder/contract';
import { describe, expect, it } from 'vitest';
import { NETWORK_MESSAGE, SERVER_MESSAGE } from '../../components/forms/form-errors.ts';
import { ApiError } from '../../lib/api/index.ts';
import type { CountryOption } from '../../components/forms/countries.ts';
import {
  EMPTY_SHIPPING,
  makeCartItem,
  toCartProduct,
  type BillingInfo,
} from '../cart/cart-store.ts';
import {
  buildOrder,
  checkoutResolver,
  placeOrderFailure,
  type CheckoutFormValues,
} from './checkout-order.ts';

const countries: CountryOption[] = [
  { code: 'US', name: 'United States (US)', states: [{ code: 'TX', name: 'Texas' }] },
  { code: 'SG', name: 'Singapore', states: [] },
];

const billing: BillingInfo = {
  first_name: 'Ada',
  last_name: 'Oats',
  company: '',
  email: 'ada@example.com',
  phone: '+1 512 555 0100',
  address_1: '12 Oak St',
  address_2: '',
  city: 'Austin',
  state: 'TX',
  postcode: '78701',
  country: 'US',
};

const values = (overrides: Partial<CheckoutFormValues> = {}): CheckoutFormValues => ({
  billing,
  shipToDifferentAddress: false,
  shipping: EMPTY_SHIPPING,
  payment_method: 'stripe',
  ...overrides,
});

const resolve = (input: CheckoutFormValues) =>
  checkoutResolver(countries)(input, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });

describe('checkoutResolver', () => {
  it('passes a complete billing address and ignores the hidden shipping form', async () => {
    const result = await resolve(values());
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ billing, payment_method: 'stripe' });
  });

  it("gives the contract's message for an invalid email", async () => {
    const result = await resolve(values({ billing: { ...billing, email: 'ada@' } }));
    expect(result.errors.billing?.email?.message).toMatch(/email/i);
    expect(result.values).toEqual({});
  });

  it("needs one of the country's states, or a typed region where it has no list", async () => {
    const missing = await resolve(values({ billing: { ...billing, state: '' } }));
    expect(missing.errors.billing?.state?.message).toBe('Choose a state.');
    const unknown = await resolve(values({ billing: { ...billing, state: 'Texas' } }));
    expect(unknown.errors.billing?.state?.message).toBe('Choose a state from the list.');
    const singapore = { ...billing, country: 'SG', state: '', postcode: '018956' };
    const noRegion = await resolve(values({ billing: singapore }));
    expect(noRegion.errors.billing?.state?.message).toBe('Enter the state or region.');
    const region = await resolve(values({ billing: { ...singapore, state: 'Central' } }));
    expect(region.errors).toEqual({});
  });

  it('checks the shipping address only when shipping to a different address', async () => {
    const result = await resolve(values({ shipToDifferentAddress: true }));
    expect(result.errors.shipping?.first_name?.message).toBe('Enter a first name.');
    expect(result.errors.shipping?.country?.message).toBe('Choose a country.');
    expect(result.errors.billing).toBeUndefined();
  });

  it('asks for a payment method', async () => {
    const result = await resolve(values({ payment_method: '' }));
    expect(result.errors.payment_method?.message).toBe('Choose how to pay.');
  });
});

describe('buildOrder', () => {
  const granola = toCartProduct({
    id: 7,
    slug: 'maple',
    name: 'Maple',
    type: 'variable',
    images: [],
  });
  const tin = toCartProduct({ id: 9, slug: 'tin', name: 'Tin', type: 'simple', images: [] });
  const rate: ShippingRate = {
    rate_id: 'flat_rate:3',
    label: 'Express',
    cost: 19,
    method_id: 'flat_rate',
    instance_id: 3,
    tax: { cart_tax: 0, shipping_tax: 0, total_tax: 0, exempt_reason: null },
  };
  const gateways = [{ id: 'stripe', title: 'Credit Card (Stripe)' }] as PaymentGateway[];

  it('sends ids, quantities, addresses, the chosen rate, the gateway and the gift note: no prices', () => {
    const order = buildOrder({
      details: { billing: { ...billing }, payment_method: 'stripe' },
      items: [
        makeCartItem(granola, 2, {
          variation: { variation_id: 71, attributes: { Size: '2 lb' }, display_price: 26 },
        }),
        makeCartItem(tin, 1, { price: 34 }),
      ],
      rate,
      giftNote: '  Happy birthday!  ',
      gateways,
    });
    expect(order).toEqual({
      customer_id: 0,
      payment_method: 'stripe',
      payment_method_title: 'Credit Card (Stripe)',
      billing,
      line_items: [
        { product_id: 7, variation_id: 71, quantity: 2 },
        { product_id: 9, variation_id: 0, quantity: 1 },
      ],
      shipping_lines: [{ method_id: 'flat_rate', instance_id: 3 }],
      customer_note: 'Happy birthday!',
      coupon_lines: [],
    });
    expect(JSON.stringify(order)).not.toMatch(/price|total/);
  });

  it('sends the cart’s discount codes as coupon_lines, for the server to check again', () => {
    const order = buildOrder({
      details: { billing: { ...billing }, payment_method: 'stripe' },
      items: [makeCartItem(tin, 1, { price: 34 })],
      rate,
      giftNote: '',
      gateways,
      couponCodes: ['WELCOME10', 'FREESHIP'],
    });
    expect(order.coupon_lines).toEqual([{ code: 'WELCOME10' }, { code: 'FREESHIP' }]);
  });

  it('names the signed-in customer, so the order is in their order history', () => {
    const order = buildOrder({
      details: { billing: { ...billing }, payment_method: 'stripe' },
      items: [makeCartItem(tin, 1, { price: 34 })],
      rate,
      giftNote: '',
      gateways,
      customerId: 31,
    });
    expect(order.customer_id).toBe(31);
  });

  it('sends the purchase-order number with an invoice order only', () => {
    const order = (payment_method: string) =>
      buildOrder({
        details: { billing, payment_method, purchase_order_number: 'PO-12' },
        items: [makeCartItem(tin, 1, { price: 34 })],
        rate,
        giftNote: '',
        gateways,
      });
    expect(order('invoice').purchase_order_number).toBe('PO-12');
    expect(order('stripe')).not.toHaveProperty('purchase_order_number');
  });

  it('includes the shipping address only when there is one', () => {
    const shipping = { ...billing, email: undefined, phone: undefined };
    const order = buildOrder({
      details: { billing, shipping, payment_method: 'stripe' },
      items: [makeCartItem(tin, 1, { price: 34 })],
      rate,
      giftNote: '',
      gateways,
    });
    expect(order.shipping).toBe(shipping);
  });
});

describe('placeOrderFailure', () => {
  it("shows an out-of-stock refusal (409) in the server's words, for the shopper to fix the cart", () => {
    const failure = placeOrderFailure(
      new ApiError(409, 'larder_out_of_stock', 'Maple Pecan has only 2 left in stock.'),
    );
    expect(failure).toEqual({
      message: 'Maple Pecan has only 2 left in stock.',
      outOfStock: true,
      fields: [],
    });
  });

  it('says a wholesale order under its minimum needs more, not that a line is short', () => {
    const message =
      'A first wholesale order has a $150.00 minimum before shipping and tax: add $63.60 more.';
    const failure = placeOrderFailure(new ApiError(409, 'larder_wholesale_order_minimum', message));
    expect(failure).toEqual({ message, outOfStock: false, belowMinimum: true, fields: [] });
  });

  it('puts 400 messages beside the fields they name, and the rest in the banner', () => {
    const failure = placeOrderFailure(
      new ApiError(400, 'rest_invalid_param', 'Invalid parameter(s): billing.state', {
        'billing.state': 'Choose a state of the United States.',
        'shipping/postcode': 'Enter the postcode.',
      }),
    );
    expect(failure.fields).toEqual([
      { path: 'billing.state', message: 'Choose a state of the United States.' },
      { path: 'shipping.postcode', message: 'Enter the postcode.' },
    ]);
    expect(failure.message).toBe('Please check the highlighted fields.');

    const other = placeOrderFailure(
      new ApiError(400, 'rest_invalid_param', 'Invalid parameter(s): shipping_lines', {
        shipping_lines: 'That shipping method is not offered for this address.',
      }),
    );
    expect(other).toEqual({
      message: 'That shipping method is not offered for this address.',
      outOfStock: false,
      fields: [],
    });
  });

  it('says so plainly when the shop cannot be reached or fails', () => {
    expect(placeOrderFailure(new TypeError('Failed to fetch')).message).toBe(NETWORK_MESSAGE);
    expect(placeOrderFailure(new ApiError(503, 'http_error', '503')).message).toBe(SERVER_MESSAGE);
  });
});
