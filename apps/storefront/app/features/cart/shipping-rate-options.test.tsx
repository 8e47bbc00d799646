import type { ShippingRate } from '@larder/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { chosenRate } from './shipping-estimate.ts';
import { ShippingRateOptions } from './shipping-rate-options.tsx';
import type { ShippingRatesState } from './use-shipping-rates.ts';

const pickup: ShippingRate = {
  rate_id: 'local_pickup:4',
  label: 'Pick up at the bakery',
  cost: 0,
  method_id: 'local_pickup',
  instance_id: 4,
  tax: { cart_tax: 0, shipping_tax: 0, total_tax: 0, exempt_reason: null },
};
const free: ShippingRate = {
  rate_id: 'free_shipping:2',
  label: 'Free shipping',
  cost: 0,
  method_id: 'free_shipping',
  instance_id: 2,
  tax: { cart_tax: 0, shipping_tax: 0, total_tax: 0, exempt_reason: null },
};
const express: ShippingRate = {
  rate_id: 'flat_rate:3',
  label: 'Expedited shipping',
  cost: 14.95,
  method_id: 'flat_rate',
  instance_id: 3,
  tax: { cart_tax: 0, shipping_tax: 0, total_tax: 0, exempt_reason: null },
};

function renderOptions(state: ShippingRatesState, selected: string | null = null) {
  const onChoose = vi.fn();
  render(
    <ShippingRateOptions
      state={state}
      chosen={chosenRate(state.rates, selected)}
      onChoose={onChoose}
      idleHint="Enter your address to see shipping options."
    />,
  );
  return { onChoose, group: screen.getByRole('group', { name: 'Shipping method' }) };
}

describe('ShippingRateOptions', () => {
  it('lists each rate with its cost, "Free" for nothing to pay, the cheapest checked', async () => {
    const { group, onChoose } = renderOptions({
      status: 'ready',
      rates: [free, express],
      error: null,
    });
    const first = within(group).getByRole<HTMLInputElement>('radio', {
      name: 'Free shipping Free',
    });
    const second = within(group).getByRole<HTMLInputElement>('radio', {
      name: 'Expedited shipping $14.95',
    });
    expect(first.checked).toBe(true);
    expect(second.checked).toBe(false);
    await userEvent.click(second);
    expect(onChoose).toHaveBeenCalledWith('flat_rate:3');
  });

  it('checks nothing where pickup is offered, until the shopper chooses', async () => {
    const { group, onChoose } = renderOptions({
      status: 'ready',
      rates: [pickup, free, express],
      error: null,
    });
    const radios = within(group).getAllByRole<HTMLInputElement>('radio');
    expect(radios.map((radio) => radio.checked)).toEqual([false, false, false]);
    await userEvent.click(within(group).getByRole('radio', { name: 'Pick up at the bakery Free' }));
    expect(onChoose).toHaveBeenCalledWith('local_pickup:4');
  });

  it('keeps the chosen rate checked while it is offered', () => {
    const { group } = renderOptions(
      { status: 'ready', rates: [pickup, express], error: null },
      'flat_rate:3',
    );
    expect(within(group).getByRole<HTMLInputElement>('radio', { name: /Expedited/ }).checked).toBe(
      true,
    );
  });

  it('says what is missing before the address is complete, and lists nothing', () => {
    const { group } = renderOptions({ status: 'idle', rates: [], error: null });
    expect(within(group).queryAllByRole('radio')).toHaveLength(0);
    expect(within(group).getByRole('status').textContent).toBe(
      'Enter your address to see shipping options.',
    );
  });

  it('announces an error from the rates call in its own words', () => {
    const { group } = renderOptions({
      status: 'error',
      rates: [],
      error: { message: 'Maple Pecan is out of stock.', status: 409 },
    });
    expect(within(group).getByRole('alert').textContent).toBe('Maple Pecan is out of stock.');
  });

  it('marks the list busy while new prices are on their way', () => {
    const { group } = renderOptions({ status: 'loading', rates: [express], error: null });
    expect(group.getAttribute('aria-busy')).toBe('true');
    expect(within(group).getByRole('status').textContent).toBe('Updating shipping prices…');
  });

  it('offers Try again after a network failure', async () => {
    const onRetry = vi.fn();
    render(
      <ShippingRateOptions
        state={{ status: 'error', rates: [], error: { message: 'No connection.', status: null } }}
        chosen={null}
        onChoose={() => {}}
        onRetry={onRetry}
        idleHint=""
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
