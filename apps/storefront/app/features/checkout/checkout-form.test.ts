import type { Customer, PaymentGateway } from '@larder/contract';
import { describe, expect, it } from 'vitest';
import { EMPTY_BILLING, EMPTY_SHIPPING } from '../cart/cart-store.ts';
import { initialCheckoutValues, invoiceOption } from './checkout-form.tsx';

const gateways = [{ id: 'stripe' }, { id: 'paypal' }] as PaymentGateway[];
const estimate = {
  ...EMPTY_SHIPPING,
  address_1: '1100 Congress Ave',
  city: 'Austin',
  state: 'TX',
  postcode: '78701',
  country: 'US',
};

describe('initialCheckoutValues', () => {
  it("prefills billing from the cart's billing info, and chooses the first gateway", () => {
    const billing = { ...EMPTY_BILLING, first_name: 'Ada', city: 'Durham', country: 'US' };
    const values = initialCheckoutValues(
      { billing, shipping: estimate, shipToDifferentAddress: false },
      gateways,
    );
    expect(values.billing).toEqual(billing);
    expect(values.shipping).toEqual(estimate);
    expect(values.payment_method).toBe('stripe');
  });

  it("starts an untyped billing address from the cart page's estimate", () => {
    const values = initialCheckoutValues(
      {
        billing: { ...EMPTY_BILLING, email: 'ada@example.com' },
        shipping: estimate,
        shipToDifferentAddress: false,
      },
      [],
    );
    expect(values.billing).toMatchObject({
      email: 'ada@example.com',
      address_1: '1100 Congress Ave',
      city: 'Austin',
      state: 'TX',
      postcode: '78701',
      country: 'US',
    });
    expect(values.payment_method).toBe('');
  });

  it('leaves billing empty when the estimate is the separate shipping address', () => {
    const values = initialCheckoutValues(
      { billing: EMPTY_BILLING, shipping: estimate, shipToDifferentAddress: true },
      gateways,
    );
    expect(values.billing).toEqual(EMPTY_BILLING);
    expect(values.shipToDifferentAddress).toBe(true);
  });
});

describe('invoiceOption', () => {
  const buyer = (wholesale: Customer['wholesale'], role: Customer['role'] = 'wholesale_customer') =>
    ({ role, wholesale }) as Customer;
  const terms = {
    terms: 'net30',
    credit_limit: '500.00',
    balance: '300.00',
    overdue_invoices: 0,
  } as const;

  it('is not offered to a guest, a retail customer or a buyer without terms', () => {
    expect(invoiceOption(null, 1000)).toBeNull();
    expect(invoiceOption(buyer(terms, 'customer'), 1000)).toBeNull();
    expect(invoiceOption(buyer({ ...terms, terms: null, credit_limit: null }), 1000)).toBeNull();
  });

  it('is open within the limit and off, with the figures, beyond it', () => {
    expect(invoiceOption(buyer(terms), 20_000)).toEqual({
      title: 'Pay by invoice (Net 30)',
      refusal: null,
    });
    const over = invoiceOption(buyer(terms), 20_001);
    expect(over?.refusal).toContain('credit limit of $500.00');
    expect(over?.refusal).toContain('$200.00 is left');
    expect(over?.refusal).toMatch(/Pay by card instead\.$/);
  });

  it('is off while an invoice is past due', () => {
    expect(invoiceOption(buyer({ ...terms, overdue_invoices: 1 }), 100)?.refusal).toContain(
      'an invoice past due',
    );
  });
});
