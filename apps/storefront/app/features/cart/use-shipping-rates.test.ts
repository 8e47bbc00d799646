import type { ShippingRate, ShippingRatesRequest } from '@larder/contract';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/index.ts';
import { makeCartItem, toCartProduct, type CartItem } from './cart-store.ts';
import type { Destination } from './shipping-estimate.ts';
import {
  RATES_DEBOUNCE_MS,
  RATES_NETWORK_MESSAGE,
  ratesRequestFor,
  useShippingRates,
} from './use-shipping-rates.ts';

const oats = toCartProduct({
  id: 5,
  slug: 'oats',
  name: 'Oat Clusters',
  type: 'simple',
  images: [],
});
const austin: Destination = {
  address_1: '12 Oak St',
  city: 'Austin',
  country: 'US',
  state: 'TX',
  postcode: '78701',
};
const ground: ShippingRate = {
  rate_id: 'flat_rate:2',
  label: 'Ground',
  cost: 7.95,
  method_id: 'flat_rate',
  instance_id: 2,
  tax: { cart_tax: 0, shipping_tax: 0, total_tax: 0, exempt_reason: null },
};
const express: ShippingRate = { ...ground, rate_id: 'flat_rate:3', label: 'Express', cost: 19 };

/** Answers each call when the test says so, in any order. */
function deferredRates() {
  const pending: Array<{
    request: ShippingRatesRequest;
    resolve: (rates: ShippingRate[]) => void;
    reject: (error: unknown) => void;
  }> = [];
  const fetchRates = vi.fn(
    (request: ShippingRatesRequest) =>
      new Promise<ShippingRate[]>((resolve, reject) => pending.push({ request, resolve, reject })),
  );
  return { fetchRates, pending };
}

function renderRates(address: Destination, items: CartItem[]) {
  const { fetchRates, pending } = deferredRates();
  const hook = renderHook(
    (props: { address: Destination; items: CartItem[] }) =>
      useShippingRates(props.address, props.items, fetchRates),
    { initialProps: { address, items } },
  );
  return { ...hook, fetchRates, pending };
}

