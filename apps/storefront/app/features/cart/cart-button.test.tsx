import type { Product } from '@larder/contract';
import { act, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { CartButton } from './cart-button.tsx';
import { CART_STORAGE_KEY, selectCartCount, useCartStore } from './cart-store.ts';

function renderButton() {
  const Stub = createRoutesStub([{ path: '*', Component: CartButton }]);
  render(<Stub initialEntries={['/']} />);
  return screen.findByTestId('cart-button');
}

const line = (id: number, quantity: number) => ({ id, quantity, price: 9.5, product: { id } as Product });

describe('CartButton', () => {
  afterEach(() => {
    act(() => useCartStore.setState({ items: [] }));
  });

  it('shows no badge when the cart is empty', async () => {
    const button = await renderButton();
    expect(screen.queryByTestId('cart-count')).toBeNull();
    expect(button.getAttribute('aria-label')).toBe('Cart');
    expect(button.getAttribute('href')).toBe('/cart');
  });

  it('shows the total quantity above 0', async () => {
    act(() => useCartStore.setState({ items: [line(1, 2), line(2, 1)] }));
    const button = await renderButton();
    expect(screen.getByTestId('cart-count').textContent).toBe('3');
    expect(button.getAttribute('aria-label')).toBe('Cart, 3 items');
  });

  it('persists the cart under the shop-cart key', () => {
    act(() => useCartStore.setState({ items: [line(7, 4)] }));
    expect(selectCartCount(useCartStore.getState())).toBe(4);
    expect(JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? '{}').state.items[0].quantity).toBe(4);
  });
});
