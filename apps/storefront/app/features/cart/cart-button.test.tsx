import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CART_DROPDOWN_MIN_WIDTH, CartButton } from './cart-button.tsx';
import { makeCartItem, toCartProduct, useCartStore } from './cart-store.ts';

const bites = toCartProduct({
  id: 7,
  slug: 'granola-bites',
  name: 'Granola Bites',
  type: 'variable',
  images: [{ id: 1, src: '/bites.svg', name: 'bites', alt: 'Bites', width: 800, height: 800 }],
});
const tin = toCartProduct({
  id: 9,
  slug: 'gift-tin',
  name: 'Holiday Gift Tin',
  type: 'simple',
  images: [],
});
const cocoa = makeCartItem(bites, 2, {
  variation: {
    variation_id: 71,
    attributes: { Flavour: 'Cocoa', Size: '2 lb' },
    display_price: 25.99,
  },
});
const giftTin = makeCartItem(tin, 1, { price: 34 });

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}

function renderHeader() {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => (
        <>
          <CartButton />
          <p>Outside the cart</p>
        </>
      ),
    },
    { path: '/cart', Component: () => <h1>Cart page</h1> },
    { path: '/checkout', Component: () => <h1>Checkout page</h1> },
  ]);
  render(<Stub initialEntries={['/']} />);
  return screen.findByTestId('cart-button');
}

describe('CartButton', () => {
  beforeEach(() => setWidth(CART_DROPDOWN_MIN_WIDTH));
  afterEach(() => {
    act(() => useCartStore.getState().empty());
  });

  it('shows no badge when the cart is empty', async () => {
    const button = await renderHeader();
    expect(screen.queryByTestId('cart-count')).toBeNull();
    expect(button.getAttribute('aria-label')).toBe('Cart');
  });

  it('counts items as the sum of quantities', async () => {
    act(() => {
      useCartStore.getState().add(cocoa);
      useCartStore.getState().add(giftTin);
    });
    const button = await renderHeader();
    expect(screen.getByTestId('cart-count').textContent).toBe('3');
    expect(button.getAttribute('aria-label')).toBe('Cart, 3 items');
  });

  it('opens and closes the dropdown at 1400 px, moving focus into it', async () => {
    act(() => useCartStore.getState().add(cocoa));
    const button = await renderHeader();
    // Loaded at the first open: nothing to control before.
    expect(screen.queryByTestId('cart-dropdown')).toBeNull();
    expect(button.getAttribute('aria-controls')).toBeNull();
    fireEvent.click(button);
    const dropdown = await screen.findByTestId('cart-dropdown');
    expect(button.getAttribute('aria-controls')).toBe(dropdown.id);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(dropdown.hidden).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(dropdown));
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(dropdown.hidden).toBe(true);
  });

  it('goes to /cart below 1400 px instead of opening', async () => {
    setWidth(CART_DROPDOWN_MIN_WIDTH - 1);
    const button = await renderHeader();
    fireEvent.click(button);
    expect(await screen.findByRole('heading', { name: 'Cart page' })).toBeTruthy();
  });

  it('lists the lines with title, quantity, price and the subtotal in USD', async () => {
    act(() => {
      useCartStore.getState().add(cocoa);
      useCartStore.getState().add(giftTin);
    });
    fireEvent.click(await renderHeader());
    const dialog = await screen.findByRole('dialog', { name: 'Your cart' });
    const lines = within(dialog).getAllByTestId('cart-line');
    expect(lines.map((line) => within(line).getByRole('link').textContent)).toEqual([
      'Granola Bites | Cocoa, 2 lb',
      'Holiday Gift Tin',
    ]);
    expect(lines[0]?.textContent).toContain('Qty 2 × $25.99');
    expect(lines[0]?.querySelector('img')?.getAttribute('src')).toBe('/bites.svg');
    expect(within(dialog).getByTestId('cart-subtotal').textContent).toBe('$85.98');
    expect(
      within(dialog).getByRole('link', { name: 'View Shopping Cart' }).getAttribute('href'),
    ).toBe('/cart');
    expect(within(dialog).getByRole('link', { name: 'Check Out' }).getAttribute('href')).toBe(
      '/checkout',
    );
  });

  it('removes a line, keeping focus in the dropdown, and says when the cart is empty', async () => {
    act(() => useCartStore.getState().add(cocoa));
    fireEvent.click(await renderHeader());
    const dialog = await screen.findByRole('dialog', { name: 'Your cart' });
    fireEvent.click(
      within(dialog).getByRole('button', { name: 'Remove Granola Bites | Cocoa, 2 lb' }),
    );
    expect(useCartStore.getState().items).toEqual([]);
    expect(within(dialog).getByText('Cart is empty')).toBeTruthy();
    expect(within(dialog).getByTestId('cart-subtotal').textContent).toBe('$0.00');
    expect(dialog.hidden).toBe(false);
    expect(document.activeElement).toBe(dialog);
  });

  it('closes on a click outside, and on Escape with focus back on the button', async () => {
    const button = await renderHeader();
    fireEvent.click(button);
    const dropdown = await screen.findByTestId('cart-dropdown');
    fireEvent.pointerDown(screen.getByText('Outside the cart'));
    expect(dropdown.hidden).toBe(true);
    fireEvent.click(button);
    fireEvent.pointerDown(dropdown);
    expect(dropdown.hidden).toBe(false);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(dropdown.hidden).toBe(true);
    expect(document.activeElement).toBe(button);
  });
});
