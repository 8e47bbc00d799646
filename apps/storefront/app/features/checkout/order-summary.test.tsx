import type { Product } from '@larder/contract';
import { render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CartItem } from '../cart/cart-store.ts';
import { wholesaleRefusals } from '../cart/wholesale-cart.ts';
import { OrderSummary } from './order-summary.tsx';

const honeyOat = {
  id: 5,
  name: 'Honey Oat Classic',
  price: '12.00',
  variations: [
    {
      variation_id: 51,
      attributes: { Size: '12 oz' },
      display_price: 12,
      wholesale_price: 7.2,
      wholesale: { case_size: 12, min_quantity: 12, tiers: [] },
    },
    {
      variation_id: 52,
      attributes: { Size: '2 lb' },
      display_price: 28,
      wholesale_price: 16,
      wholesale: { case_size: 6, min_quantity: 6, tiers: [] },
    },
  ],
} as unknown as Product;

const line = (variationId: number, size: string, quantity: number): CartItem => ({
  id: variationId,
  variation_id: variationId,
  quantity,
  price: 7.2,
  variation: { Size: size },
  product: { id: 5, slug: 'honey-oat', name: 'Honey Oat Classic', type: 'variable', images: [] },
});

function renderSummary(items: CartItem[]) {
  const Stub = createRoutesStub([
    {
      path: '/checkout',
      Component: () => (
        <OrderSummary
          items={items}
          subtotalCents={0}
          rate={null}
          estimateCents={0}
          pendingShipping="Enter your address"
          ruleRefusals={wholesaleRefusals(items, [honeyOat])}
        />
      ),
    },
  ]);
  render(<Stub initialEntries={['/checkout']} />);
}

describe('OrderSummary', () => {
  it('marks the line a wholesale rule refuses on that line, with the way back to the cart', async () => {
    renderSummary([line(51, '12 oz', 13), line(52, '2 lb', 6)]);
    const lines = await screen.findAllByTestId('summary-line');
    const [refused, whole] = lines;
    expect(refused!.dataset.refused).toBe('true');
    expect(within(refused!).getByTestId('summary-line-rule').textContent).toContain(
      'Honey Oat Classic | 12 oz comes in cases of 12: order 12, 24, 36…',
    );
    expect(
      within(refused!).getByRole('link', { name: 'Update your cart' }).getAttribute('href'),
    ).toBe('/cart');
    expect(whole!.dataset.refused).toBeUndefined();
    expect(within(whole!).queryByTestId('summary-line-rule')).toBeNull();
  });

  it('marks nothing when every line is in whole cases', async () => {
    renderSummary([line(51, '12 oz', 24)]);
    await screen.findAllByTestId('summary-line');
    expect(screen.queryByTestId('summary-line-rule')).toBeNull();
  });
});