const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('useShippingRates', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const items = [makeCartItem(oats, 2, { price: 12 })];

  it('asks nothing while the address is incomplete, and has no rates', async () => {
    const { result, fetchRates } = renderRates({ ...austin, postcode: '' }, items);
    await wait(RATES_DEBOUNCE_MS * 4);
    expect(fetchRates).not.toHaveBeenCalled();
    expect(result.current).toMatchObject({ status: 'idle', rates: [], error: null });
  });

  it('asks nothing for an empty cart', async () => {
    const { fetchRates } = renderRates(austin, []);
    await wait(RATES_DEBOUNCE_MS * 4);
    expect(fetchRates).not.toHaveBeenCalled();
  });

  it('asks once, 500 ms after the last change, with the address and the lines (ids and quantities)', async () => {
    const { result, rerender, fetchRates, pending } = renderRates(
      { ...austin, city: 'Aus' },
      items,
    );
    expect(result.current.status).toBe('loading');
    await wait(RATES_DEBOUNCE_MS - 1);
    rerender({ address: austin, items });
    await wait(RATES_DEBOUNCE_MS - 1);
    expect(fetchRates).not.toHaveBeenCalled();
    await wait(1);
    expect(fetchRates).toHaveBeenCalledTimes(1);
    expect(pending[0]!.request).toEqual({
      ...austin,
      products: [{ product_id: 5, variation_id: 0, quantity: 2 }],
    });
    await act(async () => pending[0]!.resolve([ground, express]));
    expect(result.current).toMatchObject({
      status: 'ready',
      rates: [ground, express],
      error: null,
    });
  });

  it('asks again when a quantity changes, and drops the older answer if it arrives late', async () => {
    const { result, rerender, pending } = renderRates(austin, items);
    await wait(RATES_DEBOUNCE_MS);
    const more = [makeCartItem(oats, 5, { price: 12 })];
    rerender({ address: austin, items: more });
    await wait(RATES_DEBOUNCE_MS);
    expect(pending).toHaveLength(2);
    expect(pending[1]!.request.products[0]!.quantity).toBe(5);

    await act(async () => pending[1]!.resolve([express]));
    await act(async () => pending[0]!.resolve([ground]));
    expect(result.current.rates).toEqual([express]);
  });

  it('empties the list as soon as the address stops being complete', async () => {
    const { result, rerender, pending } = renderRates(austin, items);
    await wait(RATES_DEBOUNCE_MS);
    await act(async () => pending[0]!.resolve([ground]));
    rerender({ address: { ...austin, city: ' ' }, items });
    expect(result.current).toMatchObject({ status: 'idle', rates: [], error: null });
  });

  it("shows the server's message for an out-of-stock line, and a connection message for a network failure", async () => {
    const { result, rerender, pending } = renderRates(austin, items);
    await wait(RATES_DEBOUNCE_MS);
    await act(async () =>
      pending[0]!.reject(
        new ApiError(409, 'larder_out_of_stock', 'Oat Clusters has only 1 left in stock.'),
      ),
    );
    expect(result.current).toMatchObject({
      status: 'error',
      rates: [],
      error: { message: 'Oat Clusters has only 1 left in stock.', status: 409 },
    });

    rerender({ address: { ...austin, postcode: '78702' }, items });
    await wait(RATES_DEBOUNCE_MS);
    await act(async () => pending[1]!.reject(new TypeError('Failed to fetch')));
    expect(result.current.error).toEqual({ message: RATES_NETWORK_MESSAGE, status: null });
  });

  it('lets checkout wait for the rates in flight', async () => {
    const { result, pending } = renderRates(austin, items);
    const settled = result.current.settled();
    await wait(RATES_DEBOUNCE_MS);
    await act(async () => pending[0]!.resolve([ground]));
    await expect(settled).resolves.toEqual({ status: 'ready', rates: [ground], error: null });
    await expect(result.current.settled()).resolves.toMatchObject({ status: 'ready' });
  });

  it('asks again for the same address when the shopper retries after a failure', async () => {
    const { result, pending } = renderRates(austin, items);
    await wait(RATES_DEBOUNCE_MS);
    await act(async () => pending[0]!.reject(new TypeError('Failed to fetch')));
    expect(result.current.status).toBe('error');
    act(() => result.current.retry());
    await wait(RATES_DEBOUNCE_MS);
    expect(pending).toHaveLength(2);
    expect(pending[1]!.request).toEqual(pending[0]!.request);
    await act(async () => pending[1]!.resolve([ground]));
    expect(result.current).toMatchObject({ status: 'ready', rates: [ground] });
  });
});

describe('ratesRequestFor', () => {
  const items = () => [makeCartItem(oats, 2)];

  it('sends the cart’s codes, so each rate’s tax is on the discounted lines', () => {
    expect(
      ratesRequestFor(austin, items(), true, {
        codes: ['WELCOME10'],
        billingEmail: ' ana@example.com ',
      }),
    ).toMatchObject({
      products: [{ product_id: 5, quantity: 2 }],
      coupon_lines: [{ code: 'WELCOME10' }],
      billing_email: 'ana@example.com',
    });
  });

  it('leaves the email out without codes (typing it must not ask for rates again) or before it looks like one', () => {
    const plain = ratesRequestFor(austin, items(), true, {
      codes: [],
      billingEmail: 'ana@example.com',
    });
    expect(plain).not.toHaveProperty('billing_email');
    expect(plain).not.toHaveProperty('coupon_lines');
    const none = ratesRequestFor(austin, items(), true, { codes: ['X'], billingEmail: 'ana' });
    expect(none).not.toHaveProperty('billing_email');
  });
});
