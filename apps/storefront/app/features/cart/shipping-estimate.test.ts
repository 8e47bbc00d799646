import type { ShippingRate } from '@larder/contract';
import { describe, expect, it } from 'vitest';
import {
  canRequestRates,
  chosenRate,
  grandTotalCents,
  pendingShippingLabel,
  shippingEstimateCents,
  type Destination,
} from './shipping-estimate.ts';

const rate = (rate_id: string, cost: number): ShippingRate => {
  const [method, instance] = rate_id.split(':');
  return {
    rate_id,
    label: rate_id,
    cost,
    method_id: method as ShippingRate['method_id'],
    instance_id: Number(instance),
    tax: { cart_tax: 0, shipping_tax: 0, total_tax: 0, exempt_reason: null },
  };
};
const pickup = rate('local_pickup:4', 0);
const ground = rate('flat_rate:2', 7.95);
const express = rate('flat_rate:3', 19.1);

const austin: Destination = {
  address_1: '12 Oak St',
  city: 'Austin',
  country: 'US',
  state: 'TX',
  postcode: '78701',
};

describe('canRequestRates (spec §5)', () => {
  it('allows a request when all five fields are present and the cart has lines', () => {
    expect(canRequestRates(austin, 2)).toBe(true);
  });

  it.each(['address_1', 'city', 'country', 'state', 'postcode'] as const)(
    'refuses while %s is missing or blank',
    (field) => {
      expect(canRequestRates({ ...austin, [field]: '' }, 2)).toBe(false);
      expect(canRequestRates({ ...austin, [field]: '   ' }, 2)).toBe(false);
    },
  );

  it('refuses for an empty cart', () => {
    expect(canRequestRates(austin, 0)).toBe(false);
  });

  it('asks without a state for a country that has none, and still needs the other four', () => {
    const london = { ...austin, country: 'GB', state: '', city: 'London', postcode: 'SW1A 2AA' };
    expect(canRequestRates(london, 1)).toBe(false);
    expect(canRequestRates(london, 1, false)).toBe(true);
    expect(canRequestRates({ ...london, postcode: '' }, 1, false)).toBe(false);
  });
});

describe('shipping estimate (spec §9)', () => {
  it("is the selected rate's cost", () => {
    expect(chosenRate([pickup, ground, express], 'flat_rate:3')).toBe(express);
    expect(shippingEstimateCents([ground, express], 'flat_rate:3')).toBe(1910);
  });

  it('falls back to the cheapest rate when nothing is selected or the choice is no longer offered', () => {
    expect(shippingEstimateCents([express, ground], null)).toBe(795);
    expect(chosenRate([express, ground], 'free_shipping:1')).toBe(ground);
  });

  it('chooses nothing for the shopper where pickup is offered, until they choose', () => {
    expect(chosenRate([pickup, ground, express], null)).toBeNull();
    expect(chosenRate([pickup, ground, express], 'free_shipping:1')).toBeNull();
    expect(shippingEstimateCents([pickup, ground], null)).toBe(0);
    expect(chosenRate([pickup, ground, express], 'local_pickup:4')).toBe(pickup);
    expect(chosenRate([pickup, ground, express], 'flat_rate:2')).toBe(ground);
  });

  it('asks for an address, then for a choice, while no rate is chosen', () => {
    expect(pendingShippingLabel([])).toBe('Enter your address');
    expect(pendingShippingLabel([pickup, ground])).toBe('Choose a method');
  });

  it('is 0 without rates', () => {
    expect(chosenRate([], 'flat_rate:3')).toBeNull();
    expect(shippingEstimateCents([], 'flat_rate:3')).toBe(0);
  });

  it('adds to the subtotal in whole cents, so $0.10 + $0.20 stays $0.30', () => {
    const dime = rate('flat_rate:9', 0.1);
    expect(grandTotalCents(20, shippingEstimateCents([dime], null))).toBe(30);
    expect(grandTotalCents(4590, shippingEstimateCents([ground], null))).toBe(5385);
  });
});
